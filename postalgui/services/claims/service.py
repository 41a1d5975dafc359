"""`ClaimsService`: the Claims feature as the GUI and the CLI reach it, from `AppContext.claims`,
built from its `ClaimsPorts` only."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

from postalgui.services.setting_missing import SettingMissingError

if TYPE_CHECKING:
    from postalgui.services.claims.ports import ClaimsPorts, InvoiceObjects, TrackedObjects
    from postalgui.services.claims.settings import ClaimsSettings
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.ports import Proofs
    from postalgui.services.settings import Profile
from postalgui.api.claims import ClaimsClient
from postalgui.services.claims.book import ClaimBook


class ClaimsService:
    """Owns the client's construction and the claims book; the clock is tracking's, so a
    claim's deadline and an object's lateness count the same days.

    Claims use the posting card's token and carry the contract and card of the profile.
    `client` and `book` block on first use (sandbox start, database open): tasks only.
    """

    def __init__(self, ports: ClaimsPorts) -> None:
        self._ports = ports

    @property
    def settings(self) -> ClaimsSettings:
        return self._ports.settings()

    def keep_reply_address(self, email: str, phone: str) -> None:
        """Keep ``email`` and ``phone`` as the claims' defaults in the settings file (a
        filing's "Keep as the default"; `OSError` when it cannot be written, `ValueError`
        when one breaks its rule); the connection stays as it is."""
        self._ports.keep(self._ports.saved().updated(reply_email=email.strip(), phone=phone))

    @property
    def profile(self) -> Profile:
        return self._ports.profile()

    def contract_and_card(self) -> tuple[str, str]:
        """The profile's contract and card (`SettingMissingError` when one is missing)."""
        profile = self.profile
        if not profile.contract or not profile.card:
            raise SettingMissingError("claims.contract_card")
        return profile.contract, profile.card

    def client(self) -> ClaimsClient:

        return ClaimsClient(self._ports.operator(), scope=self._ports.scope(), lot=self.settings.lot_size)

    def book(self) -> ClaimBook:
        """The claims book of the current environment's office database (any thread)."""

        return ClaimBook(self._ports.office())

    def recipients(self, codes: Sequence[str]) -> Mapping[str, str]:
        """The recipients' names known for ``codes`` (the pre-postings'; a port). Tasks only."""
        return self._ports.recipients(codes)

    @property
    def tracked(self) -> TrackedObjects:
        """The office's followed objects as claims read them (Tracking's port)."""
        return self._ports.tracked

    def proofs(self) -> Proofs | None:
        """Tracking's proofs of delivery (a port: the stored ones, and their PDF; ``None``: tests)."""
        return self._ports.proofs

    def invoice_objects(self) -> InvoiceObjects:
        """An invoice's objects (a port to Invoices and Tracking)."""
        if self._ports.invoice_objects is None:
            raise RuntimeError("This claims service reads no invoices")
        return self._ports.invoice_objects

    def office(self) -> OfficeDatabase:
        return self._ports.office()

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` ("claim", "tracked_object", ...) after each change any desk
        commits to the office database; returns the function that stops it. Tasks only."""
        return self._ports.office().store().subscribe(callback)

    @property
    def login(self) -> str:
        return self._ports.office().author

    def now(self) -> datetime:
        """The feature's clock (aware, UTC): tracking's."""
        return self._ports.clock()

    def today(self) -> date:
        """The office's day (the local calendar)."""
        return self.now().astimezone().date()
