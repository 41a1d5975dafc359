"""Logging to a rotating file, with secrets scrubbed and Qt's own messages routed in."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

from postalgui.api.masking import ScrubFilter

_QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}
_qt_log = logging.getLogger("qt")


def setup_logging(log_file: Path, level: int = logging.INFO) -> logging.Handler:
    """Send the app's logs to ``log_file`` (1 MiB x 5); returns the handler."""
    log_file.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(
        log_file, maxBytes=1_048_576, backupCount=5, encoding="utf-8"
    )
    handler.setFormatter(
        logging.Formatter("%(asctime)s %(levelname)-7s %(threadName)s %(name)s: %(message)s")
    )
    handler.addFilter(ScrubFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    for noisy in ("urllib3", "uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    return handler


def _qt_message_handler(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    _qt_log.log(_QT_LEVELS.get(mode, logging.WARNING), "%s", message)


def route_qt_messages() -> None:
    """Qt's warnings go to our log instead of stderr."""
    qInstallMessageHandler(_qt_message_handler)
