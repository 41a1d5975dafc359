"""`TrackingService`: the Tracking feature as the GUI and the CLI reach it, from `AppContext.tracking`,
built from its `TrackingPorts` only."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from postalgui.services.tracking.settings import TrackingSettings

if TYPE_CHECKING:
    from postalgui.services.branches.service import BranchService
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.tracking.ports import TrackingPorts
from postalgui.api.deadline import DeadlineClient
from postalgui.api.proofs import ProofClient
from postalgui.api.tracking import TrackingClient
from postalgui.services.office.outgoing import Outgoing
from postalgui.services.tracking.proof_book import ProofBook
from postalgui.services.tracking.watchlist import Watchlist


class TrackingService:
    """Owns the clients' construction, the watchlist and the feature's clock.

    Tracking uses the posting card's token, as prices do (API 87 is enabled per card).
    `client` and `watchlist` block on first use (sandbox start, database open): tasks only.
    """

    def __init__(self, ports: TrackingPorts) -> None:
        self._ports = ports

    @property
    def settings(self) -> TrackingSettings:
        return self._ports.settings()

    def client(self) -> TrackingClient:

        return TrackingClient(
            self._ports.operator(),
            scope=self._ports.scope(),
            chunk=self.settings.codes_per_call,
        )

    def proof_client(self) -> ProofClient:
        """Proof-of-delivery calls (AR digital, delivery images), with tracking's token."""
        return ProofClient(self._ports.operator(), scope=self._ports.scope())

    def deadlines(self) -> DeadlineClient:

        return DeadlineClient(self._ports.operator())

    def watchlist(self) -> Watchlist:
        """The watchlist in the current environment's office database (any thread; it holds
        nothing of its own, so one is made per call and follows an environment change)."""

        return Watchlist(self._ports.office())

    def proofs(self) -> ProofBook:
        """The proofs of delivery kept in the current environment's office database (any thread)."""
        return ProofBook(self._ports.office())

    def outgoing(self) -> Outgoing:
        """The office's written-down sendings of the current environment (any thread)."""
        return Outgoing(self._ports.office())

    def office(self) -> OfficeDatabase:
        return self._ports.office()

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` ("tracked_object", ...) after each change any desk commits to
        the office database, on a background thread; returns the function that stops it.
        Builds the office's store (the keyring, the URL): tasks only."""
        return self._ports.office().store().subscribe(callback)

    def branches(self) -> BranchService | None:
        """The Branches feature, whose data names the branch an object waits at (``None``: tests)."""
        return self._ports.branches() if self._ports.branches is not None else None

    @property
    def login(self) -> str:
        """Who the desk's alerts are kept for (the identity-portal login)."""
        return self._ports.office().author

    def now(self) -> datetime:
        """The feature's clock (aware, UTC); tests move it."""
        return datetime.now(UTC)

    def today(self) -> date:
        """The office's day: what lateness is counted against (the local calendar)."""
        return self.now().astimezone().date()
