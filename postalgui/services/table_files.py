"""Reading a clerk's table file, a CSV or a workbook, as rows of text cells.

Shared by every import of a file a person made: the price batch, tracking's codes, the
address book and the shipping orders. A CSV may be delimited by ``;``, ``,`` or a tab
(told apart by counting them in the header line), in UTF-8 with or without a byte-order
mark, UTF-16 with its mark, else Windows-1252/Latin-1; a workbook (.xlsx) is read
read-only, its active sheet's values (not formulas) as text, an empty cell as "".

Whatever the file holds, reading it ends in rows or in a `TableFileError` naming the file
and the problem (a routine failure: the CLI exits 2, the window says it), never in the
csv module's or openpyxl's own exception: a cell longer than `CELL_LIMIT` (most often a
quote left open that swallows the rest of the file) is named by its line, column and
size; a folder, a missing or unreadable file by the system's reason.
"""

from __future__ import annotations

import codecs
import csv
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from postalgui.api.errors import RoutineError
from postalgui.api.said import Said, said_of
from postalgui.api.values.text import fold
from postalgui.services.spreadsheet import is_xlsx

__all__ = [
    "CELL_LIMIT",
    "TableFileError",
    "column_positions",
    "csv_records",
    "csv_rows",
    "header_key",
    "ignored_titles",
    "no_column",
    "pick_delimiter",
    "table_rows",
    "text_encoding",
    "xlsx_rows",
]

DELIMITERS = ";,\t"
CELL_LIMIT = csv.field_size_limit()
"""The most characters a cell may hold: the csv module's own limit (128 Ki), for
workbooks too. A clerk's cell is a name or an address; a cell this long is a quote left
open or the wrong file, and it is named, not read."""


class TableFileError(RoutineError, ValueError):
    """The file cannot be read as a table (an unreadable workbook, a missing column, a
    cell too long); ``rule`` a stable key when there is one (``csv.cell_too_long``,
    ``csv.encoding``), ``params`` its values."""

    def __init__(self, message: str, rule: str = "", **params: object) -> None:
        super().__init__(message)
        self.rule = rule
        self.params = params

    def named(self, name: str) -> TableFileError:
        """The same problem, said after the file's name (``orders.csv: line 3, ...``)."""
        problem = said_of(self) or str(self)
        return TableFileError(Said("{name}: {problem}", name=name, problem=problem), self.rule, **self.params)


# --------------------------------------------------------------------------- CSV

_BOMS = (
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe", "utf-16"),  # Excel's "Unicode text" (tab-separated), little-endian
    (b"\xfe\xff", "utf-16"),
)
_SNIFF_BYTES = 1 << 16


def text_encoding(path: Path) -> str:
    """UTF-8 or UTF-16 by their byte-order mark, else UTF-8 if every byte decodes, else cp1252.

    UTF-16 without a mark is refused by name (it would read as one column of NULs);
    the file is decoded in blocks, so telling the encoding does not hold it whole.
    """
    with path.open("rb") as handle:
        head = handle.read(_SNIFF_BYTES)
        for mark, encoding in _BOMS:
            if head.startswith(mark):
                return encoding
        if head.count(b"\x00") > len(head) // 4:
            raise TableFileError(
                Said(
                    "The file is UTF-16 without a byte-order mark, or not text; save it as CSV UTF-8 "
                    "(or as Unicode text, which has the mark)."
                ),
                "csv.encoding",
                encoding="utf-16",
            )
        for encoding in ("utf-8", "cp1252"):
            handle.seek(0)
            decoder = codecs.getincrementaldecoder(encoding)()
            try:
                for block in iter(lambda: handle.read(_SNIFF_BYTES), b""):
                    decoder.decode(block)
                decoder.decode(b"", final=True)
            except UnicodeDecodeError:
                continue
            return encoding
    return "latin-1"  # cp1252 leaves five bytes undefined; Latin-1 maps every byte.


def pick_delimiter(header_line: str, candidates: str = DELIMITERS) -> str:
    """The candidate seen most often in the header; ties go to the earlier candidate."""
    counts = {char: header_line.count(char) for char in candidates}
    best = max(candidates, key=lambda char: (counts[char], -candidates.index(char)))
    return best if counts[best] else candidates[0]


def csv_records(lines: Callable[[], Iterator[str]], delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """``(first physical line, cells)`` of every record of ``lines()``, blank lines as ``[]``.

    A record the parser refuses raises `TableFileError`: a cell over `CELL_LIMIT` is named
    by its line, its column (the header's title, else its number) and its size, found by
    reading that record again from ``lines()`` (``csv`` says only that a field is too long).
    """
    reader = csv.reader(lines(), delimiter=delimiter, quotechar='"')
    previous = 0
    header: list[str] = []
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            line = previous + 1
            if "field larger than field limit" not in str(exc):
                said = Said("line {line} cannot be read as CSV ({reason})", line=line, reason=str(exc))
                raise TableFileError(said, "csv.unreadable", line=line) from None
            raise _too_long(lines, delimiter, line, header) from None
        if not header and any(cell.strip() for cell in cells):
            header = [cell.strip() for cell in cells]
        yield previous + 1, cells
        previous = reader.line_num


def _too_long(
    lines: Callable[[], Iterator[str]], delimiter: str, line: int, header: Sequence[str]
) -> TableFileError:
    source = lines()
    for _ in range(line - 1):
        next(source, None)
    column, size = _long_cell(source, delimiter)
    title = header[column - 1] if column <= len(header) and header[column - 1] else str(column)
    said = Said(
        "line {line}, column {column}: a cell of {size}, over the {limit} a cell may hold "
        "(a quote left open?); nothing was read past it",
        line=line,
        column=title,
        size=size_text(size),
        limit=size_text(CELL_LIMIT),
    )
    return TableFileError(said, "csv.cell_too_long", line=line, column=title, size=size)


def _long_cell(lines: Iterable[str], delimiter: str) -> tuple[int, int]:
    """``(column, characters)`` of the first cell over `CELL_LIMIT` in the record ``lines``
    starts with, read as the csv module reads it (quotes, doubled quotes, line breaks
    inside quotes) but counting each cell's characters instead of keeping them."""
    pieces = re.compile(f'"|{re.escape(delimiter)}|\\r\\n?|\\n|[^"{re.escape(delimiter)}\\r\\n]+')
    column, size = 1, 0
    quoted = closed = False  # inside quotes; just past a closing quote (or the first of two)
    fresh = True  # nothing of the cell read yet
    for text in lines:
        for piece in (match.group() for match in pieces.finditer(text)):
            if piece == '"':
                if quoted:
                    quoted, closed = False, True
                elif closed:  # a doubled quote: one quote in the cell
                    quoted, closed, size = True, False, size + 1
                elif fresh:
                    quoted = True
                else:  # a quote inside a cell that did not start with one is itself
                    size += 1
                fresh = False
            elif quoted:
                size += len(piece)
            elif piece[0] in "\r\n" or (piece == delimiter and size > CELL_LIMIT):
                return column, size
            elif piece == delimiter:
                column, size, fresh, closed = column + 1, 0, True, False
            else:
                size, fresh, closed = size + len(piece), False, False
    return column, size


def size_text(characters: int) -> str:
    """``10 MB``, ``129 KB``: a cell's size as a person reads it (characters, 1 KB = 1,024;
    KB rounded up, so a cell just over the limit does not read as the limit)."""
    if characters >= 1 << 20:
        return f"{round(characters / (1 << 20))} MB"
    return f"{max(1, -(-characters // 1024))} KB"


def csv_rows(path: Path) -> Iterator[list[str]]:
    """Every record of the CSV ``path``, as `csv_records` reads them."""
    encoding = text_encoding(path)

    def lines() -> Iterator[str]:
        with path.open(encoding=encoding, newline="") as handle:
            yield from handle

    first = next((line for line in lines() if line.strip()), "")
    for _, cells in csv_records(lines, pick_delimiter(first)):
        yield cells


# --------------------------------------------------------------------------- workbooks


def xlsx_rows(path: Path) -> Iterator[list[str]]:
    """The active sheet's rows; a cell over `CELL_LIMIT` raises `TableFileError` naming it."""
    # lazy: the command line starts without it
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001  # openpyxl raises many kinds for a bad file
        raise _not_a_workbook(exc) from None
    try:
        sheet = book.active
        if sheet is None:
            return
        header: list[str] = []
        for number, row in enumerate(sheet.iter_rows(values_only=True), 1):
            cells = ["" if value is None else str(value) for value in row]
            _check_sizes(cells, number, header)
            header = header or cells
            yield cells
    except TableFileError:
        raise
    except Exception as exc:  # noqa: BLE001  # a sheet's XML broken past its first rows
        raise _not_a_workbook(exc) from None
    finally:
        book.close()


def _not_a_workbook(exc: Exception) -> TableFileError:
    return TableFileError(Said("not a readable workbook ({reason})", reason=str(exc)), "xlsx.unreadable")


def _check_sizes(cells: Sequence[str], row: int, header: Sequence[str]) -> None:
    for column, cell in enumerate(cells, 1):
        if len(cell) > CELL_LIMIT:
            title = header[column - 1] if column <= len(header) and header[column - 1] else str(column)
            said = Said(
                "row {row}, column {column}: a cell of {size}, over the {limit} a cell may hold",
                row=row,
                column=title,
                size=size_text(len(cell)),
                limit=size_text(CELL_LIMIT),
            )
            raise TableFileError(said, "csv.cell_too_long", line=row, column=title, size=len(cell))


# --------------------------------------------------------------------------- either


def table_rows(path: Path) -> Iterator[list[str]]:
    """Every row of ``path`` (a workbook by its suffix, else a CSV), header included.

    Any problem reading it, the system's included (a folder, no such file), raises
    `TableFileError` naming the file."""
    rows = xlsx_rows(path) if is_xlsx(path) else csv_rows(path)
    try:
        yield from rows
    except TableFileError as exc:
        raise exc.named(path.name) from None
    except OSError as exc:
        said = Said("{name}: cannot be read ({reason})", name=path.name, reason=exc.strerror or str(exc))
        raise TableFileError(said, "file.unreadable") from None


# --------------------------------------------------------------------------- columns

_NOT_KEY = re.compile(r"[^0-9a-z]+")


def header_key(title: str) -> str:
    """A column's title as it is compared: `fold`ed, then without spaces and punctuation
    (``cpfCnpj``, ``cpf_cnpj``, ``CPF/CNPJ`` and ``CPF-CNPJ`` are one)."""
    return _NOT_KEY.sub("", fold(title))


def column_positions(
    header: Sequence[str],
    known: Iterable[str],
    required: Iterable[str],
    name: str,
    hint: Said | None = None,
    aliases: Mapping[str, str] | None = None,
) -> dict[str, int]:
    """Where each ``known`` column stands in ``header`` (its first title that matches, by
    `header_key`; a column's own name before any of its ``aliases``, alias -> column); a
    ``required`` one missing raises `TableFileError` naming it and the columns there are,
    followed by ``hint`` when there is one."""
    positions: dict[str, int] = {}
    for names in ({column: column for column in known}, aliases or {}):
        wanted = {header_key(title): column for title, column in names.items()}
        for position, title in enumerate(header):
            column = wanted.get(header_key(title))
            taken = position in positions.values()
            if column is not None and column not in positions and not taken:
                positions[column] = position
    missing = [column for column in required if column not in positions]
    if missing:
        said = no_column(name, ", ".join(missing), header)
        raise TableFileError(Said("{problem}; {hint}", problem=said, hint=hint) if hint else said)
    return positions


def ignored_titles(header: Sequence[str], positions: Mapping[str, int]) -> tuple[str, ...]:
    """The titles of ``header`` no column was read from (unknown, or a second title of
    one column): their cells are not imported, and a reader is told so."""
    used = set(positions.values())
    return tuple(
        title.strip() for position, title in enumerate(header) if title.strip() and position not in used
    )


def no_column(name: str, column: str, header: Sequence[str]) -> Said:
    """ "orders.csv: no column peso (the columns are: nome, cep)", in each front's language."""
    titles = ", ".join(title.strip() for title in header if title.strip())
    if not titles:
        return Said("{name}: no column {column} (the file has no column titles)", name=name, column=column)
    return Said(
        "{name}: no column {column} (the columns are: {titles})", name=name, column=column, titles=titles
    )
