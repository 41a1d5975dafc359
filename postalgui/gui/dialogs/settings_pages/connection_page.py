"""The settings' Connection box: environment, API address and the credentials.

Login and access code, or a delegated key: the mode decides which fields are enabled.
The secrets are echoed as dots until their Show button is pressed.
"""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGroupBox,
    QLineEdit,
    QRadioButton,
    QToolButton,
    QWidget,
)

from postalgui.api.environments import BASE_URLS, Environment
from postalgui.gui.dialogs.settings_pages.form_parts import (
    add_row,
    error_label,
    form_layout,
    side_by_side,
    with_error,
)
from postalgui.gui.messages import arg, environment_name
from postalgui.services.settings_drafts import ProfileDraft, url_problem

ENVIRONMENTS: tuple[Environment, ...] = (
    Environment.SANDBOX,
    Environment.HOMOLOGATION,
    Environment.PRODUCTION,
    Environment.CUSTOM,
)


class ConnectionPage(QGroupBox):
    """Environment, API base URL, authentication mode and its secrets.

    Signals: ``urlEdited()`` while the address is typed; ``urlLeft()`` after the
    address was left (and tidied). The dialog follows ``environment_combo`` itself, once
    its first values are in.
    """

    urlEdited = Signal()
    urlLeft = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Connection"))
        self._build_fields()
        form = form_layout(self)
        add_row(form, self.tr("&Environment:"), self.environment_combo, self.environment_combo)
        self.url_error = error_label(self)
        add_row(
            form, self.tr("API base &URL:"), with_error(self, self.url_edit, self.url_error), self.url_edit
        )
        form.addRow(self.tr("Authentication:"), self.login_mode_radio)
        form.addRow("", self.delegated_mode_radio)
        add_row(form, self.tr("&Login:"), self.login_edit, self.login_edit)
        code_row = side_by_side(self, self.access_code_edit, self.access_code_toggle)
        add_row(form, self.tr("Access &code:"), code_row, self.access_code_edit)
        key_row = side_by_side(self, self.delegated_key_edit, self.delegated_key_toggle)
        add_row(form, self.tr("Delegated ke&y:"), key_row, self.delegated_key_edit)

    def _build_fields(self) -> None:
        self.environment_combo = QComboBox(self)
        # As wide as the form gives (the list shows the whole addresses), not as the longest item.
        self.environment_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.environment_combo.setMinimumContentsLength(20)
        for environment in ENVIRONMENTS:
            self.environment_combo.addItem(self._environment_item_text(environment), environment.value)
        self.url_edit = QLineEdit(self)
        self.url_edit.setPlaceholderText("https://")
        self.url_edit.setAccessibleName(self.tr("API base URL"))
        self.url_edit.textChanged.connect(self._on_url_edit_text_changed)
        self.url_edit.editingFinished.connect(self._on_url_edit_editing_finished)

        self.login_mode_radio = QRadioButton(self.tr("Login and &API access code"), self)
        self.delegated_mode_radio = QRadioButton(self.tr("&Delegated access key"), self)
        self.auth_group = QButtonGroup(self)
        self.auth_group.addButton(self.login_mode_radio)
        self.auth_group.addButton(self.delegated_mode_radio)
        self.login_mode_radio.setChecked(True)
        self.login_mode_radio.toggled.connect(self._on_login_mode_radio_toggled)

        self.login_edit = QLineEdit(self)
        self.login_edit.setAccessibleName(self.tr("Login"))
        self.access_code_edit = QLineEdit(self)
        self.access_code_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.access_code_edit.setAccessibleName(self.tr("API access code"))
        self.access_code_toggle = self._show_toggle(self.tr("Show or hide the access code"))
        self.access_code_toggle.toggled.connect(self._on_access_code_toggle_toggled)
        self.delegated_key_edit = QLineEdit(self)
        self.delegated_key_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.delegated_key_edit.setAccessibleName(self.tr("Delegated access key"))
        self.delegated_key_toggle = self._show_toggle(self.tr("Show or hide the delegated access key"))
        self.delegated_key_toggle.toggled.connect(self._on_delegated_key_toggle_toggled)

    def _environment_item_text(self, environment: Environment) -> str:
        name = environment_name(environment)
        if environment is Environment.SANDBOX:
            return arg(self.tr("%1 (built-in demo)"), name)
        url = BASE_URLS.get(environment)
        if url:
            return f"{name} ({url.removeprefix('https://')})"
        return name

    def _show_toggle(self, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setCheckable(True)
        button.setText(self.tr("Show"))
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        return button

    # --- values ------------------------------------------------------------------------

    def choose(self, environment: Environment) -> None:
        self.environment_combo.setCurrentIndex(ENVIRONMENTS.index(environment))

    def load(self, draft: ProfileDraft) -> None:
        """The draft's mode and secrets into the fields."""
        (self.delegated_mode_radio if draft.delegated else self.login_mode_radio).setChecked(True)
        self.login_edit.setText(draft.login)
        self.access_code_edit.setText(draft.access_code)
        self.delegated_key_edit.setText(draft.delegated_key)

    def store(self, draft: ProfileDraft) -> None:
        """The fields' mode and secrets into the draft."""
        draft.delegated = self.delegated_mode_radio.isChecked()
        draft.login = self.login_edit.text()
        draft.access_code = self.access_code_edit.text()
        draft.delegated_key = self.delegated_key_edit.text()

    def update_enabled(self, environment: Environment) -> None:
        """The address only for a custom environment; the fields of the chosen mode only."""
        self.url_edit.setEnabled(environment is Environment.CUSTOM)
        delegated = self.delegated_mode_radio.isChecked()
        for widget in (self.login_edit, self.access_code_edit, self.access_code_toggle):
            widget.setEnabled(not delegated)
        for widget in (self.delegated_key_edit, self.delegated_key_toggle):
            widget.setEnabled(delegated)

    def url_error_text(self) -> str | None:
        """What is wrong with the custom address, in words; None when it is usable."""
        problem = url_problem(self.url_edit.text())
        if problem == "empty":
            return self.tr("API base URL: enter the address of the API, e.g. https://api.example.com")
        if problem == "scheme":
            return self.tr("API base URL: must start with http:// or https://")
        return None

    # --- slots -------------------------------------------------------------------------

    @Slot(str)
    def _on_url_edit_text_changed(self, text: str) -> None:
        del text
        self.urlEdited.emit()

    @Slot()
    def _on_url_edit_editing_finished(self) -> None:
        self.url_edit.setText(self.url_edit.text().strip().rstrip("/"))
        self.urlLeft.emit()

    @Slot(bool)
    def _on_login_mode_radio_toggled(self, checked: bool) -> None:
        del checked
        self.update_enabled(ENVIRONMENTS[self.environment_combo.currentIndex()])

    @Slot(bool)
    def _on_access_code_toggle_toggled(self, shown: bool) -> None:
        self._set_shown(self.access_code_edit, self.access_code_toggle, shown)

    @Slot(bool)
    def _on_delegated_key_toggle_toggled(self, shown: bool) -> None:
        self._set_shown(self.delegated_key_edit, self.delegated_key_toggle, shown)

    def _set_shown(self, edit: QLineEdit, toggle: QToolButton, shown: bool) -> None:
        edit.setEchoMode(QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password)
        toggle.setText(self.tr("Hide") if shown else self.tr("Show"))
