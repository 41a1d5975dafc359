"""A shipment begun from a price quote ("Ship this"): the quote's product, package, services
and declared value, so the clerk only picks the recipient."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

__all__ = ["ShipDraft"]


@dataclass(frozen=True)
class ShipDraft:
    """What a national quote knows of a parcel (CEPs are 8 digits, ``additional_services``
    the operator's 3-digit codes)."""

    service_code: str
    origin_cep: str
    destination_cep: str
    weight_g: int
    format_code: str = "2"
    length_cm: int = 0
    width_cm: int = 0
    height_cm: int = 0
    declared_value: Decimal | None = None
    additional_services: tuple[str, ...] = ()
