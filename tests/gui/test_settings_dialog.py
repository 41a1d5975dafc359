"""The settings dialog: per-environment values, inline validation, saving, Test connection."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLineEdit
from pytestqt.qtbot import QtBot

from postalgui.api.environments import Environment
from postalgui.gui.dialogs.settings_dialog import ENVIRONMENTS, SettingsDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from postalgui.services.settings import Profile
from tests.conftest import MemoryKeyring

TEST_TIMEOUT_MS = 15_000


def _dialog(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> SettingsDialog:
    dialog = SettingsDialog(context, runner)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def _choose(dialog: SettingsDialog, environment: Environment) -> None:
    dialog.environment_combo.setCurrentIndex(ENVIRONMENTS.index(environment))


def _type(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    """Type like a user and leave the field (which is when it is checked and padded)."""
    edit.clear()
    qtbot.keyClicks(edit, text)
    edit.editingFinished.emit()


def test_sandbox_is_prefilled_with_the_demo_account(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    assert dialog.environment_combo.currentIndex() == ENVIRONMENTS.index(Environment.SANDBOX)
    assert dialog.login_edit.text() == "empresa.demo"
    assert dialog.access_code_edit.text()
    assert dialog.access_code_edit.echoMode() is QLineEdit.EchoMode.Password
    assert dialog.cnpj_edit.text() == "11.222.333/0001-81"
    assert dialog.contract_edit.text() == "9912345678"
    assert dialog.card_edit.text() == "0074512345"
    assert dialog.dr_spin.value() == 72
    assert not dialog.url_edit.isEnabled()
    assert dialog.ok_button.isEnabled()
    assert not dialog.welcome_label.isVisible()


def test_switching_environment_loads_that_environments_values(
    context: AppContext, runner: TaskRunner, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    saved = context.saved_settings.with_profile(
        Environment.HOMOLOGATION, Profile(cnpj="11222333000181", contract="123", card="456", dr=10)
    )
    context.apply(saved)
    memory_keyring.set_password("postalgui:homologacao", "login", "hom.user")
    memory_keyring.set_password("postalgui:homologacao", "access_code", "hom-code")
    dialog = _dialog(context, runner, qtbot)

    _choose(dialog, Environment.HOMOLOGATION)
    assert dialog.login_edit.text() == "hom.user"
    assert dialog.access_code_edit.text() == "hom-code"
    assert dialog.cnpj_edit.text() == "11.222.333/0001-81"
    assert dialog.contract_edit.text() == "0000000123"
    assert dialog.card_edit.text() == "0000000456"
    assert dialog.dr_spin.value() == 10

    _choose(dialog, Environment.PRODUCTION)
    assert dialog.login_edit.text() == ""
    assert dialog.cnpj_edit.text() == ""
    assert dialog.dr_spin.value() == 0
    assert dialog.dr_spin.text() == "None"
    dialog.login_edit.setText("prod.user")

    _choose(dialog, Environment.HOMOLOGATION)
    assert dialog.login_edit.text() == "hom.user"
    _choose(dialog, Environment.PRODUCTION)
    assert dialog.login_edit.text() == "prod.user"  # unsaved edits survive a switch
    _choose(dialog, Environment.SANDBOX)
    assert dialog.login_edit.text() == "empresa.demo"
    assert dialog.card_edit.text() == "0074512345"


def test_invalid_cnpj_shows_the_rule_and_disables_ok(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    _type(qtbot, dialog.cnpj_edit, "11.222.333/0001-00")
    message = dialog.field_error("cnpj")
    assert "CNPJ check digits do not match" in message
    assert "expected '81'" in message
    assert dialog.cnpj_error.isVisible()
    assert not dialog.ok_button.isEnabled()
    assert not dialog.test_button.isEnabled()

    _type(qtbot, dialog.cnpj_edit, "11222333000181")
    assert dialog.field_error("cnpj") == ""
    assert dialog.cnpj_edit.text() == "11.222.333/0001-81"
    assert dialog.ok_button.isEnabled()


def test_alphanumeric_cnpj_is_accepted(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    dialog = _dialog(context, runner, qtbot)
    _type(qtbot, dialog.cnpj_edit, "12abc34501de35")
    assert dialog.field_error("cnpj") == ""
    assert dialog.cnpj_edit.text() == "12.ABC.345/01DE-35"


def test_card_and_contract_are_zero_padded_on_leaving_the_field(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    _type(qtbot, dialog.card_edit, "74512345")
    assert dialog.card_edit.text() == "0074512345"
    _type(qtbot, dialog.contract_edit, "99")
    assert dialog.contract_edit.text() == "0000000099"

    _type(qtbot, dialog.card_edit, "12a")
    assert dialog.card_edit.text() == "12a"
    assert "Posting card number must contain only digits" in dialog.field_error("card")
    assert not dialog.ok_button.isEnabled()
    _type(qtbot, dialog.contract_edit, "12345678901")
    assert "Contract number must have at most 10 digits" in dialog.field_error("contract")


def test_errors_wait_until_the_field_is_left(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    dialog = _dialog(context, runner, qtbot)
    _choose(dialog, Environment.PRODUCTION)
    qtbot.keyClicks(dialog.cnpj_edit, "11.222")
    assert dialog.field_error("cnpj") == ""  # still typing
    assert not dialog.ok_button.isEnabled()
    dialog.cnpj_edit.editingFinished.emit()
    assert "CNPJ must have 14 characters (got 5)" in dialog.field_error("cnpj")


def test_custom_environment_needs_a_url(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    dialog = _dialog(context, runner, qtbot)
    _choose(dialog, Environment.CUSTOM)
    assert dialog.url_edit.isEnabled()
    assert not dialog.ok_button.isEnabled()
    _type(qtbot, dialog.url_edit, "ftp://example.com")
    assert "must start with http:// or https://" in dialog.field_error("url")
    _type(qtbot, dialog.url_edit, "https://api.example.com/")
    assert dialog.url_edit.text() == "https://api.example.com"
    assert dialog.field_error("url") == ""
    assert dialog.ok_button.isEnabled()


def test_authentication_mode_enables_its_fields(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    assert dialog.login_edit.isEnabled()
    assert not dialog.delegated_key_edit.isEnabled()
    dialog.delegated_mode_radio.setChecked(True)
    assert not dialog.login_edit.isEnabled()
    assert not dialog.access_code_edit.isEnabled()
    assert dialog.delegated_key_edit.isEnabled()


def test_show_toggle_reveals_the_access_code(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    dialog = _dialog(context, runner, qtbot)
    qtbot.mouseClick(dialog.access_code_toggle, Qt.MouseButton.LeftButton)
    assert dialog.access_code_edit.echoMode() is QLineEdit.EchoMode.Normal
    assert dialog.access_code_toggle.text() == "Hide"
    qtbot.mouseClick(dialog.access_code_toggle, Qt.MouseButton.LeftButton)
    assert dialog.access_code_edit.echoMode() is QLineEdit.EchoMode.Password


def test_ok_saves_the_settings_file_and_the_keyring(
    context: AppContext, runner: TaskRunner, memory_keyring: MemoryKeyring, config_dir: Path, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    _choose(dialog, Environment.HOMOLOGATION)
    _type(qtbot, dialog.login_edit, "hom.user")
    _type(qtbot, dialog.access_code_edit, "s3cret-code")
    _type(qtbot, dialog.cnpj_edit, "11222333000181")
    _type(qtbot, dialog.contract_edit, "9912345678")
    _type(qtbot, dialog.card_edit, "74512345")
    dialog.dr_spin.setValue(72)
    dialog.language_combo.setCurrentIndex(2)  # English
    with qtbot.waitSignal(dialog.settingsSaved):
        dialog.ok_button.click()

    assert dialog.result() == QDialog.DialogCode.Accepted
    saved = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["environment"] == "homologacao"
    assert saved["language"] == "en"
    assert saved["first_run_done"] is True
    assert saved["profiles"]["homologacao"] == {
        "cnpj": "11222333000181",
        "contract": "9912345678",
        "card": "0074512345",
        "dr": 72,
        "delegated": False,
        "database_url": "",
    }
    assert "s3cret-code" not in (config_dir / "settings.json").read_text(encoding="utf-8")
    assert memory_keyring.passwords[("postalgui:homologacao", "login")] == "hom.user"
    assert memory_keyring.passwords[("postalgui:homologacao", "access_code")] == "s3cret-code"
    assert context.settings.environment is Environment.HOMOLOGATION
    assert context.login == "hom.user"


def test_ok_keeps_the_demo_login_out_of_the_keyring(
    context: AppContext, runner: TaskRunner, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert memory_keyring.passwords == {}
    assert context.saved_settings.first_run_done


def test_cancel_saves_nothing(
    context: AppContext, runner: TaskRunner, memory_keyring: MemoryKeyring, config_dir: Path, qtbot: QtBot
) -> None:
    before = context.saved_settings
    dialog = _dialog(context, runner, qtbot)
    _choose(dialog, Environment.PRODUCTION)
    _type(qtbot, dialog.login_edit, "prod.user")
    _type(qtbot, dialog.access_code_edit, "prod-code")
    _type(qtbot, dialog.card_edit, "1")
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert not (config_dir / "settings.json").exists()
    assert memory_keyring.passwords == {}
    assert context.saved_settings == before


def test_test_connection_shows_what_the_sandbox_answered(
    context: AppContext, runner: TaskRunner, config_dir: Path, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    with qtbot.waitSignal(dialog.connectionTested, timeout=TEST_TIMEOUT_MS) as blocker:
        dialog.test_button.click()
        assert not dialog.test_button.isEnabled()
        assert dialog.test_button.text() == "Testing…"
    report = blocker.args[0]
    text = dialog.result_text()
    assert "Connected" in text
    assert "LOCAL" in text
    assert f"Profile:{report.perfil}" in text.replace("\t", "").replace("\n", "").replace(" ", "")
    assert "11.222.333/0001-81" in text
    assert "Posting card 0074512345" in text
    assert "34 Preço" in text
    assert "35 Prazo" in text
    assert dialog.test_button.isEnabled()
    assert dialog.test_button.text() == "&Test connection"
    assert not (config_dir / "settings.json").exists()  # testing saves nothing


def test_test_connection_shows_the_operator_error(
    context: AppContext, runner: TaskRunner, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    _type(qtbot, dialog.access_code_edit, "wrong-code")
    with qtbot.waitSignal(dialog.connectionTested, timeout=TEST_TIMEOUT_MS) as blocker:
        dialog.test_button.click()
    assert isinstance(blocker.args[0], Exception)
    text = dialog.result_text()
    assert "Connection failed" in text, text
    assert "GTW-002: Usuário ou código de acesso inválido (HTTP 401)" in text
    assert dialog.test_button.isEnabled()
    assert memory_keyring.passwords == {}


def test_closing_the_dialog_cancels_a_running_test(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    outcomes: list[object] = []
    dialog.connectionTested.connect(outcomes.append)
    dialog.test_button.click()
    handle = dialog.connection_test.handle
    assert handle is not None
    dialog.reject()
    assert handle.cancelled
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=TEST_TIMEOUT_MS)
    assert outcomes == []
