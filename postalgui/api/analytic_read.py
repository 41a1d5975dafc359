"""The analytic statement CSV as rows with their physical line numbers, and its value readers.

Shared by the blocks of `postalgui.api.analytic` and the detail block's reader
(`postalgui.api.analytic_details`): the error every reader raises, the block markers,
the text rules (titles matched without accents or case) and the careful readers of an
amount or a whole number that say which line and column hold what.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from itertools import islice

from postalgui.api.errors import RoutineError
from postalgui.api.values import InvalidValue, parse_money
from postalgui.api.values.errors import cut
from postalgui.api.values.text import strip_accents

__all__ = [
    "INVOICE_MARK",
    "SERVICE_MARK",
    "ZERO",
    "AnalyticFormatError",
    "Mark",
    "Reader",
    "blank",
    "check_width",
    "decode_analytic",
    "marker",
    "money",
    "norm",
    "titles",
    "whole_number",
]

SERVICE_MARK = "TOTALIZACAO POR SERVICO"
INVOICE_MARK = "TOTALIZACAO FATURA"
ZERO = Decimal("0.00")

_PLAIN_INT = re.compile(r"\d+", flags=re.ASCII)
_GROUPED_INT = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+", flags=re.ASCII)


class AnalyticFormatError(RoutineError, ValueError):
    """The file is not a readable analytic statement; ``line`` is the 1-based physical line.

    ``line`` is ``None`` when the problem is the file as a whole (it ends too early).
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


# --------------------------------------------------------------------------- text helpers


def norm(title: str) -> str:
    """``"Código  Serviço "`` -> ``"CODIGO SERVICO"``: what titles and markers are matched on."""
    return " ".join(strip_accents(title).upper().split())


def decode_analytic(data: bytes) -> str:
    """Text of the file's bytes: UTF-8 (with or without BOM), else cp1252."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:  # the five bytes cp1252 leaves undefined
        return data.decode("latin-1")


def blank(row: Sequence[str]) -> bool:
    return not any(field.strip() for field in row)


def marker(row: Sequence[str]) -> str | None:
    """The block marker a line holds (its first non-blank field), if any."""
    for field in row:
        if field.strip():
            name = norm(field)
            if name.startswith(SERVICE_MARK):
                return SERVICE_MARK
            if name.startswith(INVOICE_MARK):
                return INVOICE_MARK
            return None
    return None


def titles(row: list[str]) -> list[str]:
    """Titles as written, without the empty ones a trailing ``;`` leaves at the end."""
    found = [title.strip() for title in row]
    while found and not found[-1]:
        found.pop()
    return found


def check_width(row: list[str], width: int, line: int) -> None:
    """A data line has as many fields as its titles, plus only empty ones after them."""
    if len(row) == width:
        return
    if len(row) < width or any(field.strip() for field in row[width:]):
        found = len(titles(row)) if len(row) > width else len(row)
        raise AnalyticFormatError(f"expected {width} fields, found {found}", line)


# --------------------------------------------------------------------------- value readers


def money(text: str, line: int, column: str, *, blank_is_zero: bool = False) -> Decimal:
    """An amount (``1.234,56``, ``-0,50``, ``19.92``); blank is zero where ``blank_is_zero``."""
    stripped = text.strip()
    if not stripped and blank_is_zero:
        return ZERO
    try:
        return parse_money(stripped)
    except InvalidValue:
        raise AnalyticFormatError(f"column {column}: '{cut(text)}' is not an amount", line) from None


def whole_number(text: str, line: int, column: str, *, blank_is_zero: bool = False) -> int:
    """A whole number (``1250``, ``1.250``); blank is zero where ``blank_is_zero``."""
    stripped = text.strip()
    if not stripped and blank_is_zero:
        return 0
    if _PLAIN_INT.fullmatch(stripped) or _GROUPED_INT.fullmatch(stripped):
        return int(stripped.replace(".", ""))
    raise AnalyticFormatError(f"column {column}: '{cut(text)}' is not a whole number", line)


# --------------------------------------------------------------------------- rows and lines

Mark = tuple[int, int]
"""Where a `Reader` stands: the text offset and the physical line read last."""


class Reader:
    """csv rows with their physical line numbers, blank lines skippable.

    ``line`` is the physical line the last row ended on. The detail block is read in
    chunks of rows (`take`), which keep no line numbers; `mark` and `seek` bring the
    reader back to a row when one of them needs its line (an error names it).
    """

    def __init__(self, text: str) -> None:
        self._text = io.StringIO(text, newline="")
        self._first = 0
        self.rows = csv.reader(self._text, delimiter=";")
        self.line = 0

    def __iter__(self) -> Iterator[list[str]]:
        return self

    def __next__(self) -> list[str]:
        try:
            row = next(self.rows)
        except csv.Error as exc:
            raise AnalyticFormatError(f"unreadable CSV ({exc})", self._first + self.rows.line_num) from None
        self.line = self._first + self.rows.line_num
        return row

    def next_filled(self, expected: str) -> list[str]:
        """The next non-blank line; at the end of the file, say what was ``expected``."""
        for row in self:
            if not blank(row):
                return row
        raise AnalyticFormatError(f"file ends before {expected}")

    def mark(self) -> Mark:
        """Where the reader stands, for `seek` (the csv module reads no line ahead)."""
        return self._text.tell(), self.line

    def seek(self, mark: Mark, skip: int = 0) -> None:
        """Back to ``mark``, then past ``skip`` rows (read before without an error)."""
        offset, self._first = mark
        self._text.seek(offset)
        self.rows = csv.reader(self._text, delimiter=";")
        for _ in islice(self.rows, skip):
            pass
        self.line = self._first + self.rows.line_num

    def take(self, count: int) -> list[list[str]] | None:
        """The next ``count`` rows (fewer at the end) in one C loop; ``None`` at an unreadable
        one, which the caller reads again row by row (`seek`) to name its line."""
        try:
            rows = list(islice(self.rows, count))
        except csv.Error:
            return None
        self.line = self._first + self.rows.line_num
        return rows
