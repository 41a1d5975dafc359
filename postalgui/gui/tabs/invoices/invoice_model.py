"""The invoice list as a table: texts, colours and sort values worked out once per invoice.

Like the quote results, the rows live in Qt's own item model, so painting, sorting
(`SORT_ROLE`: the number as an int, dates as `QDate`, money as float) and filtering
(`FILTER_ROLE`, a regular expression) stay in C++. Source rows keep the operator's
order, so ``invoice(row)`` is a list lookup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import IntEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QCoreApplication,
    QDate,
    QObject,
    Qt,
)
from PySide6.QtGui import QColor, QGuiApplication, QPalette, QStandardItem, QStandardItemModel

from postalgui.api.values import format_brl, format_date_ui
from postalgui.gui.messages import arg
from postalgui.gui.models.roles import FILTER_ROLE, SORT_ROLE, filter_key
from postalgui.gui.widgets.word_filter import WordFilterProxy

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Invoice

__all__ = [
    "FILTER_ROLE",
    "SORT_ROLE",
    "STATUSES",
    "InvoiceColumn",
    "InvoiceFilterProxy",
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

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


class InvoiceColumn(IntEnum):
    NUMBER = 0
    DUE = 1
    CLOSING = 2
    AMOUNT = 3
    STATUS = 4
    DOCUMENT = 5
    ITEM = 6


_NUMERIC = frozenset({InvoiceColumn.NUMBER, InvoiceColumn.AMOUNT})


def _headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("InvoiceModel", "Number"),
        QCoreApplication.translate("InvoiceModel", "Due date"),
        QCoreApplication.translate("InvoiceModel", "Closing date"),
        QCoreApplication.translate("InvoiceModel", "Amount"),
        QCoreApplication.translate("InvoiceModel", "Status"),
        QCoreApplication.translate("InvoiceModel", "Document"),
        QCoreApplication.translate("InvoiceModel", "Item"),
    )


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


def open_amount(invoice: Invoice) -> Decimal:
    """What is still owed: ``valorEmAberto`` when sent, else the amount of an open invoice."""
    if not invoice.open:
        return Decimal(0)
    if invoice.valorEmAberto is not None:
        return invoice.valorEmAberto
    return invoice.valor or Decimal(0)


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


@dataclass(frozen=True)
class InvoiceTotals:
    """Open and paid sums of some invoices, with how many of each."""

    count: int = 0
    open_total: Decimal = Decimal(0)
    open_count: int = 0
    paid_total: Decimal = Decimal(0)
    paid_count: int = 0


def invoice_totals(invoices: Iterable[Invoice]) -> InvoiceTotals:
    """Open: `open_amount` of the open invoices; paid: the amount of the paid ones."""
    count = open_count = paid_count = 0
    open_total = paid_total = Decimal(0)
    for invoice in invoices:
        count += 1
        if invoice.open:
            open_count += 1
            open_total += open_amount(invoice)
        elif invoice.paid:
            paid_count += 1
            paid_total += invoice.valor or Decimal(0)
    return InvoiceTotals(count, open_total, open_count, paid_total, paid_count)


# --- the model ------------------------------------------------------------------------------


def _alignment(column: InvoiceColumn) -> Qt.AlignmentFlag:
    return _RIGHT if column in _NUMERIC else _LEFT


def _qdate(value: date | None) -> QDate | None:
    return None if value is None else QDate(value.year, value.month, value.day)


def _date_text(value: date | None) -> str:
    return "" if value is None else format_date_ui(value)


class InvoiceModel(QStandardItemModel):
    """`Invoice`s in `InvoiceColumn` order, one row each, in the order they were given.

    An open invoice past its due date on `today` (the day the rows were made unless a
    test fixes it) is marked "Overdue" in red, with the days overdue in its tooltip.
    """

    def __init__(self, parent: QObject | None = None, today: date | None = None) -> None:
        super().__init__(0, len(InvoiceColumn), parent)
        self._fixed_today = today
        self.today = today or date.today()
        self._invoices: list[Invoice] = []
        self.setSortRole(SORT_ROLE)
        for column, title in zip(InvoiceColumn, _headers(), strict=True):
            header = QStandardItem(title)
            header.setData(_alignment(column), Qt.ItemDataRole.TextAlignmentRole)
            self.setHorizontalHeaderItem(column, header)

    def set_invoices(self, invoices: Sequence[Invoice]) -> None:
        self.setRowCount(0)
        self.today = self._fixed_today or date.today()
        self._invoices = list(invoices)
        for invoice in self._invoices:
            self.appendRow(self._items(invoice))

    def clear(self) -> None:  # keeps the columns, unlike Qt's clear()
        self.set_invoices([])

    def invoice(self, row: int) -> Invoice:
        return self._invoices[row]

    def invoices(self) -> list[Invoice]:
        return list(self._invoices)

    def totals(self) -> InvoiceTotals:
        return invoice_totals(self._invoices)

    def _items(self, invoice: Invoice) -> list[QStandardItem]:
        kind = status_kind(invoice)
        status = status_text(invoice, self.today)
        code = (invoice.tipoDocumento or "").strip()
        meaning = document_meaning(code)
        amount = invoice.valor
        texts = (
            str(invoice.id),
            _date_text(invoice.vencimento),
            _date_text(invoice.dataFechamento),
            "" if amount is None else format_brl(amount),
            status,
            code,
            invoice.itemFatura or "",
        )
        keys: tuple[object, ...] = (
            invoice.id,
            _qdate(invoice.vencimento),
            _qdate(invoice.dataFechamento),
            None if amount is None else float(amount),
            status.casefold() or None,
            code.casefold() or None,
            (invoice.itemFatura or "").casefold() or None,
        )
        items: list[QStandardItem] = []
        for column in InvoiceColumn:
            # A new item each time, never a clone(): a cloned item's Python wrapper is kept
            # by the model's and outlives the C++ item when rows are removed; a later
            # object at that address then comes back from PySide as that stale item.
            item = QStandardItem(texts[column])
            item.setEditable(False)
            item.setData(_alignment(column), Qt.ItemDataRole.TextAlignmentRole)
            if keys[column] is not None:
                item.setData(keys[column], SORT_ROLE)
            items.append(item)
        self._mark_status(invoice, kind, status, items[InvoiceColumn.STATUS])
        if meaning:
            items[InvoiceColumn.DOCUMENT].setToolTip(f"{code} \N{EM DASH} {meaning}")
        if invoice.open and invoice.valorEmAberto is not None and invoice.valorEmAberto != amount:
            items[InvoiceColumn.AMOUNT].setToolTip(
                arg(
                    QCoreApplication.translate("InvoiceModel", "Still open: %1"),
                    format_brl(invoice.valorEmAberto),
                )
            )
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
        items[0].setData(filter_key(kind, search), FILTER_ROLE)
        return items

    def _mark_status(self, invoice: Invoice, kind: str, status: str, item: QStandardItem) -> None:
        """The status cell's colour and tooltip: days overdue, or the operator's word."""
        overdue = days_overdue(invoice, self.today)
        colour = status_colour("overdue" if overdue is not None else kind)
        if colour is not None:
            item.setForeground(colour)
        if overdue is not None and invoice.vencimento is not None:
            template = (
                QCoreApplication.translate("InvoiceModel", "Overdue by 1 day (due %2)")
                if overdue == 1
                else QCoreApplication.translate("InvoiceModel", "Overdue by %1 days (due %2)")
            )
            item.setToolTip(arg(template, overdue, format_date_ui(invoice.vencimento)))
        elif invoice.status and invoice.status != status:
            item.setToolTip(invoice.status)


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
