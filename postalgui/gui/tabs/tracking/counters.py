"""`Counters`: what needs a person, counted above the Tracking table.

Waiting at a branch, returned, problem, late or overdue, due today and the total, over the
whole list (not what the filters show). Each is a button: clicking one shows only its
objects (the filter bar is cleared for it), clicking it again (or Total) shows them all.
"""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QAbstractButton, QButtonGroup, QHBoxLayout, QToolButton, QWidget

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tabs.tracking.object_index import Counter, ObjectIndex

__all__ = ["Counters"]


class Counters(QWidget):
    """One checkable button per `Counter`; at most one checked.

    Signals: ``picked()`` when a click changed the checked `Counter` (`checked`: ``None``
    shows all).
    """

    picked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackingCounters")
        self.buttons: dict[Counter, QToolButton] = {}
        self._group = QButtonGroup(self)
        self._group.setExclusive(False)
        self._checked: Counter | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for counter in Counter:
            button = QToolButton(self)
            button.setObjectName(f"trackingCounter_{counter.value}")
            button.setCheckable(counter is not Counter.TOTAL)
            button.setAutoRaise(True)
            self.buttons[counter] = button
            self._group.addButton(button)
            layout.addWidget(button)
        layout.addStretch(1)
        self._group.buttonClicked.connect(self._on_group_button_clicked)
        self.show_counts(None)

    def caption(self, counter: Counter) -> str:
        return {
            Counter.AWAITING_PICKUP: self.tr("Waiting at a branch: %1"),
            Counter.RETURNED: self.tr("Returned: %1"),
            Counter.PROBLEM: self.tr("Problem: %1"),
            Counter.LATE: self.tr("Late or overdue: %1"),
            Counter.DUE_TODAY: self.tr("Expected today: %1"),
            Counter.TOTAL: self.tr("Total: %1"),
        }[counter]

    def show_counts(self, index: ObjectIndex | None) -> None:
        locale = app_locale()
        for counter, button in self.buttons.items():
            count = index.count(counter) if index is not None else 0
            button.setText(arg(self.caption(counter), locale.toString(count)))
            button.setToolTip(self.tr("Show only these objects"))

    def count_text(self, counter: Counter) -> str:
        return self.buttons[counter].text()

    @property
    def checked(self) -> Counter | None:
        return self._checked

    def set_checked(self, counter: Counter | None) -> None:
        """Check ``counter`` (``None``: none), without asking for a filter."""
        self._checked = counter if counter is not Counter.TOTAL else None
        for found, button in self.buttons.items():
            button.setChecked(found is self._checked)

    def click(self, counter: Counter) -> None:
        """As a user's click on ``counter``."""
        self.buttons[counter].click()

    @Slot(QAbstractButton)
    def _on_group_button_clicked(self, button: QAbstractButton) -> None:
        counter = next(found for found, own in self.buttons.items() if own is button)
        if counter is Counter.TOTAL or counter is self._checked:
            self.set_checked(None)
        else:
            self.set_checked(counter)
        self.picked.emit()
