"""Start-up marks for benchmarks: ``POSTALGUI_STARTUP_PROBE=1`` prints ``shown`` when the main
window first shows and ``content`` once its visible tab has painted, on stdout.

The frozen app has no ``python -c`` to inject a watcher into, so the app carries this
one; `postalgui.__main__` installs it before the window exists. It only listens.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget, QTabWidget

__all__ = ["PROBE_ENV", "install_probe"]

PROBE_ENV = "POSTALGUI_STARTUP_PROBE"


def _say(word: str) -> None:
    sys.stdout.write(word + "\n")
    sys.stdout.flush()


def _is_visible_tab(obj: QObject) -> bool:
    stack = obj.parent()
    tabs = stack.parent() if isinstance(stack, QStackedWidget) else None
    return isinstance(tabs, QTabWidget) and tabs.currentWidget() is obj


class _Probe(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._said: set[str] = set()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Show and isinstance(watched, QMainWindow) and "shown" not in self._said:
            self._said.add("shown")
            _say("shown")
        elif kind == QEvent.Type.Paint and "content" not in self._said and _is_visible_tab(watched):
            self._said.add("content")
            QTimer.singleShot(0, lambda: _say("content"))  # after the paint pass
        return False


def install_probe() -> QApplication:
    """The application, made now, with the probe listening to every event."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(["postalgui"])
    probe = _Probe(app)
    app.installEventFilter(probe)
    return app
