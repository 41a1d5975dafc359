"""The watchlist written out: a CSV or workbook of objects, and the month's late objects as a PDF.

The spreadsheet carries the table's columns (code, status, last event, where, since,
expected, days late, tag) and what the invoice says (product, invoice, amount). The CSV
is the house's (``;``, decimal comma, UTF-8 with BOM, `spreadsheet.write_table`); the
workbook types its cells (dates as dates, days late and amounts as numbers). Titles and
status words are Brazilian Portuguese by default, English with ``language="en"``.

The report lists the objects late in a month: delivered (or first at a branch, or first
tried) after their expected date with that day in the month, and those still on their way
whose expected date fell in the month and is past; totals per product (count, average
days late, amount) and a grand total (`late_pdf` draws it).
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.cancel import TaskControl
from postalgui.api.values.money import added
from postalgui.services.spreadsheet import CellKind, SheetColumn, write_table
from postalgui.services.tracking.late_pdf import LateLine, ProductTotal, product_name, write_late_pdf
from postalgui.services.tracking.lateness import Timing
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.words import status_words
from postalgui.services.words import language_of

if TYPE_CHECKING:
    from postalgui.services.tracking.service import TrackingService

__all__ = [
    "LateLine",
    "ProductTotal",
    "export_objects",
    "late_lines",
    "late_report",
    "product_totals",
]

_COLUMNS: dict[str, tuple[str, ...]] = {
    "pt": (
        "Código", "Situação", "Último evento", "Onde", "Desde", "Previsto", "Dias de atraso",
        "Marcador", "Produto", "Fatura", "Valor",
    ),
    "en": (
        "Code", "Status", "Last event", "Where", "Since", "Expected", "Days late",
        "Tag", "Product", "Invoice", "Amount",
    ),
}  # fmt: skip
_KINDS = (
    CellKind.TEXT, CellKind.TEXT, CellKind.TEXT, CellKind.TEXT, CellKind.DATE, CellKind.DATE, CellKind.INT,
    CellKind.TEXT, CellKind.TEXT, CellKind.TEXT, CellKind.MONEY,
)  # fmt: skip
_WIDTHS = (16, 22, 40, 24, None, None, None, 16, 24, 14, None)


def _values(watched: WatchedObject, today: date, language: str) -> list[object]:
    lateness = watched.lateness(today)
    return [
        watched.code,
        status_words(watched.status, watched.problem, language),
        watched.last_event,
        watched.last_place,
        watched.last_at.date() if watched.last_at is not None else None,
        watched.expected_on,
        lateness.days if lateness.late else None,
        watched.tag,
        product_name(watched),
        watched.invoice or "",
        watched.invoice_amount,
    ]


def export_objects(
    task: TaskControl,
    service: TrackingService | None,
    objects: Sequence[WatchedObject],
    path: Path,
    today: date,
    language: str = "pt",
) -> Path:
    """``objects`` as a CSV, or a workbook when ``path`` ends in ``.xlsx``, written atomically."""
    del service  # the rows carry everything written
    language = language_of(language)
    titles = _COLUMNS[language]
    rows = (_values(watched, today, language) for watched in objects)
    task.raise_if_cancelled()
    columns = [
        SheetColumn(title, kind, width) for title, kind, width in zip(titles, _KINDS, _WIDTHS, strict=True)
    ]
    title = "Objetos" if language == "pt" else "Objects"
    return write_table(Path(path), columns, rows, title=title, check=task.raise_if_cancelled)


# --------------------------------------------------------------------------- late objects of a month


def _month_range(month: date) -> tuple[date, date]:
    last = calendar.monthrange(month.year, month.month)[1]
    return month.replace(day=1), month.replace(day=last)


def late_lines(objects: Sequence[WatchedObject], month: date, today: date) -> list[LateLine]:
    """The objects late in ``month``: arrived late that month, or overdue with their expected
    date in it (days counted to ``today``); oldest expected date first."""
    first, last = _month_range(month)
    lines = []
    for watched in objects:
        lateness = watched.lateness(today)
        if lateness.timing is Timing.LATE:
            day = watched.arrived_on
        elif lateness.timing is Timing.OVERDUE:
            day = watched.expected_on
        else:
            continue
        if day is not None and first <= day <= last:
            lines.append(LateLine(watched, lateness))
    lines.sort(key=lambda line: (line.watched.expected_on or first, line.watched.code))
    return lines


def product_totals(lines: Sequence[LateLine]) -> list[ProductTotal]:
    """Per product (by name), in name order: how many, days late summed, amount billed."""
    totals: dict[str, ProductTotal] = {}
    for line in lines:
        product = product_name(line.watched)
        before = totals.get(product, ProductTotal(product, 0, 0, None))
        totals[product] = ProductTotal(
            product,
            before.count + 1,
            before.days + line.lateness.days,
            added((before.amount, line.watched.invoice_amount)),
        )
    return [totals[name] for name in sorted(totals, key=str.casefold)]


def late_report(
    task: TaskControl,
    service: TrackingService,
    objects: Sequence[WatchedObject],
    path: Path,
    month: date,
    language: str = "pt",
) -> Path:
    """The PDF "Objetos atrasados em <mês>" / "Late objects in <month>" at ``path`` (atomically)."""
    task.raise_if_cancelled()
    lines = late_lines(objects, month, service.today())
    return write_late_pdf(
        Path(path), lines, product_totals(lines), month, service.now(), language_of(language)
    )
