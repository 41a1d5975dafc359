"""Start-up: configuration errors, and what the GUI modules import."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtWidgets import QMessageBox, QWidget

from postalgui.gui import app as gui_app
from postalgui.gui import i18n


def test_invalid_environment_variable_is_shown_and_exits_2(
    monkeypatch: pytest.MonkeyPatch, qapp: object
) -> None:
    shown: list[str] = []

    def critical(parent: QWidget | None, title: str, text: str) -> QMessageBox.StandardButton:
        del parent, title
        shown.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setenv("POSTALGUI_ENV", "moon")
    monkeypatch.setattr(QMessageBox, "critical", critical)
    monkeypatch.setattr(i18n, "install_translators", lambda app, language: [])  # keep the test's language
    assert gui_app.run_gui([]) == 2
    assert len(shown) == 1
    assert "POSTALGUI_ENV" in shown[0]


def test_the_window_frame_needs_only_qt() -> None:
    """What loads before the window shows: no web stack, no HTTP, no pydantic, no keyring.

    Those come once the frame is on screen (start-up benchmark: tests/benchmarks).
    """
    code = (
        "import sys, postalgui.gui.app, postalgui.gui.main_window; "
        "heavy = ('fastapi', 'uvicorn', 'requests', 'pydantic', 'keyring', 'platformdirs'); "
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"


def test_the_http_client_loads_off_the_gui_thread() -> None:
    """Building the context and attaching the window load no HTTP or web stack, and do
    not look the keyring up: those load inside the first background task."""
    code = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from postalgui.services.context import build_context\n"
        "from postalgui.gui.tasks import TaskRunner\n"
        "from postalgui.gui.main_window import MainWindow\n"
        "window = MainWindow(build_context(), TaskRunner())\n"
        "heavy = ('requests', 'urllib3', 'fastapi', 'uvicorn', 'keyring')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60, env=env
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"
