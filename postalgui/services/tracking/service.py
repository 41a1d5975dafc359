"""`TrackingService`: the Tracking feature as the GUI and the CLI reach it, from `AppContext.tracking`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from postalgui.services.tracking.settings import TrackingSettings

if TYPE_CHECKING:
    from postalgui.api.deadline import DeadlineClient
    from postalgui.api.tracking import TrackingClient
    from postalgui.services.branches.service import BranchService
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.session import Session
    from postalgui.services.tracking.watchlist import Watchlist


class TrackingService:
    """Owns the clients' construction, the watchlist and the feature's clock.

    Tracking uses the posting card's token, as prices do (API 87 is enabled per card).
    `client` and `watchlist` block on first use (sandbox start, database open): tasks only.
    """

    def __init__(
        self,
        context: Session,
        office: Callable[[], OfficeDatabase],
        branches: Callable[[], BranchService] | None = None,
    ) -> None:
        self.context = context
        self._office = office
        self._branches = branches

    @property
    def settings(self) -> TrackingSettings:
        return self.context.settings.tracking

    def client(self) -> TrackingClient:
        from postalgui.api.tracking import TrackingClient

        return TrackingClient(
            self.context.backend().client,
            scope=self.context.default_scope(),
            chunk=self.settings.codes_per_call,
        )

    def deadlines(self) -> DeadlineClient:
        from postalgui.api.deadline import DeadlineClient

        return DeadlineClient(self.context.backend().client)

    def watchlist(self) -> Watchlist:
        """The watchlist in the current environment's office database (any thread; it holds
        nothing of its own, so one is made per call and follows an environment change)."""
        from postalgui.services.tracking.watchlist import Watchlist

        return Watchlist(self._office())

    def office(self) -> OfficeDatabase:
        return self._office()

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` ("tracked_object", ...) after each change any desk commits to
        the office database, on a background thread; returns the function that stops it.
        Builds the office's store (the keyring, the URL): tasks only."""
        return self._office().store().subscribe(callback)

    def branches(self) -> BranchService | None:
        """The Branches feature, whose data names the branch an object waits at (``None``: tests)."""
        return self._branches() if self._branches is not None else None

    @property
    def login(self) -> str:
        """Who the desk's alerts are kept for (the identity-portal login)."""
        return self._office().author

    def now(self) -> datetime:
        """The feature's clock (aware, UTC); tests move it."""
        return datetime.now(UTC)

    def today(self) -> date:
        """The office's day: what lateness is counted against (the local calendar)."""
        return self.now().astimezone().date()
