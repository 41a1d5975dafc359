"""`PriceService`: the Prices feature as the GUI and the CLI reach it, from `AppContext.price`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.price import PriceClient
    from postalgui.services.context import AppContext
    from postalgui.services.price.history import QuoteHistory


class PriceService:
    """Owns the price client's construction (login scope, the backend's transport) and the history.

    Cheap to build; `client` blocks on first use (sandbox start): call it from a task.
    """

    def __init__(self, context: AppContext) -> None:
        self.context = context

    def client(self) -> PriceClient:
        from postalgui.api.price import PriceClient

        return PriceClient(self.context.backend().client)

    def history(self) -> QuoteHistory:
        return self.context.quote_history()
