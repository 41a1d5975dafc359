"""The connection overview: which account, environment and token the app is using.

Shown in the main window while no feature tab exists, so a fresh install still answers
the office's first question ("are we connected, and as whom?").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.environments import Environment
from postalgui.gui.messages import (
    api_list,
    arg,
    display_cnpj,
    environment_name,
    local_datetime,
    or_dash,
    scope_text,
)
from postalgui.gui.widgets.selectable_label import selectable_label

if TYPE_CHECKING:
    from postalgui.services.connection import ConnectionReport
    from postalgui.services.context import AppContext


class ConnectionOverview(QWidget):
    """Account and token facts, with the two actions that change them.

    Signals: ``settingsRequested()`` when "Settings…" was clicked;
    ``renewRequested()`` when "Renew token" was clicked.
    """

    settingsRequested = Signal()
    renewRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("connectionOverview")
        account, account_form = self._build_account()
        token, token_form = self._build_token()
        self._align_label_columns(account_form, token_form)
        self.settings_button = QPushButton(self.tr("Settings…"), self)
        self.settings_button.clicked.connect(self._on_settings_button_clicked)
        self.renew_button = QPushButton(self.tr("Renew token"), self)
        self.renew_button.clicked.connect(self._on_renew_button_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(self.settings_button)
        buttons.addWidget(self.renew_button)
        buttons.addStretch(1)

        page = QWidget(self)
        page.setMaximumWidth(760)
        column = QVBoxLayout(page)
        for widget in self._build_heading():
            column.addWidget(widget)
        column.addSpacing(6)
        column.addWidget(account)
        column.addWidget(token)
        column.addLayout(buttons)
        column.addStretch(1)
        self._scroll_centred(page)
        self.setTabOrder(self.settings_button, self.renew_button)
        self.show_token_unchecked()

    def _build_heading(self) -> tuple[QLabel, QLabel]:
        """The title and the line under it."""
        title = QLabel(self.tr("Connection"), self)
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        title.setFont(font)
        intro = QLabel(
            self.tr("The environment and company account PostalGUI uses to talk to the Correios APIs."), self
        )
        intro.setWordWrap(True)
        return title, intro

    def _build_account(self) -> tuple[QGroupBox, QFormLayout]:
        """The configured account: environment, address, login and the company's numbers."""
        self.environment_value = selectable_label(self)
        self.base_url_value = selectable_label(self)
        self.login_value = selectable_label(self)
        self.cnpj_value = selectable_label(self)
        self.contract_value = selectable_label(self)
        self.card_value = selectable_label(self)
        self.dr_value = selectable_label(self)
        account = QGroupBox(self.tr("Account"), self)
        form = self._form(account)
        form.addRow(self.tr("Environment:"), self.environment_value)
        form.addRow(self.tr("API address:"), self.base_url_value)
        form.addRow(self.tr("Login:"), self.login_value)
        form.addRow(self.tr("Company CNPJ:"), self.cnpj_value)
        form.addRow(self.tr("Contract:"), self.contract_value)
        form.addRow(self.tr("Posting card:"), self.card_value)
        form.addRow(self.tr("DR:"), self.dr_value)
        return account, form

    def _build_token(self) -> tuple[QGroupBox, QFormLayout]:
        """The token's state, scope, expiry and the APIs it opens."""
        self.token_state_value = selectable_label(self)
        self.scope_value = selectable_label(self)
        self.expiry_value = selectable_label(self)
        self.apis_value = selectable_label(self)
        token = QGroupBox(self.tr("Token"), self)
        form = self._form(token)
        form.addRow(self.tr("State:"), self.token_state_value)
        form.addRow(self.tr("Issued for:"), self.scope_value)
        form.addRow(self.tr("Valid until:"), self.expiry_value)
        form.addRow(self.tr("APIs enabled:"), self.apis_value)
        return token, form

    def _scroll_centred(self, page: QWidget) -> None:
        """A centred column that scrolls on small screens instead of squeezing the text."""
        holder = QWidget(self)
        centred = QHBoxLayout(holder)
        centred.addStretch(1)
        centred.addWidget(page, 4)
        centred.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(holder)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    @staticmethod
    def _align_label_columns(*forms: QFormLayout) -> None:
        """One label width for both boxes, so their values line up as one table."""
        labels = [
            item.widget()
            for form in forms
            for row in range(form.rowCount())
            if (item := form.itemAt(row, QFormLayout.ItemRole.LabelRole)) is not None
        ]
        width = max((label.sizeHint().width() for label in labels if label is not None), default=0)
        for label in labels:
            if label is not None:
                label.setMinimumWidth(width)

    @staticmethod
    def _form(box: QGroupBox) -> QFormLayout:
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        return form

    # --- what is shown -----------------------------------------------------------------

    def show_account(self, context: AppContext) -> None:
        """The configured account (no network: the token part comes separately)."""
        settings = context.settings
        profile = context.profile
        self.environment_value.setText(environment_name(settings.environment, settings.custom_base_url))
        base_url = context.overrides.base_url or settings.base_url()
        if base_url:
            self.base_url_value.setText(base_url)
        elif settings.environment is Environment.SANDBOX:
            self.base_url_value.setText(self.tr("Built-in sandbox on this computer"))
        else:
            self.base_url_value.setText(self.tr("Not set"))
        if profile.delegated:
            self.login_value.setText(self.tr("Delegated access key"))
        else:
            self.login_value.setText(context.login or self.tr("Not set"))
        self.cnpj_value.setText(display_cnpj(profile.cnpj) or self.tr("Not set"))
        self.contract_value.setText(profile.contract or self.tr("Not set"))
        self.card_value.setText(profile.card or self.tr("Not set"))
        self.dr_value.setText(str(profile.dr) if profile.dr is not None else self.tr("Not set"))

    def show_token_unchecked(self) -> None:
        self.token_state_value.setText(self.tr("Not checked yet"))
        self._clear_token_details()

    def show_token_pending(self) -> None:
        self.token_state_value.setText(self.tr("Getting token…"))
        self.renew_button.setEnabled(False)

    def show_token(self, report: ConnectionReport) -> None:
        """A token came back: its scope, expiry and the APIs it opens."""
        self.renew_button.setEnabled(True)
        self.base_url_value.setText(report.base_url)
        if report.delegated:
            self.token_state_value.setText(self.tr("Delegated access key in use"))
        else:
            self.token_state_value.setText(self.tr("Valid"))
        self.scope_value.setText(scope_text(report.scope))
        self.expiry_value.setText(
            local_datetime(report.expires_at) if report.expires_at else self.tr("Unknown")
        )
        if report.delegated and not report.apis:
            self.apis_value.setText(self.tr("Unknown (delegated keys do not list them)"))
        else:
            self.apis_value.setText(api_list(report.apis))

    def show_token_error(self, text: str) -> None:
        self.renew_button.setEnabled(True)
        self.token_state_value.setText(arg(self.tr("Not available: %1"), text))
        self._clear_token_details()

    def _clear_token_details(self) -> None:
        for label in (self.scope_value, self.expiry_value, self.apis_value):
            label.setText(or_dash(None))

    # --- slots -----------------------------------------------------------------------------

    @Slot()
    def _on_settings_button_clicked(self) -> None:
        self.settingsRequested.emit()

    @Slot()
    def _on_renew_button_clicked(self) -> None:
        self.renewRequested.emit()
