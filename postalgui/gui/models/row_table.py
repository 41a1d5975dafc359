"""`RowTableModel`: the one table-model base: records in rows, columns as data, cells worked
out once when the rows are set.

A model names its columns as `Column` entries (the title, whether it holds numbers, the
header's tooltip, and where it can say it the cell's text, native sort key and tooltip);
each row keeps its record, its texts and its sort keys (`TextRow`), so `data()` is a
look-up: a role picks its answer from a table built once per model, the cell is an index
into a tuple. Nothing is formatted, folded or tested with ``isinstance`` per call (a view
asks for every visible cell on each repaint, several roles each).

Sorting is `KeySortedModel`'s one Python sort over the cached keys (Decimal, date: native
values, absent ones last); a proxy in front of it is a `SortKeyProxy`. Records that arrive
in pages are `PagedTableModel` (`paged.py`), the same base with Qt's lazy loading.

`PositionTableModel` is the same columns and role table for the lists too big to word
up front (the tracked objects, the country's branches: 10,000 rows and more, filtered per
keystroke): its rows are positions into a loaded set, a cell is worded when a view asks,
and the order comes from `PositionOrder` (every position sorted once per sort column).
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt

from postalgui.api.values.text import fold
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.key_sorted import KeySortedModel
from postalgui.gui.models.position_order import PositionOrder
from postalgui.gui.models.roles import SORT_ROLE

__all__ = [
    "ALIGN_LEFT",
    "ALIGN_RIGHT",
    "Column",
    "ColumnTableModel",
    "FilteredRowTableModel",
    "ModelIndex",
    "PositionTableModel",
    "RowTableModel",
    "TextRow",
]

T = TypeVar("T")
R = TypeVar("R")
ModelIndex = QModelIndex | QPersistentModelIndex
ALIGN_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
ALIGN_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_ROOT = QModelIndex()
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren


@dataclass(frozen=True, slots=True)
class TextRow(Generic[T]):
    """One record and its cells: the text shown and the native sort key of each column."""

    item: T
    texts: tuple[str, ...]
    keys: tuple[object, ...]
    failed: bool = False


@dataclass(frozen=True, slots=True)
class Column(Generic[T]):
    """One column as data.

    ``title`` and ``header_tip`` are source texts (marked with ``QT_TRANSLATE_NOOP`` in
    ``context``, else the model's, its class name unless it says another) translated when the
    header is asked. ``text`` words a record's cell and ``key`` gives its native sort key (``None``:
    the folded text); a model whose cells share work (one lookup for two columns) words the
    whole row in `RowTableModel.make_row` instead. ``tip`` is the cell's tooltip; ``alarm``
    shows a failed row's cell in the error colour.
    """

    title: object  # QT_TRANSLATE_NOOP is typed object; it returns the str
    text: Callable[[T], str] | None = None
    key: Callable[[T], object] | None = None
    numeric: bool = False
    header_tip: object = ""
    tip: Callable[[TextRow[T]], str | None] | None = None
    alarm: bool = False
    context: str = ""


class ColumnTableModel(KeySortedModel, Generic[R]):
    """What every table here shares: `Column`s as data (titles, alignment, header tips),
    Qt's counting and flags, and `data()` as a look-up of the role's answer in a table
    built once, called with the row (``self._rows[row]``: a `TextRow`, or a position)
    and the column. A model adds a role of its own with `answer_role`."""

    def __init__(self, columns: Sequence[Column[Any]], parent: QObject | None, context: str) -> None:
        super().__init__(parent)
        self._rows: MutableSequence[R] = []
        self._context = context or type(self).__name__
        self._columns: tuple[Column[Any], ...] = ()
        self._alignments: tuple[Qt.AlignmentFlag, ...] = ()
        self._answers: dict[int, Callable[[R, int], Any]] = {
            int(Qt.ItemDataRole.DisplayRole.value): self.display,
            SORT_ROLE: self.row_key,
            int(Qt.ItemDataRole.TextAlignmentRole.value): self._alignment,
            int(Qt.ItemDataRole.ToolTipRole.value): self.tooltip,
            int(Qt.ItemDataRole.ForegroundRole.value): self.foreground,
            int(Qt.ItemDataRole.FontRole.value): self.font,
            int(Qt.ItemDataRole.BackgroundRole.value): self.background,
            int(Qt.ItemDataRole.DecorationRole.value): self.decoration,
        }
        self.set_columns(columns)

    def answer_role(self, role: int, answer: Callable[[R, int], Any]) -> None:
        """A role of the model's own (a filter key) answered by ``answer(row, column)``."""
        self._answers[role] = answer

    # --- columns ---------------------------------------------------------------------------

    def set_columns(self, columns: Sequence[Column[Any]]) -> None:
        """The columns shown; a model whose columns follow its records calls it in `prepare`."""
        self._columns = tuple(columns)
        self._alignments = tuple(ALIGN_RIGHT if column.numeric else ALIGN_LEFT for column in self._columns)

    def header(self, section: int) -> str:
        column = self._columns[section]
        return QCoreApplication.translate(column.context or self._context, str(column.title))

    def header_tooltip(self, section: int) -> str | None:
        column = self._columns[section]
        tip = column.header_tip
        return QCoreApplication.translate(column.context or self._context, str(tip)) if tip else None

    # --- the cells: hooks, each asked only for its role ---------------------------------------

    def display(self, row: R, column: int) -> str:
        raise NotImplementedError

    def row_key(self, row: R, column: int) -> object:
        """The cell's native sort key (`SORT_ROLE`)."""
        raise NotImplementedError

    def tooltip(self, row: R, column: int) -> str | None:
        del row, column
        return None

    def foreground(self, row: R, column: int) -> Any:
        del row, column
        return None

    def font(self, row: R, column: int) -> Any:
        del row, column
        return None

    def background(self, row: R, column: int) -> Any:
        del row, column
        return None

    def decoration(self, row: R, column: int) -> Any:
        del row, column
        return None

    def _alignment(self, row: R, column: int) -> Qt.AlignmentFlag:
        del row
        return self._alignments[column]

    # --- Qt --------------------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._columns)

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        return _FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        answer = self._answers.get(role)
        if answer is None or not index.isValid():
            return None
        return answer(self._rows[index.row()], index.column())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self._columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.header(section)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.header_tooltip(section)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self._alignments[section]
        return None


class RowTableModel(ColumnTableModel[TextRow[T]]):
    """Records as a table of `Column`s; `SORT_ROLE` carries native keys (``None``: sorted last).

    Optional hooks, each asked only for its role: `tooltip` (default: the column's ``tip``),
    `foreground` (default: the error colour on an ``alarm`` column of a failed row), `font`,
    `background`, `decoration`; `prepare` for columns that follow the records.
    """

    def __init__(
        self, columns: Sequence[Column[T]] = (), parent: QObject | None = None, *, context: str = ""
    ) -> None:
        super().__init__(columns, parent, context)

    def columns(self) -> tuple[Column[T], ...]:
        return self._columns

    # --- what a subclass may say -------------------------------------------------------------

    def make_row(self, item: T) -> TextRow[T]:
        """The record's cells from its columns' ``text`` and ``key``."""
        texts = tuple(column.text(item) if column.text is not None else "" for column in self._columns)
        keys = tuple(
            column.key(item) if column.key is not None else fold(text)
            for column, text in zip(self._columns, texts, strict=True)
        )
        return TextRow(item, texts, keys, self.failed(item))

    def failed(self, item: T) -> bool:
        """A record shown as failed (its ``alarm`` columns in the error colour)."""
        del item
        return False

    def prepare(self, items: Sequence[T]) -> None:
        """Called inside the reset, before the rows are made: a model whose columns
        follow its records (the divergences' extra fields) sets them here."""

    def display(self, row: TextRow[T], column: int) -> str:
        return row.texts[column]

    def row_key(self, row: TextRow[T], column: int) -> object:
        return row.keys[column]

    def tooltip(self, row: TextRow[T], column: int) -> str | None:
        tip = self._columns[column].tip
        return tip(row) if tip is not None else None

    def foreground(self, row: TextRow[T], column: int) -> Any:
        return error_colour() if row.failed and self._columns[column].alarm else None

    # --- rows -----------------------------------------------------------------------------

    def set_items(self, items: Sequence[T]) -> None:
        """Replace every row (cells worked out here, once), keeping the sort order."""
        self.beginResetModel()
        self.prepare(items)
        self._rows = [self.make_row(item) for item in items]
        self.endResetModel()
        self._resort()

    def show_rows(self, rows: Sequence[TextRow[T]]) -> None:
        """Show rows made before (a filter's choice among every row read), in the sort order."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()
        self._resort()

    def append_items(self, items: Sequence[T]) -> None:
        """Rows added at the end (a page that arrived), then put in the sort order."""
        if not items:
            return
        first = len(self._rows)
        self.beginInsertRows(_ROOT, first, first + len(items) - 1)
        self._rows.extend(self.make_row(item) for item in items)
        self.endInsertRows()
        self._resort()

    def insert_item(self, row: int, item: T) -> None:
        """One record shown at ``row`` (a new job on top), the sort order kept if there is one."""
        self.beginInsertRows(_ROOT, row, row)
        self._rows.insert(row, self.make_row(item))
        self.endInsertRows()
        self._resort()

    def put_row(self, row: int, item: T) -> None:
        """One record changed in place (its cells worded again)."""
        self._rows[row] = self.make_row(item)
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self._columns) - 1))

    def remove_row(self, row: int) -> None:
        self.beginRemoveRows(_ROOT, row, row)
        del self._rows[row]
        self.endRemoveRows()

    def refresh_rows(self) -> None:
        """Every cell may read differently (a date passed, the active card changed)."""
        if self._rows:
            self._rows = [self.make_row(row.item) for row in self._rows]
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, len(self._columns) - 1))
            self._resort()

    def clear(self) -> None:
        self.set_items([])

    def item(self, row: int) -> T:
        return self._rows[row].item

    def items(self) -> list[T]:
        """The records in the order shown."""
        return [row.item for row in self._rows]

    def text_row(self, row: int) -> TextRow[T]:
        return self._rows[row]

    def sort_key(self, row: int, column: int) -> object:
        return self._rows[row].keys[column]


class FilteredRowTableModel(RowTableModel[T]):
    """A `RowTableModel` that keeps every record read and shows those a filter keeps: a
    choice (a state, a status; empty: any) and the words typed (each in the row's folded
    text). Rows are worded once, when read; typing only picks among them.
    """

    def __init__(
        self, columns: Sequence[Column[T]] = (), parent: QObject | None = None, *, context: str = ""
    ) -> None:
        super().__init__(columns, parent, context=context)
        self._all: list[TextRow[T]] = []
        self._search: list[str] = []
        self._choice = ""
        self._words: tuple[str, ...] = ()

    def keeps(self, item: T, choice: str) -> bool:
        """Whether ``item`` is among the records of ``choice`` (a non-empty choice)."""
        raise NotImplementedError

    def set_all(self, items: Sequence[T]) -> None:
        """A newly read list: worded once, then filtered as before."""
        self._all = [self.make_row(item) for item in items]
        self._search = [fold(" ".join(row.texts)) for row in self._all]
        self._show()

    def all_items(self) -> list[T]:
        """Every record read, shown or not."""
        return [row.item for row in self._all]

    def set_filter(self, choice: str, text: str) -> None:
        """Keep the records of ``choice`` (empty: any) whose words hold every word of ``text``."""
        words = tuple(fold(text).split())
        if (choice, words) != (self._choice, self._words):
            self._choice, self._words = choice, words
            self._show()

    def _show(self) -> None:
        choice, words = self._choice, self._words
        self.show_rows(
            [
                row
                for row, search in zip(self._all, self._search, strict=True)
                if (not choice or self.keeps(row.item, choice)) and all(word in search for word in words)
            ]
        )


class PositionTableModel(ColumnTableModel[int]):
    """Rows are positions into a loaded set of ``size()`` records, worded when a view asks.

    A subclass answers `display` and `row_key` (and the hooks it needs) for a position;
    `show_positions` keeps a filter's answer in the sort order through `PositionOrder`,
    so a keystroke never sorts again. `clear_order` when the keys change (a new set, the
    clock, distances).
    """

    def __init__(
        self, columns: Sequence[Column[Any]] = (), parent: QObject | None = None, *, context: str = ""
    ) -> None:
        super().__init__(columns, parent, context)
        self._order = PositionOrder()

    def size(self) -> int:
        """How many records are loaded (positions ``0 .. size - 1``)."""
        raise NotImplementedError

    def sort_key(self, row: int, column: int) -> object:
        return self.row_key(self._rows[row], column)

    def clear_order(self) -> None:
        self._order.clear()

    def ordered(self, positions: Sequence[int] | range) -> list[int]:
        """``positions`` in the current sort order (absent keys last in both directions)."""
        return self._order.ordered(positions, self.size(), self._sorting, self.row_key)

    def show_positions(self, positions: Sequence[int] | range) -> None:
        """Show the records at these positions (a filter's answer), in the sort order."""
        ordered = self.ordered(positions)
        if ordered == self._rows:
            return
        self.beginResetModel()
        self._rows = ordered
        self.endResetModel()

    def row_of_position(self, position: int) -> int | None:
        try:
            return self._rows.index(position)
        except ValueError:
            return None

    def _resort(self) -> None:
        """A header was clicked: the shown positions in the new order (the full order again)."""
        if self._sorting is None or len(self._rows) < 2:
            return
        ordered = self.ordered(self._rows)
        if ordered == self._rows:
            return
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        new_row = {position: row for row, position in enumerate(ordered)}
        after = [self.index(new_row[self._rows[index.row()]], index.column()) for index in before]
        self._rows = ordered
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()
