"""The settings' Claims box: its values load, a bad one names the field and the rule, OK saves
them, and "Restore defaults" puts the consumer guides' compensation table back."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QLineEdit
from pytestqt.qtbot import QtBot

from postalgui.api.models.claims import Packaging
from postalgui.gui.tasks import TaskRunner
from postalgui.services.claims.compensation import CompensationTable, Family
from postalgui.services.context import AppContext
from tests.gui.alt_letters import shown_letters
from tests.gui.test_settings_tracking import _dialog, _type  # the same dialog, typed into alike


def test_the_claims_box_shows_the_saved_values(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    dialog = _dialog(context, runner, qtbot)
    page = dialog.claims_page
    assert page.email_edit.text() == ""
    assert page.phone_edit.text() == ""
    assert page.lot_edit.text() == "20"
    assert page.follow_edit.text() == "120"
    assert page.package_combo.currentText() == "Box"
    assert page.pac_edit.text() == "5:5; 10:10; :15"
    assert page.sedex_edit.text() == "3:5; 5:10; :15"
    assert page.express_edit.text() == "100"


BAD_VALUES = [
    ("email_edit", "expedicao.empresa.com.br", "reply_email",
     "Reply e-mail must be an address such as nome@empresa.com.br (got 'expedicao.empresa.com.br')"),
    ("phone_edit", "1198765", "phone",
     "Phone must have 10 or 11 digits with the area code, such as (11) 98765-4321 (got '1198765')"),
    ("lot_edit", "80", "lot_size", "Claims per request must be a whole number from 1 to 50 (got '80')"),
    ("follow_edit", "5", "follow_minutes",
     "Follow every must be a whole number of minutes from 15 to 1440 (got '5')"),
    ("pac_edit", "10:5; 5:10; :15", "pac",
     "PAC compensation must be bands of days:percent, growing, the last without days"
     " (e.g. 5:5; 10:10; :15) (got '10:5; 5:10; :15')"),
    ("sedex_edit", "3:5; 5:10", "sedex",
     "SEDEX compensation must be bands of days:percent, growing, the last without days"
     " (e.g. 5:5; 10:10; :15) (got '3:5; 5:10')"),
    ("express_edit", "120", "express_percent",
     "Express compensation must be a percentage from 0 to 100 (got '120')"),
]  # fmt: skip


@pytest.mark.parametrize(("edit", "text", "field", "message"), BAD_VALUES)
def test_a_bad_value_names_the_field_and_the_rule_and_ok_waits(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, edit: str, text: str, field: str, message: str
) -> None:
    dialog = _dialog(context, runner, qtbot)
    assert dialog.ok_button.isEnabled()  # nothing set yet is fine: filing asks for it
    typed_in: QLineEdit = getattr(dialog.claims_page, edit)
    good = typed_in.text() or {"reply_email": "sac@empresa.com.br", "phone": "11987654321"}[field]
    _type(qtbot, typed_in, text)
    assert dialog.field_error(f"claims.{field}") == message
    assert not dialog.ok_button.isEnabled()
    _type(qtbot, typed_in, good)
    assert dialog.field_error(f"claims.{field}") == ""
    assert dialog.ok_button.isEnabled()


def test_ok_saves_the_claims_settings_and_restore_defaults_brings_the_table_back(
    context: AppContext, runner: TaskRunner, config_dir: Path, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    page = dialog.claims_page
    _type(qtbot, page.pac_edit, "1:1; :2")
    page.restore_button.click()
    assert page.pac_edit.text() == "5:5; 10:10; :15"
    _type(qtbot, page.email_edit, "expedicao@empresa.com.br")
    _type(qtbot, page.phone_edit, "1133334444")
    _type(qtbot, page.lot_edit, "10")
    _type(qtbot, page.follow_edit, "30")
    page.package_combo.setCurrentIndex(page.package_combo.findData(Packaging.ENVELOPE.value))
    _type(qtbot, page.sedex_edit, "2:5; 4:10,5; :20")
    _type(qtbot, page.express_edit, "90")
    with qtbot.waitSignal(dialog.settingsSaved):
        dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    saved = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))["claims"]
    assert (saved["reply_email"], saved["phone"], saved["lot_size"], saved["follow_minutes"]) == (
        "expedicao@empresa.com.br",
        "1133334444",
        10,
        30,
    )
    assert saved["package"] == "E"
    claims = context.settings.claims
    assert claims.compensation.percent(Family.SEDEX, 4) == Decimal("10.5")
    assert claims.compensation.percent(Family.SEDEX, 9) == Decimal(20)
    assert claims.compensation.percent(Family.EXPRESS, 1) == Decimal(90)
    assert claims.compensation.pac == CompensationTable().pac


def test_the_dialog_s_alt_letters_stay_unique_with_the_claims_box(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, each_language: str
) -> None:
    dialog = _dialog(context, runner, qtbot)
    letters = shown_letters(dialog)
    assert len(letters) == len(set(letters)), sorted(letters)
    assert each_language in ("en", "pt_BR")


def test_the_phone_hint_reads_whole_at_the_opening_size(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, each_language: str
) -> None:
    """At 1366x768 the reply box showed "area code and n…": the e-mail and phone fields are
    wide enough for an address and the hint, in either language."""
    dialog = _dialog(context, runner, qtbot)
    page = dialog.claims_page
    hint = page.phone_edit.placeholderText()
    for edit in (page.email_edit, page.phone_edit):
        assert edit.width() >= edit.fontMetrics().horizontalAdvance(hint) + 12, (each_language, edit.width())
