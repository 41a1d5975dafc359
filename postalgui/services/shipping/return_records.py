"""A return authorization ("logística reversa"): a pre-posting whose sender is the customer and
whose recipient is the office, billed to the office's contract. The customer takes the parcel to
any branch with its code until the validity date; the office follows the object home.

The shipments book keeps it as any pre-posting (``order.reverse`` set); these records are how
the Returns page, the CLI and the authorization PDF read one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum

from postalgui.api.models.prepostings import ContentLine, Person
from postalgui.services.shipping.records import Shipment

__all__ = ["ReturnAuthorization", "ReturnDraft", "ReturnState"]


class ReturnState(StrEnum):
    """Where a return stands: the pre-posting's status first (cancelled, expired, authorized
    while pre-posted), then its object's tracking (posted, in transit, delivered back)."""

    AUTHORIZED = "authorized"
    POSTED = "posted"
    IN_TRANSIT = "in_transit"
    DELIVERED_BACK = "delivered_back"
    EXPIRED = "expired"
    CANCELLED = "cancelled"
    UNKNOWN = "unknown"
    """A status number this version does not know (its word is the operator's)."""


@dataclass(frozen=True)
class ReturnDraft:
    """What the return dialog shows, pre-filled: the customer (the outbound's recipient when the
    office shipped that object), the office (its default sender address), the outbound object,
    the service (``03301`` PAC Reverso, ``03247`` SEDEX Reverso), the package, declared value and
    what it holds (content lines, invoice) of the outbound shipment when known, and the validity
    date (today + the setting)."""

    customer: Person | None
    office: Person | None
    outbound_code: str
    service_code: str
    weight_g: int
    format_code: str
    length_cm: int
    width_cm: int
    height_cm: int
    declared_value: Decimal | None
    valid_until: date
    contents: tuple[ContentLine, ...] = ()
    """The outbound's content lines: what comes back (a return needs them or an invoice)."""
    invoice_number: str = ""


@dataclass(frozen=True)
class ReturnAuthorization:
    """A return as the office reads it: ``code`` is what the customer shows at the branch (the
    operator's authorization code, else the object code, else the pre-posting's id)."""

    shipment: Shipment
    code: str
    valid_until: date
    outbound_code: str
    state: ReturnState
    object_code: str | None
