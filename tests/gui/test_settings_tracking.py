"""The settings' Tracking box: its values load, a bad one names the field and the rule, OK saves them."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QDialog, QLineEdit
from pytestqt.qtbot import QtBot

from postalgui.gui.dialogs.settings_dialog import SettingsDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from postalgui.services.tracking.settings import TrackingSettings


def _dialog(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> SettingsDialog:
    dialog = SettingsDialog(context, runner)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def _type(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    edit.clear()
    qtbot.keyClicks(edit, text)


def test_the_tracking_box_shows_the_saved_values(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    page = dialog.tracking_page
    assert page.refresh_edit.text() == "30"
    assert page.codes_edit.text() == "50"
    assert page.archive_edit.text() == "30"
    assert page.notify_check.isChecked()


def test_a_bad_value_names_the_field_and_the_rule_and_ok_waits(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    page = dialog.tracking_page
    _type(qtbot, page.codes_edit, "80")
    assert (
        dialog.field_error("codes_per_call")
        == "Codes per request must be a whole number from 1 to 50 (got '80')"
    )
    assert not dialog.ok_button.isEnabled()
    _type(qtbot, page.codes_edit, "20")
    _type(qtbot, page.refresh_edit, "2")
    assert dialog.field_error("codes_per_call") == ""
    assert dialog.field_error("refresh_minutes") == (
        "Refresh every must be a whole number of minutes from 5 to 1440 (got '2')"
    )
    _type(qtbot, page.refresh_edit, "15")
    _type(qtbot, page.archive_edit, "abc")
    assert dialog.field_error("archive_after_days") == (
        "Archive delivered on time after must be a whole number of days from 0 to 3650 (0: never) (got 'abc')"
    )
    assert not dialog.ok_button.isEnabled()
    _type(qtbot, page.archive_edit, "0")
    assert dialog.ok_button.isEnabled()


def test_ok_saves_the_tracking_settings(
    context: AppContext, runner: TaskRunner, config_dir: Path, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    page = dialog.tracking_page
    _type(qtbot, page.refresh_edit, "45")
    _type(qtbot, page.codes_edit, "20")
    _type(qtbot, page.archive_edit, "0")
    page.notify_check.setChecked(False)
    with qtbot.waitSignal(dialog.settingsSaved):
        dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    saved = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["tracking"] == {
        "refresh_minutes": 45,
        "codes_per_call": 20,
        "archive_after_days": 0,
        "notify": False,
    }
    assert context.settings.tracking == TrackingSettings(
        refresh_minutes=45, codes_per_call=20, archive_after_days=0, notify=False
    )
