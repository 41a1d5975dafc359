"""`ShippingService`: the Shipping feature as the GUI and the CLI reach it, from `AppContext.shipping`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.cep import CepClient
    from postalgui.services.session import Session
    from postalgui.services.shipping.addresses import AddressBook
    from postalgui.services.shipping.cep_cache import CepCache


class ShippingService:
    """Owns the clients' construction and this desk's CEP cache (one file per environment).

    The CEP service uses the posting card's token, as prices do. `cep_client` blocks on
    first use (the sandbox starts): tasks only.
    """

    def __init__(self, context: Session, data_dir: Callable[[], Path]) -> None:
        self.context = context
        self._data_dir = data_dir
        self._caches: dict[Path, CepCache] = {}

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

    def addresses(self) -> AddressBook:
        """The office's address book (office-wide; any thread, opens the database: tasks)."""
        from postalgui.services.shipping.addresses import AddressBook

        return AddressBook(self.context.office())

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` ("address", "shipment", ...) after each change any desk commits
        to the office database; returns the function that stops it. Tasks only."""
        return self.context.office().store().subscribe(callback)

    def now(self) -> datetime:
        """The feature's clock (aware, UTC); tests move it."""
        return datetime.now(UTC)
