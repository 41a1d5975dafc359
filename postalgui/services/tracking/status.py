"""An object's status in words, read from its last event (REFERENCE.md, Tracking).

No official table exists: this is the SOAP-era mapping public clients use
(olist/correios ``TRACKING_STATUS``), keyed on the event's ``codigo`` and two-digit
``tipo``. ``BDE``, ``BDI`` and ``BDR`` are the same family (delivery events). An event
the table does not know counts as in transit, which is what the rest of the table is.
"""

from __future__ import annotations

from enum import StrEnum

from postalgui.api.models.tracking import TrackedObject, TrackingEvent

__all__ = [
    "FINAL",
    "NEEDS_PERSON",
    "Problem",
    "Status",
    "classify",
    "is_final",
    "object_status",
]


class Status(StrEnum):
    POSTED = "posted"
    IN_TRANSIT = "in_transit"
    OUT_FOR_DELIVERY = "out_for_delivery"
    ATTEMPT_FAILED = "attempt_failed"
    """A delivery attempt failed (nobody home, refused, address problem); often on its way back."""
    AWAITING_PICKUP = "awaiting_pickup"
    DELIVERED = "delivered"
    RETURNED = "returned"
    PROBLEM = "problem"
    COMPENSATED = "compensated"
    NOT_FOUND = "not_found"
    """``SRO-020``: the operator has no event yet (just labelled, or not posted)."""
    INVALID = "invalid"
    """``SRO-019``: the operator says the code is not one of its objects."""


class Problem(StrEnum):
    LOST = "lost"
    STOLEN = "stolen"
    DAMAGED = "damaged"
    OTHER = "other"


_DELIVERY = frozenset({"BDE", "BDI", "BDR"})
_DELIVERED = frozenset({"00", "01"})
_PICKUP = frozenset({"02", "54"})  # with a pickup deadline; 02 without one is an attempt
_PROBLEMS: dict[str, Problem] = {
    "09": Problem.LOST,
    "28": Problem.DAMAGED,
    "37": Problem.DAMAGED,
    "50": Problem.STOLEN,
    "51": Problem.STOLEN,
    "52": Problem.STOLEN,
    "12": Problem.OTHER,
    "43": Problem.OTHER,
    "80": Problem.OTHER,
}
_ATTEMPTS = frozenset(
    {
        "02",
        "20",
        "21",
        "04",
        "05",
        "06",
        "07",
        "08",
        "10",
        "19",
        "26",
        "33",
        "36",
        "40",
        "42",
        "48",
        "49",
        "56",
    }
)

FINAL = frozenset({Status.DELIVERED, Status.RETURNED, Status.COMPENSATED, Status.INVALID})
"""Nothing more will happen: these are not asked again (a lost or stolen one is final too:
`is_final`)."""
NEEDS_PERSON = frozenset({Status.AWAITING_PICKUP, Status.RETURNED, Status.PROBLEM, Status.ATTEMPT_FAILED})
"""Statuses a clerk must act on: call the customer, claim, send again."""


def classify(event: TrackingEvent) -> tuple[Status, Problem | None]:
    """The status an event leaves its object in, and the kind of problem when it is one."""
    code, kind = event.key
    if code in _DELIVERY:
        if kind in _DELIVERED:
            return Status.DELIVERED, None
        if kind in _PICKUP and (kind == "54" or event.dtLimiteRetirada is not None):
            return Status.AWAITING_PICKUP, None
        if kind == "23":
            return Status.RETURNED, None
        if kind in _PROBLEMS:
            return Status.PROBLEM, _PROBLEMS[kind]
        if kind in _ATTEMPTS:
            return Status.ATTEMPT_FAILED, None
        return Status.IN_TRANSIT, None
    if code == "LDI" and kind in {"00", "01", "02", "03", "14"}:
        return Status.AWAITING_PICKUP, None
    if code == "OEC":
        if kind == "00":
            return Status.AWAITING_PICKUP, None
        if kind in {"01", "03"}:
            return Status.OUT_FOR_DELIVERY, None
        if kind == "09":
            return Status.ATTEMPT_FAILED, None
    if code == "FC" and kind in {"01", "47"}:
        return Status.ATTEMPT_FAILED, None
    if code == "IDC":
        return Status.COMPENSATED, None
    if code == "PO":
        return Status.POSTED, None
    return Status.IN_TRANSIT, None


def object_status(found: TrackedObject) -> tuple[Status, Problem | None]:
    """The status of an operator's answer: its last event's, or its message's."""
    last = found.last_event
    if last is not None:
        return classify(last)
    if found.message_code == "SRO-019":
        return Status.INVALID, None
    return Status.NOT_FOUND, None


def is_final(status: Status, problem: Problem | None) -> bool:
    """Whether the object is left alone by refreshes: finished, lost or stolen."""
    return status in FINAL or (status is Status.PROBLEM and problem in {Problem.LOST, Problem.STOLEN})
