"""The sandbox's tracking world (SRO, API 87): which objects exist and what happened to them.

`labels` indexes every parcel label of the demo contracts' analytic statements; `world`
keeps, per app, the objects other sandbox parts (and tests, through the control route)
register (``tracking_world(state).register(...)``); `history` makes each object's events
from its code, product, route and posting time, with the delivery-time engine's dates;
`route_units` picks the real branch units along the route; `wire` writes the operator's
records. Everything is deterministic: the same code and sandbox clock always answer the
same events.
"""

from __future__ import annotations

from postalgui.sandbox.tracking.codes import valid_code
from postalgui.sandbox.tracking.objects import FATES, Fate, TrackedObject
from postalgui.sandbox.tracking.world import RegistrationError, TrackingWorld, tracking_world

__all__ = [
    "FATES",
    "Fate",
    "RegistrationError",
    "TrackedObject",
    "TrackingWorld",
    "tracking_world",
    "valid_code",
]
