"""`WatchlistChanges`: the Tracking tab hears when any desk changes the watchlist.

`OfficeChanges` watches a feature facade's ``watch``; `TrackingService` has none, so this
adapter subscribes to the office store of the service's current database (in the
subscription's task: building the store reads the keyring and the URL).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from postalgui.services.office import topics

if TYPE_CHECKING:
    from postalgui.services.tracking.service import TrackingService

__all__ = ["TOPIC", "WatchlistFeed"]

TOPIC = topics.TRACKING


class WatchlistFeed:
    """A `Watchable` over ``service``'s office database."""

    def __init__(self, service: TrackingService) -> None:
        self.service = service

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` after each change any desk commits; returns the stop (tasks only)."""
        return self.service.office().store().subscribe(callback)
