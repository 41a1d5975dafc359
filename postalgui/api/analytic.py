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

A statement can hold 100,000 detail lines: the detail block is read in chunks and
checked per column (`postalgui.api.analytic_details`), its items kept as columns
(`AnalyticItems`); tests/benchmarks/bench_analytic.py holds it to the issue's floor.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from postalgui.api.analytic_details import DETAIL_TITLES, read_details
from postalgui.api.analytic_read import (
    INVOICE_MARK,
    SERVICE_MARK,
    ZERO,
    AnalyticFormatError,
    Reader,
    blank,
    check_width,
    decode_analytic,
    marker,
    money,
    norm,
    titles,
    whole_number,
)
from postalgui.api.collector import gc_paused
from postalgui.api.models.invoices import (
    AnalyticHeader,
    AnalyticItems,
    AnalyticStatement,
    InvoiceTotal,
    ServiceTotal,
)
from postalgui.api.values.errors import cut

__all__ = [
    "ANALYTIC_TAIL_BYTES",
    "DETAIL_TITLES",
    "INVOICE_TOTAL_TITLES",
    "SERVICE_TOTAL_TITLES",
    "AnalyticFormatError",
    "Reconciliation",
    "analytic_end_problem",
    "decode_analytic",
    "gc_paused",
    "parse_analytic_csv",
    "reconcile",
]

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


# --------------------------------------------------------------------------- the parser


def _columns(row: list[str], wanted: Sequence[str], line: int, block: str) -> list[int]:
    """Position of each ``wanted`` title in ``row``; names the missing ones."""
    positions: dict[str, int] = {}
    for index, title in enumerate(row):
        positions.setdefault(norm(title), index)
    missing = [title for title in wanted if title not in positions]
    if missing:
        found = ";".join(title.strip() for title in row if title.strip())
        raise AnalyticFormatError(
            f"expected the {block} titles ({';'.join(wanted)}); missing {', '.join(missing)} "
            f"in '{cut(found)}'",
            line,
        )
    return [positions[title] for title in wanted]


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
    # No collector passes while the statement is read (`gc_paused`): the rows of a chunk all
    # live until it is read and the columns keep what they hold, so the passes find nothing;
    # on 100,000 lines they cost 60 ms of a 380 ms parse (CPU, bench_analytic).
    with gc_paused():
        return _parse(text)


def _parse(text: str) -> AnalyticStatement:
    reader = Reader(text)

    title_row = reader.next_filled("the title line")
    title = ";".join(title_row).strip("; \t")

    header_titles = titles(reader.next_filled("the invoice header titles"))
    if sum(1 for t in header_titles if norm(t) in _HEADER_KNOWN) < 2:
        raise AnalyticFormatError(
            f"expected the invoice header titles (Nº DA FATURA;CNPJ;...), "
            f"found '{cut(';'.join(header_titles))}'",
            reader.line,
        )
    header_row = reader.next_filled("the invoice header line")
    check_width(header_row, len(header_titles), reader.line)
    header = AnalyticHeader(dict(zip(header_titles, (v.strip() for v in header_row), strict=False)))

    detail_row = reader.next_filled("the detail titles")
    detail_columns = _columns(detail_row, DETAIL_TITLES, reader.line, "detail")
    items = read_details(reader, detail_columns, len(titles(detail_row)))

    service_row = reader.next_filled(f"the {SERVICE_MARK} titles")
    service_columns = _columns(service_row, SERVICE_TOTAL_TITLES, reader.line, SERVICE_MARK)
    service_totals = _read_service_totals(reader, service_columns, len(titles(service_row)))

    invoice_row = reader.next_filled(f"the {INVOICE_MARK} titles")
    invoice_columns = _columns(invoice_row, INVOICE_TOTAL_TITLES, reader.line, INVOICE_MARK)
    invoice_totals = _read_invoice_totals(reader, invoice_columns, len(titles(invoice_row)))

    return AnalyticStatement(title, header, items, service_totals, invoice_totals)


def _data_rows(reader: Reader, width: int, until: str | None) -> Iterator[list[str]]:
    """The lines of a small block, up to the ``until`` marker (or the end of the file)."""
    for row in reader:
        if blank(row):
            continue
        mark = marker(row)
        if mark is not None:
            if mark == until:
                return
            raise AnalyticFormatError(f"unexpected {mark} line", reader.line)
        check_width(row, width, reader.line)
        yield row
    if until is not None:
        raise AnalyticFormatError(f"file ends before the {until} block")


def _read_service_totals(reader: Reader, columns: list[int], width: int) -> list[ServiceTotal]:
    code, description, quantity, value, discount, net = columns
    totals: list[ServiceTotal] = []
    for row in _data_rows(reader, width, INVOICE_MARK):
        line = reader.line
        totals.append(
            ServiceTotal(
                row[code].strip(),
                row[description].strip(),
                whole_number(row[quantity], line, "QUANTIDADE"),
                money(row[value], line, "VALOR SERVICO"),
                money(row[discount], line, "DESCONTO", blank_is_zero=True),
                money(row[net], line, "VALOR LIQUIDO"),
            )
        )
    return totals


def _read_invoice_totals(reader: Reader, columns: list[int], width: int) -> list[InvoiceTotal]:
    description, quantity, value = columns
    totals: list[InvoiceTotal] = []
    for row in _data_rows(reader, width, None):
        line = reader.line
        count = None if not row[quantity].strip() else whole_number(row[quantity], line, "QUANTIDADE")
        totals.append(InvoiceTotal(row[description].strip(), count, money(row[value], line, "VALOR")))
    if not totals:
        raise AnalyticFormatError(f"file ends before the rows of the {INVOICE_MARK} block")
    if "TOTAL" not in norm(totals[-1].descricao):
        raise AnalyticFormatError(
            f"file ends before the invoice total row of the {INVOICE_MARK} block "
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
            return f"the file ends before the {INVOICE_MARK} block"
        tail = tail[start + 1 :]  # decode from a line's start, not from inside a character
    text = decode_analytic(tail)
    lines = text.splitlines(keepends=True)
    marks = [i for i, line in enumerate(lines) if marker(line.split(";")) == INVOICE_MARK]
    if not marks:
        return f"the file ends before the {INVOICE_MARK} block"
    reader = Reader("".join(lines[marks[-1] + 1 :]))
    try:
        title_row = reader.next_filled(f"the {INVOICE_MARK} titles")
        columns = _columns(title_row, INVOICE_TOTAL_TITLES, reader.line, INVOICE_MARK)
        _read_invoice_totals(reader, columns, len(titles(title_row)))
    except AnalyticFormatError as exc:
        return f"its {INVOICE_MARK} block is incomplete: {exc.reason}"
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
    return sum((row.valor for row in rows if not norm(row.descricao).startswith("SERVICOS")), ZERO)


def _net_by_service(items: AnalyticItems) -> dict[str, Decimal]:
    """VALOR LIQUIDO summed per service code (stripped), codes in the order they first appear.

    Summed per code as written, then merged: 100,000 lines cost two columns' zip, not
    100,000 items made and 100,000 ``strip`` calls.
    """
    as_written: dict[str, Decimal] = {}
    get = as_written.get
    for code, net in zip(items.column("codigo_servico"), items.column("valor_liquido"), strict=True):
        as_written[code] = get(code, ZERO) + net
    by_service: dict[str, Decimal] = {}
    for code, net in as_written.items():
        code = code.strip()
        by_service[code] = by_service.get(code, ZERO) + net
    return by_service


def reconcile(statement: AnalyticStatement) -> Reconciliation:
    """Sum VALOR LIQUIDO of the items overall and per service; compare with block 4, and
    with block 5's total less its other rows."""
    by_service = _net_by_service(statement.items)
    items_total = sum(by_service.values(), ZERO)
    block4: dict[str, Decimal] = {}
    for total in statement.service_totals:
        block4[total.codigo_servico] = block4.get(total.codigo_servico, ZERO) + total.valor_liquido
    services_total = sum(block4.values(), ZERO)
    codes = list(by_service) + [code for code in block4 if code not in by_service]
    differences = {code: by_service.get(code, ZERO) - block4.get(code, ZERO) for code in codes}
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
