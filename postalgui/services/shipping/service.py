"""`ShippingService`: the Shipping feature as the GUI and the CLI reach it, from `AppContext.shipping`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.errors import ApiError
from postalgui.api.said import Said
from postalgui.services.setting_missing import SettingMissingError

if TYPE_CHECKING:
    from postalgui.api.cep import CepClient
    from postalgui.api.prepostings import PrepostingClient
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.office.outgoing import Outgoing
    from postalgui.services.session import Session
    from postalgui.services.settings import Profile
    from postalgui.services.shipping.addresses import AddressBook
    from postalgui.services.shipping.book import ShipmentBook
    from postalgui.services.shipping.cep_cache import CepCache
    from postalgui.services.shipping.settings import ShippingSettings
    from postalgui.services.tracking.service import TrackingService


class ShippingService:
    """Owns the clients' construction, the shipments book and this desk's CEP cache (one
    file per environment).

    Pre-postings and CEP lookups use the posting card's token, as prices do, and carry
    the profile's card. `client`, `cep_client` and `book` block on first use (the sandbox
    starts, the database opens): tasks only.
    """

    def __init__(
        self,
        context: Session,
        data_dir: Callable[[], Path],
        office: Callable[[], OfficeDatabase] | None = None,
        tracking: Callable[[], TrackingService] | None = None,
    ) -> None:
        self.context = context
        self._data_dir = data_dir
        self._office = office
        self._tracking = tracking
        self._caches: dict[Path, CepCache] = {}

    @property
    def profile(self) -> Profile:
        return self.context.profile

    @property
    def settings(self) -> ShippingSettings:
        """How labels are printed: the last layout, printer and source."""
        return self.context.settings.shipping

    def remember(self, settings: ShippingSettings) -> None:
        """Keep ``settings`` in the settings file (`OSError` when it cannot be written)."""
        from postalgui.services.shipping.remembered import save_shipping_settings

        save_shipping_settings(self.context, settings)

    def card(self) -> str:
        """The profile's posting card (`ApiError` naming the setting when it is missing)."""
        if not self.profile.card:
            raise SettingMissingError("shipping.card")
        return self.profile.card

    def requester(self) -> str:
        """Who asks a cancel (``idCorreiosSolicitanteCancelamento``): the profile's
        identity-portal login (`ApiError` naming the setting when there is none)."""
        from postalgui.api.tokens import LOGIN_KEY

        login = self.context.credentials.get(self.context.env_key, LOGIN_KEY)
        if not login:
            raise ApiError(
                Said(
                    "Cancelling a pre-posting names who asks it (idCorreiosSolicitanteCancelamento, "
                    "the identity-portal login): set the login in Settings"
                )
            )
        return login.strip()

    def client(self) -> PrepostingClient:
        from postalgui.api.prepostings import PrepostingClient

        return PrepostingClient(self.context.backend().client, scope=self.context.default_scope())

    def cep_client(self) -> CepClient:
        from postalgui.api.cep import CepClient

        return CepClient(self.context.backend().client, scope=self.context.default_scope())

    def cep_cache(self) -> CepCache:
        """This desk's CEP cache of the current environment (the same object per file)."""
        from postalgui.services.shipping.cep_cache import CepCache

        path = self._data_dir() / f"cep-{self.context.env_key}.json"
        if path not in self._caches:
            self._caches[path] = CepCache(path)
        return self._caches[path]

    def office(self) -> OfficeDatabase:
        if self._office is None:
            raise ApiError("This shipping service has no office database")
        return self._office()

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` ("shipment", "address", ...) after each change any desk commits
        to the office database; returns the function that stops it. Tasks only."""
        return self.office().store().subscribe(callback)

    def book(self) -> ShipmentBook:
        """The shipments of the current environment's office database (any thread)."""
        from postalgui.services.shipping.book import ShipmentBook

        return ShipmentBook(self.office())

    def outgoing(self) -> Outgoing:
        """The office's written-down sendings of the current environment (any thread)."""
        from postalgui.services.office.outgoing import Outgoing

        return Outgoing(self.office())

    @property
    def tracking(self) -> TrackingService:
        """The Tracking feature: labelled objects join its watchlist."""
        if self._tracking is None:
            raise ApiError("This shipping service follows no objects")
        return self._tracking()

    def addresses(self) -> AddressBook:
        """The office's address book (office-wide; any thread, opens the database: tasks)."""
        from postalgui.services.shipping.addresses import AddressBook

        return AddressBook(self.office())

    def now(self) -> datetime:
        """The feature's clock (aware, UTC); tests move it."""
        return datetime.now(UTC)

    def today(self) -> date:
        """The office's day (the local calendar): what expiry is counted against."""
        return self.now().astimezone().date()
