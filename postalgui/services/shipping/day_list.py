"""The posting list of the day: every object labelled today, when the clerk selected none.

Offices take the day's parcels to the counter once, with one list; "today" is the office's
day (`ShippingService.today`, the local calendar), as the clerk reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from postalgui.api.models.prepostings import PrepostingStatus

if TYPE_CHECKING:
    from datetime import date

    from postalgui.api.cancel import TaskControl
    from postalgui.services.shipping.records import Shipment
    from postalgui.services.shipping.service import ShippingService

__all__ = ["labelled_on", "todays_posting_list"]


def labelled_on(shipments: list[Shipment], day: date) -> list[str]:
    """The pre-posting ids of ``shipments`` labelled on ``day`` (local time), oldest first."""
    found = [
        shipment
        for shipment in shipments
        if shipment.labelled_at is not None and shipment.labelled_at.astimezone().date() == day
    ]
    found.sort(key=lambda shipment: (shipment.labelled_at, shipment.prepost_id))
    return [shipment.prepost_id for shipment in found]


def todays_posting_list(task: TaskControl, service: ShippingService) -> bytes | None:
    """The posting list (PDF) of the objects labelled today; ``None`` when there is none."""
    from postalgui.services.shipping.use_cases import posting_list

    ids = labelled_on(service.book().shipments(status=PrepostingStatus.LABELLED), service.today())
    task.raise_if_cancelled()
    return posting_list(task, service, ids) if ids else None
