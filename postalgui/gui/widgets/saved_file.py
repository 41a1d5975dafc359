"""`SavedFileReporter`: says where a background export went, or why it failed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind


class SavedFileReporter(QObject):
    """Connect an export task's ``on_result``/``on_error`` to `saved`/`failed`.

    A saved file gets "Saved to …" with an Open folder action; a failure the system's
    or the operator's reason. Signals: ``exported(object)`` with the saved `Path`.
    """

    exported = Signal(object)

    def __init__(self, messages: MessageArea, key: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.messages = messages
        self.key = key
        self._folder: Path | None = None

    @Slot(object)
    def saved(self, path: object) -> None:
        if not isinstance(path, Path):
            return
        self._folder = path.parent
        self.messages.show_message(
            arg(self.tr("Saved to %1"), str(path)),
            MessageKind.INFO,
            key=self.key,
            action_text=self.tr("Open &folder"),
            on_action=self._on_message_action,
        )
        self.exported.emit(path)

    @Slot(object)
    def failed(self, error: object) -> None:
        if not isinstance(error, BaseException):
            return
        reason = (error.strerror or str(error)) if isinstance(error, OSError) else describe_error(error)
        self.messages.show_message(
            arg(self.tr("Could not save the file: %1"), reason), MessageKind.ERROR, key=self.key
        )

    @Slot()
    def _on_message_action(self) -> None:
        if self._folder is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self._folder)))
