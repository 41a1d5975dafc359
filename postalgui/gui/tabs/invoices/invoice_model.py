"""The invoice list as a table: texts, colours and sort values worked out once per invoice.

The rows are a `RowTableModel` (cells worded once, `data()` a look-up); sorting
(`SORT_ROLE`: the number as an int, dates as `QDate`, money as float: values Qt
compares itself) and filtering (`FILTER_ROLE`, a regular expression) stay in the
proxy's C++. Source rows keep the operator's order, so ``invoice(row)`` is a list lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QDate, QObject
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QPalette

from postalgui.api.values import format_brl, format_date_ui
from postalgui.gui.messages import arg
from postalgui.gui.models.roles import FILTER_ROLE, SORT_ROLE, filter_key
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.gui.widgets.word_filter import WordFilterProxy
from postalgui.services.invoices.totals import InvoiceTotals, invoice_totals, open_amount

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Invoice

__all__ = [
    "FILTER_ROLE",
    "SORT_ROLE",
    "STATUSES",
    "InvoiceColumn",
    "InvoiceFilterProxy",
    "InvoiceLine",
    "InvoiceModel",
    "InvoiceTotals",
    "days_overdue",
    "document_meaning",
    "invoice_totals",
    "open_amount",
    "slip_available",
    "status_kind",
    "status_text",
]

STATUSES = ("all", "open", "paid", "reversed", "other")
"""What the status filter takes; every kind but ``"all"`` is also a row's `status_kind`."""


class InvoiceColumn(IntEnum):
    NUMBER = 0
    DUE = 1
    CLOSING = 2
    AMOUNT = 3
    STATUS = 4
    DOCUMENT = 5
    ITEM = 6


# --- what an invoice means ----------------------------------------------------------------


def status_kind(invoice: Invoice) -> str:
    """``"open"``, ``"paid"``, ``"reversed"`` (``Estornada``) or ``"other"``."""
    if invoice.paid:
        return "paid"
    if invoice.open:
        return "open"
    if (invoice.status or "").strip().casefold() == "estornada":
        return "reversed"
    return "other"


def days_overdue(invoice: Invoice, today: date) -> int | None:
    """Days an open invoice is past its due date; ``None`` when it is not overdue (paid,
    reversed, not yet due, due today, or with no due date)."""
    if not invoice.open or invoice.vencimento is None:
        return None
    days = (today - invoice.vencimento).days
    return days if days > 0 else None


def status_text(invoice: Invoice, today: date | None = None) -> str:
    """The status in the UI's words; an open invoice past its due date on ``today`` is
    "Overdue"; a status the operator invents is shown as sent."""
    kind = status_kind(invoice)
    if kind == "paid":
        return QCoreApplication.translate("InvoiceModel", "Paid")
    if kind == "open":
        if today is not None and days_overdue(invoice, today) is not None:
            return QCoreApplication.translate("InvoiceModel", "Overdue")
        return QCoreApplication.translate("InvoiceModel", "Open")
    if kind == "reversed":
        return QCoreApplication.translate("InvoiceModel", "Reversed")
    return invoice.status or ""


def status_colour(kind: str) -> QColor | None:
    """Green, amber, red (``"overdue"``) and grey that read on the current palette, light or dark."""
    dark = QGuiApplication.palette().color(QPalette.ColorRole.Base).lightness() < 128
    if kind == "overdue":
        return QColor("#ff7b72") if dark else QColor("#cf222e")
    if kind == "paid":
        return QColor("#56d364") if dark else QColor("#1a7f37")
    if kind == "open":
        return QColor("#e3b341") if dark else QColor("#9a6700")
    if kind == "reversed":
        return QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    return None


def document_meaning(code: str | None) -> str:
    """What a ``tipoDocumento`` means, in the UI's language; empty for an unknown code."""
    meanings = {
        "RE": QCoreApplication.translate("InvoiceModel", "Invoice originated in the billing module"),
        "R4": QCoreApplication.translate("InvoiceModel", "Invoice migrated from a legacy billing system"),
        "RA": QCoreApplication.translate(
            "InvoiceModel", "Instalment plan of debts (debt acknowledgement term)"
        ),
        "R6": QCoreApplication.translate("InvoiceModel", "Postal tax-debt refinancing program invoice"),
        "R8": QCoreApplication.translate("InvoiceModel", "Court-agreement invoice"),
        "RT": QCoreApplication.translate("InvoiceModel", "Estimate-based invoice"),
        "RZ": QCoreApplication.translate("InvoiceModel", "Zeroed invoice"),
        "R3": QCoreApplication.translate("InvoiceModel", "Supplier invoice"),
    }
    return meanings.get((code or "").strip().upper(), "")


def slip_available(invoice: Invoice) -> bool:
    """Whether a payment slip can exist: something is owed and the invoice is not zeroed.

    A paid or reversed invoice has nothing to pay, and an RZ (zeroed) invoice has no slip.
    """
    if (invoice.tipoDocumento or "").strip().upper() == "RZ":
        return False
    if invoice.paid or status_kind(invoice) == "reversed":
        return False
    amount = invoice.valorEmAberto if invoice.valorEmAberto is not None else invoice.valor
    return amount is not None and amount > 0


# --- the model ------------------------------------------------------------------------------

_COLUMNS: tuple[Column[InvoiceLine], ...] = (
    Column(QT_TRANSLATE_NOOP("InvoiceModel", "Number"), numeric=True),
    Column(QT_TRANSLATE_NOOP("InvoiceModel", "Due date")),
    Column(QT_TRANSLATE_NOOP("InvoiceModel", "Closing date")),
    Column(QT_TRANSLATE_NOOP("InvoiceModel", "Amount"), numeric=True),
    Column(QT_TRANSLATE_NOOP("InvoiceModel", "Status")),
    Column(QT_TRANSLATE_NOOP("InvoiceModel", "Document")),
    Column(QT_TRANSLATE_NOOP("InvoiceModel", "Item")),
)


@dataclass(frozen=True, slots=True)
class InvoiceLine:
    """An invoice and what its row shows beyond the texts, worked out once: the status
    colour, the cells' tooltips (by column) and the `filter_key` of the first cell."""

    invoice: Invoice
    texts: tuple[str, ...]
    colour: QBrush | None  # a brush, as a view's foreground (and Qt's item models) have it
    tips: dict[int, str]
    filter: str


def _qdate(value: date | None) -> QDate | None:
    return None if value is None else QDate(value.year, value.month, value.day)


def _date_text(value: date | None) -> str:
    return "" if value is None else format_date_ui(value)


def _status_tip(invoice: Invoice, status: str, overdue: int | None) -> str:
    """Days overdue, or the operator's own word for the status."""
    if overdue is not None and invoice.vencimento is not None:
        template = (
            QCoreApplication.translate("InvoiceModel", "Overdue by 1 day (due %2)")
            if overdue == 1
            else QCoreApplication.translate("InvoiceModel", "Overdue by %1 days (due %2)")
        )
        return arg(template, overdue, format_date_ui(invoice.vencimento))
    if invoice.status and invoice.status != status:
        return invoice.status
    return ""


def _tips(invoice: Invoice, status: str, overdue: int | None, code: str, meaning: str) -> dict[int, str]:
    tips = {InvoiceColumn.STATUS: _status_tip(invoice, status, overdue)}
    if meaning:
        tips[InvoiceColumn.DOCUMENT] = f"{code} \N{EM DASH} {meaning}"
    if invoice.open and invoice.valorEmAberto is not None and invoice.valorEmAberto != invoice.valor:
        tips[InvoiceColumn.AMOUNT] = arg(
            QCoreApplication.translate("InvoiceModel", "Still open: %1"), format_brl(invoice.valorEmAberto)
        )
    return {column: tip for column, tip in tips.items() if tip}


class InvoiceModel(RowTableModel[InvoiceLine]):
    """`Invoice`s in `InvoiceColumn` order, one row each, in the order they were given.

    An open invoice past its due date on `today` (the day the rows were made unless a
    test fixes it) is marked "Overdue" in red, with the days overdue in its tooltip.
    Source rows keep the operator's order (the proxy sorts, in C++, by `SORT_ROLE`:
    the number as an int, dates as `QDate`, money as float), so ``invoice(row)`` is a
    list lookup; `FILTER_ROLE` on the first cell feeds `InvoiceFilterProxy`.
    """

    def __init__(self, parent: QObject | None = None, today: date | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self._fixed_today = today
        self.today = today or date.today()
        self.answer_role(FILTER_ROLE, self._filter_key)

    def set_invoices(self, invoices: Sequence[Invoice]) -> None:
        self.today = self._fixed_today or date.today()
        self.set_items([self._line(invoice) for invoice in invoices])

    def invoice(self, row: int) -> Invoice:
        return self.item(row).invoice

    def invoices(self) -> list[Invoice]:
        return [line.invoice for line in self.items()]

    def totals(self) -> InvoiceTotals:
        return invoice_totals(self.invoices())

    def _line(self, invoice: Invoice) -> InvoiceLine:
        kind = status_kind(invoice)
        status = status_text(invoice, self.today)
        code = (invoice.tipoDocumento or "").strip()
        meaning = document_meaning(code)
        overdue = days_overdue(invoice, self.today)
        texts = self._texts(invoice, status, code)
        search = " ".join(
            (
                *texts,
                invoice.status or "",
                meaning,
                invoice.nomeContrato or "",
                invoice.centroCusto or "",
                invoice.lote or "",
            )
        ).casefold()
        colour = status_colour("overdue" if overdue is not None else kind)
        return InvoiceLine(
            invoice,
            texts,
            None if colour is None else QBrush(colour),
            _tips(invoice, status, overdue, code, meaning),
            filter_key(kind, search),
        )

    @staticmethod
    def _texts(invoice: Invoice, status: str, code: str) -> tuple[str, ...]:
        amount = invoice.valor
        return (
            str(invoice.id),
            _date_text(invoice.vencimento),
            _date_text(invoice.dataFechamento),
            "" if amount is None else format_brl(amount),
            status,
            code,
            invoice.itemFatura or "",
        )

    def make_row(self, item: InvoiceLine) -> TextRow[InvoiceLine]:
        invoice, texts = item.invoice, item.texts
        amount = invoice.valor
        keys: tuple[object, ...] = (
            invoice.id,
            _qdate(invoice.vencimento),
            _qdate(invoice.dataFechamento),
            None if amount is None else float(amount),
            texts[InvoiceColumn.STATUS].casefold() or None,
            texts[InvoiceColumn.DOCUMENT].casefold() or None,
            texts[InvoiceColumn.ITEM].casefold() or None,
        )
        return TextRow(item, texts, keys)

    def tooltip(self, row: TextRow[InvoiceLine], column: int) -> str | None:
        return row.item.tips.get(column)

    def foreground(self, row: TextRow[InvoiceLine], column: int) -> Any:
        return row.item.colour if column == InvoiceColumn.STATUS else None

    def _filter_key(self, row: TextRow[InvoiceLine], column: int) -> str | None:
        return row.item.filter if column == 0 else None


class InvoiceFilterProxy(WordFilterProxy):
    """Sorting by `SORT_ROLE`, a text filter (every word must appear) and a status filter."""

    STATUSES = STATUSES

    def invoice(self, row: int) -> Invoice:
        """The invoice on a row of this proxy."""
        source = self.sourceModel()
        if not isinstance(source, InvoiceModel):
            raise TypeError("the source model is not an InvoiceModel")
        return source.invoice(self.mapToSource(self.index(row, 0)).row())

    def invoices(self) -> list[Invoice]:
        """The invoices the filter shows, in view order."""
        return [self.invoice(row) for row in range(self.rowCount())]
