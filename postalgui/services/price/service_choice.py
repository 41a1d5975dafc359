"""Which additional services a product gets for what the clerk chose, or why it gets none.

The clerk picks services once for every compared product, and "declared value" is one
choice although each product has its own code for it (019, 064, 065: REFERENCE.md). So
each product maps the choice to its own codes, and a product that does not offer a
chosen service, or whose declared-value limits the value breaks, is refused locally
with the reason instead of being sent. Qt-free: the Quote page uses it today; the
batch and the CLI are to apply the same rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.models.price import AdditionalService, PriceQuery, PriceResponse

DECLARED_VALUE_CODES = frozenset({"019", "064", "065"})
"""The declared-value services of the SEDEX family, PAC and Mini Envios (REFERENCE.md)."""

DECLARED = "VD"
"""Key of the one "declared value" choice: each product has its own service code for it."""


@dataclass(frozen=True)
class Refusal:
    """Why a product cannot have the chosen services; ``rule`` is a stable key for the UI.

    Rules: ``no_declared_value``; ``service_not_offered`` (``service``);
    ``declared_out_of_limits`` (``value``, ``low``, ``high``).
    """

    rule: str
    params: dict[str, object] = field(default_factory=dict)


def declared_limits(params: Mapping[str, object]) -> tuple[Decimal, Decimal, Decimal] | None:
    """The declared value and the low and high limits a ``declared_out_of_limits`` refusal
    (or a batch row's problem of that rule) names; ``None`` when it names no such amounts."""
    value, low, high = (params.get(name) for name in ("value", "low", "high"))
    if isinstance(value, Decimal) and isinstance(low, Decimal) and isinstance(high, Decimal):
        return value, low, high
    return None


def wire_services(
    offered: Sequence[AdditionalService] | None, chosen: Sequence[str], declared: Decimal | None
) -> tuple[list[str], Refusal | None]:
    """The wire codes of the ``chosen`` keys for one product, or why it cannot have them.

    ``offered`` is ``None`` when the product's services are not known (still loading, or
    unreadable): the plain codes go as chosen and the operator decides.
    """
    if offered is None:
        return [key for key in chosen if key != DECLARED], None
    by_code = {service.codigo: service for service in offered}
    declared_service = next((service for service in offered if service.takes_declared_value), None)
    wire: list[str] = []
    for key in chosen:
        if key == DECLARED:
            if declared_service is None:
                return [], Refusal("no_declared_value")
            wire.append(declared_service.codigo)
            continue
        if key not in by_code:
            return [], Refusal("service_not_offered", {"service": key})
        wire.append(key)
    if declared_service is not None and declared is not None:
        low, high = declared_service.vlMinDeclarado, declared_service.vlMaxDeclarado
        if (low is not None and declared < low) or (high is not None and declared > high):
            limits: dict[str, object] = {
                "value": declared,
                "low": low or Decimal(0),
                "high": high or Decimal(0),
            }
            return [], Refusal("declared_out_of_limits", limits)
    return wire, None


def declared_value_priced(query: PriceQuery, response: PriceResponse | None) -> bool:
    """Whether the declared value of ``query`` was priced: a declared-value service went with it.

    What the operator priced is the response's services when it lists any, else the
    query's; a value sent without one of `DECLARED_VALUE_CODES` buys no insurance.
    """
    if query.vlDeclarado is None:
        return False
    priced = [service.coServAdicional for service in response.servicoAdicional] if response else []
    codes = set(priced) if priced else set(query.servicosAdicionais)
    return bool(DECLARED_VALUE_CODES & codes)
