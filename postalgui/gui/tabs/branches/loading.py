"""Task functions of the Branches tab: a query's units with their index, built off the GUI thread.

Each runs in the background (``fn(task, service, ...)``, as the use cases do) and touches
no widget. A query the cache knows shows at once: `load_units` hands the cached copy
over as a progress payload before it asks the operator for what changed, so the list
fills instantly (also offline) and the fresh set replaces it when it arrives. The index
(`BranchIndex`, one folded text and the hours of each unit) is built here too, so a
keystroke later only filters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from postalgui.services.branches import use_cases
from postalgui.services.branches.index import BranchIndex

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.branches.service import BranchService
    from postalgui.services.branches.use_cases import BranchResult, UnitQuery

__all__ = ["Loaded", "load_units"]


@dataclass(frozen=True)
class Loaded:
    """A query's units, how fresh they are, and their index."""

    result: BranchResult
    index: BranchIndex

    @property
    def fresh(self) -> bool:
        """Just asked of the operator (not the cached copy)."""
        return not self.result.from_cache


def load_units(
    task: TaskControl,
    service: BranchService,
    query: UnitQuery,
    concurrency: int = 1,
    only_if_cached: bool = False,
) -> Loaded | None:
    """The cached copy first (as a progress payload), then the query's fresh units.

    With ``only_if_cached`` a query the cache does not know is not asked for (``None``):
    the tab's start refreshes the country it has, never downloads it unasked.
    """
    found = use_cases.cached(task, service, query)
    if found is not None:
        task.progress(0, None, "cached", Loaded(found, BranchIndex(found.units)))
    elif only_if_cached:
        return None
    task.raise_if_cancelled()
    fresh = use_cases.search(task, service, query, concurrency=concurrency)
    task.raise_if_cancelled()
    return Loaded(fresh, BranchIndex(fresh.units))
