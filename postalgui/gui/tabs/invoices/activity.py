"""The invoice list's footer line of work under way: the latest task's text and a busy bar."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QProgressBar, QWidget

__all__ = ["ActivityIndicator"]


class ActivityIndicator:
    """Texts of the tasks running now, by task key; the last one started is shown."""

    def __init__(self, parent: QWidget) -> None:
        self._texts: dict[str, str] = {}
        self.busy_bar = QProgressBar(parent)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.hide()
        self.label = QLabel(parent)
        self.label.setObjectName("invoiceActivity")

    def set(self, key: str, text: str | None) -> None:
        """Show ``text`` for the task ``key``; ``None`` when it ended."""
        if text is None:
            self._texts.pop(key, None)
        else:
            self._texts[key] = text
        texts = list(self._texts.values())
        self.label.setText(texts[-1] if texts else "")
        self.busy_bar.setVisible(bool(texts))
