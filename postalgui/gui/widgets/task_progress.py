"""A long task's progress bar and its Cancel button, side by side, shown while it runs.

The Branches tab's country download and the Tracking tab's refresh both show one: the
bar carries its own text ("Asking the operator: 150 of 10,000"), the button says what
cancelling keeps.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QWidget

from postalgui.api.cancel import Progress

__all__ = ["show_progress", "task_progress"]


def task_progress(
    owner: QWidget, name: str, cancel_text: str, cancel_tip: str, on_cancel: Callable[[], None]
) -> tuple[QProgressBar, QPushButton]:
    """The bar and the button (both hidden) laid out in ``owner``; object names
    ``<name>Progress`` and ``<name>CancelButton``."""
    bar = QProgressBar(owner)
    bar.setObjectName(f"{name}Progress")
    bar.setAlignment(Qt.AlignmentFlag.AlignCenter)  # the text inside the bar in every style
    bar.hide()
    button = QPushButton(cancel_text, owner)
    button.setObjectName(f"{name}CancelButton")
    button.setToolTip(cancel_tip)
    button.hide()
    button.clicked.connect(on_cancel)
    layout = QHBoxLayout(owner)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(bar)
    layout.addWidget(button)
    return bar, button


def show_progress(bar: QProgressBar, button: QPushButton, progress: Progress) -> None:
    """The bar at ``progress`` (busy while its total is unknown; its text when it has one),
    and the button, both shown."""
    bar.setRange(0, progress.total or 0)
    bar.setValue(progress.done)
    if progress.text:
        bar.setFormat(progress.text)
    bar.show()
    button.show()
