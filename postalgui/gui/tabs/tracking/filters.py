"""`FilterBar`: the Tracking table's filters, applied to the loaded list per keystroke.

Status (with "All"), late only (late or overdue), tag (the tags present, and the objects
coming back: returns) and a search box over code, tag, last event and where. Nothing here
asks the network or the database: the tab hands `criteria` to its `ObjectIndex` on every ``changed``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QWidget

from postalgui.gui.tabs.tracking.object_index import Counter, Criteria
from postalgui.gui.tabs.tracking.words import status_word
from postalgui.gui.widgets.search_line import search_line
from postalgui.services.tracking.status import Status

__all__ = ["FilterBar"]

_ANY_TAG = "\x00any"
_RETURNS = "\x00returns"


class FilterBar(QWidget):
    """The filter bar above the table.

    Signals: ``changed()`` when any filter changed (a letter typed, a choice picked);
    ``barChanged()`` too, only when the user changed one of its own controls (the tab lets
    go of a counter's filter then).
    """

    changed = Signal()
    barChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackingFilters")
        self._quiet = False
        self.search_edit = search_line(
            self,
            "trackingSearchEdit",
            self.tr("Search: code, tag, last event, where…"),
            self.tr("Search the list"),
        )
        self.search_edit.setToolTip(self.tr("Filters the objects as you type (Ctrl+F)"))
        self.status_combo = QComboBox(self)
        self.status_combo.setObjectName("trackingStatusCombo")
        self.status_combo.setAccessibleName(self.tr("Status"))
        self.status_combo.addItem(self.tr("All statuses"), "")
        for status in Status:
            self.status_combo.addItem(status_word(status), status.value)
        self.late_check = QCheckBox(self.tr("&Late only"), self)
        self.late_check.setObjectName("trackingLateCheck")
        self.late_check.setToolTip(self.tr("Delivered after the expected date, or past it and not delivered"))
        self.tag_combo = QComboBox(self)
        self.tag_combo.setObjectName("trackingTagCombo")
        self.tag_combo.setAccessibleName(self.tr("Tag"))
        self.tag_combo.setMinimumContentsLength(10)
        self.set_tags(())
        status_label = QLabel(self.tr("Statu&s:"), self)
        status_label.setBuddy(self.status_combo)
        tag_label = QLabel(self.tr("Ta&g:"), self)
        tag_label.setBuddy(self.tag_combo)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search_edit, 3)
        layout.addWidget(status_label)
        layout.addWidget(self.status_combo, 1)
        layout.addWidget(self.late_check)
        layout.addWidget(tag_label)
        layout.addWidget(self.tag_combo, 1)
        self.search_edit.textChanged.connect(self._on_control_changed)
        self.status_combo.currentIndexChanged.connect(self._on_control_changed)
        self.late_check.toggled.connect(self._on_control_changed)
        self.tag_combo.currentIndexChanged.connect(self._on_control_changed)

    def criteria(self, counter: Counter | None = None) -> Criteria:
        status = str(self.status_combo.currentData() or "")
        tag = self.tag_combo.currentData()
        return Criteria(
            text=self.search_edit.text(),
            status=Status(status) if status else None,
            late_only=self.late_check.isChecked(),
            tag=None if tag in (_ANY_TAG, _RETURNS) or tag is None else str(tag),
            counter=counter,
            returns_only=tag == _RETURNS,
        )

    def set_tags(self, tags: Sequence[str]) -> None:
        """The tags present in the list; the one picked stays picked while present."""
        picked = self.tag_combo.currentData()
        self._quiet = True
        try:
            self.tag_combo.clear()
            self.tag_combo.addItem(self.tr("All tags"), _ANY_TAG)
            self.tag_combo.addItem(self.tr("No tag"), "")
            self.tag_combo.addItem(self.tr("↩ Returns"), _RETURNS)
            for tag in tags:
                self.tag_combo.addItem(tag, tag)
            found = self.tag_combo.findData(picked) if picked is not None else -1
            self.tag_combo.setCurrentIndex(max(found, 0))
        finally:
            self._quiet = False
        if picked not in (None, _ANY_TAG) and found < 0:
            self.changed.emit()

    def set_status(self, status: Status | None) -> None:
        self.status_combo.setCurrentIndex(max(self.status_combo.findData(status.value if status else ""), 0))

    def reset(self) -> None:
        """Every filter off (a counter was clicked: it shows exactly its objects)."""
        self._quiet = True
        try:
            self.search_edit.clear()
            self.status_combo.setCurrentIndex(0)
            self.late_check.setChecked(False)
            self.tag_combo.setCurrentIndex(0)
        finally:
            self._quiet = False
        self.changed.emit()

    @Slot()
    def _on_control_changed(self) -> None:
        if self._quiet:
            return
        self.barChanged.emit()
        self.changed.emit()
