"""`UnitModel`: the units shown in the list, a subset of the loaded set in a chosen order.

The loaded set (up to the whole country, ~12,000 units) is given once (`set_units`);
each keystroke of the local filter hands the positions it keeps (`set_rows`), and the
model puts them in the current sort order with one Python sort over cached keys
(`KeySortedModel`'s reason: a Qt proxy would call back into Python twice per
comparison). Opening states depend on the clock: they are computed for the rows a view
asks for, cached for the current minute (`set_now`), and only a sort by "Open now" or
"Closes at" computes them for every row shown. Distances come from whoever knows the
point (`set_distances`, the index's haversine per unit).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject
from PySide6.QtGui import QGuiApplication, QPalette

from postalgui.api.models.branches import Unit, UnitStatusCode
from postalgui.api.values.text import fold
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.models.branch_words import (
    opening_text,
    place_text,
    status_meaning,
    status_word,
    type_word,
)
from postalgui.gui.models.row_table import Column, PositionTableModel
from postalgui.services.branches.hours import WEEK, OpeningState, minute_of_week, unit_opening
from postalgui.services.branches.index import BranchIndex

__all__ = ["UnitColumn", "UnitModel", "distance_text", "open_now_words"]


class UnitColumn(IntEnum):
    NAME = 0
    TYPE = 1
    STATUS = 2
    PLACE = 3
    DISTANCE = 4
    OPEN_NOW = 5
    CLOSES_AT = 6


_COLUMNS: tuple[Column[Any], ...] = (
    Column(QT_TRANSLATE_NOOP("UnitModel", "Name")),
    Column(QT_TRANSLATE_NOOP("UnitModel", "Type")),
    Column(QT_TRANSLATE_NOOP("UnitModel", "Status")),
    Column(QT_TRANSLATE_NOOP("UnitModel", "Municipality/UF")),
    Column(QT_TRANSLATE_NOOP("UnitModel", "Distance"), numeric=True),
    Column(QT_TRANSLATE_NOOP("UnitModel", "Open now")),
    Column(QT_TRANSLATE_NOOP("UnitModel", "Closes at")),
)


def distance_text(km: float | None) -> str:
    """``12,3 km`` (Portuguese) / ``12.3 km``; metres under one kilometre."""
    if km is None:
        return ""
    locale = app_locale()
    if km < 1:
        return f"{locale.toString(round(km * 1000))} m"
    return f"{locale.toString(km, 'f', 1)} km"


def open_now_words() -> list[str]:
    """Every word the "Open now" column can show, in the interface's language."""
    return [
        QCoreApplication.translate("UnitModel", "Open"),
        QCoreApplication.translate("UnitModel", "Closed"),
        QCoreApplication.translate("UnitModel", "Lunch break"),
        QCoreApplication.translate("UnitModel", "No hours"),
    ]


class UnitModel(PositionTableModel):
    """Loaded units; the rows are positions into them (`position`), in `UnitColumn` order."""

    def __init__(self, parent: QObject | None = None, now: datetime | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self._units: list[Unit] = []
        self._names: list[str | None] = []
        self._now = now or datetime.now(UTC)
        self._states: dict[int, OpeningState] = {}
        self._distances: Sequence[float] | None = None
        self._index: BranchIndex | None = None
        self._words: dict[tuple[object, object], str] = {}

    # --- the data --------------------------------------------------------------------------

    def set_units(
        self, units: Sequence[Unit], rows: Sequence[int] | None = None, index: BranchIndex | None = None
    ) -> None:
        """A new loaded set; every unit shown unless ``rows`` says which.

        With the set's ``index`` a sort by "Open now" reads its per-minute mask instead
        of working out 12,000 opening states on the GUI thread.
        """
        self.beginResetModel()
        self.clear_order()
        self._index = index
        self._units = list(units)
        self._names = [None] * len(self._units)
        self._states = {}
        self._distances = None
        self._rows = self.ordered(range(len(self._units)) if rows is None else rows)  # sorts them all once
        self.endResetModel()

    def set_rows(self, rows: Sequence[int]) -> None:
        """Show the units at these positions (the local filter's answer), in the sort order."""
        self.show_positions(rows)

    def size(self) -> int:
        return len(self._units)

    def set_now(self, now: datetime) -> None:
        """The clock moved: opening states are computed again for ``now`` (aware)."""
        self._now = now
        self._states = {}
        self.clear_order()
        self._resort()
        self._refresh_columns(UnitColumn.OPEN_NOW, UnitColumn.CLOSES_AT)

    @property
    def now(self) -> datetime:
        return self._now

    def set_distances(self, distances: Sequence[float] | None) -> None:
        """Kilometres from the picked place, one per loaded unit; ``None``: no place."""
        self._distances = distances
        self.clear_order()
        self._resort()
        self._refresh_columns(UnitColumn.DISTANCE, UnitColumn.DISTANCE)

    def has_distances(self) -> bool:
        return self._distances is not None

    def units(self) -> list[Unit]:
        """The loaded set (every unit, shown or not)."""
        return self._units

    def shown_units(self) -> list[Unit]:
        """The units shown, in the list's order."""
        return [self._units[position] for position in self._rows]

    def positions(self) -> list[int]:
        """Positions of the units shown, in the list's order."""
        return list(self._rows)

    def unit(self, row: int) -> Unit:
        position: int = self._rows[row]
        return self._units[position]

    def position(self, row: int) -> int:
        return int(self._rows[row])

    def state(self, position: int) -> OpeningState:
        """The unit's opening state now (cached for the current `now`)."""
        found = self._states.get(position)
        if found is None:
            found = unit_opening(self._units[position], self._now)
            self._states[position] = found
        return found

    def distance(self, position: int) -> float | None:
        if self._distances is None or not 0 <= position < len(self._distances):
            return None
        value = float(self._distances[position])
        return value if value == value and value >= 0 else None  # NaN: no coordinates

    # --- sorting ---------------------------------------------------------------------------

    def _name(self, position: int) -> str:
        name = self._names[position]
        if name is None:
            name = fold(self._units[position].nome)
            self._names[position] = name
        return name

    def row_key(self, position: int, column: int) -> object:
        unit = self._units[position]
        if column == UnitColumn.NAME:
            return self._name(position)
        if column == UnitColumn.TYPE:
            return (fold(type_word(unit)), self._name(position))
        if column == UnitColumn.STATUS:
            return (fold(status_word(unit.status)), self._name(position))
        if column == UnitColumn.PLACE:
            address = unit.endereco
            return (
                fold(address.municipio or address.localidade or ""),
                address.uf or "",
                self._name(position),
            )
        if column == UnitColumn.DISTANCE:
            return self.distance(position)
        if column == UnitColumn.OPEN_NOW:
            if self._index is not None:
                known = bool(self._index.weeks[position])
                rank = 0 if self._index.open_mask(self._now)[position] else (1 if known else 2)
            else:
                state = self.state(position)
                rank = 0 if state.open else (1 if state.known else 2)
            return (rank, self._name(position))
        if column == UnitColumn.CLOSES_AT:
            if self._index is not None:
                minutes = self._closes_in(position)
                return None if minutes is None else (minutes, self._name(position))
            state = self.state(position)
            if not state.open:
                return None
            if state.closes_at is None:  # open all day and night: closes last
                return (1 << 30, self._name(position))
            return (int((state.closes_at - self._now).total_seconds() // 60), self._name(position))
        return None

    def _word(self, words: Callable[[Any], str], value: Any) -> str:
        """Folded words of a code (or a municipality), worked out once per value."""
        key = (words, value if isinstance(value, str) or value is None else id(value))
        found = self._words.get(key)
        if found is None:
            found = fold(words(value))
            self._words[key] = found
        return found

    def _closes_in(self, position: int) -> int | None:
        """Minutes until the unit closes (from the index's week; ``None`` when closed)."""
        index = self._index
        if index is None or not index.open_mask(self._now)[position]:
            return None
        week = index.weeks[position]
        if week == ((0, WEEK),):
            return 1 << 30  # open all week: closes last
        minute = minute_of_week(
            self._now.astimezone(UTC).replace(tzinfo=None) + timedelta(minutes=index.offsets[position])
        )
        for start, end in week:
            if start <= minute < end:
                if end == WEEK and week[0][0] == 0:  # runs on past Sunday midnight
                    end += week[0][1]
                return end - minute
        return None

    # --- cells -----------------------------------------------------------------------------

    def display(self, position: int, column: int) -> str:
        unit = self._units[position]
        if column == UnitColumn.NAME:
            return unit.nome
        if column == UnitColumn.TYPE:
            return type_word(unit)
        if column == UnitColumn.STATUS:
            return status_word(unit.status)
        if column == UnitColumn.PLACE:
            return place_text(unit)
        if column == UnitColumn.DISTANCE:
            return distance_text(self.distance(position))
        state = self.state(position)
        if column == UnitColumn.OPEN_NOW:
            if state.status is not None:
                return QCoreApplication.translate("UnitModel", "Closed")
            if not state.known:
                return QCoreApplication.translate("UnitModel", "No hours")
            if state.open:
                return QCoreApplication.translate("UnitModel", "Open")
            if state.on_lunch:
                return QCoreApplication.translate("UnitModel", "Lunch break")
            return QCoreApplication.translate("UnitModel", "Closed")
        if state.open:
            if state.closes_at is None:
                return QCoreApplication.translate("UnitModel", "Open 24 hours")
            return state.closes_at.strftime("%H:%M")
        return ""

    def tooltip(self, position: int, column: int) -> str | None:
        unit = self._units[position]
        if column == UnitColumn.STATUS:
            meaning = status_meaning(unit.status)
            word = status_word(unit.status)
            return arg(QCoreApplication.translate("UnitModel", "%1 — %2"), word, meaning) if meaning else word
        if column == UnitColumn.TYPE and unit.tipoUnidade is not None:
            return arg(
                QCoreApplication.translate("UnitModel", "%1 (operator's type %2, %3)"),
                type_word(unit),
                unit.tipoUnidade.codigo,
                unit.tipoUnidade.descricao or unit.tipoUnidade.sigla,
            )
        if column in (UnitColumn.OPEN_NOW, UnitColumn.CLOSES_AT):
            return opening_text(self.state(position), self._now)
        return None

    def foreground(self, position: int, column: int) -> object:
        if self._units[position].known_status is UnitStatusCode.INSTALADO:
            return None
        return QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)

    def _refresh_columns(self, first: int, last: int) -> None:
        if self._rows:
            self.dataChanged.emit(self.index(0, first), self.index(len(self._rows) - 1, last))
