"""What the quote form's fields mean, without Qt: the request values, the services each
product gets, the offered services and the declared-value limits shown, package presets.

The form reads its widgets into a `FormEntries` and asks here; so the rules (which sizes a
format sends, how a typed float becomes the wire's ``Decimal``, which product is refused
and why) are tested without a window, and the batch or the CLI can apply the same ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, TypeVar

from postalgui.services.price.service_choice import DECLARED, Refusal, wire_services

if TYPE_CHECKING:
    from postalgui.api.models.price import AdditionalService, PriceQuery
    from postalgui.api.models.validation import FieldProblem
    from postalgui.services.price.price_settings import OriginPreset, PackagePreset

__all__ = [
    "SIZE_FIELDS",
    "DeclaredLimits",
    "FormEntries",
    "OfferedService",
    "Offers",
    "QueryPlan",
    "ServicesFound",
    "base_values",
    "compare_selection",
    "declared_limits",
    "measure",
    "offered_services",
    "package_preset",
    "plan_queries",
    "services_for",
    "size_fields",
    "with_named",
    "without_named",
]

Preset = TypeVar("Preset", "OriginPreset", "PackagePreset")  # names: the models load after the first paint

ServicesFound = Mapping[str, "list[AdditionalService] | Exception"]
"""The services each product offers, by product code; an `Exception` when unreadable."""

SIZE_FIELDS: dict[str, tuple[str, ...]] = {
    "1": ("comprimento", "largura"),  # envelope
    "2": ("comprimento", "largura", "altura"),  # package (box)
    "3": ("comprimento", "diametro"),  # roll (tube)
}
"""The sizes each format (``tpObjeto``) has: the form shows these and sends these only."""


def size_fields(fmt: object) -> tuple[str, ...]:
    """The size fields of a format; an unknown one is measured as an envelope."""
    return SIZE_FIELDS.get(str(fmt), SIZE_FIELDS["1"])


def measure(value: float, places: int = 1) -> Decimal | None:
    """A number typed in a box as the wire's ``Decimal`` (``None`` when zero, "no value").

    Rounded through ``str`` so 20.5 stays ``Decimal("20.5")``, not the float's expansion.
    """
    return Decimal(str(round(value, places))) if value > 0 else None


@dataclass(frozen=True)
class FormEntries:
    """What the form's fields hold, as read from the widgets (sizes by wire name)."""

    origin: str
    destination: str
    country: str
    international: bool
    weight_g: int
    format: str | None
    sizes: Mapping[str, float]
    declared: float
    event_date: date


def base_values(entries: FormEntries, contract: str, dr: int | None) -> dict[str, object]:
    """The request fields every product's query shares (``coProduto`` and services apart)."""
    values: dict[str, object] = {
        "cepOrigem": entries.origin.strip() or None,
        "psObjeto": entries.weight_g or None,
        "tpObjeto": entries.format,
        "dtEvento": entries.event_date,
        "nuContrato": contract or None,
        "nuDR": dr,
    }
    if entries.international:
        values["sgPaisDestino"] = entries.country
    else:
        values["cepDestino"] = entries.destination.strip() or None
    for name in size_fields(entries.format):
        size = measure(entries.sizes.get(name, 0.0))
        if size is not None:
            values[name] = size
    declared = measure(entries.declared, 2)
    if declared is not None:
        values["vlDeclarado"] = declared
    return values


def services_for(
    offered: list[AdditionalService] | Exception | None, chosen: Sequence[str], declared: object
) -> tuple[list[str], Refusal | None]:
    """The wire codes of the chosen services for one product, or why it cannot have them;
    services not known (still loading, unreadable) go as chosen and the operator decides."""
    known = None if offered is None or isinstance(offered, Exception) else offered
    return wire_services(known, chosen, declared if isinstance(declared, Decimal) else None)


@dataclass
class QueryPlan:
    """The queries to send, the products refused locally (and why), or the field problems."""

    queries: list[PriceQuery] = field(default_factory=list)
    refused: list[tuple[PriceQuery, Refusal]] = field(default_factory=list)
    problems: list[FieldProblem] = field(default_factory=list)


def plan_queries(
    base: Mapping[str, object], products: Sequence[str], chosen: Sequence[str], offered: ServicesFound
) -> QueryPlan:
    """One query per product with its own service codes; the first invalid query stops
    the plan with its field problems (every product shares the fields at fault)."""

    # lazy: not needed for the first paint
    from pydantic import ValidationError

    from postalgui.api.models.price import PriceQuery
    from postalgui.api.models.validation import field_problems

    plan = QueryPlan()
    for code in products:
        wire, refusal = services_for(offered.get(code), chosen, base.get("vlDeclarado"))
        try:
            query = PriceQuery.model_validate(dict(base, coProduto=code, servicosAdicionais=wire))
        except ValidationError as exc:
            plan.problems = field_problems(exc)
            return plan
        if refusal is None:
            plan.queries.append(query)
        else:
            plan.refused.append((query, refusal))
    return plan


@dataclass(frozen=True)
class OfferedService:
    """One choice of the services list: its key (`DECLARED` for every declared-value
    service), the name shown and the products that offer it."""

    key: str
    name: str
    products: tuple[str, ...]


@dataclass(frozen=True)
class Offers:
    """The union of the services the products offer, and the products not read."""

    services: tuple[OfferedService, ...]
    failed: tuple[str, ...]


def offered_services(found: ServicesFound) -> Offers:
    """Every service offered by at least one product, declared value last."""
    offers: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    for code, services in found.items():
        if isinstance(services, Exception):
            continue
        for service in services:
            key = DECLARED if service.takes_declared_value else service.codigo
            offers.setdefault(key, []).append(code)
            names.setdefault(key, f"{service.codigo} {service.nome or service.sigla or ''}".strip())
    ordered = sorted(offers, key=lambda key: (key == DECLARED, key))
    failed = tuple(code for code, services in found.items() if isinstance(services, Exception))
    return Offers(tuple(OfferedService(key, names[key], tuple(offers[key])) for key in ordered), failed)


@dataclass(frozen=True)
class DeclaredLimits:
    """The widest declared-value range, and each range with the products it holds for
    (widest high limit first)."""

    lowest: Decimal
    highest: Decimal
    ranges: tuple[tuple[Decimal, Decimal, tuple[str, ...]], ...]


def declared_limits(found: ServicesFound, name_of: Callable[[str], str]) -> DeclaredLimits | None:
    """The declared-value limits of the products read; ``None`` when none has any."""
    limits: dict[tuple[Decimal, Decimal], list[str]] = {}
    for code, services in found.items():
        if isinstance(services, Exception):
            continue
        for service in services:
            if service.takes_declared_value and service.vlMaxDeclarado is not None:
                low = service.vlMinDeclarado or Decimal(0)
                limits.setdefault((low, service.vlMaxDeclarado), []).append(name_of(code) or code)
    if not limits:
        return None
    ranges = tuple(
        (low, high, tuple(names))
        for (low, high), names in sorted(limits.items(), key=lambda pair: -pair[0][1])
    )
    return DeclaredLimits(min(low for low, _ in limits), max(high for _, high in limits), ranges)


def compare_selection(checked: Sequence[str], count: int) -> list[str]:
    """The products to remember as compared: empty when every one is checked ("all")."""
    return [] if len(checked) == count else list(checked)


def package_preset(name: str, fmt: str, sizes: Mapping[str, float], weight_g: int) -> PackagePreset:
    """A package preset of the format, the sizes given (zero: none) and the weight."""
    # lazy: pydantic, when the clerk saves a preset (not for the first paint)
    from postalgui.services.price.price_settings import PackagePreset

    return PackagePreset(
        name=name,
        format=fmt,
        length=measure(sizes.get("comprimento", 0.0)),
        width=measure(sizes.get("largura", 0.0)),
        height=measure(sizes.get("altura", 0.0)),
        diameter=measure(sizes.get("diametro", 0.0)),
        weight_g=weight_g or None,
    )


def with_named(presets: Sequence[Preset], preset: Preset) -> list[Preset]:
    """The presets with ``preset`` last, replacing one of the same name."""
    kept = without_named(presets, preset.name)
    kept.append(preset)
    return kept


def without_named(presets: Sequence[Preset], name: str) -> list[Preset]:
    """The presets but the one called ``name``."""
    return [preset for preset in presets if preset.name != name]
