"""The settings' Shipping box: a return's validity in days loads, a bad one names the field and the
rule, OK saves it and keeps the shipping settings the tab remembers (layout, printer)."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from postalgui.gui.dialogs.settings_dialog import SettingsDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext


def _dialog(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> SettingsDialog:
    dialog = SettingsDialog(context, runner)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_the_return_days_load_are_checked_and_saved_with_the_rest_of_shipping(
    context: AppContext, runner: TaskRunner, config_dir: Path, qtbot: QtBot
) -> None:
    context.shipping.remember(context.shipping.settings.updated(layout="a4", printer="Zebra"))
    dialog = _dialog(context, runner, qtbot)
    edit = dialog.shipping_page.return_days_edit
    assert edit.text() == "30"
    assert dialog.field_widget("shipping.return_days") is edit
    edit.clear()
    qtbot.keyClicks(edit, "91")
    assert dialog.field_error("return_days") == (
        "Returns valid for must be a whole number of days from 1 to 90 (got '91')"
    )
    assert not dialog.ok_button.isEnabled()
    edit.clear()
    qtbot.keyClicks(edit, "15")
    assert dialog.ok_button.isEnabled()
    with qtbot.waitSignal(dialog.settingsSaved):
        dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    saved = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert (saved["shipping"]["return_days"], saved["shipping"]["layout"], saved["shipping"]["printer"]) == (
        15,
        "a4",
        "Zebra",
    )
    assert context.shipping.settings.return_days == 15
