"""The late-objects report in words: a table of the month's late objects, then the totals
per product and the grand total, drawn by `postalgui.documents.reports.late_objects`.

Separate from `export` because it is the PDF's words and numbers. Money is
``R$ 1.234,56`` and days ``DD/MM/AAAA`` in both languages; other numbers follow the language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from postalgui.api.values import format_brl, format_date_ui, format_number
from postalgui.api.values.money import added
from postalgui.documents.reports.late_objects import LateReport, LateRow, LateTotal, late_objects_pdf
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


class LateLine(NamedTuple):
    """An object of the report and how late it is."""

    watched: WatchedObject
    lateness: Lateness


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


def _row(line: LateLine, language: str) -> LateRow:
    watched = line.watched
    amount = watched.invoice_amount
    return LateRow(
        code=watched.code,
        product=product_name(watched),
        posted=_day(watched.posted_on),
        expected=_day(watched.expected_on),
        arrived=_arrived(line, language),
        days=format_number(line.lateness.days, language),
        tag=watched.tag,
        amount=format_brl(amount) if amount is not None else "",
    )


def _totals(
    totals: Sequence[ProductTotal], labels: Mapping[str, str], language: str
) -> tuple[list[LateTotal], LateTotal]:
    """Each product's line and the grand total, in words."""
    count = sum(total.count for total in totals)
    days = sum(total.days for total in totals)
    amount = added(total.amount for total in totals)
    average = (Decimal(days) / count).quantize(Decimal("0.1")) if count else Decimal(0)
    lines = [
        LateTotal(
            total.product or labels["no_product"],
            format_number(total.count, language),
            format_number(total.average_days, language),
            _money(total.amount),
        )
        for total in totals
    ]
    grand = LateTotal(
        labels["total"], format_number(count, language), format_number(average, language), _money(amount)
    )
    return lines, grand


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
    local = generated_at.astimezone()
    generated = labels["generated"].format(when=f"{format_date_ui(local.date())} {local:%H:%M}")
    lines_in_words, total = _totals(totals, labels, language)
    report = LateReport(
        title=title,
        generated=generated,
        page=labels["page"],
        labels=labels,
        rows=[_row(line, language) for line in lines],
        totals=lines_in_words,
        total=total,
    )
    return write_atomically(Path(path), late_objects_pdf(report))
