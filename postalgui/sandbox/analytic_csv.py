"""The analytic statement CSV: the spec's five blocks, ``;``-separated, UTF-8 (no BOM).

Layout (one empty line between blocks; lines end with ``\\n``)::

    EXTRATO ANALÍTICO DA FATURA <n>                       1. title
                                                          (empty line)
    Nº DA FATURA;CNPJ;...;DATA PAGAMENTO                  2. header titles
    <one data line>
                                                          (empty line)
    CARTAO POSTAGEM;...;VALOR DECLARADO                   3. detail titles
    <one line per item>
                                                          (empty line)
    TOTALIZACAO POR SERVICO                               4. block name
    CODIGO SERVICO;DESCRICAO SERVICO;QUANTIDADE;VALOR SERVICO;DESCONTO;VALOR LIQUIDO
    <one line per service>
                                                          (empty line)
    TOTALIZACAO FATURA                                    5. block name
    DESCRICAO;QUANTIDADE;VALOR
    <ten rows; the last is TOTAL DA FATURA>

Money: decimal comma, no thousands separator, deductions negative (``-250,00``).
Dates ``DD/MM/YYYY``; weights in grams; CNPJ as 14 digits. Each detail line has
VALOR LIQUIDO = VALOR UNITARIO * QUANTIDADE - DESCONTO; block 4's VALOR LIQUIDO is the
sum of its service's lines; block 5's rows add up to TOTAL DA FATURA, which is the
invoice's ``valor`` (`invoice_data.totals_rows`). A field holding ``;`` or ``"`` is
quoted the RFC 4180 way (none of the demo data does).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date

from postalgui.sandbox.invoice_data import (
    AnalyticItem,
    Invoice,
    InvoiceSummary,
    SummaryBuilder,
    analytic_items,
    totals_rows,
)

HEADER_TITLES = (
    "Nº DA FATURA",
    "CNPJ",
    "RAZAO SOCIAL",
    "CONTRATO",
    "SE DO CONTRATO",
    "CENTRO DE CUSTO",
    "STATUS",
    "DATA VENCIMENTO",
    "DATA FECHAMENTO",
    "CODIGO DO CLIENTE",
    "DATA PAGAMENTO",
)
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
SERVICE_BLOCK = "TOTALIZACAO POR SERVICO"
SERVICE_TITLES = (
    "CODIGO SERVICO",
    "DESCRICAO SERVICO",
    "QUANTIDADE",
    "VALOR SERVICO",
    "DESCONTO",
    "VALOR LIQUIDO",
)
INVOICE_BLOCK = "TOTALIZACAO FATURA"
INVOICE_TITLES = ("DESCRICAO", "QUANTIDADE", "VALOR")
MEDIA_TYPE = "text/csv; charset=utf-8"


def money(cents: int) -> str:
    """``1234,56`` / ``-250,00``: decimal comma, no thousands separator."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole},{part:02d}"


def br_date(day: date | None) -> str:
    return "" if day is None else day.strftime("%d/%m/%Y")


def _field(value: str) -> str:
    if any(char in value for char in ';"\r\n'):
        return '"' + value.replace('"', '""') + '"'
    return value


def row(values: Iterable[str]) -> str:
    """One CSV line with its ``\\n``."""
    return ";".join(_field(value) for value in values) + "\n"


def customer_code(cnpj: str) -> str:
    """The operator's customer code of the demo: the CNPJ root (first 8 digits)."""
    return cnpj[:8]


def title(invoice: Invoice) -> str:
    if invoice.preview:
        return (
            f"PRÉVIA DO EXTRATO ANALÍTICO DO CONTRATO {invoice.contract}"
            f" - POSTAGENS DE {br_date(invoice.cycle_start)} A {br_date(invoice.cycle_end)}"
        )
    return f"EXTRATO ANALÍTICO DA FATURA {invoice.id}"


def analytic_lines(invoice: Invoice, count: int | None = None) -> Iterator[str]:
    """The whole statement, line by line (each ending in ``\\n``), streaming the items.

    Deterministic; `count` overrides the number of detail lines (benchmarks write
    100,000-line files this way) and the totals still add up to the invoice's value.
    """
    yield row([title(invoice)])
    yield "\n"
    yield row(HEADER_TITLES)
    yield row(
        [
            str(invoice.id),
            invoice.cnpj,
            invoice.company_name,
            invoice.contract,
            str(invoice.dr),
            invoice.cost_centre,
            invoice.status,
            br_date(invoice.due),
            br_date(invoice.closing),
            customer_code(invoice.cnpj),
            br_date(invoice.paid_on),
        ]
    )
    yield "\n"
    yield row(DETAIL_TITLES)
    builder = SummaryBuilder()
    for item in analytic_items(invoice, count):
        builder.add(item)
        yield row(_item_values(item))
    yield from _total_lines(invoice, builder.finish())


def _item_values(item: AnalyticItem) -> list[str]:
    """A detail line: one posted object, in `DETAIL_TITLES` order."""
    return [
        item.card,
        item.holder,
        item.service.code,
        item.service.name,
        br_date(item.posted),
        item.extras,
        item.unit,
        item.cep,
        item.label,
        item.document,
        str(item.weight_g),
        money(item.unit_cents),
        money(item.discount_cents),
        str(item.quantity),
        money(item.net_cents),
        money(item.declared_cents),
    ]


def _total_lines(invoice: Invoice, summary: InvoiceSummary) -> Iterator[str]:
    """The two closing blocks: totals per service, then the invoice's totalisation."""
    yield "\n"
    yield row([SERVICE_BLOCK])
    yield row(SERVICE_TITLES)
    for total in summary.services:
        yield row(
            [
                total.code,
                total.name,
                str(total.quantity),
                money(total.gross_cents),
                money(total.discount_cents),
                money(total.net_cents),
            ]
        )
    yield "\n"
    yield row([INVOICE_BLOCK])
    yield row(INVOICE_TITLES)
    for label, quantity, cents in totals_rows(invoice, summary):
        yield row([label, str(quantity), money(cents)])


def analytic_csv(invoice: Invoice, count: int | None = None) -> bytes:
    """The statement as UTF-8 bytes, ready to serve."""
    return "".join(analytic_lines(invoice, count)).encode("utf-8")


def file_name(invoice: Invoice, finished: date) -> str:
    """``EXTRATO_ANALITICO_<fatura>_<item>_<YYYYMMDD>.csv`` (previews: by contract)."""
    if invoice.preview:
        return f"PREVIA_ANALITICO_{invoice.contract}_{finished:%Y%m%d}.csv"
    return f"EXTRATO_ANALITICO_{invoice.id}_{invoice.item}_{finished:%Y%m%d}.csv"
