"""The full price breakdown of one quote, as a ladder a clerk can read aloud.

From the base price through band, additional units, combo variation, benefits and
additional services to the final price, then the facts behind it (tax base, charged
weight, ad valorem, insurance, extra fees, the operator's complementary information).
The steps come from `postalgui.services.price.breakdown.ladder`, shared with the PDF.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Slot
from PySide6.QtGui import QAction, QFont, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import format_brl
from postalgui.gui.i18n import ui_language
from postalgui.gui.messages import arg
from postalgui.gui.models.formatting import format_grams, format_measure
from postalgui.services.price.products import product_name

if TYPE_CHECKING:
    from decimal import Decimal

    from postalgui.api.models.price import QuoteResult
    from postalgui.services.price.breakdown import LadderStep
from postalgui.api.values import format_cep

STEP_LABELS: dict[str, object] = {  # QT_TRANSLATE_NOOP is typed as returning object
    "base": QT_TRANSLATE_NOOP("breakdown", "Base price"),
    "band": QT_TRANSLATE_NOOP("breakdown", "Weight band price"),
    "additional_each": QT_TRANSLATE_NOOP("breakdown", "Each additional unit"),
    "additional_total": QT_TRANSLATE_NOOP("breakdown", "Additional units"),
    "base_total": QT_TRANSLATE_NOOP("breakdown", "Base total"),
    "variation": QT_TRANSLATE_NOOP("breakdown", "Combo variation"),
    "reference": QT_TRANSLATE_NOOP("breakdown", "Reference price"),
    "benefit": QT_TRANSLATE_NOOP("breakdown", "Benefit"),
    "criterion": QT_TRANSLATE_NOOP("breakdown", "Criterion"),
    "benefits_total": QT_TRANSLATE_NOOP("breakdown", "Benefits"),
    "product": QT_TRANSLATE_NOOP("breakdown", "Product price"),
    "service": QT_TRANSLATE_NOOP("breakdown", "Additional service"),
    "services_total": QT_TRANSLATE_NOOP("breakdown", "Additional services"),
    "final": QT_TRANSLATE_NOOP("breakdown", "Final price"),
    "tax_base": QT_TRANSLATE_NOOP("breakdown", "Tax base"),
    "charged_weight": QT_TRANSLATE_NOOP("breakdown", "Charged weight"),
    "ad_valorem": QT_TRANSLATE_NOOP("breakdown", "Ad valorem"),
    "insurance": QT_TRANSLATE_NOOP("breakdown", "Automatic insurance"),
    "storage_exemption": QT_TRANSLATE_NOOP("breakdown", "Storage exemption"),
    "extra_fee": QT_TRANSLATE_NOOP("breakdown", "Extra fee"),
    "info": QT_TRANSLATE_NOOP("breakdown", "Information"),
    "error": QT_TRANSLATE_NOOP("breakdown", "Error"),
}

_EMPHASIS = {"final"}
_SUBTOTALS = {"base_total", "reference", "product"}
_SIGNS = {"-": "\N{MINUS SIGN} ", "+": "+ ", "=": "= "}


def step_label(kind: str) -> str:
    """The translated name of a ladder step."""
    label = STEP_LABELS.get(kind)
    return QCoreApplication.translate("breakdown", str(label)) if label is not None else kind


class BreakdownView(QWidget):
    """Header (product, final price) over a three-column ladder: step, detail, amount."""

    STEP, DETAIL, AMOUNT = range(3)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("priceBreakdown")
        self.title = QLabel(self)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.title.setFont(font)
        self.subtitle = QLabel(self)
        self.subtitle.setWordWrap(True)
        self.subtitle.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.table = QTableWidget(0, 3, self)
        self.table.setObjectName("breakdownTable")
        self.table.setHorizontalHeaderLabels([self.tr("Step"), self.tr("Detail"), self.tr("Amount")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(self.STEP, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.DETAIL, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(self.AMOUNT, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setAccessibleName(self.tr("Price breakdown"))

        copy = QAction(self.tr("&Copy breakdown"), self)
        copy.setShortcut(QKeySequence.StandardKey.Copy)
        copy.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        copy.triggered.connect(self._on_copy_triggered)
        self.table.addAction(copy)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.copy_action = copy

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.table, 1)
        self.show_result(None)

    def show_result(self, result: QuoteResult | None) -> None:
        """Show one quote's ladder; ``None`` clears the view."""
        self.table.setRowCount(0)
        if result is None:
            self.title.setText(self.tr("No quote selected"))
            self.subtitle.setText(self.tr("Select a quote to see how its price is made."))
            self.copy_action.setEnabled(False)
            return
        # Loaded with the first quote, not while the empty tab is first painted.
        # lazy: not needed for the first paint
        from postalgui.services.price.breakdown import ladder

        code = result.query.coProduto
        name = product_name(code) or (result.response.product_name if result.response else None) or ""
        heading = f"{code} {name}".strip()
        if result.ok and result.response is not None and result.response.pcFinal is not None:
            self.title.setText(arg(self.tr("%1: %2"), heading, format_brl(result.response.pcFinal)))
        else:
            self.title.setText(heading)
        self.subtitle.setText(self._parameters(result))
        steps = ladder(result.response, language=ui_language()) if result.response is not None else []
        if result.failure is not None and not any(step.kind == "error" for step in steps):
            from postalgui.services.price.breakdown import LadderStep

            steps = [LadderStep("error", None, str(result.failure))]
        for step in steps:
            self._add_step(step)
        self.table.resizeRowsToContents()
        self.copy_action.setEnabled(True)

    def steps_text(self) -> str:
        """The ladder as plain text (what Copy puts on the clipboard)."""
        lines = [self.title.text(), self.subtitle.text()]
        for row in range(self.table.rowCount()):
            cells = [self.table.item(row, column) for column in range(3)]
            lines.append("\t".join(cell.text().strip() if cell else "" for cell in cells).rstrip())
        return "\n".join(line for line in lines if line)

    def _parameters(self, result: QuoteResult) -> str:

        query = result.query
        parts: list[str] = []
        if query.cepOrigem:
            parts.append(arg(self.tr("from %1"), format_cep(query.cepOrigem)))
        if query.sgPaisDestino:
            parts.append(arg(self.tr("to %1"), query.sgPaisDestino))
        elif query.cepDestino:
            parts.append(arg(self.tr("to %1"), format_cep(query.cepDestino)))
        if query.psObjeto is not None:
            parts.append(format_grams(query.psObjeto))
        sizes = [query.comprimento, query.largura, query.altura]
        if all(size is not None for size in sizes):
            parts.append(
                arg(self.tr("%1 cm"), " x ".join(_number(size) for size in sizes if size is not None))
            )
        elif query.diametro is not None and query.comprimento is not None:
            parts.append(
                arg(
                    self.tr("%1 cm long, %2 cm diameter"), _number(query.comprimento), _number(query.diametro)
                )
            )
        if query.servicosAdicionais:
            parts.append(arg(self.tr("services %1"), ", ".join(query.servicosAdicionais)))
        if query.vlDeclarado is not None:
            from postalgui.services.price.service_choice import declared_value_priced

            declared = (
                self.tr("declared %1")
                if declared_value_priced(query, result.response)
                else self.tr("declared %1, not priced (no declared-value service)")
            )
            parts.append(arg(declared, format_brl(query.vlDeclarado)))
        return " · ".join(parts)

    def _add_step(self, step: LadderStep) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        label = QTableWidgetItem("    " * step.level + (step.label or step_label(step.kind)))
        detail = QTableWidgetItem(step.detail)
        amount_text = ""
        if step.amount is not None:
            amount_text = _SIGNS.get(step.sign, "") + format_brl(step.amount)
        amount = QTableWidgetItem(amount_text)
        amount.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if step.kind in _EMPHASIS or step.kind in _SUBTOTALS:
            for item in (label, amount):
                font = QFont(item.font())
                font.setBold(True)
                if step.kind in _EMPHASIS:
                    font.setPointSizeF(font.pointSizeF() * 1.15)
                item.setFont(font)
        if step.kind == "error":
            detail.setForeground(self.palette().color(self.foregroundRole()))
        for column, item in enumerate((label, detail, amount)):
            item.setData(Qt.ItemDataRole.UserRole, step.kind)
            self.table.setItem(row, column, item)

    @Slot()
    def _on_copy_triggered(self) -> None:
        QGuiApplication.clipboard().setText(self.steps_text())


def _number(value: Decimal | None) -> str:
    """A size as the interface writes it (``20,5`` / ``20.5``)."""
    return format_measure(value)
