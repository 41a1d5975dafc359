"""`ShippingService`: the Shipping feature as the GUI and the CLI reach it, from `AppContext.shipping`,
built from its `ShippingPorts` only."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.services.setting_missing import SettingMissingError
from postalgui.services.shipping.cep_cache import CepCache

if TYPE_CHECKING:
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.ports import Follow, Whereabouts
    from postalgui.services.settings import Profile
    from postalgui.services.shipping.ports import ShippingPorts
    from postalgui.services.shipping.settings import ShippingSettings
from postalgui.api.cep import CepClient
from postalgui.api.prepostings import PrepostingClient
from postalgui.services.office.outgoing import Outgoing
from postalgui.services.shipping.addresses import AddressBook
from postalgui.services.shipping.book import ShipmentBook


class ShippingService:
    """Owns the clients' construction, the shipments book and this desk's CEP cache (one
    file per environment).

    Pre-postings and CEP lookups use the posting card's token, as prices do, and carry
    the profile's card. `client`, `cep_client` and `book` block on first use (the sandbox
    starts, the database opens): tasks only.
    """

    def __init__(self, ports: ShippingPorts) -> None:
        self._ports = ports
        self._caches: dict[Path, CepCache] = {}

    @property
    def profile(self) -> Profile:
        return self._ports.profile()

    @property
    def settings(self) -> ShippingSettings:
        """How labels are printed: the last layout, printer and source."""
        return self._ports.settings()

    def remember(self, settings: ShippingSettings) -> None:
        """Keep ``settings`` in the settings file (`OSError` when it cannot be written)."""
        self._ports.remember(settings)

    def card(self) -> str:
        """The profile's posting card (`SettingMissingError` when it is missing)."""
        if not self.profile.card:
            raise SettingMissingError("shipping.card")
        return self.profile.card

    def requester(self) -> str:
        """Who asks a cancel (``idCorreiosSolicitanteCancelamento``): the profile's
        identity-portal login (`SettingMissingError` when there is none)."""
        login = self._ports.login()
        if not login:
            raise SettingMissingError("shipping.login")
        return login.strip()

    def client(self) -> PrepostingClient:
        # lazy: requests loads in a task, not at start-up

        return PrepostingClient(self._ports.operator(), scope=self._ports.scope())

    def cep_client(self) -> CepClient:

        return CepClient(self._ports.operator(), scope=self._ports.scope())

    def cep_cache(self) -> CepCache:
        """This desk's CEP cache of the current environment (the same object per file)."""
        path = self._ports.data_dir() / f"cep-{self._ports.env_key()}.json"
        if path not in self._caches:
            self._caches[path] = CepCache(path)
        return self._caches[path]

    def office(self) -> OfficeDatabase:
        if self._ports.office is None:
            raise RuntimeError("This shipping service has no office database")
        return self._ports.office()

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` ("shipment", "address", ...) after each change any desk commits
        to the office database; returns the function that stops it. Tasks only."""
        return self.office().store().subscribe(callback)

    def book(self) -> ShipmentBook:
        """The shipments of the current environment's office database (any thread)."""

        return ShipmentBook(self.office())

    def outgoing(self) -> Outgoing:
        """The office's written-down sendings of the current environment (any thread)."""

        return Outgoing(self.office())

    @property
    def follow(self) -> Follow:
        """Tracking's port: labelled objects join its watchlist."""
        if self._ports.follow is None:
            raise RuntimeError("This shipping service follows no objects")
        return self._ports.follow

    @property
    def whereabouts(self) -> Whereabouts | None:
        """Tracking's port: how far a return's object came (``None``: no tracking here)."""
        return self._ports.whereabouts

    def addresses(self) -> AddressBook:
        """The office's address book (office-wide; any thread, opens the database: tasks)."""

        return AddressBook(self.office())

    def now(self) -> datetime:
        """The feature's clock (aware, UTC); tests move it."""
        return datetime.now(UTC)

    def today(self) -> date:
        """The office's day (the local calendar): what expiry is counted against."""
        return self.now().astimezone().date()
