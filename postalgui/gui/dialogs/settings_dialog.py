"""Settings: environment, credentials, company numbers and UI language.

Also the first-run setup. Each environment keeps its own numbers and secrets (a
homologation contract is not a production one), so while the dialog is open it holds
one draft per environment the user has looked at; nothing is saved before OK, and
Test connection checks the unsaved values without storing anything.
"""

from __future__ import annotations

import contextlib
import html
import itertools
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QSize, Signal, Slot
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.environments import BASE_URLS, Environment
from postalgui.api.scopes import ACCESS_CODE_KEY, DELEGATED_KEY, LOGIN_KEY
from postalgui.api.values import InvalidValue, pad_card_number, pad_contract_number, parse_cnpj
from postalgui.gui.i18n import resolve_language
from postalgui.gui.messages import (
    api_list,
    arg,
    describe_error,
    display_cnpj,
    environment_name,
    local_datetime,
    or_dash,
    rule_message,
    scope_text,
)
from postalgui.gui.tasks import TaskHandle, TaskRunner
from postalgui.services.connection import ConnectionReport, check_connection
from postalgui.services.context import AppContext
from postalgui.services.settings import Profile, Settings, sandbox_credentials

ENVIRONMENTS: tuple[Environment, ...] = (
    Environment.SANDBOX,
    Environment.HOMOLOGATION,
    Environment.PRODUCTION,
    Environment.CUSTOM,
)
LANGUAGES: tuple[str, ...] = ("", "pt_BR", "en")

_ERROR_STYLE = "color: #c42b1c;"
_OK_COLOUR = "#107c10"
_FAIL_COLOUR = "#c42b1c"


@dataclass
class _Draft:
    """What the form holds for one environment while the dialog is open.

    ``stored_*`` are the secrets as loaded, so OK writes only what the user changed
    (and never copies the sandbox's public demo login into the keyring).
    """

    cnpj: str = ""
    contract: str = ""
    card: str = ""
    dr: int = 0
    delegated: bool = False
    login: str = ""
    access_code: str = ""
    delegated_key: str = ""
    stored_login: str = ""
    stored_access_code: str = ""
    stored_delegated_key: str = ""

    def credentials_changed(self) -> bool:
        return (self.login, self.access_code) != (self.stored_login, self.stored_access_code)

    def key_changed(self) -> bool:
        return self.delegated_key != self.stored_delegated_key

    def profile(self) -> Profile:
        """The validated profile; raises `InvalidValue` for a bad number."""
        return Profile(
            cnpj=parse_cnpj(self.cnpj) if self.cnpj.strip() else "",
            contract=pad_contract_number(self.contract) if self.contract.strip() else "",
            card=pad_card_number(self.card) if self.card.strip() else "",
            dr=self.dr or None,
            delegated=self.delegated,
        )

    def errors(self) -> dict[str, str]:
        """Field name -> translated message for every field that breaks a rule."""
        found: dict[str, str] = {}
        for name, text, check in (
            ("cnpj", self.cnpj, parse_cnpj),
            ("contract", self.contract, pad_contract_number),
            ("card", self.card, pad_card_number),
        ):
            if text.strip():
                try:
                    check(text)
                except InvalidValue as exc:
                    found[name] = rule_message(exc)
        return found


def _env_key(environment: Environment, custom_url: str) -> str:
    """The credential-store key of an environment (custom ones are keyed by URL)."""
    return Settings.model_construct(
        environment=environment, custom_base_url=custom_url.strip().rstrip("/")
    ).env_key


def _url_error(text: str) -> str | None:
    url = text.strip()
    if not url:
        return "empty"
    if not url.startswith(("http://", "https://")) or len(url) <= len("https://"):
        return "scheme"
    return None


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
        self.runner = runner
        self.language_changed = False
        self._loading = True  # while widgets are filled, their signals must not rewrite drafts
        self._drafts: dict[Environment, _Draft] = {}
        self._touched: set[str] = set()
        self._test_handle: TaskHandle | None = None
        self._test_key = f"settings-dialog/test-connection/{id(self)}"
        saved = context.saved_settings
        self._environment = saved.environment

        self.setWindowTitle(self.tr("Settings"))
        self.setSizeGripEnabled(True)
        self._build()
        self.welcome_label.setVisible(first_run)
        self.url_edit.setText(saved.custom_base_url)
        self.language_combo.setCurrentIndex(LANGUAGES.index(saved.language))
        self.environment_combo.setCurrentIndex(ENVIRONMENTS.index(saved.environment))
        self._load_form(saved.environment)
        self.environment_combo.currentIndexChanged.connect(self._on_environment_combo_current_index_changed)
        self._loading = False
        self._validate()
        # Explicit size: Qt's automatic one is capped at 2/3 of the screen and then squeezes rows.
        # A little slack so an error message under a field does not squeeze the form.
        self.resize(self.sizeHint() + QSize(60, 40))

    # --- construction ------------------------------------------------------------------------

    def _build(self) -> None:
        self._build_notes()
        connection = self._build_connection()
        company = self._build_company()
        interface = self._build_interface()
        test_box = self._build_test_box()
        self._build_bottom()

        left = QVBoxLayout()
        left.addWidget(connection)
        left.addWidget(company)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(test_box, 1)
        right.addWidget(interface)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.welcome_label)
        layout.addWidget(self.override_label)
        layout.addLayout(columns, 1)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.buttons)
        self._chain_tab_order()

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
        overrides = self._override_names()
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

    def _build_connection(self) -> QGroupBox:
        """Environment, API address and the credentials (login and code, or a delegated key)."""
        self.environment_combo = QComboBox(self)
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

        connection = QGroupBox(self.tr("Connection"), self)
        form = self._form(connection)
        self._add_row(form, self.tr("&Environment:"), self.environment_combo, self.environment_combo)
        self.url_error = self._error_label()
        self._add_row(
            form, self.tr("API base &URL:"), self._with_error(self.url_edit, self.url_error), self.url_edit
        )
        form.addRow(self.tr("Authentication:"), self.login_mode_radio)
        form.addRow("", self.delegated_mode_radio)
        self._add_row(form, self.tr("&Login:"), self.login_edit, self.login_edit)
        self._add_row(
            form,
            self.tr("Access &code:"),
            self._row(self.access_code_edit, self.access_code_toggle),
            self.access_code_edit,
        )
        self._add_row(
            form,
            self.tr("Delegated ke&y:"),
            self._row(self.delegated_key_edit, self.delegated_key_toggle),
            self.delegated_key_edit,
        )
        return connection

    def _build_company(self) -> QGroupBox:
        """CNPJ, contract, posting card and DR, each with its rule message."""
        self.cnpj_edit = QLineEdit(self)
        self.cnpj_edit.setPlaceholderText("00.000.000/0000-00")
        self.cnpj_edit.setAccessibleName(self.tr("Company CNPJ"))
        self.contract_edit = QLineEdit(self)
        self.contract_edit.setPlaceholderText("0000000000")
        self.contract_edit.setAccessibleName(self.tr("Contract number"))
        self.card_edit = QLineEdit(self)
        self.card_edit.setPlaceholderText("0000000000")
        self.card_edit.setAccessibleName(self.tr("Posting card number"))
        for edit in (self.cnpj_edit, self.contract_edit, self.card_edit):
            edit.textChanged.connect(self._on_company_edit_text_changed)
            edit.editingFinished.connect(self._on_company_edit_editing_finished)
        self.dr_spin = QSpinBox(self)
        self.dr_spin.setRange(0, 99)
        self.dr_spin.setSpecialValueText(self.tr("None"))
        self.dr_spin.setAccessibleName(self.tr("Regional office (DR)"))
        self.dr_spin.setToolTip(self.tr("Regional office (DR) of the contract; None when not needed"))
        self.cnpj_error = self._error_label()
        self.contract_error = self._error_label()
        self.card_error = self._error_label()
        self._errors: dict[str, QLabel] = {
            "url": self.url_error,
            "cnpj": self.cnpj_error,
            "contract": self.contract_error,
            "card": self.card_error,
        }

        company = QGroupBox(self.tr("Company"), self)
        form = self._form(company)
        self._add_row(
            form, self.tr("Company C&NPJ:"), self._with_error(self.cnpj_edit, self.cnpj_error), self.cnpj_edit
        )
        self._add_row(
            form,
            self.tr("C&ontract:"),
            self._with_error(self.contract_edit, self.contract_error),
            self.contract_edit,
        )
        self._add_row(
            form, self.tr("&Posting card:"), self._with_error(self.card_edit, self.card_error), self.card_edit
        )
        self._add_row(form, self.tr("D&R:"), self.dr_spin, self.dr_spin)
        return company

    def _build_interface(self) -> QGroupBox:
        self.language_combo = QComboBox(self)
        self.language_combo.addItem(self.tr("System default"), "")
        self.language_combo.addItem("Português (Brasil)", "pt_BR")  # endonyms: not translated
        self.language_combo.addItem("English", "en")
        language_note = QLabel(self.tr("A new language is used after PostalGUI restarts."), self)
        language_note.setWordWrap(True)
        language_note.setEnabled(False)
        interface = QGroupBox(self.tr("Interface"), self)
        form = self._form(interface)
        self._add_row(form, self.tr("Lan&guage:"), self.language_combo, self.language_combo)
        form.addRow("", language_note)
        return interface

    def _build_test_box(self) -> QGroupBox:
        """Test connection: a token with the values on the form, nothing saved."""
        test_box = QGroupBox(self.tr("Test connection"), self)
        test_intro = QLabel(
            self.tr(
                "Gets a token with the values on the left, without saving them, "
                "and shows what the server says."
            ),
            test_box,
        )
        test_intro.setWordWrap(True)
        self.test_button = QPushButton(self.tr("&Test connection"), test_box)
        self.test_button.setAutoDefault(False)
        self.test_button.clicked.connect(self._on_test_button_clicked)
        self.result_view = QTextBrowser(test_box)
        self.result_view.setObjectName("testResult")
        self.result_view.setOpenLinks(False)
        self.result_view.setTabChangesFocus(True)
        self.result_view.setAccessibleName(self.tr("Connection test result"))
        self.result_view.setMinimumSize(340, 160)
        self._show_result_hint()
        test_layout = QVBoxLayout(test_box)
        test_layout.addWidget(test_intro)
        button_row = QHBoxLayout()
        button_row.addWidget(self.test_button)
        button_row.addStretch(1)
        test_layout.addLayout(button_row)
        test_layout.addWidget(self.result_view, 1)
        return test_box

    def _build_bottom(self) -> None:
        """The summary of what blocks OK, and OK and Cancel."""
        self.summary_label = QLabel(self)
        self.summary_label.setWordWrap(True)
        self.summary_label.setStyleSheet(_ERROR_STYLE)
        self.summary_label.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def _chain_tab_order(self) -> None:
        chain: list[QWidget] = [
            self.environment_combo,
            self.url_edit,
            self.login_mode_radio,
            self.delegated_mode_radio,
            self.login_edit,
            self.access_code_edit,
            self.access_code_toggle,
            self.delegated_key_edit,
            self.delegated_key_toggle,
            self.cnpj_edit,
            self.contract_edit,
            self.card_edit,
            self.dr_spin,
            self.test_button,
            self.result_view,
            self.language_combo,
            self.buttons,
        ]
        for first, second in itertools.pairwise(chain):
            self.setTabOrder(first, second)

    def _environment_item_text(self, environment: Environment) -> str:
        name = environment_name(environment)
        if environment is Environment.SANDBOX:
            return arg(self.tr("%1 (built-in demo)"), name)
        url = BASE_URLS.get(environment)
        if url:
            return f"{name} ({url.removeprefix('https://')})"
        return name

    def _override_names(self) -> list[str]:
        overrides = self.context.overrides
        names = []
        if overrides.environment is not None:
            names.append("POSTALGUI_ENV")
        if overrides.base_url:
            names.append("POSTALGUI_BASE_URL")
        if overrides.user:
            names.append("POSTALGUI_USER")
        if overrides.access_code:
            names.append("POSTALGUI_ACCESS_CODE")
        for field in overrides.profile or {}:
            names.append(f"POSTALGUI_{field.upper()}")
        return names

    @staticmethod
    def _form(box: QGroupBox) -> QFormLayout:
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        return form

    def _add_row(self, form: QFormLayout, text: str, field: QWidget, buddy: QWidget) -> QLabel:
        label = QLabel(text, self)
        label.setBuddy(buddy)
        form.addRow(label, field)
        return label

    def _error_label(self) -> QLabel:
        label = QLabel(self)
        label.setWordWrap(True)
        label.setStyleSheet(_ERROR_STYLE)
        label.hide()
        return label

    def _with_error(self, editor: QWidget, error: QLabel) -> QWidget:
        """The editor with its (normally hidden) error message underneath."""
        box = QWidget(self)
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(editor)
        column.addWidget(error)
        return box

    def _row(self, *widgets: QWidget) -> QWidget:
        box = QWidget(self)
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        for index, widget in enumerate(widgets):
            row.addWidget(widget, 1 if index == 0 else 0)
        return box

    def _show_toggle(self, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setCheckable(True)
        button.setText(self.tr("Show"))
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        return button

    # --- drafts ---------------------------------------------------------------------------

    def _draft(self, environment: Environment) -> _Draft:
        """The draft of ``environment``, loaded from settings and keyring on first use."""
        found = self._drafts.get(environment)
        if found is not None:
            return found
        profile = self.context.saved_settings.profile(environment)
        key = _env_key(environment, self.url_edit.text())
        credentials = self.context.credentials
        login = credentials.get(key, LOGIN_KEY) or ""
        code = credentials.get(key, ACCESS_CODE_KEY) or ""
        if environment is Environment.SANDBOX and not login:
            login, code = sandbox_credentials()
        delegated_key = credentials.get(key, DELEGATED_KEY) or ""
        draft = _Draft(
            cnpj=display_cnpj(profile.cnpj),
            contract=profile.contract,
            card=profile.card,
            dr=profile.dr or 0,
            delegated=profile.delegated,
            login=login,
            access_code=code,
            delegated_key=delegated_key,
            stored_login=login,
            stored_access_code=code,
            stored_delegated_key=delegated_key,
        )
        self._drafts[environment] = draft
        return draft

    def _load_form(self, environment: Environment) -> None:
        loading, self._loading = self._loading, True
        draft = self._draft(environment)
        self.cnpj_edit.setText(draft.cnpj)
        self.contract_edit.setText(draft.contract)
        self.card_edit.setText(draft.card)
        self.dr_spin.setValue(draft.dr)
        (self.delegated_mode_radio if draft.delegated else self.login_mode_radio).setChecked(True)
        self.login_edit.setText(draft.login)
        self.access_code_edit.setText(draft.access_code)
        self.delegated_key_edit.setText(draft.delegated_key)
        # Values that were already there are checked at once; new typing after leaving a field.
        self._touched = {
            name
            for name, text in (("cnpj", draft.cnpj), ("contract", draft.contract), ("card", draft.card))
            if text
        }
        if self.url_edit.text():
            self._touched.add("url")
        self._update_enabled()
        self._loading = loading

    def _store_form(self) -> _Draft:
        draft = self._draft(self._environment)
        draft.cnpj = self.cnpj_edit.text()
        draft.contract = self.contract_edit.text()
        draft.card = self.card_edit.text()
        draft.dr = self.dr_spin.value()
        draft.delegated = self.delegated_mode_radio.isChecked()
        draft.login = self.login_edit.text()
        draft.access_code = self.access_code_edit.text()
        draft.delegated_key = self.delegated_key_edit.text()
        return draft

    def _update_enabled(self) -> None:
        custom = self._environment is Environment.CUSTOM
        self.url_edit.setEnabled(custom)
        delegated = self.delegated_mode_radio.isChecked()
        for widget in (self.login_edit, self.access_code_edit, self.access_code_toggle):
            widget.setEnabled(not delegated)
        for widget in (self.delegated_key_edit, self.delegated_key_toggle):
            widget.setEnabled(delegated)

    # --- validation --------------------------------------------------------------------------

    def _validate(self, *, show_all: bool = False) -> bool:
        """Show messages under touched fields; enable OK and Test only when all is valid."""
        if self._loading:
            return False
        draft = self._store_form()
        errors = draft.errors()
        if self._environment is Environment.CUSTOM:
            problem = _url_error(self.url_edit.text())
            if problem == "empty":
                errors["url"] = self.tr(
                    "API base URL: enter the address of the API, e.g. https://api.example.com"
                )
            elif problem == "scheme":
                errors["url"] = self.tr("API base URL: must start with http:// or https://")
        if show_all:
            self._touched |= set(errors)
        for name, label in self._errors.items():
            message = errors.get(name) if name in self._touched else None
            label.setText(message or "")
            label.setVisible(bool(message))
        others = [
            environment_name(environment)
            for environment, other in self._drafts.items()
            if environment is not self._environment and other.errors()
        ]
        if others:
            self.summary_label.setText(
                arg(
                    self.tr("Correct the values of %1 before saving (switch the environment to see them)."),
                    ", ".join(others),
                )
            )
        self.summary_label.setVisible(bool(others))
        valid = not errors and not others
        self.ok_button.setEnabled(valid)
        self.test_button.setEnabled(not errors and self._test_handle is None)
        return valid

    def field_error(self, name: str) -> str:
        """The message shown under a field ("url", "cnpj", "contract", "card"), or ""."""
        label = self._errors[name]
        return label.text() if not label.isHidden() else ""

    # --- building what is saved -----------------------------------------------------------

    def _build_settings(self) -> Settings:
        """Settings as the form says; raises `InvalidValue`/`ValueError` if it is invalid."""
        self._store_form()
        saved = self.context.saved_settings
        changes: dict[str, object] = {
            "environment": self._environment,
            "language": LANGUAGES[self.language_combo.currentIndex()],
            "first_run_done": True,
        }
        url = self.url_edit.text()
        if self._environment is Environment.CUSTOM or _url_error(url) is None:
            changes["custom_base_url"] = url
        settings = saved.updated(**changes)
        for environment, draft in self._drafts.items():
            profile = draft.profile()
            if profile != saved.profile(environment):
                settings = settings.with_profile(environment, profile)
        return settings

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
        url_changed = (
            settings.environment is Environment.CUSTOM and settings.custom_base_url != saved.custom_base_url
        )
        active = self._drafts[self._environment]
        login = code = key = None
        if url_changed or active.credentials_changed():
            login, code = active.login, active.access_code
        if url_changed or active.key_changed():
            key = active.delegated_key
        try:
            for environment, draft in self._drafts.items():
                if environment is not self._environment:
                    self._save_secrets(environment, draft, settings.custom_base_url)
            self.context.apply(settings, login=login, access_code=code, delegated_key=key)
        except OSError as exc:
            self._show_summary(arg(self.tr("The settings could not be saved: %1"), exc))
            return
        self.language_changed = resolve_language(settings.language) != resolve_language(saved.language)
        self.settingsSaved.emit()
        super().accept()

    def _save_secrets(self, environment: Environment, draft: _Draft, custom_url: str) -> None:
        """Secrets the user changed in an environment other than the active one."""
        key = _env_key(environment, custom_url)
        if draft.credentials_changed():
            self.context.credentials.set(key, LOGIN_KEY, draft.login.strip())
            self.context.credentials.set(key, ACCESS_CODE_KEY, draft.access_code.strip())
        if draft.key_changed():
            self.context.credentials.set(key, DELEGATED_KEY, draft.delegated_key.strip())

    def _show_summary(self, text: str) -> None:
        self.summary_label.setText(text)
        self.summary_label.show()

    def done(self, result: int) -> None:
        """Closing by any route cancels a running connection test."""
        self._cancel_test()
        super().done(result)

    # --- test connection -----------------------------------------------------------------------

    def _cancel_test(self) -> None:
        if self._test_handle is not None:
            self._test_handle.cancel()
            self._test_handle = None
            self.test_button.setText(self.tr("&Test connection"))

    def _show_result_hint(self) -> None:
        self.result_view.setHtml(
            "<p style='color: #6b6b6b'>" + html.escape(self.tr("No test run yet.")) + "</p>"
        )

    def result_text(self) -> str:
        """The result panel as plain text (what a screen reader would read)."""
        return self.result_view.toPlainText()

    @Slot()
    def _on_test_button_clicked(self) -> None:
        if not self._validate(show_all=True):
            return
        try:
            candidate = self._build_settings()
        except ValueError as exc:
            self._show_failure(exc)
            return
        draft = self._drafts[self._environment]
        self._cancel_test()
        self.test_button.setEnabled(False)
        self.test_button.setText(self.tr("Testing…"))
        self.result_view.setHtml(html.escape(self.tr("Asking the token service…")))
        self._test_handle = self.runner.run(
            check_connection,
            self.context,
            candidate,
            draft.login.strip(),
            draft.access_code.strip(),
            draft.delegated_key.strip(),
            name="test connection",
            key=self._test_key,
            on_result=self._on_test_task_result,
            on_error=self._on_test_task_error,
            on_finished=self._on_test_task_finished,
        )

    @Slot(object)
    def _on_test_task_result(self, report: object) -> None:
        self._test_ended()
        if not isinstance(report, ConnectionReport):
            return
        rows = [
            (self.tr("Environment:"), or_dash(report.ambiente)),
            (self.tr("Profile:"), or_dash(report.perfil)),
            (self.tr("Company CNPJ:"), or_dash(display_cnpj(report.cnpj or ""))),
            (self.tr("Login:"), or_dash(report.login)),
            (self.tr("Issued for:"), scope_text(report.scope)),
            (
                self.tr("Valid until:"),
                local_datetime(report.expires_at) if report.expires_at else self.tr("Unknown"),
            ),
            (self.tr("APIs enabled:"), api_list(report.apis)),
            (self.tr("Server:"), report.base_url),
        ]
        table = "".join(
            f"<tr><td style='padding-right: 8px'><b>{html.escape(name)}</b></td>"
            f"<td>{html.escape(value)}</td></tr>"
            for name, value in rows
        )
        title = html.escape(self.tr("Connected: the token service accepted these settings."))
        self.result_view.setHtml(f"<p style='color: {_OK_COLOUR}'><b>{title}</b></p><table>{table}</table>")
        self.connectionTested.emit(report)

    @Slot(object)
    def _on_test_task_error(self, error: object) -> None:
        self._test_ended()
        if isinstance(error, BaseException):
            self._show_failure(error)
            self.connectionTested.emit(error)

    def _show_failure(self, error: BaseException) -> None:
        title = html.escape(self.tr("Connection failed"))
        self.result_view.setHtml(
            f"<p style='color: {_FAIL_COLOUR}'><b>{title}</b></p><p>{html.escape(describe_error(error))}</p>"
        )

    @Slot(bool)
    def _on_test_task_finished(self, cancelled: bool) -> None:
        self._test_ended()

    def _test_ended(self) -> None:
        """Button back to normal as soon as the outcome is known (before it is announced)."""
        self._test_handle = None
        self.test_button.setText(self.tr("&Test connection"))
        self._validate()

    # --- field slots ------------------------------------------------------------------------------

    @Slot(int)
    def _on_environment_combo_current_index_changed(self, index: int) -> None:
        self._store_form()
        self._cancel_test()
        self._show_result_hint()
        self._environment = ENVIRONMENTS[index]
        self._load_form(self._environment)
        self._validate()

    @Slot(str)
    def _on_url_edit_text_changed(self, text: str) -> None:
        del text
        self._validate()

    @Slot()
    def _on_url_edit_editing_finished(self) -> None:
        self._touched.add("url")
        self.url_edit.setText(self.url_edit.text().strip().rstrip("/"))
        self._validate()

    @Slot(bool)
    def _on_login_mode_radio_toggled(self, checked: bool) -> None:
        del checked
        self._update_enabled()

    @Slot(str)
    def _on_company_edit_text_changed(self, text: str) -> None:
        del text
        self._validate()

    @Slot()
    def _on_company_edit_editing_finished(self) -> None:
        """Leaving a field: check it from now on, and show it in its canonical form."""
        edit = self.sender()
        if edit is self.cnpj_edit:
            self._touched.add("cnpj")
            self._normalise(self.cnpj_edit, display_cnpj)
        elif edit is self.contract_edit:
            self._touched.add("contract")
            self._normalise(self.contract_edit, pad_contract_number)
        elif edit is self.card_edit:
            self._touched.add("card")
            self._normalise(self.card_edit, pad_card_number)
        self._validate()

    @staticmethod
    def _normalise(edit: QLineEdit, canonical: Callable[[str], str]) -> None:
        text = edit.text()
        if not text.strip():
            return
        with contextlib.suppress(InvalidValue):  # left as typed; the message under the field says why
            edit.setText(canonical(text))

    @Slot(bool)
    def _on_access_code_toggle_toggled(self, shown: bool) -> None:
        self._set_shown(self.access_code_edit, self.access_code_toggle, shown)

    @Slot(bool)
    def _on_delegated_key_toggle_toggled(self, shown: bool) -> None:
        self._set_shown(self.delegated_key_edit, self.delegated_key_toggle, shown)

    def _set_shown(self, edit: QLineEdit, toggle: QToolButton, shown: bool) -> None:
        edit.setEchoMode(QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password)
        toggle.setText(self.tr("Hide") if shown else self.tr("Show"))
