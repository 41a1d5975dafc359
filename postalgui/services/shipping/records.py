"""A shipment: one pre-posting the office registered, as the office database keeps it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from postalgui.api.models.prepostings import Order, PrepostingStatus

__all__ = ["CLOSED_STATUSES", "EXPIRY_DAYS", "OPEN_STATUSES", "Shipment"]

EXPIRY_DAYS = 7
"""A pre-posting not posted within these days expires (REFERENCE)."""
OPEN_STATUSES = frozenset(
    {PrepostingStatus.PRE_ATTENDED, PrepostingStatus.PREPOSTED, PrepostingStatus.PENDING}
)
"""Statuses the operator may still change: a refresh asks about these (and about a number
this version does not know)."""
CLOSED_STATUSES = frozenset({PrepostingStatus.EXPIRED, PrepostingStatus.CANCELLED, PrepostingStatus.REVERSED})
"""Statuses after which the parcel will not be posted: no label, no posting list."""


@dataclass(frozen=True)
class Shipment:
    """A pre-posting with the order it was made from (``object_code`` once known).

    ``status`` is the operator's (``None`` for a number this version does not know:
    ``status_number`` keeps it, ``status_word`` the operator's word); ``labelled_at`` is the
    office's own mark (a label was issued here), never a status. ``version`` grows with
    each write of its row, by ``updated_by``."""

    prepost_id: str
    object_code: str | None
    status: PrepostingStatus | None
    order: Order
    created_by: str
    created_at: datetime
    expires_at: datetime | None
    labelled_at: datetime | None = None
    cancelled_at: datetime | None = None
    status_number: str = ""
    status_word: str = ""
    version: int = 1
    updated_by: str = ""
    eticket: str = ""
    """A return authorization's code as the operator gave it at creation (``""``: none)."""

    @property
    def number(self) -> str:
        """The operator's status number as text."""
        return self.status.value if self.status is not None else self.status_number

    @property
    def is_return(self) -> bool:
        """A return authorization: the customer sends it back to the office."""
        return self.order.reverse is not None

    @property
    def labelled(self) -> bool:
        return self.labelled_at is not None

    @property
    def recipient_name(self) -> str:
        return self.order.recipient.name

    @property
    def recipient_cep(self) -> str:
        return self.order.recipient.cep

    @property
    def service_code(self) -> str:
        return self.order.service_code

    @property
    def declared_value(self) -> Decimal | None:
        return self.order.declared_value

    @property
    def weight_g(self) -> int:
        return self.order.weight_g

    @property
    def is_open(self) -> bool:
        """The operator may still change it (a number not known here counts as open)."""
        return self.status is None or self.status in OPEN_STATUSES

    def expiry(self) -> datetime:
        """When it expires: the operator's word, else 7 days after it was made."""
        return self.expires_at or self.created_at + timedelta(days=EXPIRY_DAYS)

    def expires_in_days(self, today: date) -> int | None:
        """Whole days left before it expires (0: today, negative: past); ``None`` once it
        can no longer expire (posted, cancelled, expired)."""
        if not self.is_open:
            return None
        return (self.expiry().astimezone().date() - today).days
