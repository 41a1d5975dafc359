"""`BranchService`: the Branches feature as the GUI and the CLI reach it, from `AppContext.branches`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from postalgui.api.environments import Environment

if TYPE_CHECKING:
    from pathlib import Path

    from postalgui.api.branches import BranchClient
    from postalgui.api.scopes import TokenScope
    from postalgui.services.branches.store import BranchCache
    from postalgui.services.session import Session


class BranchService:
    """Owns the scope rule, the client's construction and the cache.

    The branch search is authorized by contract (spec 001, 5.6 and 5.7): calls use the
    configured contract's token. `client` blocks on first use (sandbox start): tasks
    only. The cache is one file per environment, so the sandbox's demo units never
    mix with a real operator's.
    """

    def __init__(self, context: Session, cache: Callable[[], BranchCache]) -> None:
        self.context = context
        self._cache = cache

    def scope(self) -> TokenScope:
        return self.context.contract_scope()

    def client(self) -> BranchClient:
        from postalgui.api.branches import BranchClient

        return BranchClient(self.context.backend().client, self.scope())

    def cache(self) -> BranchCache:
        """The branch cache of the current environment, opened on first use (any thread)."""
        return self._cache()

    def tiles_dir(self) -> Path | None:
        """Where the map keeps its street tiles; ``None`` in the sandbox, which uses no network."""
        if self.context.settings.environment is Environment.SANDBOX:
            return None
        return self.context.paths.cache_dir / "tiles"

    def now(self) -> datetime:
        """The feature's clock (aware, UTC): "open now" and closing times are worked out at it."""
        return datetime.now(UTC)
