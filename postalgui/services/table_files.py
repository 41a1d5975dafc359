"""Reading a clerk's table file, a CSV or a workbook, as rows of text cells.

Shared by every import of a file a person made: tracking's codes, the address book and
the shipping orders. A CSV may be delimited by ``;``, ``,`` or a tab (the price batch
reader tells them apart), in UTF-8 with or without a byte-order mark, else
Windows-1252/Latin-1; a workbook (.xlsx) is read read-only, its active sheet's values
(not formulas) as text, an empty cell as "".
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from postalgui.api.branches import strip_accents
from postalgui.api.errors import RoutineError
from postalgui.api.said import Said
from postalgui.services.spreadsheet import is_xlsx

__all__ = [
    "TableFileError",
    "column_positions",
    "csv_rows",
    "header_key",
    "no_column",
    "table_rows",
    "xlsx_rows",
]

DELIMITERS = ";,\t"


class TableFileError(RoutineError, ValueError):
    """The file cannot be read as a table (an unreadable workbook, a missing column)."""


def csv_rows(path: Path) -> Iterator[list[str]]:
    from postalgui.services.price.batch_csv import _detect_delimiter, _detect_encoding

    encoding = _detect_encoding(path)
    with path.open(encoding=encoding, newline="") as handle:
        first = handle.readline()
        handle.seek(0)
        yield from csv.reader(handle, delimiter=_detect_delimiter(first, DELIMITERS), quotechar='"')


def xlsx_rows(path: Path) -> Iterator[list[str]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001  # openpyxl raises many kinds for a bad file
        raise TableFileError(
            Said("{name}: not a readable workbook ({reason})", name=path.name, reason=str(exc))
        ) from None
    try:
        sheet = book.active
        if sheet is None:
            return
        for row in sheet.iter_rows(values_only=True):
            yield ["" if value is None else str(value) for value in row]
    finally:
        book.close()


def table_rows(path: Path) -> Iterator[list[str]]:
    """Every row of ``path`` (a workbook by its suffix, else a CSV), header included."""
    return xlsx_rows(path) if is_xlsx(path) else csv_rows(path)


def header_key(title: str) -> str:
    """A column's title as it is compared: without accents, case and surrounding spaces."""
    return strip_accents(title).strip().casefold()


def column_positions(
    header: Sequence[str], known: Iterable[str], required: Iterable[str], name: str, hint: Said | None = None
) -> dict[str, int]:
    """Where each ``known`` column stands in ``header`` (its first title that matches); a
    ``required`` one missing raises `TableFileError` naming it and the columns there are,
    followed by ``hint`` when there is one."""
    wanted = {header_key(column): column for column in known}
    positions: dict[str, int] = {}
    for position, title in enumerate(header):
        column = wanted.get(header_key(title))
        if column is not None and column not in positions:
            positions[column] = position
    missing = [column for column in required if column not in positions]
    if missing:
        said = no_column(name, ", ".join(missing), header)
        raise TableFileError(Said("{problem}; {hint}", problem=said, hint=hint) if hint else said)
    return positions


def no_column(name: str, column: str, header: Sequence[str]) -> Said:
    """ "orders.csv: no column peso (the columns are: nome, cep)", in each front's language."""
    titles = ", ".join(title.strip() for title in header if title.strip())
    if not titles:
        return Said("{name}: no column {column} (the file has no column titles)", name=name, column=column)
    return Said(
        "{name}: no column {column} (the columns are: {titles})", name=name, column=column, titles=titles
    )
