"""Reading a clerk's table file, a CSV or a workbook, as rows of text cells.

Shared by every import of a file a person made: tracking's codes, the address book and
the shipping orders. A CSV may be delimited by ``;``, ``,`` or a tab (the price batch
reader tells them apart), in UTF-8 with or without a byte-order mark, else
Windows-1252/Latin-1; a workbook (.xlsx) is read read-only, its active sheet's values
(not formulas) as text, an empty cell as "".
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

from postalgui.api.errors import RoutineError
from postalgui.services.spreadsheet import is_xlsx

__all__ = ["TableFileError", "csv_rows", "table_rows", "xlsx_rows"]

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
        raise TableFileError(f"{path.name}: not a readable workbook ({exc})") from None
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
