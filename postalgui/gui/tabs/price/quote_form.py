"""The quote form: one package, priced for every product the clerk compares.

Built for speed at the counter: origin remembered with presets, package presets that
fill format, sizes and weight, Enter quotes from any field. `build_request` turns the
form into one `PriceQuery` per product, or the list of problems (field and rule)
with nothing sent. Additional services come per product from ``/servicos-adicionais``:
the form shows their union, and a product that does not offer a chosen service, or
whose declared-value limits the value breaks, gets its own explained row instead of
a request.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QDate, QEvent, QObject, QSignalBlocker, Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import format_brl, format_cep
from postalgui.gui.i18n import ui_language
from postalgui.gui.messages import arg
from postalgui.gui.tabs.price.countries import country_names
from postalgui.gui.tabs.price.presets import FormPresets
from postalgui.gui.widgets.number_input import GramsSpinBox, MeasureSpinBox, MoneySpinBox
from postalgui.services.price.products import MAX_HANDLING_DAYS, PriceSettings
from postalgui.services.price.service_choice import DECLARED

if TYPE_CHECKING:
    from postalgui.api.models.price import AdditionalService, PriceQuery
    from postalgui.api.values import InvalidValue
    from postalgui.services.price.service_choice import Refusal

__all__ = ["DECLARED", "FormProblem", "QuoteForm", "QuoteRequest"]


@dataclass
class FormProblem:
    """A field the user must fix: the operator field name, the widget and the message."""

    field: str
    message: str
    widget: QWidget | None = None


@dataclass
class QuoteRequest:
    """What the form asks for: the queries to send and the products refused locally."""

    queries: list[PriceQuery] = field(default_factory=list)
    refused: list[tuple[PriceQuery, str]] = field(default_factory=list)
    problems: list[FormProblem] = field(default_factory=list)


class QuoteForm(QWidget):
    """The package and the products to price.

    Signals: ``quoteRequested()`` on Enter or the Quote button; ``servicesNeeded()``
    when the products, destination country or date change (the tab reloads the
    offered additional services); ``pricesChanged(PriceSettings)`` with the new value
    after the origin was remembered, a preset was saved or removed, the compared
    products or the handling days changed (the tab, which owns the settings, saves it). The form never edits
    the settings it was given: they are frozen, and shared with the rest of the app.
    ``arriveByChanged(date | None)`` when "must arrive by" is set, moved or cleared.
    """

    quoteRequested = Signal()
    servicesNeeded = Signal()
    pricesChanged = Signal(object)
    routeChanged = Signal()
    arriveByChanged = Signal(object)

    def __init__(self, prices: PriceSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("quoteForm")
        self.prices = prices
        self._services: dict[str, list[AdditionalService] | Exception] = {}

        self._build_route()
        self._build_package()
        self._build_sizes()
        self._build_value_and_date()
        self._build_choices()
        self._build_actions()
        self.presets = FormPresets(self)
        self.presets.fill_packages()
        self._layout()
        for view in (self.services_list, self.products_list):
            view.installEventFilter(self)  # item views take Enter for themselves
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self._on_enter_activated)
        self._fill_products()
        self._on_format_changed()
        self._on_mode_toggled()
        self._set_route_tab_order()

    # --- building (in focus order: widgets are created in the order Tab visits them) ---

    def _build_route(self) -> None:
        """National or international, origin with its presets, destination CEP or country."""
        self.national_radio = QRadioButton(self.tr("&National"), self)
        self.international_radio = QRadioButton(self.tr("&International"), self)
        self.national_radio.setChecked(True)
        self.mode_group = QButtonGroup(self)
        self.mode_group.addButton(self.national_radio)
        self.mode_group.addButton(self.international_radio)
        self.national_radio.toggled.connect(self._on_mode_toggled)

        self.origin_edit = QLineEdit(self)
        self.origin_edit.setObjectName("originCep")
        self.origin_edit.setPlaceholderText("00000-000")
        self.origin_edit.setMaxLength(10)
        if self.prices.origin_cep:
            self.origin_edit.setText(format_cep(self.prices.origin_cep))
        self.origin_presets_button = QToolButton(self)
        self.origin_presets_button.setText(self.tr("Presets"))
        self.origin_presets_button.setToolTip(self.tr("Saved origins"))
        self.origin_presets_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.origin_menu = QMenu(self.origin_presets_button)
        self.origin_presets_button.setMenu(self.origin_menu)

        self.destination_edit = QLineEdit(self)
        self.destination_edit.setObjectName("destinationCep")
        self.destination_edit.setPlaceholderText("00000-000")
        self.destination_edit.setMaxLength(10)
        self.country_combo = QComboBox(self)
        self.country_combo.setObjectName("country")
        for code, name in country_names(ui_language()):
            self.country_combo.addItem(f"{name} ({code})", code)
        us = self.country_combo.findData("US")
        self.country_combo.setCurrentIndex(max(us, 0))
        self.country_combo.currentIndexChanged.connect(self._on_services_input_changed)
        for edit in (self.origin_edit, self.destination_edit):
            edit.editingFinished.connect(self._on_cep_editing_finished)
            edit.textEdited.connect(self._on_route_edited)
        self.country_combo.currentIndexChanged.connect(self._on_route_edited)

    def _build_package(self) -> None:
        """Package presets, format and weight."""
        self.package_combo = QComboBox(self)
        self.package_combo.setObjectName("packagePreset")
        self.save_package_button = QToolButton(self)
        self.save_package_button.setText(self.tr("Save…"))
        self.save_package_button.setToolTip(self.tr("Save this format, size and weight as a package preset"))

        self.format_combo = QComboBox(self)
        self.format_combo.setObjectName("format")
        self.format_combo.addItem(self.tr("Envelope"), "1")
        self.format_combo.addItem(self.tr("Package (box)"), "2")
        self.format_combo.addItem(self.tr("Roll (tube)"), "3")
        self.format_combo.setCurrentIndex(1)
        self.format_combo.currentIndexChanged.connect(self._on_format_changed)

        self.weight_spin = GramsSpinBox(self)
        self.weight_spin.setObjectName("weight")
        self.weight_spin.setRange(0, 300_000)
        self.weight_spin.setSuffix(" g")
        self.weight_spin.setGroupSeparatorShown(True)
        self.weight_spin.setSpecialValueText("—")
        self.weight_spin.setValue(300)
        self.weight_note = self._note_label("weightNote", self.weight_spin)

    def _build_sizes(self) -> None:
        """Length, width, height and diameter in one row (the format decides which show)."""
        self.length_spin = self._size_spin("length")
        self.width_spin = self._size_spin("width")
        self.height_spin = self._size_spin("height")
        self.diameter_spin = self._size_spin("diameter")
        self.sizes_note = self._note_label("sizesNote", *(spin for _, spin in self._sizes()))
        self.sizes_row = QWidget(self)
        sizes = QHBoxLayout(self.sizes_row)
        sizes.setContentsMargins(0, 0, 0, 0)
        self.length_label = QLabel(self.tr("L"), self.sizes_row)
        self.width_label = QLabel(self.tr("W"), self.sizes_row)
        self.height_label = QLabel(self.tr("H"), self.sizes_row)
        self.diameter_label = QLabel(self.tr("Ø"), self.sizes_row)
        for label, spin in (
            (self.length_label, self.length_spin),
            (self.width_label, self.width_spin),
            (self.height_label, self.height_spin),
            (self.diameter_label, self.diameter_spin),
        ):
            label.setBuddy(spin)
            sizes.addWidget(label)
            sizes.addWidget(spin, 1)

    def _build_value_and_date(self) -> None:
        self.declared_spin = MoneySpinBox(self)
        self.declared_spin.setObjectName("declaredValue")
        self.declared_spin.setRange(0, 1_000_000)
        self.declared_spin.setDecimals(2)
        self.declared_spin.setPrefix("R$ ")
        self.declared_spin.setGroupSeparatorShown(True)
        self.declared_spin.setSpecialValueText(self.tr("none"))
        self.declared_spin.valueChanged.connect(self._on_declared_changed)
        self.declared_note = self._note_label("declaredNote", self.declared_spin)
        self.declared_hint = QLabel(self)
        self.declared_hint.setWordWrap(True)

        self.date_edit = QDateEdit(QDate.currentDate(), self)
        self.date_edit.setObjectName("eventDate")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("dd/MM/yyyy")
        self.date_edit.dateChanged.connect(self._on_services_input_changed)
        self._build_delivery()

    def _build_delivery(self) -> None:
        """ "Must arrive by" (marks the products that cannot) and the office's handling days."""
        self.arrive_check = QCheckBox(self.tr("Must arrive by:"), self)
        self.arrive_check.setObjectName("arriveByCheck")
        self.arrive_check.toggled.connect(self._on_arrive_by_changed)
        self.arrive_edit = QDateEdit(QDate.currentDate().addDays(7), self)
        self.arrive_edit.setObjectName("arriveBy")
        self.arrive_edit.setCalendarPopup(True)
        self.arrive_edit.setDisplayFormat("dd/MM/yyyy")
        self.arrive_edit.setEnabled(False)
        self.arrive_edit.dateChanged.connect(self._on_arrive_by_changed)
        self.handling_spin = QSpinBox(self)
        self.handling_spin.setObjectName("handlingDays")
        self.handling_spin.setRange(0, MAX_HANDLING_DAYS)
        self.handling_spin.setValue(self.prices.handling_days)
        self.handling_spin.setToolTip(
            self.tr("Business days between the quote and the posting, added to every delivery time")
        )
        self.handling_spin.valueChanged.connect(self._on_handling_changed)

    def _build_choices(self) -> None:
        """The additional services and the products to compare."""
        self.services_list = QListWidget(self)
        self.services_list.setObjectName("additionalServices")
        self.services_list.setMaximumHeight(120)
        _elide_items(self.services_list)
        self.services_list.setAccessibleName(self.tr("Additional services"))
        self.services_status = QLabel(self)
        self.services_status.setWordWrap(True)

        self.products_list = QListWidget(self)
        self.products_list.setObjectName("products")
        self.products_list.setMaximumHeight(150)
        _elide_items(self.products_list)
        self.products_list.setAccessibleName(self.tr("Products to compare"))
        self.products_list.itemChanged.connect(self._on_product_item_changed)
        self.all_products_button = QToolButton(self)
        self.all_products_button.setText(self.tr("All"))
        self.all_products_button.clicked.connect(self._on_all_products_clicked)

    def _build_actions(self) -> None:
        """The Quote button and the problems line (the tab places both, always in sight)."""
        self.quote_button = QPushButton(self.tr("&Quote"), self)
        self.quote_button.setObjectName("quoteButton")
        self.quote_button.setDefault(True)
        self.quote_button.setToolTip(self.tr("Price the package for every checked product (Enter)"))
        self.quote_button.clicked.connect(self.quoteRequested)
        self.problems_label = QLabel(self)
        self.problems_label.setObjectName("formProblems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet("color: #b3261e;")
        self.problems_label.hide()

    def _set_route_tab_order(self) -> None:
        """Tab goes origin CEP, destination CEP, then Presets: the two CEPs are typed in a row."""
        self.setTabOrder(self.origin_edit, self.destination_edit)
        self.setTabOrder(self.destination_edit, self.origin_presets_button)
        self.setTabOrder(self.origin_presets_button, self.country_combo)

    # --- layout -----------------------------------------------------------------------

    def _size_spin(self, name: str) -> MeasureSpinBox:
        spin = MeasureSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(0, 500)
        spin.setDecimals(1)
        spin.setSuffix(" cm")
        spin.setSpecialValueText("—")
        return spin

    def _sizes(self) -> tuple[tuple[str, MeasureSpinBox], ...]:
        return (
            ("comprimento", self.length_spin),
            ("largura", self.width_spin),
            ("altura", self.height_spin),
            ("diametro", self.diameter_spin),
        )

    def _note_label(self, name: str, *spins: GramsSpinBox | MeasureSpinBox) -> QLabel:
        """A small line saying how a box read what was typed ("understood: 1,5 cm")."""
        label = QLabel(self)
        label.setObjectName(name)
        label.setWordWrap(True)
        font = label.font()
        font.setPointSizeF(font.pointSizeF() * 0.9)
        label.setFont(font)
        label.hide()
        for spin in spins:
            spin.noteChanged.connect(self._on_note_changed)
        return label

    def _layout(self) -> None:
        where = QGroupBox(self.tr("Route"), self)
        where_form = QFormLayout(where)
        modes = QHBoxLayout()
        modes.addWidget(self.national_radio)
        modes.addWidget(self.international_radio)
        modes.addStretch(1)
        where_form.addRow(modes)
        origin = QHBoxLayout()
        origin.addWidget(self.origin_edit, 1)
        origin.addWidget(self.origin_presets_button)
        self.origin_label = QLabel(self.tr("&Origin CEP:"), where)
        self.origin_label.setBuddy(self.origin_edit)
        where_form.addRow(self.origin_label, origin)
        self.destination_label = QLabel(self.tr("&Destination CEP:"), where)
        self.destination_label.setBuddy(self.destination_edit)
        where_form.addRow(self.destination_label, self.destination_edit)
        self.country_label = QLabel(self.tr("&Country:"), where)
        self.country_label.setBuddy(self.country_combo)
        where_form.addRow(self.country_label, self.country_combo)

        what = QGroupBox(self.tr("Package"), self)
        what_form = QFormLayout(what)
        presets = QHBoxLayout()
        presets.addWidget(self.package_combo, 1)
        presets.addWidget(self.save_package_button)
        self._add_row(what_form, self.tr("Pr&eset:"), presets, self.package_combo)
        self._add_row(what_form, self.tr("&Format:"), self.format_combo)
        self._add_row(what_form, self.tr("&Weight:"), self.weight_spin)
        what_form.addRow(self.weight_note)
        self._add_row(what_form, self.tr("Si&zes:"), self.sizes_row, self.length_spin)
        what_form.addRow(self.sizes_note)
        self._add_row(what_form, self.tr("Decla&red value:"), self.declared_spin)
        what_form.addRow(self.declared_note)
        what_form.addRow(self.declared_hint)
        self._add_row(what_form, self.tr("Da&te:"), self.date_edit)
        what_form.addRow(self.arrive_check, self.arrive_edit)
        self._add_row(what_form, self.tr("Handling days:"), self.handling_spin)

        services = QGroupBox(self.tr("Additional services"), self)
        services_layout = QVBoxLayout(services)
        services_layout.addWidget(self.services_list)
        services_layout.addWidget(self.services_status)

        products = QGroupBox(self.tr("Products to compare"), self)
        products_layout = QVBoxLayout(products)
        products_layout.addWidget(self.products_list)
        products_buttons = QHBoxLayout()
        products_buttons.addStretch(1)
        products_buttons.addWidget(self.all_products_button)
        products_layout.addLayout(products_buttons)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(where)
        layout.addWidget(what)
        # Side by side: at 1366x768 the products to compare stay in sight without scrolling.
        choices = QHBoxLayout()
        choices.addWidget(services, 1)
        choices.addWidget(products, 1)
        layout.addLayout(choices)
        layout.addStretch(1)
        # problems_label and quote_button are placed by the tab, outside the scrolling
        # part, so the button and the reasons nothing was sent are always in sight.

    def _add_row(
        self, form: QFormLayout, text: str, field_item: QWidget | QHBoxLayout, buddy: QWidget | None = None
    ) -> None:
        label = QLabel(text, form.parentWidget())
        target = buddy if buddy is not None else field_item
        if isinstance(target, QWidget):
            label.setBuddy(target)
        form.addRow(label, field_item)

    # --- state ------------------------------------------------------------------------

    @property
    def international(self) -> bool:
        return self.international_radio.isChecked()

    def country(self) -> str:
        return str(self.country_combo.currentData() or "")

    def event_date(self) -> date:
        qdate = self.date_edit.date()
        return date(qdate.year(), qdate.month(), qdate.day())

    def arrive_by(self) -> date | None:
        """The "must arrive by" date, ``None`` when unchecked."""
        if not self.arrive_check.isChecked():
            return None
        qdate = self.arrive_edit.date()
        return date(qdate.year(), qdate.month(), qdate.day())

    def product_codes(self) -> list[str]:
        """Every product of the current mode, in list order."""
        return [
            self.products_list.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(self.products_list.count())
        ]

    def checked_products(self) -> list[str]:
        return [
            self.products_list.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(self.products_list.count())
            if self.products_list.item(row).checkState() == Qt.CheckState.Checked
        ]

    def checked_services(self) -> list[str]:
        return [
            self.services_list.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(self.services_list.count())
            if self.services_list.item(row).checkState() == Qt.CheckState.Checked
        ]

    def set_services(self, found: Mapping[str, list[AdditionalService] | Exception]) -> None:
        """Show the union of the services the products offer, keeping what was checked."""
        checked = set(self.checked_services())
        self._services = dict(found)
        offers: dict[str, list[str]] = {}
        names: dict[str, str] = {}
        for code, services in found.items():
            if isinstance(services, Exception):
                continue
            for service in services:
                key = DECLARED if service.takes_declared_value else service.codigo
                offers.setdefault(key, []).append(code)
                names.setdefault(key, f"{service.codigo} {service.nome or service.sigla or ''}".strip())
        with QSignalBlocker(self.services_list):
            self.services_list.clear()
            for key in sorted(offers, key=lambda k: (k == DECLARED, k)):
                label = self.tr("Declared value (per product)") if key == DECLARED else names[key]
                item = QListWidgetItem(label, self.services_list)
                item.setData(Qt.ItemDataRole.UserRole, key)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if key in checked else Qt.CheckState.Unchecked)
                products = ", ".join(self.prices.name_of(code) or code for code in offers[key])
                item.setToolTip(f"{label}\n" + arg(self.tr("Offered with: %1"), products))
        failed = [code for code, services in found.items() if isinstance(services, Exception)]
        self.services_status.setText(
            arg(self.tr("Services of %1 could not be read."), ", ".join(failed)) if failed else ""
        )
        self._update_declared_hint()

    def set_prices(self, prices: PriceSettings) -> None:
        """Follow new settings (another tab chose the card to quote with): products, presets."""
        self.prices = prices
        self._services = {}
        with QSignalBlocker(self.handling_spin):
            self.handling_spin.setValue(prices.handling_days)
        self.presets.fill_packages()
        self._fill_products()
        self.servicesNeeded.emit()

    def clear_services(self, text: str) -> None:
        self.services_status.setText(text)

    def load_query(self, query: PriceQuery) -> None:
        """Fill the form from a query (history re-run): only its product is checked, for
        this quote; `show_saved_products` gives the list back its saved selection."""
        self.international_radio.setChecked(query.international)
        self.national_radio.setChecked(not query.international)
        if query.cepOrigem:
            self.origin_edit.setText(format_cep(query.cepOrigem))
        if query.cepDestino:
            self.destination_edit.setText(format_cep(query.cepDestino))
        if query.sgPaisDestino:
            index = self.country_combo.findData(query.sgPaisDestino)
            if index >= 0:
                self.country_combo.setCurrentIndex(index)
        if query.tpObjeto is not None:
            self.format_combo.setCurrentIndex(max(self.format_combo.findData(query.tpObjeto.value), 0))
        self.weight_spin.setValue(query.psObjeto or 0)
        for spin, value in (
            (self.length_spin, query.comprimento),
            (self.width_spin, query.largura),
            (self.height_spin, query.altura),
            (self.diameter_spin, query.diametro),
        ):
            spin.setValue(float(value) if value is not None else 0.0)
        self.declared_spin.setValue(float(query.vlDeclarado) if query.vlDeclarado is not None else 0.0)
        if query.dtEvento is not None:
            self.date_edit.setDate(QDate(query.dtEvento.year, query.dtEvento.month, query.dtEvento.day))
        with QSignalBlocker(self.products_list):
            for row in range(self.products_list.count()):
                item = self.products_list.item(row)
                wanted = item.data(Qt.ItemDataRole.UserRole) == query.coProduto
                item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)
        wanted_services = set(query.servicosAdicionais)
        for row in range(self.services_list.count()):
            item = self.services_list.item(row)
            key = item.data(Qt.ItemDataRole.UserRole)
            on = key in wanted_services or (key == DECLARED and query.vlDeclarado is not None)
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.servicesNeeded.emit()

    def show_saved_products(self) -> None:
        """Check the products of the saved selection again (after a re-run quoted one)."""
        self._fill_products()

    # --- building the request ---------------------------------------------------------

    def build_request(self, contract: str = "", dr: int | None = None) -> QuoteRequest:
        """The queries for the checked products, or the problems that stop sending."""
        from pydantic import ValidationError

        from postalgui.api.models.price import PriceQuery
        from postalgui.api.models.validation import field_problems

        request = QuoteRequest()
        products = self.checked_products()
        if not products:
            request.problems.append(
                FormProblem(
                    "coProduto", self.tr("Check at least one product to compare."), self.products_list
                )
            )
            return request
        base = self._base_values(contract, dr)
        services = self.checked_services()
        declared = base.get("vlDeclarado")
        if DECLARED in services and declared is None:
            request.problems.append(
                FormProblem(
                    "vlDeclarado",
                    self.tr("Enter the declared value, or uncheck Declared value."),
                    self.declared_spin,
                )
            )
            return request
        for code in products:
            values = dict(base, coProduto=code)
            wire_services, refusal = self._services_for(code, services, declared)
            values["servicosAdicionais"] = wire_services
            try:
                query = PriceQuery.model_validate(values)
            except ValidationError as exc:
                for problem in field_problems(exc):
                    request.problems.append(self.problem(problem.field, problem.error, problem.message))
                return request
            if refusal:
                request.refused.append((query, refusal))
            else:
                request.queries.append(query)
        return request

    def _base_values(self, contract: str, dr: int | None) -> dict[str, object]:
        values: dict[str, object] = {
            "cepOrigem": self.origin_edit.text().strip() or None,
            "psObjeto": self.weight_spin.value() or None,
            "tpObjeto": self.format_combo.currentData(),
            "dtEvento": self.event_date(),
            "nuContrato": contract or None,
            "nuDR": dr,
        }
        if self.international:
            values["sgPaisDestino"] = self.country()
        else:
            values["cepDestino"] = self.destination_edit.text().strip() or None
        fmt = self.format_combo.currentData()
        sizes = {"comprimento": self.length_spin, "largura": self.width_spin}
        if fmt == "2":
            sizes["altura"] = self.height_spin
        if fmt == "3":
            sizes = {"comprimento": self.length_spin, "diametro": self.diameter_spin}
        for name, spin in sizes.items():
            if spin.value() > 0:
                values[name] = Decimal(str(round(spin.value(), 1)))
        if self.declared_spin.value() > 0:
            values["vlDeclarado"] = Decimal(str(round(self.declared_spin.value(), 2)))
        return values

    def required_problems(self) -> list[FormProblem]:
        """Fields pricing cannot do without (the operator's own check would refuse them)."""
        problems: list[FormProblem] = []
        required = self.tr("Required for pricing")
        if not self.origin_edit.text().strip():
            problems.append(FormProblem("cepOrigem", required, self.origin_edit))
        if not self.international and not self.destination_edit.text().strip():
            problems.append(FormProblem("cepDestino", required, self.destination_edit))
        unreadable = self.unreadable_numbers()
        problems.extend(unreadable)
        if not self.weight_spin.value() and "psObjeto" not in {p.field for p in unreadable}:
            problems.append(FormProblem("psObjeto", required, self.weight_spin))
        return problems

    def unreadable_numbers(self) -> list[FormProblem]:
        """Boxes holding typed text that is no number (Enter quoted before the box took it)."""
        boxes: list[tuple[str, GramsSpinBox | MeasureSpinBox]] = [
            ("psObjeto", self.weight_spin),
            *self._sizes(),
            ("vlDeclarado", self.declared_spin),
        ]
        return [
            FormProblem(name, box.unreadable(), box)
            for name, box in boxes
            if box.isVisibleTo(self) and box.unreadable()
        ]

    def _services_for(
        self, code: str, chosen: Sequence[str], declared: object
    ) -> tuple[list[str], str | None]:
        """The wire codes of the chosen services for one product, or why it cannot have them."""
        from postalgui.services.price.service_choice import wire_services

        offered = self._services.get(code)
        known = None if offered is None or isinstance(offered, Exception) else offered
        wire, refusal = wire_services(known, chosen, declared if isinstance(declared, Decimal) else None)
        return wire, None if refusal is None else self._refusal_text(refusal)

    def _refusal_text(self, refusal: Refusal) -> str:
        params = refusal.params
        if refusal.rule == "no_declared_value":
            return self.tr("This product takes no declared value.")
        if refusal.rule == "service_not_offered":
            return arg(self.tr("This product does not offer service %1."), params["service"])
        return arg(
            self.tr("Declared value %1 is outside this product's limits (%2 to %3)."),
            *(format_brl(cast("Decimal", params[name])) for name in ("value", "low", "high")),
        )

    def problem(self, field_name: str, error: InvalidValue | None, message: str) -> FormProblem:
        from postalgui.gui.messages import rule_message

        widgets: dict[str, QWidget] = {
            "cepOrigem": self.origin_edit,
            "cepDestino": self.destination_edit,
            "sgPaisDestino": self.country_combo,
            "psObjeto": self.weight_spin,
            "tpObjeto": self.format_combo,
            "comprimento": self.length_spin,
            "largura": self.width_spin,
            "altura": self.height_spin,
            "diametro": self.diameter_spin,
            "vlDeclarado": self.declared_spin,
            "dtEvento": self.date_edit,
            "servicosAdicionais": self.services_list,
            "coProduto": self.products_list,
        }
        text = rule_message(error) if error is not None else message
        return FormProblem(field_name, text, widgets.get(field_name))

    def field_label(self, field_name: str) -> str:
        """The form's own name for an operator field, for error messages."""
        labels = {
            "cepOrigem": self.tr("Origin CEP"),
            "cepDestino": self.tr("Destination CEP"),
            "sgPaisDestino": self.tr("Country"),
            "psObjeto": self.tr("Weight"),
            "tpObjeto": self.tr("Format"),
            "comprimento": self.tr("Length"),
            "largura": self.tr("Width"),
            "altura": self.tr("Height"),
            "diametro": self.tr("Diameter"),
            "vlDeclarado": self.tr("Declared value"),
            "dtEvento": self.tr("Date"),
            "servicosAdicionais": self.tr("Additional services"),
            "coProduto": self.tr("Products"),
            "nuContrato": self.tr("Contract"),
        }
        return labels.get(field_name, field_name)

    def show_problems(self, problems: Sequence[FormProblem]) -> None:
        """Name each field and rule under the form; focus the first field to fix."""
        for widget in (self.origin_edit, self.destination_edit):
            widget.setProperty("invalid", False)
            widget.setStyleSheet("")
        if not problems:
            self.problems_label.clear()
            self.problems_label.hide()
            return
        lines = [arg(self.tr("%1: %2"), self.field_label(p.field), p.message) for p in problems]
        self.problems_label.setText("\n".join(lines))
        self.problems_label.show()
        for problem in problems:
            if isinstance(problem.widget, QLineEdit):
                problem.widget.setProperty("invalid", True)
                problem.widget.setStyleSheet("border: 1px solid #b3261e;")
        first = next((p.widget for p in problems if p.widget is not None), None)
        if first is not None:
            first.setFocus(Qt.FocusReason.OtherFocusReason)

    def remember_origin(self) -> bool:
        """Keep the origin CEP for next time; True when it changed."""
        from postalgui.api.values import InvalidValue, parse_cep

        try:
            cep = parse_cep(self.origin_edit.text())
        except InvalidValue:
            return False
        if cep == self.prices.origin_cep:
            return False
        self.change_prices(origin_cep=cep)
        return True

    def change_prices(self, **changes: object) -> None:
        """A new value of the settings, emitted for the tab to save."""
        self.prices = self.prices.updated(**changes)
        self.pricesChanged.emit(self.prices)

    # --- fillers ----------------------------------------------------------------------

    def _fill_products(self) -> None:
        codes = self.prices.international_products if self.international else self.prices.products
        chosen = set(self.prices.compare_products)
        with QSignalBlocker(self.products_list):
            self.products_list.clear()
            for code in codes:
                item = QListWidgetItem(f"{code} {self.prices.name_of(code)}".strip(), self.products_list)
                item.setToolTip(item.text())  # the list is narrow: a long name is elided
                item.setData(Qt.ItemDataRole.UserRole, code)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                on = not chosen or code in chosen or self.international
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def _update_declared_hint(self) -> None:
        """One short line under the value (the widest range), every product's limits in its tooltip."""
        limits: dict[tuple[Decimal, Decimal], list[str]] = {}
        for code, services in self._services.items():
            if isinstance(services, Exception):
                continue
            for service in services:
                if service.takes_declared_value and service.vlMaxDeclarado is not None:
                    low = service.vlMinDeclarado or Decimal(0)
                    name = self.prices.name_of(code) or code
                    limits.setdefault((low, service.vlMaxDeclarado), []).append(name)
        if not limits:
            self.declared_hint.clear()
            self.declared_hint.setToolTip("")
            self.declared_hint.hide()
            return
        lowest = min(low for low, _ in limits)
        highest = max(high for _, high in limits)
        self.declared_hint.setText(
            arg(self.tr("Limits: %1 to %2, by product"), format_brl(lowest), format_brl(highest))
        )
        self.declared_hint.setToolTip(
            "\n".join(
                arg(self.tr("%1 to %2: %3"), format_brl(low), format_brl(high), ", ".join(names))
                for (low, high), names in sorted(limits.items(), key=lambda pair: -pair[0][1])
            )
        )
        self.declared_hint.setVisible(self.declared_spin.value() > 0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter in the services or products list quotes, like everywhere else in the form."""
        if (
            watched in (self.services_list, self.products_list)
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self.quoteRequested.emit()
            return True
        return super().eventFilter(watched, event)

    # --- slots ------------------------------------------------------------------------

    @Slot()
    def _on_enter_activated(self) -> None:
        focus = self.focusWidget()
        if isinstance(focus, QComboBox) and focus.view().isVisible():
            return  # Enter picks the item of an open list
        self.quoteRequested.emit()

    @Slot()
    def _on_route_edited(self) -> None:
        """A CEP typed or a country chosen: the field's old error no longer applies."""
        sender = self.sender()
        if isinstance(sender, QLineEdit) and sender.property("invalid"):
            sender.setProperty("invalid", False)
            sender.setStyleSheet("")
        self.problems_label.clear()
        self.problems_label.hide()
        self.routeChanged.emit()

    @Slot()
    def _on_mode_toggled(self) -> None:
        self.problems_label.clear()
        self.problems_label.hide()
        self.routeChanged.emit()
        international = self.international
        self.destination_label.setVisible(not international)
        self.destination_edit.setVisible(not international)
        self.country_label.setVisible(international)
        self.country_combo.setVisible(international)
        self._fill_products()
        self._services = {}
        self.servicesNeeded.emit()

    @Slot()
    def _on_arrive_by_changed(self) -> None:
        self.arrive_edit.setEnabled(self.arrive_check.isChecked())
        self.arriveByChanged.emit(self.arrive_by())

    @Slot(int)
    def _on_handling_changed(self, days: int) -> None:
        self.change_prices(handling_days=days)

    @Slot()
    def _on_services_input_changed(self) -> None:
        self.servicesNeeded.emit()

    @Slot(QListWidgetItem)
    def _on_product_item_changed(self, _item: QListWidgetItem) -> None:
        if not self.international:
            checked = self.checked_products()
            every = len(checked) == self.products_list.count()
            self.change_prices(compare_products=[] if every else checked)

    @Slot()
    def _on_all_products_clicked(self) -> None:
        for row in range(self.products_list.count()):
            self.products_list.item(row).setCheckState(Qt.CheckState.Checked)

    @Slot()
    def _on_format_changed(self) -> None:
        fmt = self.format_combo.currentData()
        self.height_label.setVisible(fmt == "2")
        self.height_spin.setVisible(fmt == "2")
        self.width_label.setVisible(fmt in ("1", "2"))
        self.width_spin.setVisible(fmt in ("1", "2"))
        self.diameter_label.setVisible(fmt == "3")
        self.diameter_spin.setVisible(fmt == "3")

    @Slot(str)
    def _on_note_changed(self, _note: str) -> None:
        """Say under the weight, the sizes and the value how each read what was typed."""
        sizes = [
            arg(self.tr("%1: %2"), self.field_label(name), spin.note)
            for name, spin in self._sizes()
            if spin.note
        ]
        for label, text in (
            (self.weight_note, self.weight_spin.note),
            (self.sizes_note, "; ".join(sizes)),
            (self.declared_note, self.declared_spin.note),
        ):
            label.setText(text)
            label.setVisible(bool(text))

    @Slot()
    def _on_declared_changed(self) -> None:
        if self.declared_spin.value() > 0:
            for row in range(self.services_list.count()):
                item = self.services_list.item(row)
                if item.data(Qt.ItemDataRole.UserRole) == DECLARED:
                    item.setCheckState(Qt.CheckState.Checked)
        self._update_declared_hint()

    @Slot()
    def _on_cep_editing_finished(self) -> None:
        from postalgui.api.values import InvalidValue, parse_cep

        edit = self.sender()
        if isinstance(edit, QLineEdit) and edit.text().strip():
            with contextlib.suppress(InvalidValue):  # named when the user quotes
                edit.setText(format_cep(parse_cep(edit.text())))


def _elide_items(view: QListWidget) -> None:
    """Names end in "…" (the whole name in the tooltip) instead of a sideways scroll bar."""
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
