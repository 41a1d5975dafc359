"""`OrderFields`: the object of a new pre-posting: service, package, declared value, additional
services, invoice and content lines.

Apart from the dialog, which places the two persons beside it and sends. A Prices result
("Ship this") fills it whole (`fill_draft`). The declared value's own service
(`declared_value_code`: SEDEX's, PAC's or Mini Envios') follows the value typed; AR and MP are ticked.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.prepostings import (
    DECLARED_VALUE_CODES,
    ContentLine,
    Order,
    Person,
    declared_value_code,
)
from postalgui.gui.tabs.shipping.content_lines import ContentLines
from postalgui.gui.tabs.shipping.two_persons import form_label
from postalgui.gui.tabs.shipping.words import (
    ADDITIONAL_SERVICES,
    FORMAT_CODES,
    NATIONAL_SERVICES,
    additional_service_word,
    format_word,
    service_word,
)
from postalgui.gui.widgets.number_input import GramsSpinBox, MoneySpinBox

if TYPE_CHECKING:
    from postalgui.services.shipping.draft import ShipDraft

__all__ = ["OrderFields", "PackageDraft", "fill_package", "format_combo", "grams_spin", "money_spin"]


class PackageDraft(Protocol):
    """A parcel drafted elsewhere (a quote's, an outbound shipment's): its service and package."""

    @property
    def service_code(self) -> str: ...
    @property
    def weight_g(self) -> int: ...
    @property
    def format_code(self) -> str: ...
    @property
    def length_cm(self) -> int: ...
    @property
    def width_cm(self) -> int: ...
    @property
    def height_cm(self) -> int: ...
    @property
    def declared_value(self) -> Decimal | None: ...


class PackageFields(Protocol):
    """The fields a package is typed in (the pre-posting's and the return's)."""

    service_combo: QComboBox
    weight_spin: GramsSpinBox
    format_combo: QComboBox
    size_spins: dict[str, QSpinBox]
    declared_spin: MoneySpinBox


def fill_package(fields: PackageFields, draft: PackageDraft) -> None:
    """The service (one the list lacks is added, in words), weight, format, sides and declared value."""
    index = fields.service_combo.findData(draft.service_code)
    if index < 0:
        fields.service_combo.addItem(service_word(draft.service_code), draft.service_code)
        index = fields.service_combo.count() - 1
    fields.service_combo.setCurrentIndex(index)
    fields.weight_spin.setValue(draft.weight_g)
    fields.format_combo.setCurrentIndex(max(0, fields.format_combo.findData(draft.format_code)))
    for name, value in (("length", draft.length_cm), ("width", draft.width_cm), ("height", draft.height_cm)):
        fields.size_spins[name].setValue(value)
    fields.declared_spin.setValue(float(draft.declared_value or 0))


def grams_spin(owner: QWidget, name: str, high: int) -> GramsSpinBox:
    """A weight in grams, up to ``high``, its thousands grouped."""
    spin = GramsSpinBox(owner)
    spin.setObjectName(name)
    spin.setRange(0, high)
    spin.setSuffix(" g")
    spin.setGroupSeparatorShown(True)
    return spin


def format_combo(owner: QWidget, name: str) -> QComboBox:
    """The object's format in words, a box or package first chosen."""
    combo = QComboBox(owner)
    combo.setObjectName(name)
    for code in FORMAT_CODES:
        combo.addItem(format_word(code), code)
    combo.setCurrentIndex(FORMAT_CODES.index("2"))
    return combo


def money_spin(owner: QWidget, name: str, none: str) -> MoneySpinBox:
    """A declared value in reais; zero reads ``none``."""
    spin = MoneySpinBox(owner)
    spin.setObjectName(name)
    spin.setRange(0, 1_000_000)
    spin.setDecimals(2)
    spin.setPrefix("R$ ")
    spin.setGroupSeparatorShown(True)
    spin.setSpecialValueText(none)
    return spin


class OrderFields(QGroupBox):
    """The object's fields, in a group. Signals: none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Object"), parent)
        self._other_services: tuple[str, ...] = ()  # a draft's services with no box here
        self.service_combo = QComboBox(self)
        self.service_combo.setObjectName("shippingService")
        for code in NATIONAL_SERVICES:
            self.service_combo.addItem(service_word(code), code)
        self.weight_spin = grams_spin(self, "shippingWeight", 300_000)
        self.format_combo = format_combo(self, "shippingFormat")
        self.size_spins = {name: self._size(name) for name in ("length", "width", "height")}
        sizes = QHBoxLayout()
        for spin in self.size_spins.values():
            sizes.addWidget(spin)
        self.declared_spin = money_spin(self, "shippingDeclared", self.tr("none"))
        self.service_boxes = {
            code: QCheckBox(additional_service_word(code), self) for code in ADDITIONAL_SERVICES
        }
        services = QVBoxLayout()  # one under the other: the dialog fits 1100 px in both languages
        for box in self.service_boxes.values():
            services.addWidget(box)
        self.invoice_edit = QLineEdit(self)
        self.invoice_edit.setObjectName("shippingInvoice")
        self.nfe_edit = QLineEdit(self)
        self.nfe_edit.setObjectName("shippingNfeKey")
        self.nfe_edit.setPlaceholderText(self.tr("44 digits"))
        self.observation_edit = QLineEdit(self)
        self.observation_edit.setObjectName("shippingObservation")
        self.contents = ContentLines(self)
        self._lay_out(sizes, services)
        self.widgets: dict[str, QWidget] = {
            "codigoServico": self.service_combo,
            "pesoInformado": self.weight_spin,
            "codigoFormatoObjetoInformado": self.format_combo,
            "comprimentoInformado": self.size_spins["length"],
            "larguraInformada": self.size_spins["width"],
            "alturaInformada": self.size_spins["height"],
            "valorDeclarado": self.declared_spin,
            "codigoServicoAdicional": self.service_boxes["001"],
            "numeroNotaFiscal": self.invoice_edit,
            "chaveNFe": self.nfe_edit,
            "observacao": self.observation_edit,
            "itensDeclaracaoConteudo": self.contents.table,
        }
        """Each field's widget by its API name: a check that names the field puts the cursor there."""

    def _lay_out(self, sizes: QHBoxLayout, services: QVBoxLayout) -> None:
        form = QFormLayout(self)
        form.addRow(self.tr("&Service:"), self.service_combo)
        form.addRow(self.tr("&Weight:"), self.weight_spin)
        form.addRow(self.tr("&Format:"), self.format_combo)
        form.addRow(self.tr("Size L × W × H (cm):"), sizes)
        form.addRow(self.tr("Declared &value:"), self.declared_spin)
        form.addRow(self.tr("Additional services:"), services)
        form.addRow(self.tr("Invoice (NF) number:"), self.invoice_edit)
        form.addRow(self.tr("NF-e key:"), self.nfe_edit)
        form.addRow(self.tr("Observation:"), self.observation_edit)
        form.addRow(self.tr("Contents:"), self.contents)

    def _size(self, name: str) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(f"shipping_{name}")
        spin.setRange(0, 300)
        spin.setSuffix(" cm")
        spin.setAccessibleName(name)
        return spin

    def service_code(self) -> str:
        return str(self.service_combo.currentData())

    def label(self, api_name: str) -> str | None:
        """The label of the field the API calls ``api_name`` (``observacao``: ``Observation``),
        or None when it has no label of its own (a side of the box)."""
        widget = self.contents if api_name == "itensDeclaracaoConteudo" else self.widgets.get(api_name)
        return form_label(self, widget)

    def order(self, sender: Person, recipient: Person, contents: tuple[ContentLine, ...]) -> Order:
        """The order as typed (not checked: `check_order` does that)."""
        declared = Decimal(f"{self.declared_spin.value():.2f}") if self.declared_spin.value() > 0 else None
        codes = [code for code, box in self.service_boxes.items() if box.isChecked()]
        codes += [code for code in self._other_services if code not in DECLARED_VALUE_CODES]
        if declared is not None:
            codes.append(declared_value_code(self.service_code()))
        return Order(
            sender=sender,
            recipient=recipient,
            service_code=self.service_code(),
            weight_g=self.weight_spin.value(),
            format_code=str(self.format_combo.currentData()),
            length_cm=self.size_spins["length"].value(),
            width_cm=self.size_spins["width"].value(),
            height_cm=self.size_spins["height"].value(),
            declared_value=declared,
            additional_services=tuple(dict.fromkeys(codes)),
            contents=contents,
            invoice_number=self.invoice_edit.text().strip(),
            nfe_key=self.nfe_edit.text().strip(),
            observation=self.observation_edit.text().strip(),
        )

    def fill_draft(self, draft: ShipDraft) -> None:
        """Product, package, services and declared value of a quote."""
        fill_package(self, draft)
        for code, box in self.service_boxes.items():
            box.setChecked(code in draft.additional_services)
        self._other_services = tuple(c for c in draft.additional_services if c not in self.service_boxes)
