"""`PriceService`: the Prices feature as the GUI and the CLI reach it, from `AppContext.price`,
built from its ports (`price/ports.py`) only."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal

from postalgui.api.environments import Environment

if TYPE_CHECKING:
    from postalgui.api.deadline import DeadlineClient
    from postalgui.api.models.price import PriceQuery, QuoteResult
    from postalgui.api.price import PriceClient
    from postalgui.services.price.deadline_outcome import DeadlineOutcome
    from postalgui.services.price.history import QuoteHistory
    from postalgui.services.price.ports import PricePorts
    from postalgui.services.price.preset_store import PresetStore
    from postalgui.services.price.price_settings import PriceSettings
    from postalgui.services.price.price_view import PriceChoices
    from postalgui.services.settings import Profile

log = logging.getLogger(__name__)

Source = Literal["form", "compare", "batch", "history", "cli"]
"""Where a quote came from, as the history records it."""


class PriceService:
    """Owns the price client's construction (the profile's token over the operator's client),
    the history, and what a batch may leave out.

    Cheap to build; `client` blocks on first use (sandbox start): call it from a task.
    """

    def __init__(self, ports: PricePorts) -> None:
        self._ports = ports

    def client(self) -> PriceClient:
        # lazy: not needed for the first paint
        from postalgui.api.price import PriceClient

        return PriceClient(self._ports.operator())

    def deadlines(self) -> DeadlineClient:
        """The delivery-time client, with the same token as prices (blocks on first use: tasks only)."""
        # lazy: not needed for the first paint
        from postalgui.api.deadline import DeadlineClient

        return DeadlineClient(self._ports.operator())

    def enabled_apis(self) -> list[int] | None:
        """The API ids the quoting token may use; ``None`` when the token does not say
        (a delegated token). Blocks on first use (a token fetch): tasks only."""
        token = self._ports.tokens().get(self.profile.default_scope())
        return None if token.info is None else token.info.api_ids

    @property
    def profile(self) -> Profile:
        """The active profile: the contract and DR a quote is sent with, the company's CNPJ."""
        return self._ports.settings().profile()

    @property
    def language(self) -> str:
        """The UI language setting (documents are written in it)."""
        return self._ports.settings().language

    def prices_settings(self) -> PriceSettings:
        """The Prices tab's settings in force: products compared, presets, remembered origin."""
        return self._ports.settings().prices

    def form_prices(self) -> PriceChoices:
        """What the quote form reads of the Prices section: at start-up a plain view of the
        file, which the window's first paint reads without loading the settings' models."""
        return self._ports.form_prices()

    def save_prices(self, prices: PriceSettings) -> None:
        """Keep new Prices settings in the settings file (OSError when it cannot be written);
        the connection stays as it is."""
        self._ports.save_prices(prices)

    def handling_days(self) -> int:
        """Business days the office puts between a quote and the posting."""
        return self.form_prices().handling_days

    def preset_store(self) -> PresetStore:
        """The saved origins and package presets in the office database (blocks: tasks only)."""
        presets = self._ports.presets
        if presets is None:
            raise RuntimeError("this PriceService was built without an office database for presets")
        return presets()

    def history(self) -> QuoteHistory:
        """The quote history, opened on first use (any thread)."""
        return self._ports.history()

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` ("quote", "preset", ...) after each change any desk commits to
        the office database, on a background thread; returns the function that stops it.
        Builds the office's store (the keyring, the URL): tasks only."""
        return self._ports.office().store().subscribe(callback)

    def record(self, results: Sequence[QuoteResult], source: Source, run: str | None = None) -> None:
        """Keep quotes in the history; a failing disk is logged, never raised over the quote.

        ``run`` ties them to the deadlines fetched beside them (`record_deadlines`).
        """
        if not results:
            return
        try:
            self.history().add(results, environment=self._ports.settings().env_key, source=source, run=run)
        except Exception:  # the quote itself worked; a full disk must not hide it
            log.exception("Could not write %d quotes to the history", len(results))

    def record_deadlines(
        self, run: str, queries: Sequence[PriceQuery], outcomes: Sequence[DeadlineOutcome]
    ) -> None:
        """Keep the deadlines of a run beside its quotes in the history (before or after
        them: the two tasks race); a failing disk is logged, never raised."""
        try:
            self.history().add_deadlines(run, list(zip(queries, outcomes, strict=True)))
        except Exception:  # the deadlines were shown; the history is a convenience
            log.exception("Could not write %d deadlines to the history", len(outcomes))

    def company_name(self) -> str:
        """The company's name for documents; only the sandbox knows it (its demo company)."""
        if self._ports.settings().environment is Environment.SANDBOX:
            from postalgui.sandbox.demo_account import COMPANY_NAMES

            return COMPANY_NAMES.get(self.profile.cnpj, "")
        return ""

    def batch_defaults(self, *, remembered_origin: bool = True) -> dict[str, str]:
        """What a batch file may leave out: the profile's contract and DR and, in the
        window, the origin CEP the Quote page remembers."""
        defaults: dict[str, str] = {}
        origin = self.prices_settings().origin_cep
        if remembered_origin and origin:
            defaults["cepOrigem"] = origin
        profile = self.profile
        if profile.contract:
            defaults["nuContrato"] = profile.contract
        if profile.dr is not None:
            defaults["nuDR"] = str(profile.dr)
        return defaults
