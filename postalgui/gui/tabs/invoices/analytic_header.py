"""The header block of an analytic statement: invoice, company, contract, dates (spec 001, 2.1).

Its texts keep the translation context of `AnalyticView`, where the catalog has them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QLabel, QWidget

from postalgui.api.values.text import fold
from postalgui.gui.messages import arg, display_cnpj
from postalgui.gui.models.operator_words import operator_word

__all__ = ["StatementHeader", "fold_title", "header_fields", "status_words"]

_HEADER_FIELDS = (
    ("invoice", ("Nº DA FATURA", "N° DA FATURA", "NO DA FATURA", "NUMERO DA FATURA", "FATURA")),
    ("cnpj", ("CNPJ",)),
    ("company", ("RAZAO SOCIAL", "RAZÃO SOCIAL")),
    ("contract", ("CONTRATO",)),
    ("dr", ("SE DO CONTRATO",)),
    ("cost_centre", ("CENTRO DE CUSTO",)),
    ("status", ("STATUS",)),
    ("due", ("DATA VENCIMENTO", "DATA DE VENCIMENTO")),
    ("closed", ("DATA FECHAMENTO", "DATA DE FECHAMENTO")),
    ("customer", ("CODIGO DO CLIENTE", "CÓDIGO DO CLIENTE")),
    ("paid", ("DATA PAGAMENTO", "DATA DE PAGAMENTO")),
)


def status_words(status: str) -> str:
    """``"Em aberto"`` -> "Open" (English) / "Em aberto" (Portuguese); unknown as sent."""
    return operator_word(status)


def fold_title(title: str) -> str:
    """A header title as it is matched: `fold`ed, a degree sign written for ``º`` dropped
    (``"Nº"`` and ``"N°"`` are ``"n"``)."""
    return fold(title.replace("º", "").replace("°", ""))


def header_fields(values: dict[str, str]) -> dict[str, str]:
    """The header block's values by our own names; titles matched without accents or case."""
    folded = {fold_title(title): value.strip() for title, value in values.items()}
    found: dict[str, str] = {}
    for name, titles in _HEADER_FIELDS:
        for title in titles:
            value = folded.get(fold_title(title))
            if value is not None:
                found[name] = value
                break
    return found


class StatementHeader(QGroupBox):
    """The header's values as labels in two columns; an em dash where the file says nothing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(QCoreApplication.translate("AnalyticView", "Invoice"))
        self.labels: dict[str, QLabel] = {}
        first = QFormLayout()
        first.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        second = QFormLayout()
        for name, caption, form in (
            ("invoice", QCoreApplication.translate("AnalyticView", "Invoice number:"), first),
            ("company", QCoreApplication.translate("AnalyticView", "Company:"), first),
            ("contract", QCoreApplication.translate("AnalyticView", "Contract:"), first),
            ("status", QCoreApplication.translate("AnalyticView", "Status:"), first),
            ("due", QCoreApplication.translate("AnalyticView", "Due date:"), second),
            ("closed", QCoreApplication.translate("AnalyticView", "Closing date:"), second),
            ("paid", QCoreApplication.translate("AnalyticView", "Payment date:"), second),
            ("cost_centre", QCoreApplication.translate("AnalyticView", "Cost centre:"), second),
        ):
            label = QLabel(self)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.labels[name] = label
            form.addRow(caption, label)
        row = QHBoxLayout(self)
        row.addLayout(first, 3)
        row.addLayout(second, 2)

    def show_values(self, values: dict[str, str]) -> None:
        """Show a header block (its titles as the file writes them)."""
        fields = header_fields(values)
        company = fields.get("company", "")
        cnpj = fields.get("cnpj", "")
        if cnpj:
            company = f"{company} ({display_cnpj(cnpj)})" if company else display_cnpj(cnpj)
        contract = fields.get("contract", "")
        if fields.get("dr"):
            contract = (
                arg(QCoreApplication.translate("AnalyticView", "%1, DR %2"), contract, fields["dr"])
                if contract
                else fields["dr"]
            )
        texts = {name: fields.get(name, "") for name in self.labels}
        texts.update(company=company, contract=contract, status=status_words(fields.get("status", "")))
        for name, label in self.labels.items():
            label.setText(texts.get(name) or "\N{EM DASH}")
