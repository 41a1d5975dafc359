"""`FormChecks`: what stops the quote form from sending, named field by field.

The checks before a quote (required fields, numbers a box could not read), the request
built from the rules of `form_values` with each problem tied to its widget, the words
for a product refused locally, and the problems line under the form (the tab places it
beside the Quote button, always in sight).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from postalgui.api.values import InvalidValue, format_brl
from postalgui.gui.messages import arg, rule_message
from postalgui.gui.tabs.price.choice_lists import ProductsPicker, ServicesPicker
from postalgui.gui.tabs.price.declared_value import DeclaredValue
from postalgui.gui.tabs.price.delivery_dates import DeliveryDates
from postalgui.gui.tabs.price.form_rows import field_label
from postalgui.gui.tabs.price.package_fields import PackageFields
from postalgui.gui.tabs.price.route_fields import RouteFields
from postalgui.gui.widgets.number_input import GramsSpinBox, MeasureSpinBox
from postalgui.services.price import form_values
from postalgui.services.price.service_choice import DECLARED, declared_limits

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery
    from postalgui.services.price.service_choice import Refusal

__all__ = ["FormChecks", "FormParts", "FormProblem", "QuoteRequest"]

_NO_LIMITS = (Decimal(0), Decimal(0), Decimal(0))
"""What a refusal that names no amounts shows (never met: `wire_services` names all three)."""


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


@dataclass(frozen=True)
class FormParts:
    """The quote form's parts, for what reads across them."""

    route: RouteFields
    package: PackageFields
    declared: DeclaredValue
    dates: DeliveryDates
    services: ServicesPicker
    products: ProductsPicker


class FormChecks(QObject):
    """Checks the fields of ``form`` (its parts in ``parts``) and shows what to fix."""

    def __init__(self, parts: FormParts, form: QWidget) -> None:
        super().__init__(form)
        self.parts = parts
        self._form = form
        self.problems_label = QLabel(form)
        self.problems_label.setObjectName("formProblems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet("color: #b3261e;")
        self.problems_label.hide()

    def build_request(self, base: Mapping[str, object], offered: form_values.ServicesFound) -> QuoteRequest:
        """The queries for the checked products from the shared ``base`` values, or the
        problems that stop sending."""
        parts, request = self.parts, QuoteRequest()
        products = parts.products.checked()
        if not products:
            text = self.tr("Check at least one product to compare.")
            request.problems.append(FormProblem("coProduto", text, parts.products.products_list))
            return request
        services = parts.services.checked()
        if DECLARED in services and base.get("vlDeclarado") is None:
            text = self.tr("Enter the declared value, or uncheck Declared value.")
            request.problems.append(FormProblem("vlDeclarado", text, parts.declared.declared_spin))
            return request
        plan = form_values.plan_queries(base, products, services, offered)
        if plan.problems:
            request.problems = [self.problem(p.field, p.error, p.message) for p in plan.problems]
            return request
        request.queries = plan.queries
        request.refused = [(query, self.refusal_text(refusal)) for query, refusal in plan.refused]
        return request

    def refusal_text(self, refusal: Refusal) -> str:
        if refusal.rule == "no_declared_value":
            return self.tr("This product takes no declared value.")
        if refusal.rule == "service_not_offered":
            return arg(self.tr("This product does not offer service %1."), refusal.params["service"])
        return arg(
            self.tr("Declared value %1 is outside this product's limits (%2 to %3)."),
            *(format_brl(value) for value in declared_limits(refusal.params) or _NO_LIMITS),
        )

    def required_problems(self) -> list[FormProblem]:
        """Fields pricing cannot do without (the operator's own check would refuse them)."""
        route, weight = self.parts.route, self.parts.package.weight_spin
        problems: list[FormProblem] = []
        required = self.tr("Required for pricing")
        if not route.origin_edit.text().strip():
            problems.append(FormProblem("cepOrigem", required, route.origin_edit))
        if not route.international and not route.destination_edit.text().strip():
            problems.append(FormProblem("cepDestino", required, route.destination_edit))
        unreadable = self.unreadable_numbers()
        problems.extend(unreadable)
        if not weight.value() and "psObjeto" not in {p.field for p in unreadable}:
            problems.append(FormProblem("psObjeto", required, weight))
        return problems

    def unreadable_numbers(self) -> list[FormProblem]:
        """Boxes holding typed text that is no number (Enter quoted before the box took it)."""
        boxes: list[tuple[str, GramsSpinBox | MeasureSpinBox]] = [
            ("psObjeto", self.parts.package.weight_spin),
            *self.parts.package.sizes(),
            ("vlDeclarado", self.parts.declared.declared_spin),
        ]
        return [
            FormProblem(name, box.unreadable(), box)
            for name, box in boxes
            if box.isVisibleTo(self._form) and box.unreadable()
        ]

    def problem(self, field_name: str, error: InvalidValue | None, message: str) -> FormProblem:
        """A problem of an operator field, tied to the widget that holds it."""
        parts = self.parts
        widgets: dict[str, QWidget] = {
            "cepOrigem": parts.route.origin_edit,
            "cepDestino": parts.route.destination_edit,
            "sgPaisDestino": parts.route.country_combo,
            "psObjeto": parts.package.weight_spin,
            "tpObjeto": parts.package.format_combo,
            **dict(parts.package.sizes()),
            "vlDeclarado": parts.declared.declared_spin,
            "dtEvento": parts.dates.date_edit,
            "servicosAdicionais": parts.services.services_list,
            "coProduto": parts.products.products_list,
        }
        text = rule_message(error) if error is not None else message
        return FormProblem(field_name, text, widgets.get(field_name))

    def show_problems(self, problems: Sequence[FormProblem]) -> None:
        """Name each field and rule under the form; focus the first field to fix."""
        for widget in (self.parts.route.origin_edit, self.parts.route.destination_edit):
            mark_invalid(widget, False)
        if not problems:
            self.clear_problems()
            return
        lines = [arg(self.tr("%1: %2"), field_label(p.field), p.message) for p in problems]
        self.problems_label.setText("\n".join(lines))
        self.problems_label.show()
        for problem in problems:
            if isinstance(problem.widget, QLineEdit):
                mark_invalid(problem.widget, True)
        first = next((p.widget for p in problems if p.widget is not None), None)
        if first is not None:
            first.setFocus(Qt.FocusReason.OtherFocusReason)

    def clear_problems(self) -> None:
        self.problems_label.clear()
        self.problems_label.hide()


def mark_invalid(edit: QLineEdit, invalid: bool) -> None:
    """A red border on a CEP the quote refused, gone once it is edited."""
    edit.setProperty("invalid", invalid)
    edit.setStyleSheet("border: 1px solid #b3261e;" if invalid else "")
