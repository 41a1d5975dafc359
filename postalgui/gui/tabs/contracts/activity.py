"""`ActivityIndicator`: what the tab is loading right now, in one line beside a busy bar."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

__all__ = ["ActivityIndicator"]


class ActivityIndicator(QWidget):
    """The latest of the tab's running activities, each keyed by its task key.

    Pages and controllers set their line when a task starts and clear it in its
    ``finished``; the bar shows while any line is set, so the footer says what the tab
    waits for without a dialog.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._activity: dict[str, str] = {}
        self.label = QLabel(self)
        self.label.setObjectName("contractsActivity")
        self.busy_bar = QProgressBar(self)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.hide()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.busy_bar)

    def set_activity(self, key: str, text: str | None) -> None:
        """Show ``text`` for ``key`` (``None``: that activity ended)."""
        if text is None:
            self._activity.pop(key, None)
        else:
            self._activity[key] = text
        texts = list(self._activity.values())
        self.label.setText(texts[-1] if texts else "")
        self.busy_bar.setVisible(bool(texts))

    def texts(self) -> list[str]:
        """The activities under way, oldest first."""
        return list(self._activity.values())
