"""`TaskGuard`: a widget's background tasks end with the widget."""

from __future__ import annotations

from PySide6.QtCore import QObject, Slot

from postalgui.services.tasks import TaskHandle


class TaskGuard(QObject):
    """Cancels the tasks of a widget when the widget is destroyed, so no callback reaches it.

    Parentless on purpose: it must outlive the widget long enough to hear its
    ``destroyed`` signal (connect it with `watch`).
    """

    def __init__(self) -> None:
        super().__init__()
        self._handles: list[TaskHandle] = []

    def watch(self, widget: QObject) -> None:
        widget.destroyed.connect(self.cancel_all)

    def add(self, handle: TaskHandle) -> TaskHandle:
        self._handles = [h for h in self._handles if not h.finished_event.is_set()]
        self._handles.append(handle)
        return handle

    @Slot()
    def cancel_all(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles = []
