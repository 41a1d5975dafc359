"""The late-objects report drawn: a landscape A4 table of the month's late objects, then
the totals per product and the grand total, with the house's head and "Página x de y".

Separate from `export` because it is all drawing (reportlab), through the office's
`postalgui.documents` pieces. Money is ``R$ 1.234,56`` and days ``DD/MM/AAAA`` in both
languages; other numbers follow the language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import Spacer, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.api.values import format_brl, format_date_ui, format_number
from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.pages import landscape_report, report_styles
from postalgui.documents.tables import heading_row, padding, total_row
from postalgui.documents.text import fit, paragraph
from postalgui.services.tracking.lateness import Lateness, Timing
from postalgui.services.tracking.words import status_words
from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from postalgui.services.tracking.records import WatchedObject

__all__ = ["LABELS", "LateLine", "ProductTotal", "product_name", "write_late_pdf"]

LABELS: Mapping[str, Mapping[str, str]] = {
    "pt": {
        "title": "Objetos atrasados em {month}",
        "generated": "Gerado em {when}",
        "page": "Página {page} de {pages}",
        "code": "Código",
        "product": "Produto",
        "posted": "Postado",
        "expected": "Previsto",
        "arrived": "Entrega / último evento",
        "days": "Dias de atraso",
        "tag": "Marcador",
        "amount": "Valor",
        "count": "Objetos",
        "average": "Média de dias",
        "totals": "Totais por produto",
        "total": "Total geral",
        "none": "Nenhum objeto atrasado neste mês.",
        "no_product": "(sem produto)",
    },
    "en": {
        "title": "Late objects in {month}",
        "generated": "Generated on {when}",
        "page": "Page {page} of {pages}",
        "code": "Code",
        "product": "Product",
        "posted": "Posted",
        "expected": "Expected",
        "arrived": "Delivered / last event",
        "days": "Days late",
        "tag": "Tag",
        "amount": "Amount",
        "count": "Objects",
        "average": "Average days",
        "totals": "Totals per product",
        "total": "Grand total",
        "none": "No late objects this month.",
        "no_product": "(no product)",
    },
}

_MONTHS = {
    "pt": (
        "janeiro", "fevereiro", "março", "abril", "maio", "junho",
        "julho", "agosto", "setembro", "outubro", "novembro", "dezembro",
    ),
    "en": (
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ),
}  # fmt: skip

_SIZE = 8
_GREY = colors.HexColor("#e8edf3")
_LIGHT = colors.HexColor("#f6f8fa")
_WIDTHS_MM = (30, 46, 22, 22, None, 24, 34, 26)
"""Code, product, posted, expected, delivered / last event (the rest), days, tag, amount."""


class LateLine(NamedTuple):
    """An object of the report and how late it is."""

    watched: WatchedObject
    lateness: Lateness


def added(amounts: Iterable[Decimal | None]) -> Decimal | None:
    """The sum of the amounts known; ``None`` when none is (R$ 0,00 would say they were free)."""
    known = [amount for amount in amounts if amount is not None]
    return sum(known, Decimal(0)) if known else None


def _money(amount: Decimal | None) -> str:
    return format_brl(amount) if amount is not None else "\N{EM DASH}"


@dataclass(frozen=True)
class ProductTotal:
    """A product's line of the totals: how many objects, days late summed, amount billed
    (``None`` when no statement line of theirs is known: pasted codes)."""

    product: str
    count: int
    days: int
    amount: Decimal | None

    @property
    def average_days(self) -> Decimal:
        if not self.count:
            return Decimal(0)
        return (Decimal(self.days) / self.count).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def product_name(watched: WatchedObject) -> str:
    """The operator's product name, else the product code the statement gave."""
    return watched.product or watched.co_produto or ""


def month_title(month: date, language: str) -> str:
    """``novembro de 2026`` / ``November 2026``."""
    name = _MONTHS[language][month.month - 1]
    return f"{name} de {month.year}" if language == "pt" else f"{name} {month.year}"


def _day(day: date | None) -> str:
    return format_date_ui(day) if day is not None else ""


def _arrived(line: LateLine, language: str) -> str:
    watched = line.watched
    if line.lateness.timing is Timing.LATE:
        return f"{_day(watched.arrived_on)} {status_words(watched.status, watched.problem, language)}"
    when = f"{_day(watched.last_at.date())} " if watched.last_at is not None else ""
    return f"{when}{watched.last_event or status_words(watched.status, watched.problem, language)}"


def _widths(total: float) -> list[float]:
    fixed = sum(width for width in _WIDTHS_MM if width is not None) * mm
    return [width * mm if width is not None else total - fixed for width in _WIDTHS_MM]


def _objects_table(
    lines: Sequence[LateLine], labels: Mapping[str, str], width: float, language: str
) -> Table:
    widths = _widths(width)
    keys = ("code", "product", "posted", "expected", "arrived", "days", "tag", "amount")
    data: list[list[Any]] = [[fit(labels[key], widths[i] - 6, _SIZE, BOLD) for i, key in enumerate(keys)]]
    for line in lines:
        watched = line.watched
        product = product_name(watched)
        amount = watched.invoice_amount
        data.append(
            [
                watched.code,
                fit(product, widths[1] - 6, _SIZE),
                _day(watched.posted_on),
                _day(watched.expected_on),
                fit(_arrived(line, language), widths[4] - 6, _SIZE),
                format_number(line.lateness.days, language),
                fit(watched.tag, widths[6] - 6, _SIZE),
                format_brl(amount) if amount is not None else "",
            ]
        )
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                *heading_row(_SIZE, _GREY, 0.75, colors.black),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, _LIGHT]),
                ("ALIGN", (5, 0), (5, -1), "RIGHT"),
                ("ALIGN", (7, 0), (7, -1), "RIGHT"),
                *padding(2),
            ]
        )
    )
    return table


def _totals_table(totals: Sequence[ProductTotal], labels: Mapping[str, str], language: str) -> Table:
    count = sum(total.count for total in totals)
    days = sum(total.days for total in totals)
    amount = added(total.amount for total in totals)
    average = (Decimal(days) / count).quantize(Decimal("0.1")) if count else Decimal(0)
    data: list[list[str]] = [[labels["product"], labels["count"], labels["average"], labels["amount"]]]
    widths = [90 * mm, 25 * mm, 30 * mm, 35 * mm]
    for total in totals:
        data.append(
            [
                fit(total.product or labels["no_product"], widths[0] - 6, _SIZE),
                format_number(total.count, language),
                format_number(total.average_days, language),
                _money(total.amount),
            ]
        )
    data.append(
        [
            labels["total"],
            format_number(count, language),
            format_number(average, language),
            _money(amount),
        ]
    )
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                *heading_row(_SIZE, _GREY, 0.75, colors.black),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                *padding(2),
                *total_row(_SIZE, 0.75, colors.black, background=_GREY),
            ]
        )
    )
    return table


def write_late_pdf(
    path: Path,
    lines: Sequence[LateLine],
    totals: Sequence[ProductTotal],
    month: date,
    generated_at: datetime,
    language: str,
) -> Path:
    """Write the report at ``path`` atomically."""
    labels = LABELS[language]
    title = labels["title"].format(month=month_title(month, language))
    styles = report_styles()

    def story(width: float) -> list[Any]:
        laid: list[Any] = [paragraph(title, styles["title"]), Spacer(1, 2 * mm)]
        if lines:
            laid.append(_objects_table(lines, labels, width, language))
        else:
            laid.append(paragraph(labels["none"], styles["body"]))
        return [*laid, paragraph(labels["totals"], styles["head"]), _totals_table(totals, labels, language)]

    local = generated_at.astimezone()
    generated = labels["generated"].format(when=f"{format_date_ui(local.date())} {local:%H:%M}")
    page = labels["page"]
    pdf = landscape_report(
        title, story, (title, generated), ("", lambda number, pages: page.format(page=number, pages=pages))
    )
    return write_atomically(Path(path), pdf)
