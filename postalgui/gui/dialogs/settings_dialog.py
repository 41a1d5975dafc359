"""Settings: environment, credentials, company numbers, UI language, tracking, claims and shipping.

Also the first-run setup. Each environment keeps its own numbers and secrets (a
homologation contract is not a production one), so while the dialog is open it holds
one draft per environment the user has looked at (`SettingsDrafts`, Qt-free); nothing
is saved before OK, and Test connection checks the unsaved values without storing
anything. The dialog places its pages (`settings_pages`), moves values between them and
the drafts, shows what blocks OK, and saves.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from postalgui.api.environments import Environment
from postalgui.gui.dialogs.settings_pages.claims_page import ClaimsPage
from postalgui.gui.dialogs.settings_pages.company_page import CompanyPage
from postalgui.gui.dialogs.settings_pages.connection_page import ENVIRONMENTS, ConnectionPage
from postalgui.gui.dialogs.settings_pages.connection_test import ConnectionTestPanel
from postalgui.gui.dialogs.settings_pages.form_parts import ERROR_STYLE, WORD_BREAK, breakable
from postalgui.gui.dialogs.settings_pages.interface_page import LANGUAGES, InterfacePage
from postalgui.gui.dialogs.settings_pages.office_page import OfficePage
from postalgui.gui.dialogs.settings_pages.shipping_page import ShippingPage
from postalgui.gui.dialogs.settings_pages.tracking_page import TrackingPage
from postalgui.gui.i18n import resolve_language
from postalgui.gui.messages import arg, describe_error, environment_name, rule_message
from postalgui.gui.tab_factories import TAB_FACTORIES, tab_key
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.screen_fit import PageScroll, fit_to_screen
from postalgui.services.context import AppContext
from postalgui.services.office.service import TypedDatabase
from postalgui.services.settings import Settings
from postalgui.services.settings_drafts import ProfileDraft, SettingsDrafts, env_key, override_names

__all__ = ["ENVIRONMENTS", "LANGUAGES", "SettingsDialog"]


class SettingsDialog(QDialog):
    """Edits and saves the settings; Test connection fetches a token with unsaved values.

    Signals: ``settingsSaved()`` after OK saved settings and secrets (before the dialog
    closes); ``connectionTested(object)`` with the `ConnectionReport` or the exception
    a Test connection ended with.
    """

    settingsSaved = Signal()
    connectionTested = Signal(object)

    def __init__(
        self,
        context: AppContext,
        runner: TaskRunner,
        parent: QWidget | None = None,
        *,
        first_run: bool = False,
    ) -> None:
        super().__init__(parent)
        self.context = context
        self.language_changed = False
        self._loading = True  # while widgets are filled, their signals must not rewrite drafts
        self._touched: set[str] = set()
        saved = context.saved_settings
        self._drafts = SettingsDrafts(saved, context.credentials)
        self._environment = saved.environment

        self.setWindowTitle(self.tr("Settings"))
        self.setSizeGripEnabled(True)
        self._build(runner)
        self.welcome_label.setVisible(first_run)
        self.url_edit.setText(saved.custom_base_url)
        self.interface_page.set_language(saved.language)
        self.interface_page.set_first_tab(saved.first_tab)
        self.tracking_page.load(saved.tracking)
        self.shipping_page.load(saved.shipping)
        self.claims_page.load(saved.claims)
        self.connection_page.choose(saved.environment)
        self._load_form(saved.environment)
        self.environment_combo.currentIndexChanged.connect(self._on_environment_combo_current_index_changed)
        self._loading = False
        self._validate()
        # Explicit size: Qt's automatic one is capped at 2/3 of the screen and then squeezes rows.
        # A little slack so an error message under a field does not squeeze the form; never
        # larger than the screen (the boxes scroll inside).
        fit_to_screen(self, self.sizeHint() + QSize(60, 40))

    # --- construction ------------------------------------------------------------------------

    def _build(self, runner: TaskRunner) -> None:
        self._build_notes()
        self.connection_page = ConnectionPage(self)
        self.connection_page.urlEdited.connect(self._on_connection_page_url_edited)
        self.connection_page.urlLeft.connect(self._on_connection_page_url_left)
        self.company_page = CompanyPage(self)
        self.company_page.edited.connect(self._on_company_page_edited)
        self.company_page.fieldLeft.connect(self._on_company_page_field_left)
        self.interface_page = InterfacePage(self, [(tab_key(tab), tab.label()) for tab in TAB_FACTORIES])
        self.tracking_page = TrackingPage(self)
        self.tracking_page.edited.connect(self._on_tracking_page_edited)
        self.shipping_page = ShippingPage(self)
        self.shipping_page.edited.connect(self._on_shipping_page_edited)
        self.claims_page = ClaimsPage(self)
        self.claims_page.edited.connect(self._on_claims_page_edited)
        self.connection_test = ConnectionTestPanel(self.context, runner, self)
        self.connection_test.testRequested.connect(self._on_connection_test_test_requested)
        self.connection_test.testEnded.connect(self._on_connection_test_test_ended)
        self.connection_test.connectionTested.connect(self.connectionTested)
        self._build_office(runner)
        self._build_bottom()
        self._name_fields()

        left = QVBoxLayout()
        left.addWidget(self.connection_page)
        left.addWidget(self.company_page)
        left.addWidget(self.office_page)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self.connection_test, 1)
        right.addWidget(self.interface_page)
        right.addWidget(self.tracking_page)
        page = QWidget(self)
        columns = QHBoxLayout(page)
        columns.setContentsMargins(0, 0, 0, 0)
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        claims = QVBoxLayout()
        claims.addWidget(self.claims_page)
        claims.addWidget(self.shipping_page)
        claims.addStretch(1)
        columns.addLayout(claims, 2)
        self.page_scroll = PageScroll(page, self)  # on a small screen the boxes scroll, OK stays in sight
        layout = QVBoxLayout(self)
        layout.addWidget(self.welcome_label)
        layout.addWidget(self.override_label)
        layout.addWidget(self.page_scroll, 1)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.buttons)
        self._chain_tab_order()

    def _build_office(self, runner: TaskRunner) -> None:
        """The Office database box; its Test and Copy work on the typed values, before OK."""
        self.office_page = OfficePage(self.context.office_service, runner, self)
        self.office_page.edited.connect(self._on_office_page_edited)
        self.office_page.urlLeft.connect(self._on_office_page_url_left)
        for action in (self.office_page.test, self.office_page.copy):
            action.ended.connect(self._on_office_page_edited)
        self.office_page.test.requested.connect(self._on_office_test_requested)
        self.office_page.copy.requested.connect(self._on_office_copy_requested)

    def _name_fields(self) -> None:
        """The pages' fields under the dialog's names (what the window and the tests reach)."""
        connection, company = self.connection_page, self.company_page
        self.environment_combo = connection.environment_combo
        self.url_edit = connection.url_edit
        self.login_mode_radio = connection.login_mode_radio
        self.delegated_mode_radio = connection.delegated_mode_radio
        self.login_edit = connection.login_edit
        self.access_code_edit = connection.access_code_edit
        self.access_code_toggle = connection.access_code_toggle
        self.delegated_key_edit = connection.delegated_key_edit
        self.cnpj_edit, self.cnpj_error = company.cnpj_edit, company.cnpj_error
        self.contract_edit, self.card_edit, self.dr_spin = (
            company.contract_edit,
            company.card_edit,
            company.dr_spin,
        )
        self.language_combo = self.interface_page.language_combo
        self.test_button = self.connection_test.test_button
        self._errors: dict[str, QLabel] = {
            "url": connection.url_error,
            **company.error_labels,
            "database_url": self.office_page.url_error,
            **self.tracking_page.error_labels,
            **self.shipping_page.error_labels,
            **self.claims_page.error_labels,
        }

    def _build_notes(self) -> None:
        """The welcome text and the line naming environment overrides."""
        self.welcome_label = QLabel(
            self.tr(
                "Welcome to PostalGUI. It starts in the built-in sandbox with a demo company, so every "
                "feature can be tried without an account. To work with your own Correios contract, choose "
                "Homologation or Production and enter your login and API access code."
            ),
            self,
        )
        self.welcome_label.setWordWrap(True)
        self.override_label = QLabel(self)
        self.override_label.setWordWrap(True)
        overrides = override_names(self.context.overrides)
        self.override_label.setText(
            arg(
                self.tr(
                    "Some values come from environment variables for this session (%1); "
                    "they override what is saved here."
                ),
                ", ".join(overrides),
            )
        )
        self.override_label.setVisible(bool(overrides))

    def _build_bottom(self) -> None:
        """The summary of what blocks OK, and OK and Cancel."""
        self.summary_label = QLabel(self)
        self.summary_label.setWordWrap(True)
        self.summary_label.setStyleSheet(ERROR_STYLE)
        self.summary_label.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def _chain_tab_order(self) -> None:
        connection = self.connection_page
        chain: list[QWidget] = [
            self.environment_combo,
            self.url_edit,
            self.login_mode_radio,
            self.delegated_mode_radio,
            self.login_edit,
            self.access_code_edit,
            self.access_code_toggle,
            self.delegated_key_edit,
            connection.delegated_key_toggle,
            self.cnpj_edit,
            self.contract_edit,
            self.card_edit,
            self.dr_spin,
            self.office_page.url_edit,
            self.office_page.password_edit,
            self.office_page.password_toggle,
            self.office_page.test.button,
            self.office_page.copy.button,
            self.office_page.copy.cancel_button,
            self.test_button,
            self.connection_test.result_view,
            self.language_combo,
            *self.tracking_page.edits.values(),
            self.tracking_page.notify_check,
            *self.claims_page.focus_chain(),
            self.shipping_page.return_days_edit,
            self.buttons,
        ]
        for first, second in itertools.pairwise(chain):
            self.setTabOrder(first, second)

    # --- drafts ---------------------------------------------------------------------------

    def _draft(self, environment: Environment) -> ProfileDraft:
        """The draft of ``environment``, loaded from settings and keyring on first use."""
        return self._drafts.draft(environment, self.url_edit.text())

    def _load_form(self, environment: Environment) -> None:
        loading, self._loading = self._loading, True
        draft = self._draft(environment)
        self.company_page.load(draft)
        self.connection_page.load(draft)
        self.office_page.load(draft)
        # Values that were already there are checked at once; new typing after leaving a field.
        self._touched = self.company_page.filled()
        if self.url_edit.text():
            self._touched.add("url")
        if draft.database_url:
            self._touched.add("database_url")
        self.connection_page.update_enabled(self._environment)
        self._loading = loading

    def _store_form(self) -> ProfileDraft:
        draft = self._draft(self._environment)
        self.company_page.store(draft)
        self.connection_page.store(draft)
        self.office_page.store(draft)
        return draft

    # --- validation --------------------------------------------------------------------------

    def _validate(self, *, show_all: bool = False) -> bool:
        """Show messages under touched fields; enable OK and Test only when all is valid."""
        if self._loading:
            return False
        draft = self._store_form()
        errors = {name: rule_message(error) for name, error in draft.errors().items()}
        errors |= self.tracking_page.errors() | self.shipping_page.errors() | self.claims_page.errors()
        office_error = self.office_page.url_error_text(draft)
        if self._environment is Environment.CUSTOM:
            url_error = self.connection_page.url_error_text()
            if url_error is not None:
                errors["url"] = url_error
        if show_all:
            self._touched |= set(errors) | ({"database_url"} if office_error else set())
        shown = errors | ({"database_url": office_error} if office_error else {})
        for name, label in self._errors.items():
            message = shown.get(name) if name in self._touched else None
            label.setText(breakable(message or ""))  # a long value quoted wraps, not widens
            label.setVisible(bool(message))
        others = [
            environment_name(environment) for environment in self._drafts.invalid_others(self._environment)
        ]
        if others:
            self.summary_label.setText(
                arg(
                    self.tr("Correct the values of %1 before saving (switch the environment to see them)."),
                    ", ".join(others),
                )
            )
        self.summary_label.setVisible(bool(others))
        valid = not errors and not others and not office_error
        self.ok_button.setEnabled(valid)
        self.connection_test.allow(not errors)
        self.office_page.allow(not office_error)
        return valid

    def field_widget(self, name: str) -> QWidget | None:
        """The field of a profile setting ("contract", "card", "dr", "login",
        "custom_base_url", "claims.reply_email", ...); ``None`` for one the dialog lacks."""
        fields: dict[str, QWidget] = {
            "custom_base_url": self.url_edit,
            "login": self.login_edit,
            "cnpj": self.cnpj_edit,
            "contract": self.contract_edit,
            "card": self.card_edit,
            "dr": self.dr_spin,
            **{f"claims.{name}": edit for name, edit in self.claims_page.edits.items()},
            "shipping.return_days": self.shipping_page.return_days_edit,
        }
        return fields.get(name)

    def show_field(self, name: str) -> bool:
        """Scroll to the field of setting ``name`` and put the cursor in it (a missing
        setting's "Open Settings"); False when the dialog has no such field."""
        widget = self.field_widget(name)
        if widget is None:
            return False
        self.page_scroll.ensureWidgetVisible(widget)
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def field_error(self, name: str) -> str:
        """The message shown under a field ("url", "cnpj", "contract", "card"), or ""."""
        label = self._errors[name]
        return label.text().replace(WORD_BREAK, "") if not label.isHidden() else ""

    def _build_settings(self) -> Settings:
        """Settings as the form says; raises `InvalidValue`/`ValueError` if it is invalid."""
        self._store_form()
        settings = self._drafts.settings(
            self._environment, self.interface_page.language(), self.url_edit.text()
        )
        return settings.updated(
            first_tab=self.interface_page.first_tab(),
            tracking=self.tracking_page.settings(),
            claims=self.claims_page.settings(),
            shipping=self.shipping_page.settings(settings.shipping),
        )

    # --- OK / Cancel ------------------------------------------------------------------------

    def accept(self) -> None:
        """Save settings and changed secrets, then close; stays open if saving fails."""
        if not self._validate(show_all=True):
            return
        try:
            settings = self._build_settings()
        except ValueError as exc:  # InvalidValue and pydantic's errors are ValueErrors
            self._show_summary(arg(self.tr("The settings are not valid: %1"), describe_error(exc)))
            return
        saved = self.context.saved_settings
        login, code, key = self._drafts.active_secrets(self._environment, settings)
        database_password = self._drafts.database_password(self._environment, settings)
        try:
            self._drafts.save_other_secrets(self._environment, settings.custom_base_url)
            self.context.apply(
                settings,
                login=login,
                access_code=code,
                delegated_key=key,
                database_password=database_password,
            )
        except OSError as exc:
            self._show_summary(arg(self.tr("The settings could not be saved: %1"), exc))
            return
        self.language_changed = resolve_language(settings.language) != resolve_language(saved.language)
        self.settingsSaved.emit()
        super().accept()

    def _show_summary(self, text: str) -> None:
        self.summary_label.setText(text)
        self.summary_label.show()

    def done(self, result: int) -> None:
        """Closing by any route cancels a running connection test, office Test or Copy."""
        self.connection_test.cancel()
        self.office_page.cancel()
        super().done(result)

    def result_text(self) -> str:
        """The connection test's result as plain text (what a screen reader would read)."""
        return self.connection_test.result_text()

    # --- slots ------------------------------------------------------------------------------

    @Slot()
    def _on_connection_test_test_requested(self) -> None:
        if not self._validate(show_all=True):
            return
        try:
            candidate = self._build_settings()
        except ValueError as exc:
            self.connection_test.show_failure(exc)
            return
        draft = self._drafts.draft(self._environment, self.url_edit.text())
        self.connection_test.run(
            candidate, draft.login.strip(), draft.access_code.strip(), draft.delegated_key.strip()
        )

    @Slot()
    def _on_connection_test_test_ended(self) -> None:
        self._validate()

    @Slot(int)
    def _on_environment_combo_current_index_changed(self, index: int) -> None:
        self._store_form()
        self.connection_test.cancel()
        self.connection_test.show_hint()
        self.office_page.cancel()
        self.office_page.clear_results()
        self._environment = ENVIRONMENTS[index]
        self._load_form(self._environment)
        self._validate()

    @Slot()
    def _on_connection_page_url_edited(self) -> None:
        self._validate()

    @Slot()
    def _on_connection_page_url_left(self) -> None:
        self._touched.add("url")
        self._validate()

    @Slot()
    def _on_company_page_edited(self) -> None:
        self._validate()

    @Slot(str)
    def _on_company_page_field_left(self, name: str) -> None:
        """Leaving a field: check it from now on (the page showed it in its canonical form)."""
        self._touched.add(name)
        self._validate()

    @Slot()
    def _on_tracking_page_edited(self) -> None:
        """A Tracking value typed: its rule is shown from now on."""
        self._touched |= set(self.tracking_page.error_labels)
        self._validate()

    @Slot()
    def _on_shipping_page_edited(self) -> None:
        """A Shipping value typed: its rule is shown from now on."""
        self._touched |= set(self.shipping_page.error_labels)
        self._validate()

    @Slot()
    def _on_claims_page_edited(self) -> None:
        """A Claims value typed: its rule is shown from now on."""
        self._touched |= set(self.claims_page.error_labels)
        self._validate()

    @Slot()
    def _on_office_page_edited(self) -> None:
        self._validate()

    @Slot()
    def _on_office_page_url_left(self) -> None:
        self._touched.add("database_url")
        self._validate()

    def _typed_database(self) -> TypedDatabase | None:
        """The office database as typed for the current environment; None while the form
        breaks a rule (then shown under its field)."""
        self._validate(show_all=True)
        draft = self._store_form()
        if draft.database_url_rule() is not None:
            return None
        key = env_key(self._environment, self.url_edit.text())
        return TypedDatabase(key, draft.database_url.strip(), draft.database_password)

    @Slot()
    def _on_office_test_requested(self) -> None:
        typed = self._typed_database()
        if typed is not None:
            self.office_page.test.run(typed)
            self._validate()

    @Slot()
    def _on_office_copy_requested(self) -> None:
        typed = self._typed_database()
        if typed is not None and typed.url:
            self.office_page.copy.run(typed)
            self._validate()
