"""The crash dialog: shows the scrubbed traceback, copies it, offers Close and Quit."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from postalgui.gui.dialogs.crash_dialog import CrashDialog

DETAILS = 'Traceback (most recent call last):\n  File "x.py", line 1\nValueError: boom'


def test_crash_dialog_shows_the_details_and_the_log_path(tmp_path: Path, qtbot: QtBot) -> None:
    log_file = tmp_path / "logs" / "postalgui.log"
    dialog = CrashDialog(DETAILS, log_file)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.details() == DETAILS
    assert dialog.details_edit.isReadOnly()
    assert str(log_file) in dialog.log_label.text()
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == f"{DETAILS}\n\nLog file: {log_file}"
    assert dialog.copy_button.text() == "Copied"


def test_close_keeps_the_app_and_quit_asks_to_quit(tmp_path: Path, qtbot: QtBot) -> None:
    dialog = CrashDialog(DETAILS, tmp_path / "postalgui.log")
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.assertNotEmitted(dialog.quitRequested):
        dialog.close_button.click()
    assert not dialog.isVisible()
    dialog.show()
    with qtbot.waitSignal(dialog.quitRequested):
        dialog.quit_button.click()
    assert not dialog.isVisible()
