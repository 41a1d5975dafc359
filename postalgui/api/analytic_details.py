"""Block 3 of an analytic statement, the detail lines: read in chunks, checked per column.

A statement can hold 100,000 detail lines, so the block is read as the issue "Fast
again" measured it should be, within 1.5x of ``csv.reader`` plus ``Decimal`` of the
money columns (tests/benchmarks/bench_analytic.py):

- the csv module reads `CHUNK` rows at a time into lists (one C loop), ``zip`` turns
  them into columns, and each column is read as a whole: numbers checked and
  converted in C passes, or once per distinct text where texts repeat (`_Numbers`),
  equal repeated texts made one string (`_Texts`). The rows become `AnalyticItems`
  columns, no record per line.
- a row the chunk cannot take (a blank line, a marker, a line of another width, a
  value the careful reader must look at) ends the plain run; that row alone is read
  the careful way, which either reads it (``1.234,56``, `` 300 ``, a blank optional
  value) or names its physical line and column, found again by re-reading the chunk.

The careful readers (`analytic_read.money`, `analytic_read.whole_number`) decide every
value the chunk's plain forms do not cover, so both ways read a line alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import partial
from itertools import compress, islice
from operator import itemgetter
from typing import Any

from postalgui.api.analytic_read import (
    INVOICE_MARK,
    SERVICE_MARK,
    ZERO,
    AnalyticFormatError,
    Reader,
    blank,
    check_width,
    marker,
    money,
    whole_number,
)
from postalgui.api.models.invoices import AnalyticItems

__all__ = ["CHUNK", "DETAIL_TITLES", "read_details"]

DETAIL_TITLES = (
    "CARTAO POSTAGEM",
    "TITULAR CARTAO",
    "CODIGO SERVICO",
    "SERVICO",
    "DATA POSTAGEM",
    "SERVICOS ADICIONAIS",
    "UNIDADE POSTAGEM",
    "CEP DESTINATARIO",
    "ETIQUETA",
    "DOCUMENTO",
    "PESO",
    "VALOR UNITARIO",
    "DESCONTO",
    "QUANTIDADE",
    "VALOR LIQUIDO",
    "VALOR DECLARADO",
)
"""Block 3's columns in `AnalyticItem` field order (titles without accents)."""

CHUNK = 4096
"""Rows the csv module reads in one go: big enough that per-chunk work does not show,
small enough that the chunk's rows (lists of strings) stay a few megabytes."""

# Detail columns read as whole numbers / amounts, and those a blank means zero in.
_INT_COLUMNS = frozenset({"PESO", "QUANTIDADE"})
_MONEY_COLUMNS = frozenset({"VALOR UNITARIO", "DESCONTO", "VALOR LIQUIDO", "VALOR DECLARADO"})
_BLANK_IS_ZERO = frozenset({"PESO", "DESCONTO", "VALOR DECLARADO"})

_NOT_IN_INTS = str.maketrans("", "", "0123456789\n")
_NOT_IN_AMOUNTS = str.maketrans("", "", "0123456789,-\n")
_SAMPLE = 256
"""Rows of a chunk that tell whether a column repeats its texts."""
_ODD_COMMAS = (",\n", "\n,", "-,")
"""Amounts of digits, commas and minus signs that ``Decimal`` reads but the plain form is not
(``,5``, ``5,``, ``-,5``): with one of these, the column is read value by value."""


class _Refused(Exception):  # noqa: N818  # control flow, never escapes this module
    """Texts of a column the careful reader refused; ``row`` is the first row holding one."""

    def __init__(self, row: int) -> None:
        super().__init__(row)
        self.row = row


def _repetitive(texts: Sequence[str]) -> bool:
    """Whether a column repeats its texts (at most one distinct in two of the first `_SAMPLE`)."""
    sample = texts[:_SAMPLE]
    return len(set(sample)) * 2 <= len(sample)


class _Texts:
    """A text column: as read, or, where texts repeat, equal texts made one string.

    A card number, a service, a posting day kept once and not 100,000 times saves 6 MB
    a column; a dict lookup per row costs 10 ms a column, spent only where it saves.
    """

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: dict[str, str] = {}

    def read(self, texts: Sequence[str]) -> Sequence[str]:
        if not _repetitive(texts):
            return texts
        return list(map(self._seen.setdefault, texts, texts))


class _Numbers:
    """A column of whole numbers or amounts, read a chunk's column at a time.

    Where texts repeat (a discount, a quantity, the prices of one service), each
    distinct text is read once and its value shared by every row (a dict: one
    ``Decimal`` of 104 bytes for all the rows that hold it). Where they hardly do
    (prices by weight and destination), hashing every fresh string costs more than
    converting it (100,000 amounts: 70 ms in a dict, 33 ms so), so a plain column
    (every text ``123`` or ``-123,45``) takes three C passes: the texts joined, checked
    by deleting the characters they may hold (``str.translate``), converted by one
    ``map``. Any other text is read the careful way (`money`, `whole_number`).
    """

    __slots__ = ("_blank", "_careful", "_convert", "_known", "_money", "_not_plain", "_zero")

    def __init__(self, title: str) -> None:
        self._money = title in _MONEY_COLUMNS
        self._convert: Callable[[str], Any] = Decimal if self._money else int
        self._not_plain = _NOT_IN_AMOUNTS if self._money else _NOT_IN_INTS
        zero = title in _BLANK_IS_ZERO
        self._careful: Callable[[str], Any] = partial(
            money if self._money else whole_number, line=0, column=title, blank_is_zero=zero
        )
        self._zero: Any = (ZERO if self._money else 0) if zero else None
        self._blank = "0,00" if self._money else "0"
        self._known: dict[str, Any] = {} if self._zero is None else {"": self._zero}

    def read(self, texts: Sequence[str]) -> list[Any]:
        """The value of every text; raises `_Refused` naming the first row of a refused one."""
        if not _repetitive(texts):
            if self._zero is not None and "" in texts:  # blank is zero here
                values = self._plain([text or self._blank for text in texts])
            else:
                values = self._plain(texts)
            if values is not None:
                return values
        known = self._known
        fresh = list(set(texts).difference(known))
        if fresh:
            read = self._plain(fresh)
            if read is None:
                read = self._one_by_one(fresh, texts)
            known.update(zip(fresh, read, strict=True))
        return list(map(known.__getitem__, texts))

    def _plain(self, texts: Sequence[str]) -> list[Any] | None:
        """The values of a column of plain texts (C passes only), else ``None``."""
        joined = "\n".join(texts)
        if joined.translate(self._not_plain):
            return None
        if self._money:
            if joined.startswith(",") or joined.endswith(",") or any(map(joined.__contains__, _ODD_COMMAS)):
                return None
            joined = joined.replace(",", ".")
        plain = joined.split("\n")
        if len(plain) != len(texts):  # a text held a line break of its own
            return None
        try:
            return list(map(self._convert, plain))
        except (ValueError, ArithmeticError):  # an empty text, ``1,2,3``, ``-``
            return None

    def _one_by_one(self, fresh: Sequence[str], texts: Sequence[str]) -> list[Any]:
        """Each of the ``fresh`` texts of ``texts`` read the careful way."""
        values: list[Any] = []
        refused: list[str] = []
        for text in fresh:
            try:
                values.append(self._careful(text))
            except AnalyticFormatError:
                refused.append(text)
        if refused:
            raise _Refused(min(map(texts.index, refused)))
        return values


class _Details:
    """The detail block's columns as they fill up, and how each is read.

    Errors raised here name line 0: the caller knows where the row is and names its line.
    """

    def __init__(self, positions: list[int], width: int) -> None:
        self._positions = positions
        self._width = width
        self._sizes = frozenset({width, width + 1})
        self._readers = [
            _Numbers(title) if title in _INT_COLUMNS or title in _MONEY_COLUMNS else _Texts()
            for title in DETAIL_TITLES
        ]
        self._columns: list[list[Any]] = [[] for _ in DETAIL_TITLES]

    def items(self) -> AnalyticItems:
        return AnalyticItems(self._columns)

    def take(self, rows: list[list[str]]) -> int:
        """How many rows at the start of ``rows`` are detail lines read plainly, now in the columns."""
        end = self._plain_run(rows)
        while end:
            try:
                values = self._values(rows[:end] if end < len(rows) else rows)
            except _Refused as refused:  # the rows before the first refused value are fine
                end = refused.row
                continue
            for column, new in zip(self._columns, values, strict=True):
                column.extend(new)
            return end
        return 0

    def _plain_run(self, rows: list[list[str]]) -> int:
        """How many rows at the start have the titles' width (or one more, an empty field): C loops."""
        sizes = list(map(len, rows))
        odd = set(sizes).difference(self._sizes)
        end = min(map(sizes.index, odd)) if odd else len(rows)
        wide = list(compress(range(end), map(self._width.__lt__, sizes)))
        if wide:  # a trailing ``;``: its field must be empty
            filled = next(compress(wide, map(itemgetter(self._width), map(rows.__getitem__, wide))), None)
            if filled is not None:
                end = filled
        return end

    def _values(self, rows: list[list[str]]) -> list[Sequence[Any]]:
        """Every detail column of these rows, read; `_Refused` with the first row of any refused value."""
        fields = list(zip(*rows, strict=False))  # a row one empty field longer: not read
        values: list[Sequence[Any]] = []
        first_refused = len(rows)
        for reader, position in zip(self._readers, self._positions, strict=True):
            try:
                values.append(reader.read(fields[position]))
            except _Refused as refused:
                first_refused = min(first_refused, refused.row)
        if first_refused < len(rows):
            raise _Refused(first_refused)
        return values

    def odd(self, row: list[str]) -> bool:
        """A row `take` refused: a blank line (skipped), the next block's marker (``True``), or a
        detail line read the careful way (`check_width`, `money`, `whole_number`)."""
        if blank(row):
            return False
        mark = marker(row)
        if mark == SERVICE_MARK:
            return True
        if mark == INVOICE_MARK:
            raise AnalyticFormatError(f"found {INVOICE_MARK} before the {SERVICE_MARK} block", 0)
        check_width(row, self._width, 0)
        values: list[Any] = []
        for title, position in zip(DETAIL_TITLES, self._positions, strict=True):
            text = row[position]
            zero = title in _BLANK_IS_ZERO
            if title in _INT_COLUMNS:
                values.append(whole_number(text, 0, title, blank_is_zero=zero))
            elif title in _MONEY_COLUMNS:
                values.append(money(text, 0, title, blank_is_zero=zero))
            else:
                values.append(text)
        for column, value in zip(self._columns, values, strict=True):
            column.append(value)
        return False


def read_details(reader: Reader, positions: list[int], width: int) -> AnalyticItems:
    """Block 3 up to the TOTALIZACAO POR SERVICO line, which ``reader`` is left past.

    ``positions``: the field of each of `DETAIL_TITLES`; ``width``: how many titles.
    Raises `AnalyticFormatError` naming the first line that is not a detail line.
    """
    details = _Details(positions, width)
    while True:
        mark = reader.mark()
        rows = reader.take(CHUNK)
        if rows is None:  # an unreadable row ahead
            reader.seek(mark)
            if _row_by_row(reader, details):
                return details.items()
            continue
        at = 0
        while at < len(rows):
            at += details.take(rows[at:] if at else rows)
            if at == len(rows):
                break
            try:
                if details.odd(rows[at]):
                    reader.seek(mark, skip=at + 1)
                    return details.items()
            except AnalyticFormatError as error:
                reader.seek(mark, skip=at)
                next(reader)
                raise AnalyticFormatError(error.reason, reader.line) from None
            at += 1
        if len(rows) < CHUNK:
            raise AnalyticFormatError(f"file ends before the {SERVICE_MARK} block")


def _row_by_row(reader: Reader, details: _Details) -> bool:
    """Up to `CHUNK` rows read one at a time, so that an unreadable one is named by its line
    (`Reader.__next__`) after the lines before it; ``True`` at the TOTALIZACAO POR SERVICO line."""
    count = 0
    for row in islice(reader, CHUNK):
        count += 1
        if details.take([row]):
            continue
        try:
            if details.odd(row):
                return True
        except AnalyticFormatError as error:
            raise AnalyticFormatError(error.reason, reader.line) from None
    if count < CHUNK:
        raise AnalyticFormatError(f"file ends before the {SERVICE_MARK} block")
    return False
