"""The quote form: one package, priced for every product the clerk compares.

Built for speed at the counter: origin remembered with presets, package presets that
fill format, sizes and weight (the office's presets, read by `FormPresets`), Enter
quotes from any field. `build_request` turns the
form into one `PriceQuery` per product, or the list of problems (field and rule)
with nothing sent. Additional services come per product from ``/servicos-adicionais``:
the form shows their union, and a product that does not offer a chosen service, or
whose declared-value limits the value breaks, gets its own explained row instead of
a request.

The form is its parts, each with its rows and rules: `RouteFields`, `PackageFields`,
`DeclaredValue`, `DeliveryDates`, `ServicesPicker`, `ProductsPicker`, `FormChecks` and the
`FormPresets` controller; what the fields mean without Qt is `form_values`. The form
holds the settings, wires the parts, and keeps the widgets' names the tab and the
tests know (``form.weight_spin``, ...). `package_grid` places the "Package" group in two
columns, so the whole form fits a 1366x768 screen without scrolling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import InvalidValue
from postalgui.gui.tabs.price.choice_lists import ProductsPicker, ServicesPicker
from postalgui.gui.tabs.price.declared_value import DeclaredValue
from postalgui.gui.tabs.price.delivery_dates import DeliveryDates
from postalgui.gui.tabs.price.form_checks import (
    FormChecks,
    FormParts,
    FormProblem,
    QuoteRequest,
    mark_invalid,
)
from postalgui.gui.tabs.price.form_rows import field_label
from postalgui.gui.tabs.price.package_fields import PackageFields
from postalgui.gui.tabs.price.package_grid import lay_out_package
from postalgui.gui.tabs.price.presets import FormPresets
from postalgui.gui.tabs.price.route_fields import RouteFields
from postalgui.services.price import form_values
from postalgui.services.price.form_values import FormEntries
from postalgui.services.price.price_view import PriceChoices
from postalgui.services.price.service_choice import DECLARED

if TYPE_CHECKING:
    from postalgui.api.models.price import AdditionalService, PriceQuery

__all__ = ["DECLARED", "FormProblem", "QuoteForm", "QuoteRequest"]


class QuoteForm(QWidget):
    """The package and the products to price.

    Signals: ``quoteRequested()`` on Enter or the Quote button; ``servicesNeeded()``
    when the products, destination country or date change (the tab reloads the
    offered additional services); ``pricesChanged(PriceSettings)`` with the new value
    after the origin was remembered, the compared
    products or the handling days changed (the tab, which owns the settings, saves it). The form never edits
    the settings it was given: they are frozen, and shared with the rest of the app.
    ``routeChanged()`` when the route was edited; ``arriveByChanged()`` when
    "must arrive by" is set, moved or cleared (`arrive_by` has the new date or ``None``).
    """

    quoteRequested = Signal()
    servicesNeeded = Signal()
    pricesChanged = Signal(
        PriceChoices
    )  # a PriceSettings, whose module (pydantic) loads after the first paint
    routeChanged = Signal()
    arriveByChanged = Signal()

    def __init__(self, prices: PriceChoices, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("quoteForm")
        self._prices = prices
        self._services: dict[str, list[AdditionalService] | Exception] = {}
        # In focus order: the parts create their widgets in the order Tab visits them.
        self.route = RouteFields(prices.origin_cep, self)
        what = QGroupBox(self.tr("Package"), self)
        self.package = PackageFields(what)
        self.declared = DeclaredValue(what)
        self.dates = DeliveryDates(what, prices.handling_days)
        lay_out_package(what, self.package, self.declared, self.dates)
        self.services = ServicesPicker(self)
        self.products = ProductsPicker(self)
        self._build_actions()
        parts = FormParts(self.route, self.package, self.declared, self.dates, self.services, self.products)
        self.checks = FormChecks(parts, self)
        self.problems_label = self.checks.problems_label
        self._name_widgets()
        self.presets = FormPresets(self.route, self.package)
        self.presets.fill_packages()
        self._lay_out(what)
        self._connect_parts()
        for view in (self.services_list, self.products_list):
            view.installEventFilter(self)  # item views take Enter for themselves
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self._on_enter_activated)
        self._fill_products()
        self._on_route_mode_toggled()

    def _build_actions(self) -> None:
        """The Quote button (the tab places it, with the problems line, always in sight)."""
        self.quote_button = QPushButton(self.tr("&Quote"), self)
        self.quote_button.setObjectName("quoteButton")
        self.quote_button.setDefault(True)
        self.quote_button.setToolTip(self.tr("Price the package for every checked product (Enter)"))
        self.quote_button.clicked.connect(self.quoteRequested)

    def _name_widgets(self) -> None:
        """The parts' widgets under the names the tab and the tests have always used."""
        route, package, declared, dates = self.route, self.package, self.declared, self.dates
        self.national_radio, self.international_radio = route.national_radio, route.international_radio
        self.origin_edit, self.destination_edit = route.origin_edit, route.destination_edit
        self.origin_presets_button, self.origin_menu = route.origin_presets_button, route.origin_menu
        self.country_combo = route.country_combo
        self.package_combo, self.save_package_button = package.package_combo, package.save_package_button
        self.format_combo, self.weight_spin, self.weight_note = (
            package.format_combo,
            package.weight_spin,
            package.weight_note,
        )
        self.length_spin, self.width_spin = package.length_spin, package.width_spin
        self.height_spin, self.diameter_spin = package.height_spin, package.diameter_spin
        self.sizes_note = package.sizes_note
        self.declared_spin, self.declared_note = declared.declared_spin, declared.declared_note
        self.declared_hint = declared.declared_hint
        self.date_edit, self.handling_spin = dates.date_edit, dates.handling_spin
        self.arrive_check, self.arrive_edit = dates.arrive_check, dates.arrive_edit
        self.services_list, self.services_status = self.services.services_list, self.services.services_status
        self.products_list, self.all_products_button = (
            self.products.products_list,
            self.products.all_products_button,
        )

    def _lay_out(self, what: QGroupBox) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.route)
        layout.addWidget(what)
        # Side by side, taking the room the screen has left: at 1366x768 the products to
        # compare and their "All" stay in sight without scrolling (the lists grow with room).
        choices = QHBoxLayout()
        choices.addWidget(self.services, 1)
        choices.addWidget(self.products, 1)
        layout.addLayout(choices, 1)
        # problems_label and quote_button are placed by the tab, outside the scrolling
        # part, so the button and the reasons nothing was sent are always in sight.

    def _connect_parts(self) -> None:
        self.route.modeToggled.connect(self._on_route_mode_toggled)
        self.route.cepEdited.connect(self._on_route_cep_edited)
        self.route.countryChanged.connect(self.servicesNeeded)
        self.route.countryChanged.connect(self._on_route_country_changed)
        self.declared.valueEntered.connect(self.services.check_declared)
        self.dates.dateChanged.connect(self.servicesNeeded)
        self.dates.arriveByChanged.connect(self.arriveByChanged)
        self.dates.handlingChanged.connect(self._on_dates_handling_changed)
        self.products.selectionEdited.connect(self._on_products_selection_edited)
        self.presets.originRefused.connect(self._on_presets_origin_refused)

    # --- state ------------------------------------------------------------------------

    @property
    def prices(self) -> PriceChoices:
        """The settings the form follows (frozen: `change_prices` makes a new value)."""
        return self._prices

    @property
    def international(self) -> bool:
        return self.route.international

    def country(self) -> str:
        return self.route.country()

    def event_date(self) -> date:
        return self.dates.event_date()

    def arrive_by(self) -> date | None:
        """The "must arrive by" date, ``None`` when unchecked."""
        return self.dates.arrive_by()

    def product_codes(self) -> list[str]:
        """Every product of the current mode, in list order."""
        return self.products.codes()

    def checked_products(self) -> list[str]:
        return self.products.checked()

    def checked_services(self) -> list[str]:
        return self.services.checked()

    def set_services(self, found: Mapping[str, list[AdditionalService] | Exception]) -> None:
        """Show the union of the services the products offer, keeping what was checked."""
        self._services = dict(found)
        self.services.show_offers(form_values.offered_services(found), self._prices.name_of)
        self.declared.show_limits(form_values.declared_limits(found, self._prices.name_of))

    def set_prices(self, prices: PriceChoices) -> None:
        """Follow new settings (another tab chose the card to quote with, another environment
        and so another office database): products, presets."""
        self._prices = prices
        self._forget_services()
        self.dates.show_handling(prices.handling_days)
        self.presets.follow_settings()
        self._fill_products()
        self.servicesNeeded.emit()

    def clear_services(self, text: str) -> None:
        self.services.set_status(text)

    def load_query(self, query: PriceQuery) -> None:
        """Fill the form from a query (history re-run): only its product is checked, for
        this quote; `show_saved_products` gives the list back its saved selection."""
        self.route.load(query)
        self.package.load(query)
        self.declared_spin.setValue(float(query.vlDeclarado) if query.vlDeclarado is not None else 0.0)
        if query.dtEvento is not None:
            self.dates.set_event_date(query.dtEvento)
        self.products.check_only(query.coProduto)
        wanted = set(query.servicosAdicionais)
        if query.vlDeclarado is not None:
            wanted.add(DECLARED)
        self.services.check_only(wanted)
        self.servicesNeeded.emit()

    def show_saved_products(self) -> None:
        """Check the products of the saved selection again (after a re-run quoted one)."""
        self._fill_products()

    def _fill_products(self) -> None:
        prices = self._prices
        codes = prices.international_products if self.international else prices.products
        listed = [(code, f"{code} {prices.name_of(code)}".strip()) for code in codes]
        self.products.fill(listed, set(prices.compare_products), every=self.international)

    def _forget_services(self) -> None:
        self._services = {}
        self.declared.forget_limits()

    # --- building the request ---------------------------------------------------------

    def entries(self) -> FormEntries:
        """What the fields hold, for `form_values`."""
        return FormEntries(
            origin=self.origin_edit.text(),
            destination=self.destination_edit.text(),
            country=self.country(),
            international=self.international,
            weight_g=self.weight_spin.value(),
            format=self.package.format(),
            sizes=self.package.size_values(),
            declared=self.declared_spin.value(),
            event_date=self.event_date(),
        )

    def base_values(self, contract: str = "", dr: int | None = None) -> dict[str, object]:
        """The request fields every product's query shares."""
        return form_values.base_values(self.entries(), contract, dr)

    def build_request(self, contract: str = "", dr: int | None = None) -> QuoteRequest:
        """The queries for the checked products, or the problems that stop sending."""
        return self.checks.build_request(self.base_values(contract, dr), self._services)

    def required_problems(self) -> list[FormProblem]:
        """Fields pricing cannot do without (the operator's own check would refuse them)."""
        return self.checks.required_problems()

    def unreadable_numbers(self) -> list[FormProblem]:
        """Boxes holding typed text that is no number (Enter quoted before the box took it)."""
        return self.checks.unreadable_numbers()

    def problem(self, field_name: str, error: InvalidValue | None, message: str) -> FormProblem:
        return self.checks.problem(field_name, error, message)

    def field_label(self, field_name: str) -> str:
        """The form's own name for an operator field, for error messages."""
        return field_label(field_name)

    def show_problems(self, problems: Sequence[FormProblem]) -> None:
        """Name each field and rule under the form; focus the first field to fix."""
        self.checks.show_problems(problems)

    def remember_origin(self) -> bool:
        """Keep the origin CEP for next time; True when it changed."""
        cep = self.route.origin_cep()
        if cep is None or cep == self._prices.origin_cep:
            return False
        self.change_prices(origin_cep=cep)
        return True

    def change_prices(self, **changes: object) -> None:
        """A new value of the settings, emitted for the tab to save."""
        self._prices = self._prices.updated(**changes)
        self.pricesChanged.emit(self._prices)

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

    @Slot(QLineEdit)
    def _on_route_cep_edited(self, edit: QLineEdit) -> None:
        """A CEP typed: the field's old error no longer applies."""
        if edit.property("invalid"):
            mark_invalid(edit, False)
        self._route_edited()

    @Slot()
    def _on_route_country_changed(self) -> None:
        self._route_edited()

    def _route_edited(self) -> None:
        """The route changed: the problems found in the old one no longer apply."""
        self.checks.clear_problems()
        self.routeChanged.emit()

    @Slot()
    def _on_route_mode_toggled(self) -> None:
        self.checks.clear_problems()
        self.routeChanged.emit()
        self.route.show_mode()
        self._fill_products()
        self._forget_services()
        self.servicesNeeded.emit()

    @Slot(int)
    def _on_dates_handling_changed(self, days: int) -> None:
        self.change_prices(handling_days=days)

    @Slot(list)
    def _on_products_selection_edited(self, checked: list[str]) -> None:
        if not self.international:
            count = len(self.product_codes())
            self.change_prices(compare_products=form_values.compare_selection(checked, count))

    @Slot(InvalidValue)
    def _on_presets_origin_refused(self, error: InvalidValue) -> None:
        self.show_problems([self.problem("cepOrigem", error, str(error))])
