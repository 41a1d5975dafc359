"""`InvoiceService`: the Invoices feature as the GUI and the CLI reach it, from `AppContext.invoices`,
built from its ports (`invoices/ports.py`) only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.scopes import Scope, TokenScope

if TYPE_CHECKING:
    from postalgui.api.invoices import InvoiceClient
    from postalgui.services.invoices.book import InvoiceBook, StatementKeeper
    from postalgui.services.invoices.jobs import JobStore
    from postalgui.services.invoices.ports import InvoicePorts
    from postalgui.services.ports import Follow


class InvoiceService:
    """Owns the scope rule (the invoice service is authorized by contract, spec 001, 5), the
    client's construction, the jobs store and where the feature's files go.

    The use cases take this facade, never the whole `AppContext`. Cheap to build;
    `client` blocks on first use (sandbox start): call it from a task.
    """

    def __init__(self, ports: InvoicePorts, contract: TokenScope | None = None) -> None:
        self._ports = ports
        self._contract = contract

    def for_contract(self, contract: str, dr: int) -> InvoiceService:
        """The same feature with another contract's token (the CLI's ``--contrato``/``--dr``)."""
        return InvoiceService(self._ports, TokenScope(Scope.CONTRACT, contract=contract, dr=dr))

    def scope(self) -> TokenScope:
        """The contract's token scope; `SettingMissingError` when no contract is configured."""
        return self._contract or self._ports.contract_scope()

    def client(self) -> InvoiceClient:
        """`SettingMissingError` when no contract is configured."""
        # lazy: the command line starts without it
        from postalgui.api.invoices import InvoiceClient

        return InvoiceClient(self._ports.operator(), self.scope())

    def jobs(self) -> JobStore:
        """The pending asynchronous requests, opened on first use (any thread)."""
        return self._ports.jobs()

    def book(self) -> InvoiceBook:
        """The invoices and statements the office keeps (its calls open the office
        database: tasks only)."""
        # lazy: the command line starts without the database library
        from postalgui.services.invoices.book import InvoiceBook

        return InvoiceBook(self._ports.office())

    def statement_keeper(self, fatura: str | None, tipo_documento: str | None) -> StatementKeeper | None:
        """What keeps invoice ``fatura``'s analytic statement in the office once read
        (`book.statement_keeper`); ``None`` without its number and document type."""
        # lazy: the command line starts without the database library
        from postalgui.services.invoices.book import statement_keeper

        return statement_keeper(self.book, fatura, tipo_documento)

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` ("job", ...) after each change any desk commits to the office
        database, on a background thread; returns the function that stops it. Builds the
        office's store (the keyring, the URL): tasks only."""
        return self._ports.office().store().subscribe(callback)

    @property
    def follow(self) -> Follow:
        """Tracking's "follow these objects", for a statement's objects (``source="invoice"``);
        its calls open the office database: tasks only."""
        return self._ports.follow

    @property
    def contract(self) -> str:
        """The contract number in use: the one given to `for_contract`, else the profile's
        ("" when Settings name none; the Invoices tab's query bar starts from it)."""
        if self._contract is not None and self._contract.contract is not None:
            return self._contract.contract
        return self._ports.settings().profile().contract

    @property
    def dr(self) -> int | None:
        """The DR of the contract in use: the one given to `for_contract`, else the profile's."""
        if self._contract is not None and self._contract.dr is not None:
            return self._contract.dr
        return self._ports.settings().profile().dr

    @property
    def env_key(self) -> str:
        """The environment the jobs and cached files belong to."""
        return self._ports.settings().env_key

    @property
    def cache_dir(self) -> Path:
        """The app's cache folder (downloads are offered from there for "Save as")."""
        return self._ports.cache_dir
