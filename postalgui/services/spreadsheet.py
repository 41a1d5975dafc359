"""Tables written as Excel workbooks (.xlsx), for people who open them in a spreadsheet.

Shared by every export that also writes CSV (quote results, analytic items): the CSV
stays the machines' format; the workbook is the one a clerk double-clicks. Excel reads a
CSV's ``01310100`` as the number 1310100 and ``03220`` as 3220; in a workbook each cell
carries its type, so CEPs and product codes are text (format ``@``, never a formula even
when they start with ``=``), money is a number shown as ``R$ 1.234,56`` (Excel puts the
reader's separators on ``"R$" #,##0.00``), dates are dates shown ``DD/MM/AAAA``, and
the header row stays in view when scrolling.

The workbook is written in openpyxl's write-only mode, row by row: 50,000 quotes stay
in a few MB of memory, and the CLI writes each result as it arrives. The file goes to a
temporary name beside ``path`` and replaces it only when complete (as the CSV does).
Qt-free: the GUI, the CLI and unit tests call it alike.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from enum import Enum
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from postalgui.api.values import format_date_ui
from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.cell import Cell
    from openpyxl.worksheet._write_only import WriteOnlyWorksheet

__all__ = [
    "DATE_FORMAT",
    "MONEY_FORMAT",
    "XLSX_SUFFIX",
    "CellKind",
    "SheetColumn",
    "SheetWriter",
    "csv_safe",
    "csv_text",
    "is_xlsx",
    "write_sheet",
    "write_table",
]

XLSX_SUFFIX = ".xlsx"
MONEY_FORMAT = '"R$" #,##0.00'
DATE_FORMAT = "DD/MM/YYYY"
TEXT_FORMAT = "@"
INT_FORMAT = "0"
DECIMAL_FORMAT = "0.00##"
MAX_WIDTH = 60


class CellKind(Enum):
    """How a column's values are typed in the workbook."""

    TEXT = "text"
    MONEY = "money"
    DATE = "date"
    INT = "int"
    DECIMAL = "decimal"


_FORMATS = {
    CellKind.TEXT: TEXT_FORMAT,
    CellKind.MONEY: MONEY_FORMAT,
    CellKind.DATE: DATE_FORMAT,
    CellKind.INT: INT_FORMAT,
    CellKind.DECIMAL: DECIMAL_FORMAT,
}
_DISPLAY_WIDTH = {CellKind.MONEY: 14, CellKind.DATE: 12, CellKind.INT: 8, CellKind.DECIMAL: 10}


@dataclass(frozen=True, slots=True)
class SheetColumn:
    """A column: its header title, the type of its cells and, optionally, its width in characters
    (by default the title's, at least the type's usual display width)."""

    title: str
    kind: CellKind = CellKind.TEXT
    width: int | None = None
    number_format: str | None = None

    def display_width(self) -> int:
        if self.width is not None:
            return self.width
        return min(MAX_WIDTH, max(len(self.title) + 2, _DISPLAY_WIDTH.get(self.kind, 10)))

    def cell_format(self) -> str:
        return self.number_format or _FORMATS[self.kind]


def is_xlsx(path: Path | str) -> bool:
    """Whether ``path`` names a workbook (its suffix, in any case)."""
    return Path(path).suffix.casefold() == XLSX_SUFFIX


def _as_date(value: object) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        text = value.strip()[:10]
        try:
            if len(text) == 10 and text[2] in "/-" and text[5] == text[2]:
                return date(int(text[6:]), int(text[3:5]), int(text[:2]))
            if len(text) == 10 and text[4] == "-" and text[7] == "-":
                return date(int(text[:4]), int(text[5:7]), int(text[8:]))
        except ValueError:
            return None
    return None


def _as_number(value: object, kind: CellKind) -> int | Decimal | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if kind is CellKind.INT else Decimal(value)
    if isinstance(value, float):
        return Decimal(str(value))
    if isinstance(value, Decimal):
        return value if value.is_finite() else None
    if isinstance(value, str):
        text = value.strip().removeprefix("R$").strip()
        if "," in text:
            text = text.replace(".", "").replace(",", ".")
        try:
            number = Decimal(text)
        except InvalidOperation:
            return None
        if not number.is_finite():
            return None
        if kind is CellKind.INT and number == number.to_integral_value():
            return int(number)
        return number
    return None


def cell_value(value: object, kind: CellKind) -> str | int | float | date | None:
    """The typed value a cell holds; a value that does not fit its type is kept as text.

    Money and decimals go as ``float``: the .xlsx format stores binary doubles anyway, and
    15 significant digits hold any amount to the cent.
    """
    if value is None or value == "":
        return None
    if kind is CellKind.DATE:
        day = _as_date(value)
        return day if day is not None else str(value)
    if kind is CellKind.TEXT:
        if isinstance(value, tuple | list):
            return " ".join(str(part) for part in value)
        return str(getattr(value, "value", value)) if isinstance(value, Enum) else str(value)
    number = _as_number(value, kind)
    if number is None:
        return str(value)
    return number if isinstance(number, int) else float(number)


class SheetWriter:
    """Write a workbook row by row: ``with SheetWriter(path, columns) as sheet: sheet.write(row)``.

    The rows go to a temporary file beside ``path`` that replaces ``path`` when the block
    ends without an exception (and is removed otherwise).
    """

    def __init__(self, path: Path, columns: Sequence[SheetColumn], *, title: str = "Sheet1") -> None:
        self.path = Path(path)
        self.columns = list(columns)
        self.title = title[:31]  # Excel's limit for a sheet name
        self._book: Workbook | None = None
        self._sheet: WriteOnlyWorksheet | None = None

    def __enter__(self) -> SheetWriter:
        # lazy: the command line starts without it
        from openpyxl import Workbook
        from openpyxl.styles import Font
        from openpyxl.utils import get_column_letter

        self._book = Workbook(write_only=True)
        sheet: WriteOnlyWorksheet = self._book.create_sheet(self.title)
        sheet.freeze_panes = "A2"
        # the stubs miss a write-only sheet's column_dimensions (set before the first row)
        dimensions: Any = sheet.column_dimensions  # type: ignore[attr-defined]
        for number, column in enumerate(self.columns, start=1):
            dimensions[get_column_letter(number)].width = column.display_width()
        bold = Font(bold=True)
        header = [self._cell(sheet, column.title, TEXT_FORMAT) for column in self.columns]
        for cell in header:
            cell.font = bold
        sheet.append(header)
        self._sheet = sheet
        return self

    @staticmethod
    def _cell(sheet: WriteOnlyWorksheet, value: object, number_format: str) -> Cell:
        # lazy: the command line starts without it
        from openpyxl.cell import WriteOnlyCell

        cell = WriteOnlyCell(sheet, value=value)  # type: ignore[arg-type]  # typed by `cell_value`
        if isinstance(value, str):
            cell.data_type = "s"  # text, never a formula ("=..." stays what it was)
        cell.number_format = number_format
        return cell

    def write(self, row: Sequence[object]) -> None:
        """Append one row, a value per column (``None`` or ``""`` for an empty cell)."""
        if self._sheet is None:
            raise RuntimeError("SheetWriter.write outside its with block")
        sheet = self._sheet
        cells = []
        for column, value in zip(self.columns, row, strict=False):
            typed = cell_value(value, column.kind)
            typed_as_column = typed is not None and (
                column.kind is CellKind.TEXT or not isinstance(typed, str)
            )
            cells.append(self._cell(sheet, typed, column.cell_format() if typed_as_column else "General"))
        sheet.append(cells)

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        book, sheet, self._book, self._sheet = self._book, self._sheet, None, None
        if book is None:
            return
        if kind is not None:
            if sheet is not None:
                with contextlib.suppress(Exception):  # the error that ended the block is the one to see
                    _discard(sheet)
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}-", suffix=".tmp", dir=self.path.parent)
        os.close(fd)
        try:
            book.save(tmp)
            os.replace(tmp, self.path)
        finally:
            Path(tmp).unlink(missing_ok=True)


def _discard(sheet: WriteOnlyWorksheet) -> None:
    """Close a sheet not to be saved and remove openpyxl's temporary file of its rows."""
    sheet.close()
    writer: Any = getattr(sheet, "_writer", None)
    if writer is not None:
        writer.cleanup()


def write_sheet(
    path: Path, columns: Sequence[SheetColumn], rows: Iterable[Sequence[object]], *, title: str = "Sheet1"
) -> Path:
    """Write ``rows`` under ``columns`` to a workbook at ``path`` (see `SheetWriter`)."""
    with SheetWriter(path, columns, title=title) as sheet:
        for row in rows:
            sheet.write(row)
    return Path(path)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a cell a spreadsheet would run as a formula begins (OWASP's CSV injection list)."""
_NUMBER = re.compile(r"[+-]?\d[\d.,]*")


def csv_safe(cell: str) -> str:
    """``cell`` as a spreadsheet shows it and never runs it: one beginning as a formula does
    (a tag ``=HYPERLINK(...)``, ``+cmd|' /C calc'!A0``, ``@SUM(1+1)``) gets a leading ``'``,
    so Excel and LibreOffice read text; a number (``-12,50``) stays a number."""
    if cell.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def write_csv(
    path: Path,
    header: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    check: Callable[[], None] | None = None,
) -> Path:
    """Write a CSV the Brazilian way (``;``, CRLF, UTF-8 with a byte-order mark, so Excel reads
    the accents) to a temporary file renamed over ``path``: a failure leaves no half file.
    Every cell is `csv_safe`: what a person typed is never run by the spreadsheet.

    ``check`` runs every 5,000 rows (a task's ``raise_if_cancelled``).
    """
    path = Path(path)
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=";", quotechar='"', lineterminator="\r\n")
    writer.writerow([csv_safe(title) for title in header])
    for done, row in enumerate(rows):
        if check is not None and done % 5000 == 0:
            check()
        writer.writerow([csv_safe(cell) for cell in row])
    return write_atomically(path, buffer.getvalue().encode("utf-8-sig"))


def csv_text(value: object) -> str:
    """A typed value as the house's CSV writes it: empty for None, a date ``DD/MM/AAAA``,
    a Decimal with two places and a decimal comma, anything else as `str`."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        return format_date_ui(value)
    if isinstance(value, Decimal):
        return format(value.quantize(Decimal("0.01")), "f").replace(".", ",")
    return str(value)


def write_table(
    path: Path,
    columns: Sequence[SheetColumn],
    rows: Iterable[Sequence[object]],
    *,
    title: str,
    check: Callable[[], None] | None = None,
) -> Path:
    """Typed ``rows`` under ``columns``: a workbook named ``title`` when ``path`` ends in
    .xlsx (`write_sheet`), else the house's CSV with each cell as `csv_text` (`write_csv`).

    The one place an export that writes both picks between them, so the tracking and
    claims exports type their values once and never format a CSV cell of their own.
    """
    if is_xlsx(path):
        return write_sheet(Path(path), columns, rows, title=title)
    titles = [column.title for column in columns]
    return write_csv(Path(path), titles, ([csv_text(value) for value in row] for row in rows), check=check)
