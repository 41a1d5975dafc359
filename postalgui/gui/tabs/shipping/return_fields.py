"""`ReturnFields`: the parcel of a return authorization: the outbound object it answers, the
reverse service, the package, what is inside, its declared value and until when the customer
may post it.

Apart from the dialog, which places the customer and the office beside it and sends. A
`ReturnDraft` (`return_draft`) fills it whole; the contents line (the operator asks for a
content declaration, as for any pre-posting) starts as "Goods of object X sent back" for a
return of an object, one line the clerk may reword. The validity is a date a clerk picks on
a calendar, from tomorrow to `MAX_RETURN_DAYS` ahead (the office's limit for a return).
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from postalgui.api.models.prepostings import ContentLine, Order, Person, ReturnTerms
from postalgui.api.values.shipping import MAX_RETURN_DAYS
from postalgui.gui.messages import arg
from postalgui.gui.tabs.shipping.order_fields import fill_package, format_combo, grams_spin, money_spin
from postalgui.gui.tabs.shipping.two_persons import form_label
from postalgui.gui.tabs.shipping.words import service_word
from postalgui.services.shipping.returns import PAC_REVERSE, SEDEX_REVERSE

if TYPE_CHECKING:
    from postalgui.services.shipping.return_records import ReturnDraft

__all__ = ["RETURN_SERVICES", "ReturnFields"]

RETURN_SERVICES = (PAC_REVERSE, SEDEX_REVERSE)
"""PAC Reverso (the default: the cheaper) and SEDEX Reverso."""


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


class ReturnFields(QGroupBox):
    """The return's own fields, in a group. Signals: none."""

    def __init__(self, today: date, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Return"), parent)
        self.outbound_edit = QLineEdit(self)
        self.outbound_edit.setObjectName("shippingReturnOutbound")
        self.outbound_edit.setPlaceholderText(self.tr("AA123456789BR (optional)"))
        self.outbound_edit.setMaxLength(13)
        self.service_combo = QComboBox(self)
        self.service_combo.setObjectName("shippingReturnService")
        for code in RETURN_SERVICES:
            self.service_combo.addItem(service_word(code), code)
        self.weight_spin = grams_spin(self, "shippingReturnWeight", 30_000)
        self.format_combo = format_combo(self, "shippingReturnFormat")
        sizes = QHBoxLayout()
        self.size_spins = {name: self._side(name, shown, sizes) for name, shown in self._sides()}
        self.declared_spin = money_spin(self, "shippingReturnDeclared", self.tr("none"))
        self._invoice_number = ""
        """The outbound shipment's invoice number, which the return declares again."""
        self.contents_edit = QLineEdit(self)
        self.contents_edit.setObjectName("shippingReturnContents")
        self.contents_edit.setPlaceholderText(self.tr("What the customer sends back"))
        self.valid_edit = QDateEdit(self)
        self.valid_edit.setObjectName("shippingReturnValidUntil")
        self.valid_edit.setCalendarPopup(True)
        self.valid_edit.setDisplayFormat("dd/MM/yyyy")
        self.set_today(today)
        self._lay_out(sizes)
        self.widgets: dict[str, QWidget] = {
            "codigoObjetoIda": self.outbound_edit,
            "codigoServico": self.service_combo,
            "pesoInformado": self.weight_spin,
            "codigoFormatoObjetoInformado": self.format_combo,
            "comprimentoInformado": self.size_spins["length"],
            "larguraInformada": self.size_spins["width"],
            "alturaInformada": self.size_spins["height"],
            "valorDeclarado": self.declared_spin,
            "itensDeclaracaoConteudo": self.contents_edit,
            "dataValidadeLogReversa": self.valid_edit,
        }
        """Each field's widget by its API name: a check that names the field puts the cursor there."""

    def _sides(self) -> tuple[tuple[str, str], ...]:
        return (("length", self.tr("length")), ("width", self.tr("width")), ("height", self.tr("height")))

    def _side(self, name: str, shown: str, row: QHBoxLayout) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(f"shippingReturn_{name}")
        spin.setRange(0, 200)
        spin.setSuffix(" cm")
        spin.setAccessibleName(shown)
        row.addWidget(spin)
        return spin

    def _lay_out(self, sizes: QHBoxLayout) -> None:
        form = QFormLayout(self)
        form.addRow(self.tr("&Outbound object:"), self.outbound_edit)
        form.addRow(self.tr("Ser&vice:"), self.service_combo)
        form.addRow(self.tr("&Weight:"), self.weight_spin)
        form.addRow(self.tr("&Format:"), self.format_combo)
        form.addRow(self.tr("Size L × W × H (cm):"), sizes)
        form.addRow(self.tr("Content&s:"), self.contents_edit)
        form.addRow(self.tr("Declared va&lue:"), self.declared_spin)
        form.addRow(self.tr("Valid un&til:"), self.valid_edit)

    def set_today(self, today: date) -> None:
        """The validity's calendar from tomorrow to `MAX_RETURN_DAYS` ahead of ``today``."""
        last = today + timedelta(days=MAX_RETURN_DAYS)
        self.valid_edit.setDateRange(_qdate(today + timedelta(days=1)), _qdate(last))

    def label(self, api_name: str) -> str | None:
        """The label of the field the API calls ``api_name`` (``pesoInformado``: ``Weight``),
        or None when it has no label of its own (a side of the box)."""
        return form_label(self, self.widgets.get(api_name))

    def service_code(self) -> str:
        return str(self.service_combo.currentData())

    def valid_until(self) -> date:
        value = self.valid_edit.date()
        return date(value.year(), value.month(), value.day())

    def fill(self, draft: ReturnDraft) -> None:
        """Everything the draft knows of the parcel (the outbound object's, when it came from one)."""
        self.outbound_edit.setText(draft.outbound_code)
        fill_package(self, draft)
        self._invoice_number = draft.invoice_number
        if draft.contents and not self.contents_edit.text():
            self.contents_edit.setText(draft.contents[0].content)  # what the outbound declared
        elif draft.outbound_code and not self.contents_edit.text():
            self.contents_edit.setText(arg(self.tr("Goods of object %1 sent back"), draft.outbound_code))
        self.contents_edit.setCursorPosition(0)  # read from its start in a narrow field
        self.valid_edit.setDate(_qdate(draft.valid_until))

    def order(self, customer: Person, office: Person) -> Order:
        """The return as typed (not checked): the customer sends, the office receives."""
        declared = Decimal(f"{self.declared_spin.value():.2f}") if self.declared_spin.value() > 0 else None
        inside = self.contents_edit.text().strip()
        return Order(
            sender=customer,
            recipient=office,
            service_code=self.service_code(),
            weight_g=self.weight_spin.value(),
            format_code=str(self.format_combo.currentData()),
            length_cm=self.size_spins["length"].value(),
            width_cm=self.size_spins["width"].value(),
            height_cm=self.size_spins["height"].value(),
            declared_value=declared,
            contents=(ContentLine(inside, 1, declared or Decimal(0)),) if inside else (),
            invoice_number=self._invoice_number,
            reverse=ReturnTerms(
                valid_until=self.valid_until(), outbound_code=self.outbound_edit.text().strip().upper()
            ),
        )
