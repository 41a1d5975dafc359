"""`BranchService`: the Branches feature as the GUI and the CLI reach it, from `AppContext.branches`,
built from its ports (`branches/ports.py`) only."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from postalgui.api.environments import Environment

if TYPE_CHECKING:
    from pathlib import Path

    from postalgui.api.scopes import TokenScope
    from postalgui.services.branches.ports import BranchPorts
    from postalgui.services.branches.store import BranchCache
from postalgui.api.branches import BranchClient


class BranchService:
    """Owns the scope rule, the client's construction and the cache.

    The branch search is authorized by contract (spec 001, 5.6 and 5.7): calls use the
    configured contract's token. `client` blocks on first use (sandbox start): tasks
    only. The cache is one file per environment, so the sandbox's demo units never
    mix with a real operator's.
    """

    def __init__(self, ports: BranchPorts) -> None:
        self._ports = ports

    def scope(self) -> TokenScope:
        """The contract's token scope; `SettingMissingError` when no contract is configured."""
        return self._ports.contract_scope()

    def client(self) -> BranchClient:

        return BranchClient(self._ports.operator(), self.scope())

    def cache(self) -> BranchCache:
        """The branch cache of the current environment, opened on first use (any thread)."""
        return self._ports.cache()

    def tiles_dir(self) -> Path | None:
        """Where the map keeps its street tiles; ``None`` in the sandbox, which uses no network."""
        if self._ports.settings().environment is Environment.SANDBOX:
            return None
        return self._ports.cache_dir / "tiles"

    def now(self) -> datetime:
        """The feature's clock (aware, UTC): "open now" and closing times are worked out at it."""
        return datetime.now(UTC)
