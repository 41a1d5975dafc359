"""Qt's own parts of the app: its dialogs in Portuguese, no locale warning, state in our folder.

- In Portuguese, Qt's buttons ("Cancel") and every label of its file dialog read in
  Portuguese: Qt's ``qtbase_pt_BR`` is found, and ours fills what it lacks.
- Started on ``LC_ALL=C``, Qt does not print "Detected locale "C" ..." (`application`).
- Qt's file dialog keeps its state (``QtProject.conf``) in ``POSTALGUI_CONFIG_DIR``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QAbstractButton, QDialogButtonBox, QFileDialog, QLabel
from pytestqt.qtbot import QtBot

from postalgui.gui import i18n
from postalgui.gui.utf8_locale import prefer_utf8_ctype
from postalgui.gui.widgets.window_state import keep_dialog_state_in

ROOT = Path(__file__).resolve().parents[2]
WARNING = "Detected locale"


def _file_dialog(qtbot: QtBot) -> QFileDialog:
    dialog = QFileDialog(None, "x", str(ROOT), "CSV (*.csv)")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    qtbot.addWidget(dialog)
    return dialog


@pytest.mark.parametrize("each_language", ["pt_BR"], indirect=True)
def test_qt_dialogs_speak_portuguese(each_language: str, qtbot: QtBot) -> None:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel | QDialogButtonBox.StandardButton.Save)
    qtbot.addWidget(buttons)
    assert sorted(button.text() for button in buttons.buttons()) == ["Cancelar", "Salvar"]
    dialog = _file_dialog(qtbot)
    labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
    assert labels == ["&Procurar em:", "&Nome do arquivo:", "Arquivos do &tipo:"]
    texts = {button.text() for button in dialog.findChildren(QAbstractButton) if button.text()}
    assert {"&Salvar", "Cancelar"} <= texts


def test_qt_catalog_is_looked_for_in_the_pyside6_package_too() -> None:
    import PySide6

    folders = i18n.qt_translation_dirs()
    bundled = Path(PySide6.__file__).resolve().parent / "Qt" / "translations"
    assert any(Path(folder).resolve() == bundled for folder in folders)
    assert (bundled / "qtbase_pt_BR.qm").is_file()


def test_a_c_locale_gets_a_utf8_character_type_and_keeps_the_rest() -> None:
    env = {"LC_ALL": "C", "LANG": "pt_BR.UTF-8"}
    prefer_utf8_ctype(env)
    assert "LC_ALL" not in env
    assert env["LC_CTYPE"].replace("utf8", "UTF-8") == "C.UTF-8"
    assert env["LC_NUMERIC"] == env["LC_MESSAGES"] == "C"  # the language is still the user's
    utf8 = {"LANG": "en_US.UTF-8"}
    prefer_utf8_ctype(utf8)
    assert utf8 == {"LANG": "en_US.UTF-8"}


def _start_qt(code: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LC_ALL="C", QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, check=True
    )
    return done.stderr


def test_no_locale_warning_at_start_on_a_c_locale() -> None:
    plain = _start_qt("from PySide6.QtWidgets import QApplication; QApplication([])")
    assert WARNING in plain  # what Qt says on its own: the check can see it
    ours = _start_qt(
        "from postalgui.gui.app import application; app = application([]); "
        "from postalgui.gui.i18n import resolve_language; assert resolve_language('') == 'pt_BR'"
    )
    assert WARNING not in ours


def test_file_dialog_state_is_kept_in_the_config_folder(config_dir: Path, qtbot: QtBot) -> None:
    keep_dialog_state_in(config_dir)
    try:
        assert QSettings(QSettings.Scope.UserScope, "QtProject").fileName() == str(
            config_dir / "QtProject.conf"
        )
        dialog = QFileDialog(None, "x", str(ROOT))
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        dialog.show()
        dialog.reject()
        dialog.deleteLater()  # Qt writes its state when the dialog goes
        qtbot.waitUntil(lambda: (config_dir / "QtProject.conf").is_file())
        assert "FileDialog" in (config_dir / "QtProject.conf").read_text(encoding="utf-8")
    finally:
        home = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
        for kind in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(kind, QSettings.Scope.UserScope, home)
