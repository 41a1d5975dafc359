"""Find what a test leaves running in Qt: top-level widgets still alive, QTimers still active.

Used by the autouse fixture in ``tests/conftest.py``. It runs after pytest-qt has
closed the widgets registered with ``qtbot.addWidget`` and after the test's other
fixtures are torn down; deferred deletes are sent first, so a widget closed with
``deleteLater`` is gone by then. Timers are found by watching `QTimer.start` during
the test (a weak reference each, so the watch keeps no timer alive).
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget


def _describe(obj: QObject) -> str:
    name = f" {obj.objectName()!r}" if obj.objectName() else ""
    if isinstance(obj, QWidget):
        title = f" titled {obj.windowTitle()!r}" if obj.windowTitle() else ""
        state = "visible" if obj.isVisible() else "hidden"
        return f"{type(obj).__module__}.{type(obj).__qualname__}{name}{title} ({state})"
    if isinstance(obj, QTimer):
        parent = obj.parent()
        owner = f", child of {type(parent).__qualname__}" if parent is not None else ""
        return f"QTimer{name} (interval {obj.interval()} ms{owner})"
    return f"{type(obj).__qualname__}{name}"


def _flush_deletes() -> None:
    """Run deferred deletes and drop unreachable wrappers (which deletes what Python owned)."""
    for _ in range(2):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QCoreApplication.processEvents()
        gc.collect()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


class QtLeakWatch:
    """What existed before the test, and the timers the test started."""

    def __init__(self) -> None:
        app = QApplication.instance()
        self._before: set[QWidget] = set(QApplication.topLevelWidgets()) if app is not None else set()
        self._timers: list[weakref.ref[QTimer]] = []

    def record_timer(self, timer: QTimer) -> None:
        self._timers.append(weakref.ref(timer))

    def leaks(self) -> tuple[list[QWidget], list[QTimer]]:
        """Top-level widgets created and still alive, timers started and still active."""
        if QApplication.instance() is None:
            return [], []
        # The cheap look first: most tests leave nothing, and a garbage collection after
        # each of 1,600 tests cost the suite minutes. Only a suspect pays for the flush.
        widgets, timers = self._suspects()
        if not widgets and not timers:
            return [], []
        _flush_deletes()
        return self._suspects()

    def _suspects(self) -> tuple[list[QWidget], list[QTimer]]:
        widgets = [w for w in QApplication.topLevelWidgets() if w not in self._before]
        timers: list[QTimer] = []
        for ref in self._timers:
            timer = ref()
            if timer is not None and shiboken6.isValid(timer) and timer.isActive() and timer not in timers:
                timers.append(timer)
        return widgets, timers

    @staticmethod
    def message(widgets: list[QWidget], timers: list[QTimer]) -> str:
        lines = [f"test leaked top-level widget {_describe(w)}" for w in widgets]
        lines += [f"test leaked active {_describe(t)}" for t in timers]
        return "\n".join(lines)

    @staticmethod
    def clean_up(widgets: list[QWidget], timers: list[QTimer]) -> None:
        """Stop and delete what leaked, so the next test starts clean."""
        for timer in timers:
            timer.stop()
        for widget in widgets:
            if shiboken6.isValid(widget):
                widget.close()
                widget.deleteLater()
        _flush_deletes()


@contextmanager
def watching_timers(watch: QtLeakWatch) -> Iterator[None]:
    """Record every QTimer that Python code starts while the block runs."""
    original: Callable[..., Any] = QTimer.start

    def start(self: QTimer, *args: Any, **kwargs: Any) -> None:
        watch.record_timer(self)
        original(self, *args, **kwargs)

    QTimer.start = start  # type: ignore[method-assign]  # a watch over Python's calls only
    try:
        yield
    finally:
        QTimer.start = original  # type: ignore[method-assign]
