"""An analytic statement's totals: per service (block 4) against its items, the invoice's own
(block 5), and the one reconciliation line that says whether it all adds up.

Figures come from `postalgui.api.analytic.reconcile`. Texts keep the translation context
of `AnalyticView`, where the catalog has them.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QLabel, QWidget

from postalgui.api.values import format_brl
from postalgui.gui.messages import arg
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.tabs.invoices.analytic_items_model import grouped
from postalgui.gui.widgets.tables import read_only_table

if TYPE_CHECKING:
    from postalgui.api.analytic import Reconciliation
    from postalgui.api.models.invoices import AnalyticStatement, ServiceTotal

__all__ = ["ReconciliationLine", "StatementTotals", "ok_colour"]

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_ZERO = Decimal(0)


def _signed(amount: Decimal) -> str:
    """``+R$ 1,00`` / ``-R$ 1,00``: a difference says which way it goes."""
    return f"+{format_brl(amount)}" if amount > 0 else format_brl(amount)


def ok_colour() -> QColor:
    """A green that reads on the current palette."""
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
    return QColor("#6ccb5f") if base.lightness() < 128 else QColor("#107c10")


def _cell(
    text: str, *, right: bool = False, colour: QColor | None = None, key: object = None
) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    item.setData(_RIGHT if right else _LEFT, Qt.ItemDataRole.TextAlignmentRole)
    if colour is not None:
        item.setForeground(colour)
    if key is not None:
        item.setData(key, SORT_ROLE)
    return item


class StatementTotals(QObject):
    """The two totals tables: per service (``services_model``) and the invoice's (``totals_model``)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.services_model = QStandardItemModel(0, 7, self)
        self.services_table = read_only_table(
            parent,
            self.services_model,
            "serviceTotalsTable",
            QCoreApplication.translate("AnalyticView", "Totals per service"),
        )
        self.totals_model = QStandardItemModel(0, 3, self)
        self.totals_table = read_only_table(
            parent,
            self.totals_model,
            "invoiceTotalsTable",
            QCoreApplication.translate("AnalyticView", "Invoice totals"),
        )
        self._set_table_headers()

    def show_statement(
        self, statement: AnalyticStatement, reconciliation: Reconciliation, service_names: dict[str, str]
    ) -> None:
        """Fill both tables; ``service_names`` name the services block 4 lacks (from the items)."""
        self._show_services(statement, reconciliation, service_names)
        self._show_invoice_totals(statement)

    def _set_table_headers(self) -> None:
        self.services_model.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("AnalyticView", "Service"),
                QCoreApplication.translate("AnalyticView", "Quantity"),
                QCoreApplication.translate("AnalyticView", "Service value"),
                QCoreApplication.translate("AnalyticView", "Discount"),
                QCoreApplication.translate("AnalyticView", "Net (service totals)"),
                QCoreApplication.translate("AnalyticView", "Net (sum of items)"),
                QCoreApplication.translate("AnalyticView", "Difference"),
            ]
        )
        self.totals_model.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("AnalyticView", "Description"),
                QCoreApplication.translate("AnalyticView", "Quantity"),
                QCoreApplication.translate("AnalyticView", "Value"),
            ]
        )
        for model, numeric in ((self.services_model, range(1, 7)), (self.totals_model, range(1, 3))):
            for column in numeric:
                model.setHeaderData(
                    column, Qt.Orientation.Horizontal, _RIGHT, Qt.ItemDataRole.TextAlignmentRole
                )

    def _show_services(
        self, statement: AnalyticStatement, reconciliation: Reconciliation, names: dict[str, str]
    ) -> None:
        """Block 4 beside the items' own sums, one row per service found in either."""
        block4: dict[str, list[ServiceTotal]] = {}
        for total in statement.service_totals:
            block4.setdefault(total.codigo_servico, []).append(total)
        self.services_model.setRowCount(0)
        red = error_colour()
        for code, difference in reconciliation.service_differences.items():
            rows = block4.get(code, [])
            name = rows[0].descricao if rows else names.get(code, "")
            if rows:
                quantity = grouped(sum(row.quantidade for row in rows))
                gross = format_brl(sum((row.valor_servico for row in rows), _ZERO))
                discount = format_brl(sum((row.desconto for row in rows), _ZERO))
                net = format_brl(reconciliation.service_totals.get(code, _ZERO))
            else:
                quantity = gross = discount = net = "\N{EM DASH}"
            items_net = reconciliation.items_by_service.get(code)
            self.services_model.appendRow(
                [
                    _cell(f"{code} {name}" if name else code),
                    _cell(quantity, right=True),
                    _cell(gross, right=True),
                    _cell(discount, right=True),
                    _cell(net, right=True),
                    _cell("\N{EM DASH}" if items_net is None else format_brl(items_net), right=True),
                    _cell(format_brl(difference), right=True, colour=red if difference else None),
                ]
            )
        self.services_model.appendRow(
            [
                _cell(QCoreApplication.translate("AnalyticView", "Total")),
                _cell(""),
                _cell(""),
                _cell(""),
                _cell(format_brl(reconciliation.services_total), right=True),
                _cell(format_brl(reconciliation.items_total), right=True),
                _cell(
                    format_brl(reconciliation.items_total - reconciliation.services_total),
                    right=True,
                    colour=red if reconciliation.items_total != reconciliation.services_total else None,
                ),
            ]
        )
        last = self.services_model.rowCount() - 1
        for column in range(self.services_model.columnCount()):
            cell = self.services_model.item(last, column)
            if cell is not None:
                font = cell.font()
                font.setBold(True)
                cell.setFont(font)

    def _show_invoice_totals(self, statement: AnalyticStatement) -> None:
        self.totals_model.setRowCount(0)
        for row in statement.invoice_totals:
            quantity = "" if row.quantidade is None else grouped(row.quantidade)
            self.totals_model.appendRow(
                [
                    _cell(row.descricao),
                    _cell(quantity, right=True),
                    _cell(format_brl(row.valor), right=True),
                ]
            )


class ReconciliationLine(QLabel):
    """Items, services, invoice total and the difference in one line, green or red."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reconciliationLine")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def show_result(self, reconciliation: Reconciliation) -> None:
        """One line: items, services, the invoice's other rows (when it has any), invoice
        total and the difference; green or red."""
        text = _figures(reconciliation)
        balanced = reconciliation.balanced
        if not balanced:
            text = arg(
                QCoreApplication.translate("AnalyticView", "%1 — differences: %2"),
                text,
                "; ".join(_problems(reconciliation)),
            )
        colour = ok_colour() if balanced else error_colour()
        self.setText(text)
        self.setStyleSheet(f"QLabel#reconciliationLine {{ color: {colour.name()}; }}")
        self.setProperty("balanced", balanced)
        self.setAccessibleDescription(
            QCoreApplication.translate("AnalyticView", "The statement adds up")
            if balanced
            else QCoreApplication.translate("AnalyticView", "The statement does not add up")
        )


def _figures(reconciliation: Reconciliation) -> str:
    """Items, services, other rows (charges, credits, debits, ...; only when there are any),
    invoice total and the difference, which counts every one of them."""
    dash = "\N{EM DASH}"
    total = dash if reconciliation.invoice_total is None else format_brl(reconciliation.invoice_total)
    difference = reconciliation.items_vs_invoice
    shown = dash if difference is None else _signed(difference)
    items = format_brl(reconciliation.items_total)
    services = format_brl(reconciliation.services_total)
    if reconciliation.other_rows:
        return arg(
            QCoreApplication.translate(
                "AnalyticView",
                "Items %1 · services %2 · other invoice rows %3 · invoice total %4 · difference %5",
            ),
            items,
            services,
            _signed(reconciliation.other_rows),
            total,
            shown,
        )
    return arg(
        QCoreApplication.translate(
            "AnalyticView", "Items %1 · services %2 · invoice total %3 · difference %4"
        ),
        items,
        services,
        total,
        shown,
    )


def _problems(reconciliation: Reconciliation) -> list[str]:
    """What does not add up, each in a few words: services whose items differ, then the
    items and the service totals (each with the invoice's other rows) against the invoice total."""
    problems = [
        arg(
            QCoreApplication.translate("AnalyticView", "service %1: items %2"),
            code,
            _signed(reconciliation.service_differences[code]),
        )
        for code in reconciliation.mismatched_services
    ]
    if reconciliation.invoice_total is None:
        problems.append(QCoreApplication.translate("AnalyticView", "the file names no invoice total"))
        return problems
    if reconciliation.items_vs_invoice:
        problems.append(
            arg(
                QCoreApplication.translate("AnalyticView", "items against the invoice total: %1"),
                _signed(reconciliation.items_vs_invoice),
            )
        )
    if reconciliation.services_vs_invoice:
        problems.append(
            arg(
                QCoreApplication.translate("AnalyticView", "service totals against the invoice total: %1"),
                _signed(reconciliation.services_vs_invoice),
            )
        )
    return problems
