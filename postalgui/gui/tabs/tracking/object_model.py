"""`ObjectModel`: the watched objects shown in the Tracking table, in a chosen order.

The loaded list comes with its `ObjectIndex` (`set_index`); each keystroke of the filter
bar hands the positions it keeps (`set_rows`), and they are put in the current sort order
through the full list's order, worked out once per sort column (as `UnitModel` does:
sorting the kept rows on every keystroke would cost more than the filter itself). Sort
keys are native: days late sort as numbers, dates as dates. A late row stands out from
across the room: its text in the palette's red and a warning icon beside its code, not
only a number in the last columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QModelIndex, QObject, Qt
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import QApplication, QStyle

from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.key_sorted import KeySortedModel
from postalgui.gui.models.position_order import PositionOrder
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.models.row_table import ALIGN_LEFT, ALIGN_RIGHT, header_data, row_flags
from postalgui.gui.models.row_table import ModelIndex as Index
from postalgui.gui.tabs.tracking.object_index import ObjectIndex
from postalgui.gui.tabs.tracking.words import (
    day_text,
    days_late_text,
    moment_text,
    status_text,
    timing_word,
)
from postalgui.services.branches.index import fold
from postalgui.services.tracking.lateness import Timing
from postalgui.services.tracking.records import WatchedObject

__all__ = ["ObjectColumn", "ObjectModel"]

_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)
_DECORATION = int(Qt.ItemDataRole.DecorationRole.value)
_ROOT = QModelIndex()


class ObjectColumn(IntEnum):
    CODE = 0
    STATUS = 1
    LAST_EVENT = 2
    WHERE = 3
    SINCE = 4
    EXPECTED = 5
    DAYS_LATE = 6
    TAG = 7


_HEADERS: tuple[object, ...] = (  # QT_TRANSLATE_NOOP is typed object; it returns the str
    QT_TRANSLATE_NOOP("ObjectModel", "Code"),
    QT_TRANSLATE_NOOP("ObjectModel", "Status"),
    QT_TRANSLATE_NOOP("ObjectModel", "Last event"),
    QT_TRANSLATE_NOOP("ObjectModel", "Where"),
    QT_TRANSLATE_NOOP("ObjectModel", "Since"),
    QT_TRANSLATE_NOOP("ObjectModel", "Expected"),
    QT_TRANSLATE_NOOP("ObjectModel", "Days late"),
    QT_TRANSLATE_NOOP("ObjectModel", "Tag"),
)
_COLUMN_COUNT = len(ObjectColumn)
_DAYS_LATE = int(ObjectColumn.DAYS_LATE)


class ObjectModel(KeySortedModel):
    """Rows are positions into the loaded `ObjectIndex`, in `ObjectColumn` order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._index = ObjectIndex((), date.today())
        self._status_texts: dict[int, str] = {}
        self._order = PositionOrder()
        self._late_colour: QColor | None = None
        self._late_icon: QIcon | None = None

    # --- the data --------------------------------------------------------------------------

    def set_index(self, index: ObjectIndex, rows: Sequence[int] | None = None) -> None:
        """A newly loaded list; every object shown unless ``rows`` says which."""
        self.beginResetModel()
        self._index = index
        self._status_texts = {}
        self._late_colour = None  # the palette may have changed (a dark theme): asked again
        self._order.clear()
        self._rows = self._ordered(range(len(index)) if rows is None else rows)
        self.endResetModel()

    def set_rows(self, rows: Sequence[int]) -> None:
        """Show the objects at these positions (the filter's answer), in the sort order."""
        ordered = self._ordered(rows)
        if ordered == self._rows:
            return
        self.beginResetModel()
        self._rows = ordered
        self.endResetModel()

    @property
    def index_of_objects(self) -> ObjectIndex:
        return self._index

    def watched(self, row: int) -> WatchedObject:
        return self._index.objects[int(self._rows[row])]

    def shown_objects(self) -> list[WatchedObject]:
        """The objects shown, in the table's order."""
        objects = self._index.objects
        return [objects[position] for position in self._rows]

    def row_of_code(self, code: str) -> int | None:
        position = self._index.position(code)
        if position is None:
            return None
        try:
            return self._rows.index(position)
        except ValueError:
            return None

    def status_display(self, position: int) -> str:
        found = self._status_texts.get(position)
        if found is None:
            watched = self._index.objects[position]
            found = status_text(watched.status, watched.problem, watched.pickup_until)
            self._status_texts[position] = found
        return found

    # --- sorting ---------------------------------------------------------------------------

    def _key(self, position: int, column: int) -> object:
        watched = self._index.objects[position]
        if column == ObjectColumn.CODE:
            return watched.code
        if column == ObjectColumn.STATUS:
            return (fold(self.status_display(position)), watched.code)
        if column == ObjectColumn.LAST_EVENT:
            return (fold(watched.last_event), watched.code) if watched.last_event else None
        if column == ObjectColumn.WHERE:
            return (fold(watched.last_place), watched.code) if watched.last_place else None
        if column == ObjectColumn.SINCE:
            return watched.last_at
        if column == ObjectColumn.EXPECTED:
            return watched.expected_on
        if column == ObjectColumn.DAYS_LATE:
            lateness = self._index.lateness[position]
            return lateness.days if lateness.late else None
        if column == ObjectColumn.TAG:
            return (fold(watched.tag), watched.code) if watched.tag else None
        return None

    def sort_key(self, row: int, column: int) -> object:
        return self._key(self._rows[row], column)

    def _ordered(self, rows: Sequence[int] | range) -> list[int]:
        return self._order.ordered(rows, len(self._index), self._sorting, self._key)

    def _resort(self) -> None:
        """A header was clicked: the shown rows in the new order (the full order again)."""
        if self._sorting is None:
            return
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        codes = [self._index.objects[self._rows[index.row()]].code for index in before]
        self._rows = self._ordered(self._rows)
        after = []
        for index, code in zip(before, codes, strict=True):
            row = self.row_of_code(code)
            after.append(self.index(row, index.column()) if row is not None else QModelIndex())
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    # --- Qt --------------------------------------------------------------------------------

    def headers(self) -> tuple[str, ...]:
        return tuple(QCoreApplication.translate("ObjectModel", str(title)) for title in _HEADERS)

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else _COLUMN_COUNT

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return header_data(self.headers(), (_DAYS_LATE,), section, orientation, role)

    def flags(self, index: Index) -> Qt.ItemFlag:
        return row_flags(index)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row, column = index.row(), index.column()
        if not (0 <= row < len(self._rows) and 0 <= column < _COLUMN_COUNT):
            return None
        position = self._rows[row]
        if role == _DISPLAY:
            return self.display(position, column)
        if role == _ALIGNMENT:
            return ALIGN_RIGHT if column == _DAYS_LATE else ALIGN_LEFT
        if role == _TOOLTIP:
            return self.tooltip(position, column)
        if role in (_FOREGROUND, _DECORATION):
            return self.late_mark(position, column, role)
        if role == SORT_ROLE:
            key = self._key(position, column)
            return str(key) if isinstance(key, tuple | date | datetime) else key
        return None

    def display(self, position: int, column: int) -> str:
        watched = self._index.objects[position]
        if column == ObjectColumn.CODE:
            return watched.code
        if column == ObjectColumn.STATUS:
            return self.status_display(position)
        if column == ObjectColumn.LAST_EVENT:
            return watched.last_event or watched.message
        if column == ObjectColumn.WHERE:
            return watched.last_place
        if column == ObjectColumn.SINCE:
            return moment_text(watched.last_at)
        if column == ObjectColumn.EXPECTED:
            return day_text(watched.expected_on)
        if column == ObjectColumn.DAYS_LATE:
            return days_late_text(self._index.lateness[position])
        return watched.tag

    def late_mark(self, position: int, column: int, role: int) -> QColor | QIcon | None:
        """A late row's red text (every column) and warning icon (beside the code)."""
        if not self._index.lateness[position].late:
            return None
        if role == _FOREGROUND:
            if self._late_colour is None:
                self._late_colour = error_colour()
            return self._late_colour
        if column != ObjectColumn.CODE:
            return None
        if self._late_icon is None:  # the style exists once a view asks
            self._late_icon = QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        return self._late_icon

    def tooltip(self, position: int, column: int) -> str | None:
        watched = self._index.objects[position]
        if column in (ObjectColumn.EXPECTED, ObjectColumn.DAYS_LATE):
            lateness = self._index.lateness[position]
            if lateness.timing is Timing.UNKNOWN:
                return timing_word(lateness.timing)
            source = (
                QCoreApplication.translate("ObjectModel", "the operator's expected date")
                if watched.expected_source == "operator"
                else QCoreApplication.translate("ObjectModel", "the delivery-time service's date")
            )
            return f"{timing_word(lateness.timing)} ({source})"
        if column == ObjectColumn.STATUS and watched.event_code:
            return f"{self.status_display(position)} ({watched.event_code})"
        lateness = self._index.lateness[position]
        if column == ObjectColumn.CODE and lateness.late:  # what its icon means
            days = QCoreApplication.translate(
                "ObjectModel", "%n day(s) past the expected date", "", lateness.days
            )
            return f"{timing_word(lateness.timing)}: {days}"
        return None
