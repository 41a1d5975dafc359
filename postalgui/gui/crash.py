"""Unhandled exceptions in any thread: logged, then reported on the GUI thread.

`CrashReporter` installs ``sys.excepthook`` and ``threading.excepthook``; its
``crashed(str)`` signal carries a scrubbed traceback, delivered on the GUI thread
whatever thread failed, so the window can show the crash dialog.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from types import TracebackType

from PySide6.QtCore import QObject, Signal

from postalgui.api.masking import scrub

log = logging.getLogger(__name__)


class CrashReporter(QObject):
    """Signals: ``crashed(str)`` with the scrubbed traceback text."""

    crashed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._previous_sys = sys.excepthook
        self._previous_threading = threading.excepthook
        self._installed = False

    def install(self) -> None:
        sys.excepthook = self._on_sys_exception
        threading.excepthook = self._on_thread_exception
        self._installed = True

    def uninstall(self) -> None:
        if self._installed:
            sys.excepthook = self._previous_sys
            threading.excepthook = self._previous_threading
            self._installed = False

    def report(
        self,
        exc_type: type[BaseException],
        exc: BaseException,
        tb: TracebackType | None,
        where: str = "main thread",
    ) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            return
        text = scrub("".join(traceback.format_exception(exc_type, exc, tb)))
        log.critical("Unhandled exception in %s:\n%s", where, text)
        self.crashed.emit(text)

    def _on_sys_exception(
        self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        self.report(exc_type, exc, tb)

    def _on_thread_exception(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None:
            return
        name = args.thread.name if args.thread is not None else "a thread"
        self.report(args.exc_type, args.exc_value, args.exc_traceback, where=name)
