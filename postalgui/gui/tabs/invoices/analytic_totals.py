"""An analytic statement's totals: per service (block 4) against its items, the invoice's own
(block 5), and the one reconciliation line that says whether it all adds up.

Figures come from `postalgui.api.analytic.reconcile`. Texts keep the translation context
of `AnalyticView`, where the catalog has them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QLabel, QWidget

from postalgui.api.values import format_brl
from postalgui.api.values.text import fold
from postalgui.gui.messages import arg
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.gui.tabs.invoices.analytic_items_model import grouped
from postalgui.gui.widgets.tables import read_only_table

if TYPE_CHECKING:
    from postalgui.api.analytic import Reconciliation
    from postalgui.api.models.invoices import AnalyticStatement, ServiceTotal

__all__ = ["ReconciliationLine", "StatementTotals", "TotalLine", "TotalsModel", "ok_colour"]

_ZERO = Decimal(0)
_DASH = "\N{EM DASH}"


def _signed(amount: Decimal) -> str:
    """``+R$ 1,00`` / ``-R$ 1,00``: a difference says which way it goes."""
    return f"+{format_brl(amount)}" if amount > 0 else format_brl(amount)


def ok_colour() -> QColor:
    """A green that reads on the current palette."""
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
    return QColor("#6ccb5f") if base.lightness() < 128 else QColor("#107c10")


@dataclass(frozen=True, slots=True)
class TotalLine:
    """One row of a totals table: its texts, native sort keys, the columns shown in the
    error colour (a difference) and whether it is the bold total row."""

    texts: tuple[str, ...]
    keys: tuple[object, ...]
    alarms: frozenset[int] = frozenset()
    bold: bool = False


def _money(value: Decimal | None) -> str:
    return _DASH if value is None else format_brl(value)


class TotalsModel(RowTableModel[TotalLine]):
    """A small totals table: rows as given (`TotalLine`), differences in red, the total in bold."""

    def __init__(self, columns: Sequence[Column[TotalLine]], parent: QObject | None = None) -> None:
        super().__init__(columns, parent, context="AnalyticView")
        self._bold = QFont()
        self._bold.setBold(True)

    def make_row(self, item: TotalLine) -> TextRow[TotalLine]:
        return TextRow(item, item.texts, item.keys)

    def foreground(self, row: TextRow[TotalLine], column: int) -> Any:
        return error_colour() if column in row.item.alarms else None

    def font(self, row: TextRow[TotalLine], column: int) -> Any:
        return self._bold if row.item.bold else None


_SERVICE_COLUMNS: tuple[Column[TotalLine], ...] = (
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Service")),
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Quantity"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Service value"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Discount"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Net (service totals)"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Net (sum of items)"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Difference"), numeric=True),
)
_INVOICE_COLUMNS: tuple[Column[TotalLine], ...] = (
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Description")),
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Quantity"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticView", "Value"), numeric=True),
)
_DIFFERENCE = 6


def _service_line(
    code: str,
    name: str,
    rows: list[ServiceTotal],
    net: Decimal | None,
    items_net: Decimal | None,
    difference: Decimal,
) -> TotalLine:
    """A service's block-4 figures (a dash for a service only the items name) beside its items' sum."""
    label = f"{code} {name}" if name else code
    if rows:
        quantity: int | None = sum(row.quantidade for row in rows)
        gross: Decimal | None = sum((row.valor_servico for row in rows), _ZERO)
        discount: Decimal | None = sum((row.desconto for row in rows), _ZERO)
    else:
        quantity = gross = discount = net = None
    return TotalLine(
        (
            label,
            _DASH if quantity is None else grouped(quantity),
            _money(gross),
            _money(discount),
            _money(net),
            _money(items_net),
            format_brl(difference),
        ),
        (fold(label), quantity, gross, discount, net, items_net, difference),
        frozenset({_DIFFERENCE}) if difference else frozenset(),
    )


def _total_line(reconciliation: Reconciliation) -> TotalLine:
    difference = reconciliation.items_total - reconciliation.services_total
    services, items = reconciliation.services_total, reconciliation.items_total
    return TotalLine(
        (
            QCoreApplication.translate("AnalyticView", "Total"),
            "",
            "",
            "",
            format_brl(services),
            format_brl(items),
            format_brl(difference),
        ),
        (None, None, None, None, services, items, difference),
        frozenset({_DIFFERENCE}) if difference else frozenset(),
        bold=True,
    )


class StatementTotals(QObject):
    """The two totals tables: per service (``services_model``) and the invoice's (``totals_model``)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.services_model = TotalsModel(_SERVICE_COLUMNS, self)
        self.services_table = read_only_table(
            parent,
            self.services_model,
            "serviceTotalsTable",
            QCoreApplication.translate("AnalyticView", "Totals per service"),
        )
        self.totals_model = TotalsModel(_INVOICE_COLUMNS, self)
        self.totals_table = read_only_table(
            parent,
            self.totals_model,
            "invoiceTotalsTable",
            QCoreApplication.translate("AnalyticView", "Invoice totals"),
        )

    def show_statement(
        self, statement: AnalyticStatement, reconciliation: Reconciliation, service_names: dict[str, str]
    ) -> None:
        """Fill both tables; ``service_names`` name the services block 4 lacks (from the items)."""
        self._show_services(statement, reconciliation, service_names)
        self._show_invoice_totals(statement)

    def _show_services(
        self, statement: AnalyticStatement, reconciliation: Reconciliation, names: dict[str, str]
    ) -> None:
        """Block 4 beside the items' own sums, one row per service found in either, then the total."""
        block4: dict[str, list[ServiceTotal]] = {}
        for total in statement.service_totals:
            block4.setdefault(total.codigo_servico, []).append(total)
        lines = []
        for code, difference in reconciliation.service_differences.items():
            rows = block4.get(code, [])
            name = rows[0].descricao if rows else names.get(code, "")
            net = reconciliation.service_totals.get(code, _ZERO)
            items_net = reconciliation.items_by_service.get(code)
            lines.append(_service_line(code, name, rows, net, items_net, difference))
        lines.append(_total_line(reconciliation))
        self.services_model.set_items(lines)

    def _show_invoice_totals(self, statement: AnalyticStatement) -> None:
        self.totals_model.set_items(
            [
                TotalLine(
                    (
                        row.descricao,
                        "" if row.quantidade is None else grouped(row.quantidade),
                        format_brl(row.valor),
                    ),
                    (fold(row.descricao), row.quantidade, row.valor),
                )
                for row in statement.invoice_totals
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
    dash = _DASH
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
