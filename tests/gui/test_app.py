"""Start-up: configuration errors, and what the GUI modules import."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

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


def test_start_up_runs_without_the_automatic_collector_and_gives_it_back(
    monkeypatch: pytest.MonkeyPatch, qapp: object
) -> None:
    """Off while the app loads (the session's collector takes it over), on again after
    an early exit (here: an invalid environment variable)."""
    collecting: list[bool] = []

    def critical(parent: QWidget | None, title: str, text: str) -> QMessageBox.StandardButton:
        del parent, title, text
        collecting.append(gc.isenabled())
        return QMessageBox.StandardButton.Ok

    monkeypatch.setenv("POSTALGUI_ENV", "moon")
    monkeypatch.setattr(QMessageBox, "critical", critical)
    monkeypatch.setattr(i18n, "install_translators", lambda app, language: [])
    assert gc.isenabled()
    assert gui_app.run_gui([]) == 2
    assert collecting == [False]
    assert gc.isenabled()


def test_the_window_frame_needs_only_qt() -> None:
    """What loads before the window shows: no web stack, no HTTP, no pydantic, no keyring;
    not even Qt's namespace ``Qt``, whose first use makes its hundred Python enums.

    Those come once the frame is on screen (start-up benchmark: tests/benchmarks).
    """
    code = (
        "import sys, postalgui.gui.app, postalgui.gui.main_window; "
        "heavy = ('fastapi', 'uvicorn', 'requests', 'pydantic', 'keyring', 'platformdirs'); "
        "print(sorted(m for m in heavy if m in sys.modules), 'Qt' in sys.modules['PySide6.QtCore'].__dict__)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[] False"


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


GUI_THREAD_ONLY = """
import os, sys
from PySide6.QtCore import QEvent, QObject, QThread, QThreadPool, QTimer
from PySide6.QtWidgets import QApplication, QStackedWidget, QTabWidget
import threading

QThreadPool.start = lambda *args, **kwargs: None  # the GUI thread's work only
QThreadPool.tryStart = lambda *args, **kwargs: True
QThread.start = lambda *args, **kwargs: None
threading.Thread.start = lambda *args, **kwargs: None
"""

RUN_APP = """
app = QApplication(["postalgui"])
watch = Watch()
app.installEventFilter(watch)
from postalgui.gui.app import run_gui
run_gui([])
"""

FIRST_PAINT = (
    GUI_THREAD_ONLY
    + """
HEAVY = {heavy!r}

class Watch(QObject):
    def eventFilter(self, watched, event):
        stack = watched.parent() if event.type() == QEvent.Type.Paint else None
        tabs = stack.parent() if isinstance(stack, QStackedWidget) else None
        if isinstance(tabs, QTabWidget) and tabs.currentWidget() is watched:
            print(sorted(m for m in HEAVY if m in sys.modules), flush=True)
            os._exit(0)
        return False
"""
    + RUN_APP
)


def start_up(tmp_path: Path, code: str) -> str:
    """The last line ``code`` prints, run in a child on a first-run-done settings file."""
    (tmp_path / "settings.json").write_text('{"schema_version": 1, "first_run_done": true}')
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "POSTALGUI_CONFIG_DIR": str(tmp_path),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120, env=env
    )
    return result.stdout.strip().splitlines()[-1]


def test_the_first_paint_loads_no_database_documents_or_web_stack(tmp_path: Path) -> None:
    """Until the visible tab (Prices) has painted, the GUI thread loads none of these:
    the office database's SQLAlchemy, the documents' reportlab, the spreadsheets'
    openpyxl, the barcode reader, the sandbox's web stack, the HTTP client, the keyring,
    pydantic and the settings' models (the first paint reads a first look at the file),
    the other features' ports. They load on first use or in background tasks (start-up
    benchmark: tests/benchmarks)."""
    heavy = (
        "sqlalchemy", "alembic", "psycopg", "reportlab", "openpyxl", "zxingcpp",
        "fastapi", "uvicorn", "starlette", "requests", "keyring", "postalgui.sandbox.app",
        "pydantic", "postalgui.services.settings", "postalgui.services.price.price_settings",
        # the other features' ports: each loads with its service, on first use
        "postalgui.services.attendance.ports", "postalgui.services.branches.ports",
        "postalgui.services.contracts.ports", "postalgui.services.invoices.ports",
        "postalgui.services.office.ports",
    )  # fmt: skip
    assert start_up(tmp_path, FIRST_PAINT.format(heavy=heavy)) == "[]"


ONE_PAINT = (
    GUI_THREAD_ONLY
    + """
seen = {"Paint": 0, "Move": 0, "Resize": 0, "LanguageChange": 0}
paints = []  # the tab's paints before the event loop's first turn after its first paint

def turn(left):
    # Paints until the first turn (later ones show what the first tasks say); moves,
    # sizes and language changes until the tenth: all the event loop had queued.
    if not paints:
        paints.append(seen["Paint"])
    if left:
        QTimer.singleShot(0, lambda: turn(left - 1))
        return
    print(paints[0], seen["Move"], seen["Resize"], seen["LanguageChange"], flush=True)
    os._exit(0)

class Watch(QObject):
    tab = None  # the window's visible tab, once painted

    def eventFilter(self, watched, event):
        kind = event.type()
        stack = watched.parent() if kind == QEvent.Type.Paint else None
        tabs = stack.parent() if isinstance(stack, QStackedWidget) else None
        if self.tab is None and isinstance(tabs, QTabWidget) and tabs.currentWidget() is watched:
            self.tab = watched
            QTimer.singleShot(0, lambda: turn(9))
        elif watched is self.tab and kind.name in ("Paint", "Move", "Resize"):
            seen[kind.name] += 1
        elif self.tab is not None and kind == QEvent.Type.LanguageChange and watched.isWidgetType():
            seen["LanguageChange"] += 1
        return False
"""
    + RUN_APP
)


def test_the_window_is_laid_out_and_painted_once_before_its_first_input(tmp_path: Path) -> None:
    """The visible tab is painted once at start-up and does not move after: the menu and
    status bars are shown before that paint, the updates asked for while the window was
    built are painted by it, and the translators' language change reached the frame
    alone. Before, the event loop showed the bars after the first paint (the tab moved
    down), and laid out and painted every widget again (start-up benchmark)."""
    # the tab's paints again, its moves and resizes, the widgets' language changes
    assert start_up(tmp_path, ONE_PAINT) == "0 0 0 0"
