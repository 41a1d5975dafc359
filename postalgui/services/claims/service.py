"""`ClaimsService`: the Claims feature as the GUI and the CLI reach it, from `AppContext.claims`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

from postalgui.api.errors import ApiError
from postalgui.services.claims.recipients import Recipients, no_recipients
from postalgui.services.claims.settings import ClaimsSettings
from postalgui.services.setting_missing import SettingMissingError

if TYPE_CHECKING:
    from postalgui.api.claims import ClaimsClient
    from postalgui.services.claims.book import ClaimBook
    from postalgui.services.invoices.service import InvoiceService
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.session import Session
    from postalgui.services.settings import Profile
    from postalgui.services.tracking.service import TrackingService


class ClaimsService:
    """Owns the client's construction and the claims book; the clock is tracking's, so a
    claim's deadline and an object's lateness count the same days.

    Claims use the posting card's token and carry the contract and card of the profile.
    `client` and `book` block on first use (sandbox start, database open): tasks only.
    """

    def __init__(
        self,
        context: Session,
        office: Callable[[], OfficeDatabase],
        tracking: Callable[[], TrackingService],
        invoices: Callable[[], InvoiceService] | None = None,
        recipients: Recipients = no_recipients,
    ) -> None:
        self.context = context
        self._office = office
        self._tracking = tracking
        self._invoices = invoices
        self._recipients = recipients

    @property
    def settings(self) -> ClaimsSettings:
        return self.context.settings.claims

    def keep_reply_address(self, email: str, phone: str) -> None:
        """Keep ``email`` and ``phone`` as the claims' defaults in the settings file (a
        filing's "Keep as the default"; `OSError` when it cannot be written, `ValueError`
        when one breaks its rule); the connection stays as it is."""
        saved = self.context.saved_settings
        claims = saved.claims.updated(reply_email=email.strip(), phone=phone)
        self.context.save_preferences(saved.updated(claims=claims))

    @property
    def profile(self) -> Profile:
        return self.context.profile

    def contract_and_card(self) -> tuple[str, str]:
        """The profile's contract and card (`ApiError` naming the setting when one is missing)."""
        profile = self.profile
        if not profile.contract or not profile.card:
            raise SettingMissingError("claims.contract_card")
        return profile.contract, profile.card

    def client(self) -> ClaimsClient:
        from postalgui.api.claims import ClaimsClient

        return ClaimsClient(
            self.context.backend().client, scope=self.context.default_scope(), lot=self.settings.lot_size
        )

    def book(self) -> ClaimBook:
        """The claims book of the current environment's office database (any thread)."""
        from postalgui.services.claims.book import ClaimBook

        return ClaimBook(self._office())

    def recipients(self, codes: Sequence[str]) -> Mapping[str, str]:
        """The recipients' names known for ``codes`` (the pre-postings'; a port). Tasks only."""
        return self._recipients(codes)

    @property
    def tracking(self) -> TrackingService:
        return self._tracking()

    def invoices(self) -> InvoiceService:
        """The Invoices feature: a statement's objects and what they cost."""
        if self._invoices is None:
            raise ApiError("This claims service reads no invoices")
        return self._invoices()

    def office(self) -> OfficeDatabase:
        return self._office()

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` ("claim", "tracked_object", ...) after each change any desk
        commits to the office database; returns the function that stops it. Tasks only."""
        return self._office().store().subscribe(callback)

    @property
    def login(self) -> str:
        return self._office().author

    def now(self) -> datetime:
        """The feature's clock (aware, UTC): tracking's."""
        return self.tracking.now()

    def today(self) -> date:
        return self.tracking.today()
