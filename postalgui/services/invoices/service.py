"""`InvoiceService`: the Invoices feature as the GUI and the CLI reach it, from `AppContext.invoices`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.invoices import InvoiceClient
    from postalgui.services.context import AppContext
    from postalgui.services.invoices.jobs import JobStore


class InvoiceService:
    """Owns the scope rule (the invoice service is authorized by contract, spec 001, 5), the
    client's construction and the jobs store.

    Cheap to build; `client` blocks on first use (sandbox start): call it from a task.
    """

    def __init__(self, context: AppContext) -> None:
        self.context = context

    def client(self) -> InvoiceClient:
        """Raises `ApiError` when no contract is configured."""
        from postalgui.api.invoices import InvoiceClient

        return InvoiceClient(self.context.backend().client, self.context.contract_scope())

    def jobs(self) -> JobStore:
        return self.context.job_store()
