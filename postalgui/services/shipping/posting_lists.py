"""The posting list as the Shipping tab and ``ship posting-list`` ask for it: of the selected
pre-postings or, when none is selected, of every object labelled on the day (today).

Offices take the day's parcels to the counter once, with one list; "today" is the office's
day (`ShippingService.today`, the local calendar), as the clerk reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from postalgui.documents.reports.posting_list import WORDS_EN
from postalgui.services.shipping.printing import CLOSED, posting_list

if TYPE_CHECKING:
    from datetime import date

    from postalgui.api.cancel import TaskControl
    from postalgui.services.shipping.records import Shipment
    from postalgui.services.shipping.service import ShippingService

__all__ = ["labelled_on", "posting_list_in", "todays_posting_list"]


def labelled_on(shipments: Sequence[Shipment], day: date) -> list[Shipment]:
    """The ``shipments`` labelled on ``day`` (local time), oldest first; cancelled and expired
    ones left out (a posted one stays: it is still the day's)."""
    found = [
        shipment
        for shipment in shipments
        if shipment.labelled_at is not None
        and shipment.labelled_at.astimezone().date() == day
        and shipment.status not in CLOSED
    ]
    return sorted(found, key=lambda shipment: (shipment.labelled_at, shipment.prepost_id))


def posting_list_in(task: TaskControl, service: ShippingService, ids: Sequence[str], language: str) -> bytes:
    """The posting list (PDF) of ``ids``, its words in ``language`` (``"en"`` or Portuguese)."""
    return posting_list(task, service, ids, words=WORDS_EN if language == "en" else None)


def todays_posting_list(task: TaskControl, service: ShippingService, language: str) -> bytes | None:
    """The posting list of the objects labelled today; ``None`` when there is none."""
    ids = [shipment.prepost_id for shipment in labelled_on(service.book().shipments(), service.today())]
    task.raise_if_cancelled()
    return posting_list_in(task, service, ids, language) if ids else None
