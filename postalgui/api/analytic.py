"""Reading the analytic statement CSV (spec 001, 2.1) and reconciling its totals.

The file has five blocks, ``;``-separated, money with a decimal comma::

    1  a title line
    2  invoice header titles (Nº DA FATURA;CNPJ;...), then one data line
    3  detail titles (CARTAO POSTAGEM;...;VALOR DECLARADO), then one line per item
    4  a TOTALIZACAO POR SERVICO line, then titles and one line per service
    5  a TOTALIZACAO FATURA line, then titles DESCRICAO;QUANTIDADE;VALOR and rows,
       the last being the invoice total

Tolerated: blank lines between blocks, a trailing ``;`` on every line, a BOM, CRLF,
UTF-8 or cp1252, accents in titles and markers (``TOTALIZAÇÃO``), thousands dots in
money (``1.234,56``), columns in any order and extra columns (found by title).
Anything else (a missing column, a line with too few fields, a value that is not an
amount, a file cut before its last block) raises `AnalyticFormatError` naming the
physical line.

A statement can hold 100,000 detail lines, so the detail block has a fast path: the
csv module splits, a dict per column kind memoizes text -> Decimal/int (invoices repeat
the same few prices), and any line the fast path cannot take (blank, a marker, a
blank optional value, an odd amount) goes to a careful path that either reads it or
says exactly what is wrong (tests/benchmarks/bench_analytic.py).
"""

from __future__ import annotations

import csv
import gc
import io
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from postalgui.api.errors import RoutineError
from postalgui.api.models.invoices import (
    AnalyticHeader,
    AnalyticItem,
    AnalyticStatement,
    InvoiceTotal,
    ServiceTotal,
)
from postalgui.api.values import InvalidValue, parse_money
from postalgui.api.values.errors import cut
from postalgui.api.values.text import strip_accents

__all__ = [
    "ANALYTIC_TAIL_BYTES",
    "DETAIL_TITLES",
    "INVOICE_TOTAL_TITLES",
    "SERVICE_TOTAL_TITLES",
    "AnalyticFormatError",
    "Reconciliation",
    "analytic_end_problem",
    "decode_analytic",
    "parse_analytic_csv",
    "reconcile",
]

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

SERVICE_TOTAL_TITLES = (
    "CODIGO SERVICO",
    "DESCRICAO SERVICO",
    "QUANTIDADE",
    "VALOR SERVICO",
    "DESCONTO",
    "VALOR LIQUIDO",
)
INVOICE_TOTAL_TITLES = ("DESCRICAO", "QUANTIDADE", "VALOR")
_HEADER_KNOWN = frozenset({"CNPJ", "CONTRATO", "RAZAO SOCIAL", "STATUS", "DATA VENCIMENTO", "NO DA FATURA"})
_SERVICE_MARK = "TOTALIZACAO POR SERVICO"
_INVOICE_MARK = "TOTALIZACAO FATURA"

# Detail columns read as whole numbers / amounts, and those a blank means zero in.
_INT_COLUMNS = frozenset({"PESO", "QUANTIDADE"})
_MONEY_COLUMNS = frozenset({"VALOR UNITARIO", "DESCONTO", "VALOR LIQUIDO", "VALOR DECLARADO"})
_BLANK_IS_ZERO = frozenset({"PESO", "DESCONTO", "VALOR DECLARADO"})

_PLAIN_INT = re.compile(r"\d+", flags=re.ASCII)
_GROUPED_INT = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+", flags=re.ASCII)
_ZERO = Decimal("0.00")


class AnalyticFormatError(RoutineError, ValueError):
    """The file is not a readable analytic statement; ``line`` is the 1-based physical line.

    ``line`` is ``None`` when the problem is the file as a whole (it ends too early).
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


# --------------------------------------------------------------------------- text helpers


def _norm(title: str) -> str:
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


def _blank(row: Sequence[str]) -> bool:
    return not any(field.strip() for field in row)


def _marker(row: Sequence[str]) -> str | None:
    """The block marker a line holds (its first non-blank field), if any."""
    for field in row:
        if field.strip():
            name = _norm(field)
            if name.startswith(_SERVICE_MARK):
                return _SERVICE_MARK
            if name.startswith(_INVOICE_MARK):
                return _INVOICE_MARK
            return None
    return None


# --------------------------------------------------------------------------- value readers


def _money(text: str, line: int, column: str, *, blank_is_zero: bool = False) -> Decimal:
    stripped = text.strip()
    if not stripped and blank_is_zero:
        return _ZERO
    try:
        return parse_money(stripped)
    except InvalidValue:
        raise AnalyticFormatError(f"column {column}: '{cut(text)}' is not an amount", line) from None


def _int(text: str, line: int, column: str, *, blank_is_zero: bool = False) -> int:
    stripped = text.strip()
    if not stripped and blank_is_zero:
        return 0
    if _PLAIN_INT.fullmatch(stripped) or _GROUPED_INT.fullmatch(stripped):
        return int(stripped.replace(".", ""))
    raise AnalyticFormatError(f"column {column}: '{cut(text)}' is not a whole number", line)


class _FastPathMiss(Exception):  # noqa: N818  # control flow, never escapes this module
    """A value the fast path does not take; the careful path reads the line."""


class _MoneyCache(dict[str, Decimal]):
    """Text -> Decimal for plain amounts (``123,45``, ``-1``); other text misses."""

    def __missing__(self, key: str) -> Decimal:
        # str methods, not a regex: this runs for every amount not seen before.
        units, comma, cents = key.partition(",")
        digits = units[1:] if units[:1] == "-" else units
        if not (
            digits.isdigit() and digits.isascii() and (not comma or (cents.isdigit() and cents.isascii()))
        ):
            raise _FastPathMiss
        value = Decimal(f"{units}.{cents}" if comma else units)
        self[key] = value
        return value


class _IntCache(dict[str, int]):
    """Text -> int for plain digit strings; other text misses."""

    def __missing__(self, key: str) -> int:
        if not (key.isdigit() and key.isascii()):
            raise _FastPathMiss
        value = int(key)
        self[key] = value
        return value


# --------------------------------------------------------------------------- the parser


class _Reader:
    """csv rows with their physical line numbers, blank lines skippable."""

    def __init__(self, text: str) -> None:
        self.rows = csv.reader(io.StringIO(text, newline=""), delimiter=";")
        self.line = 0

    def __iter__(self) -> Iterator[list[str]]:
        return self

    def __next__(self) -> list[str]:
        try:
            row = next(self.rows)
        except csv.Error as exc:
            raise AnalyticFormatError(f"unreadable CSV ({exc})", self.rows.line_num) from None
        self.line = self.rows.line_num
        return row

    def next_filled(self, expected: str) -> list[str]:
        """The next non-blank line; at the end of the file, say what was ``expected``."""
        for row in self:
            if not _blank(row):
                return row
        raise AnalyticFormatError(f"file ends before {expected}")


def _titles(row: list[str]) -> list[str]:
    """Titles as written, without the empty ones a trailing ``;`` leaves at the end."""
    titles = [title.strip() for title in row]
    while titles and not titles[-1]:
        titles.pop()
    return titles


def _columns(row: list[str], wanted: Sequence[str], line: int, block: str) -> list[int]:
    """Position of each ``wanted`` title in ``row``; names the missing ones."""
    positions: dict[str, int] = {}
    for index, title in enumerate(row):
        positions.setdefault(_norm(title), index)
    missing = [title for title in wanted if title not in positions]
    if missing:
        found = ";".join(title.strip() for title in row if title.strip())
        raise AnalyticFormatError(
            f"expected the {block} titles ({';'.join(wanted)}); missing {', '.join(missing)} "
            f"in '{cut(found)}'",
            line,
        )
    return [positions[title] for title in wanted]


def _check_width(row: list[str], width: int, line: int) -> None:
    """A data line has as many fields as its titles, plus only empty ones after them."""
    if len(row) == width:
        return
    if len(row) < width or any(field.strip() for field in row[width:]):
        found = len(_titles(row)) if len(row) > width else len(row)
        raise AnalyticFormatError(f"expected {width} fields, found {found}", line)


_gc_lock = threading.Lock()
_gc_pauses = 0
_gc_was_enabled = False


@contextmanager
def _gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a statement is read.

    Its 100,000 items are all kept, so the collector's passes over them find nothing
    and cost a fifth of the parse. Nested and concurrent parses share one pause; the
    collector is switched back on by the last one out, and only if it was on.
    """
    global _gc_pauses, _gc_was_enabled
    with _gc_lock:
        if _gc_pauses == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_pauses += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pauses -= 1
            if _gc_pauses == 0 and _gc_was_enabled:
                gc.enable()


def parse_analytic_csv(source: Path | bytes | str) -> AnalyticStatement:
    """Read an analytic statement: a file path, its bytes, or its decoded text.

    Raises `AnalyticFormatError` (a ``ValueError``) naming the line and what was
    expected; ``OSError`` when a path cannot be read.
    """
    if isinstance(source, Path):
        text = decode_analytic(source.read_bytes())
    elif isinstance(source, bytes | bytearray):
        text = decode_analytic(bytes(source))
    else:
        text = source.removeprefix("\ufeff")
    with _gc_paused():
        return _parse(text)


def _parse(text: str) -> AnalyticStatement:
    reader = _Reader(text)

    title_row = reader.next_filled("the title line")
    title = ";".join(title_row).strip("; \t")

    header_titles = _titles(reader.next_filled("the invoice header titles"))
    if sum(1 for t in header_titles if _norm(t) in _HEADER_KNOWN) < 2:
        raise AnalyticFormatError(
            f"expected the invoice header titles (Nº DA FATURA;CNPJ;...), "
            f"found '{cut(';'.join(header_titles))}'",
            reader.line,
        )
    header_row = reader.next_filled("the invoice header line")
    _check_width(header_row, len(header_titles), reader.line)
    header = AnalyticHeader(dict(zip(header_titles, (v.strip() for v in header_row), strict=False)))

    detail_row = reader.next_filled("the detail titles")
    detail_columns = _columns(detail_row, DETAIL_TITLES, reader.line, "detail")
    items = _read_details(reader, detail_columns, len(_titles(detail_row)))

    service_row = reader.next_filled(f"the {_SERVICE_MARK} titles")
    service_columns = _columns(service_row, SERVICE_TOTAL_TITLES, reader.line, _SERVICE_MARK)
    service_totals = _read_service_totals(reader, service_columns, len(_titles(service_row)))

    invoice_row = reader.next_filled(f"the {_INVOICE_MARK} titles")
    invoice_columns = _columns(invoice_row, INVOICE_TOTAL_TITLES, reader.line, _INVOICE_MARK)
    invoice_totals = _read_invoice_totals(reader, invoice_columns, len(_titles(invoice_row)))

    return AnalyticStatement(title, header, items, service_totals, invoice_totals)


def _read_details(reader: _Reader, columns: list[int], width: int) -> list[AnalyticItem]:
    """Block 3 up to the TOTALIZACAO POR SERVICO line (the hot loop)."""
    (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15) = columns
    money = _MoneyCache()
    money_or_zero = _MoneyCache({"": _ZERO})
    ints = _IntCache()
    ints_or_zero = _IntCache({"": 0})
    items: list[AnalyticItem] = []
    append = items.append
    item = AnalyticItem
    wide = width + 1
    rows = reader.rows
    try:
        for row in rows:
            size = len(row)
            if size == width or (size == wide and not row[width]):
                try:
                    append(
                        item(
                            row[c0],
                            row[c1],
                            row[c2],
                            row[c3],
                            row[c4],
                            row[c5],
                            row[c6],
                            row[c7],
                            row[c8],
                            row[c9],
                            ints_or_zero[row[c10]],
                            money[row[c11]],
                            money_or_zero[row[c12]],
                            ints[row[c13]],
                            money[row[c14]],
                            money_or_zero[row[c15]],
                        )
                    )
                    continue
                except _FastPathMiss:
                    pass
            reader.line = rows.line_num
            if _blank(row):
                continue
            mark = _marker(row)
            if mark == _SERVICE_MARK:
                return items
            if mark == _INVOICE_MARK:
                raise AnalyticFormatError(
                    f"found {_INVOICE_MARK} before the {_SERVICE_MARK} block", reader.line
                )
            append(_careful_item(row, columns, width, reader.line))
    except csv.Error as exc:
        raise AnalyticFormatError(f"unreadable CSV ({exc})", rows.line_num) from None
    raise AnalyticFormatError(f"file ends before the {_SERVICE_MARK} block")


def _careful_item(row: list[str], columns: list[int], width: int, line: int) -> AnalyticItem:
    """One detail line the fast path refused: read it tolerantly or say what is wrong."""
    _check_width(row, width, line)
    values: list[object] = []
    for title, index in zip(DETAIL_TITLES, columns, strict=True):
        text = row[index]
        zero = title in _BLANK_IS_ZERO
        if title in _INT_COLUMNS:
            values.append(_int(text, line, title, blank_is_zero=zero))
        elif title in _MONEY_COLUMNS:
            values.append(_money(text, line, title, blank_is_zero=zero))
        else:
            values.append(text)
    return AnalyticItem(*values)  # type: ignore[arg-type]  # built in field order above


def _data_rows(reader: _Reader, width: int, until: str | None) -> Iterator[list[str]]:
    """The lines of a small block, up to the ``until`` marker (or the end of the file)."""
    for row in reader:
        if _blank(row):
            continue
        mark = _marker(row)
        if mark is not None:
            if mark == until:
                return
            raise AnalyticFormatError(f"unexpected {mark} line", reader.line)
        _check_width(row, width, reader.line)
        yield row
    if until is not None:
        raise AnalyticFormatError(f"file ends before the {until} block")


def _read_service_totals(reader: _Reader, columns: list[int], width: int) -> list[ServiceTotal]:
    code, description, quantity, value, discount, net = columns
    totals: list[ServiceTotal] = []
    for row in _data_rows(reader, width, _INVOICE_MARK):
        line = reader.line
        totals.append(
            ServiceTotal(
                row[code].strip(),
                row[description].strip(),
                _int(row[quantity], line, "QUANTIDADE"),
                _money(row[value], line, "VALOR SERVICO"),
                _money(row[discount], line, "DESCONTO", blank_is_zero=True),
                _money(row[net], line, "VALOR LIQUIDO"),
            )
        )
    return totals


def _read_invoice_totals(reader: _Reader, columns: list[int], width: int) -> list[InvoiceTotal]:
    description, quantity, value = columns
    totals: list[InvoiceTotal] = []
    for row in _data_rows(reader, width, None):
        line = reader.line
        count = None if not row[quantity].strip() else _int(row[quantity], line, "QUANTIDADE")
        totals.append(InvoiceTotal(row[description].strip(), count, _money(row[value], line, "VALOR")))
    if not totals:
        raise AnalyticFormatError(f"file ends before the rows of the {_INVOICE_MARK} block")
    if "TOTAL" not in _norm(totals[-1].descricao):
        raise AnalyticFormatError(
            f"file ends before the invoice total row of the {_INVOICE_MARK} block "
            f"(the last row is '{cut(totals[-1].descricao)}')",
            reader.line,
        )
    return totals


# --------------------------------------------------------------------------- is the file whole?

ANALYTIC_TAIL_BYTES = 16 * 1024
"""How much of a statement's end `analytic_end_problem` needs: block 5 is a dozen lines."""

_WHOLE_AMOUNT = re.compile(r"-?(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2}", flags=re.ASCII)


def analytic_end_problem(tail: bytes, *, whole: bool) -> str | None:
    """Why the end of an analytic statement shows the file was cut short, or ``None``.

    ``tail`` is the file's last bytes (`ANALYTIC_TAIL_BYTES` are enough), ``whole``
    says whether it is the entire file. A download reads only this, not 100,000
    detail lines: the statement is complete when its last block (TOTALIZACAO FATURA)
    is there with its titles and rows, the last row being the invoice total, read by
    the same rules as `parse_analytic_csv`. A last line without a line break must end
    in a whole amount (``1234,56``), since a cut inside it would still read as money.
    """
    if not whole:
        start = tail.find(b"\n")
        if start < 0:
            return f"the file ends before the {_INVOICE_MARK} block"
        tail = tail[start + 1 :]  # decode from a line's start, not from inside a character
    text = decode_analytic(tail)
    lines = text.splitlines(keepends=True)
    marks = [i for i, line in enumerate(lines) if _marker(line.split(";")) == _INVOICE_MARK]
    if not marks:
        return f"the file ends before the {_INVOICE_MARK} block"
    reader = _Reader("".join(lines[marks[-1] + 1 :]))
    try:
        titles = reader.next_filled(f"the {_INVOICE_MARK} titles")
        columns = _columns(titles, INVOICE_TOTAL_TITLES, reader.line, _INVOICE_MARK)
        _read_invoice_totals(reader, columns, len(_titles(titles)))
    except AnalyticFormatError as exc:
        return f"its {_INVOICE_MARK} block is incomplete: {exc.reason}"
    if not text.endswith(("\n", "\r")):
        last = next(csv.reader([lines[-1]], delimiter=";"))
        value = last[columns[2]].strip() if len(last) > columns[2] else ""
        if not _WHOLE_AMOUNT.fullmatch(value):
            return f"the last line ends in '{cut(value)}', not a whole amount: it looks cut"
    return None


# --------------------------------------------------------------------------- reconciliation


@dataclass(frozen=True)
class Reconciliation:
    """How the blocks of a statement agree.

    The invoice total is the services plus every other row of block 5 (complement,
    charges, credits, debits, discounts, remaining credit; deductions written negative):
    an R6 invoice with no items and a DÉBITOS row of 2.450,00 adds up. So
    ``items_vs_invoice`` is ``items + other_rows - invoice total`` and
    ``services_vs_invoice`` the same with block 4's total; ``service_differences`` are
    ``items - block 4`` per service code found in either block 3 or 4. The
    ``*_vs_invoice`` differences are ``None`` when block 5 names no total.
    """

    items_total: Decimal
    items_by_service: dict[str, Decimal]
    service_totals: dict[str, Decimal]
    service_differences: dict[str, Decimal]
    services_total: Decimal
    other_rows: Decimal
    invoice_total: Decimal | None
    items_vs_invoice: Decimal | None
    services_vs_invoice: Decimal | None

    @property
    def mismatched_services(self) -> list[str]:
        """Service codes whose items do not add up to their block-4 total."""
        return [code for code, difference in self.service_differences.items() if difference]

    @property
    def balanced(self) -> bool:
        """Every difference is zero and there is an invoice total to compare with."""
        return (
            not self.mismatched_services
            and self.items_vs_invoice is not None
            and not self.items_vs_invoice
            and not self.services_vs_invoice
        )


def _other_rows(statement: AnalyticStatement) -> Decimal:
    """What block 5 adds to the services before its total row: every row but the two
    SERVICOS rows (previous and current cycle) and the total itself, signed as written."""
    rows = statement.invoice_totals[:-1]  # the parser makes sure the last row is the total
    return sum((row.valor for row in rows if not _norm(row.descricao).startswith("SERVICOS")), _ZERO)


def reconcile(statement: AnalyticStatement) -> Reconciliation:
    """Sum VALOR LIQUIDO of the items overall and per service; compare with block 4, and
    with block 5's total less its other rows."""
    by_service: dict[str, Decimal] = {}
    for entry in statement.items:
        code = entry.codigo_servico.strip()
        by_service[code] = by_service.get(code, _ZERO) + entry.valor_liquido
    items_total = sum(by_service.values(), _ZERO)
    block4: dict[str, Decimal] = {}
    for total in statement.service_totals:
        block4[total.codigo_servico] = block4.get(total.codigo_servico, _ZERO) + total.valor_liquido
    services_total = sum(block4.values(), _ZERO)
    codes = list(by_service) + [code for code in block4 if code not in by_service]
    differences = {code: by_service.get(code, _ZERO) - block4.get(code, _ZERO) for code in codes}
    invoice_total = statement.invoice_total
    others = _other_rows(statement)
    return Reconciliation(
        items_total=items_total,
        items_by_service=by_service,
        service_totals=block4,
        service_differences=differences,
        services_total=services_total,
        other_rows=others,
        invoice_total=invoice_total,
        items_vs_invoice=None if invoice_total is None else items_total + others - invoice_total,
        services_vs_invoice=None if invoice_total is None else services_total + others - invoice_total,
    )
