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
from datetime import date
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import QApplication, QStyle

from postalgui.api.values.text import fold
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.row_table import Column, PositionTableModel
from postalgui.gui.tabs.tracking.object_index import ObjectIndex
from postalgui.gui.tabs.tracking.words import (
    day_text,
    days_late_text,
    moment_text,
    return_mark,
    status_text,
    timing_word,
)
from postalgui.services.tracking.lateness import Timing
from postalgui.services.tracking.records import WatchedObject

__all__ = ["ObjectColumn", "ObjectModel"]


class ObjectColumn(IntEnum):
    CODE = 0
    STATUS = 1
    LAST_EVENT = 2
    WHERE = 3
    SINCE = 4
    EXPECTED = 5
    DAYS_LATE = 6
    TAG = 7


_COLUMNS: tuple[Column[Any], ...] = (
    Column(QT_TRANSLATE_NOOP("ObjectModel", "Code")),
    Column(QT_TRANSLATE_NOOP("ObjectModel", "Status")),
    Column(QT_TRANSLATE_NOOP("ObjectModel", "Last event")),
    Column(QT_TRANSLATE_NOOP("ObjectModel", "Where")),
    Column(QT_TRANSLATE_NOOP("ObjectModel", "Since")),
    Column(QT_TRANSLATE_NOOP("ObjectModel", "Expected")),
    Column(QT_TRANSLATE_NOOP("ObjectModel", "Days late"), numeric=True),
    Column(QT_TRANSLATE_NOOP("ObjectModel", "Tag")),
)


class ObjectModel(PositionTableModel):
    """Rows are positions into the loaded `ObjectIndex`, in `ObjectColumn` order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self._index = ObjectIndex((), date.today())
        self._status_texts: dict[int, str] = {}
        self._late_colour: QColor | None = None
        self._late_icon: QIcon | None = None

    # --- the data --------------------------------------------------------------------------

    def set_index(self, index: ObjectIndex, rows: Sequence[int] | None = None) -> None:
        """A newly loaded list; every object shown unless ``rows`` says which."""
        self.beginResetModel()
        self._index = index
        self._status_texts = {}
        self._late_colour = None  # the palette may have changed (a dark theme): asked again
        self.clear_order()
        self._rows = self.ordered(range(len(index)) if rows is None else rows)
        self.endResetModel()

    def set_rows(self, rows: Sequence[int]) -> None:
        """Show the objects at these positions (the filter's answer), in the sort order."""
        self.show_positions(rows)

    def size(self) -> int:
        return len(self._index)

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
        return None if position is None else self.row_of_position(position)

    def status_display(self, position: int) -> str:
        found = self._status_texts.get(position)
        if found is None:
            watched = self._index.objects[position]
            found = status_text(watched.status, watched.problem, watched.pickup_until)
            self._status_texts[position] = found
        return found

    # --- sorting ---------------------------------------------------------------------------

    def row_key(self, position: int, column: int) -> object:
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
            tag = self.display(position, column)
            return (fold(tag), watched.code) if tag else None
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
        if self._index.returns[position]:  # coming back: the mark before its tag
            return f"{return_mark()} \N{MIDDLE DOT} {watched.tag}" if watched.tag else return_mark()
        return watched.tag

    def foreground(self, position: int, column: int) -> QColor | None:
        """A late row's text in red, every column."""
        if not self._index.lateness[position].late:
            return None
        if self._late_colour is None:
            self._late_colour = error_colour()
        return self._late_colour

    def decoration(self, position: int, column: int) -> QIcon | None:
        """A late row's warning icon, beside its code."""
        if column != ObjectColumn.CODE or not self._index.lateness[position].late:
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
