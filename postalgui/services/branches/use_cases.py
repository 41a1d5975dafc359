"""Branch use cases: search (cache first, then an incremental refresh), the whole country
once, the reference lists, the CSV of a list.

Plain functions of a `TaskControl` and the feature's `BranchService`, shared by the GUI
(in the background) and the CLI (with a `PlainTask`). No Qt here.

How a query is kept fresh without fetching it again: the cache knows the newest
``dhAlteracao`` the query has seen and when it was synced; a refresh asks for the
query's units changed since the later of the two (``dhAlteracaoInicial``; the sync time
less a margin for the clocks), which are new or updated members, and, for a filtered
query, for every unit changed since then: a member among those that did not come back
with the filters no longer matches them (it closed, moved, changed type) and leaves.
Both are usually one short page. The whole country is the empty query: its refresh is
the first request alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The query type is the feature's, handed to the GUI from here: widgets never import
# the client module (pyproject.toml, "widgets never do HTTP...").
from postalgui.api.branches import UnitQuery
from postalgui.api.cancel import TaskControl, cancel_scope
from postalgui.api.models.branches import Locality, UnitStatus, UnitType
from postalgui.api.values import DEFAULT_OFFSET
from postalgui.services.branches.export import UNIT_COLUMNS, unit_row
from postalgui.services.branches.index import BranchIndex
from postalgui.services.spreadsheet import write_csv

if TYPE_CHECKING:
    from postalgui.api.branches import BranchClient
    from postalgui.api.models.branches import Unit
    from postalgui.services.branches.service import BranchService
    from postalgui.services.branches.store import BranchCache
from postalgui.api.branches import parse_uf

__all__ = [
    "SYNC_CONCURRENCY",
    "BranchResult",
    "Loaded",
    "UnitQuery",
    "cached",
    "export_units",
    "load_units",
    "localities",
    "reference_lists",
    "search",
    "sync_country",
]

SYNC_CONCURRENCY = 4
"""Pages fetched at once for the whole country: 240 pages at 50 ms take about 3 s
(tests/benchmarks/bench_branch_sync.py); more would only queue on the operator."""

REFERENCE_MAX_AGE = timedelta(days=7)
"""Types, statuses and localities are asked again after a week (they rarely change)."""

OVERLAP = timedelta(seconds=1)
"""A refresh asks from one second before the newest change seen: the operator's clock
writes seconds, and a unit changed in the same second as the newest must not be missed."""

CLOCK_MARGIN = timedelta(minutes=10)
"""How far the operator's clock may be from ours: a refresh asks from this long before
the last sync (on the operator's clock, Brasília time) at the latest."""


@dataclass(frozen=True)
class BranchResult:
    """A query's units and how fresh they are (``synced_at`` UTC; ``changed`` by this refresh)."""

    query: UnitQuery
    units: list[Unit]
    synced_at: datetime
    from_cache: bool = False
    changed: int = 0


def cached(task: TaskControl, service: BranchService, query: UnitQuery) -> BranchResult | None:
    """The query as last synced, from the cache alone (instant, offline); None if never synced."""
    task.raise_if_cancelled()
    found = service.cache().load(query.key())
    if found is None:
        return None
    return BranchResult(query, found.units, found.info.synced_at, from_cache=True)


def search(
    task: TaskControl, service: BranchService, query: UnitQuery, *, concurrency: int = 1
) -> BranchResult:
    """The query's units, fresh: every page the first time (``concurrency`` at once), an
    incremental refresh after. Cancelled or failed, the cache is as it was."""
    cache = service.cache()
    info = cache.info(query.key())
    client = service.client()
    with cancel_scope(task.token):
        if info is None or info.newest is None:
            units = client.all_units(query, concurrency=concurrency, progress=_pages(task))
            task.raise_if_cancelled()
            saved = cache.replace(query.key(), units)
            return BranchResult(query, units, saved.synced_at, changed=len(units))
        return _refresh(task, client, cache, query, _since(info.newest, info.synced_at))


def sync_country(
    task: TaskControl, service: BranchService, *, concurrency: int = SYNC_CONCURRENCY
) -> BranchResult:
    """Every unit in Brazil ("All of Brazil"), with progress (`search` of the empty query)."""
    return search(task, service, UnitQuery(), concurrency=concurrency)


def _since(newest: datetime, synced_at: datetime) -> datetime:
    """Where a refresh starts: what changed after the last sync, which is after the newest
    change seen. ``dhAlteracao`` is the operator's Brasília wall time, without an offset."""
    synced_local = synced_at.astimezone(DEFAULT_OFFSET).replace(tzinfo=None)
    return max(newest - OVERLAP, synced_local - CLOCK_MARGIN)


def _refresh(
    task: TaskControl, client: BranchClient, cache: BranchCache, query: UnitQuery, since: datetime
) -> BranchResult:
    changed = client.all_units(query.with_changes(since))
    removed: list[str] = []
    if not query.is_everything:
        task.raise_if_cancelled()
        matching = {unit.id for unit in changed}
        anywhere = client.all_units(type(query)(changed_from=since))
        removed = [unit.id for unit in anywhere if unit.id not in matching]
    task.raise_if_cancelled()
    cache.merge(query.key(), changed, removed=removed)
    found = cache.load(query.key())
    units = found.units if found is not None else list(changed)
    synced = found.info.synced_at if found is not None else datetime.now(UTC)
    return BranchResult(query, units, synced, changed=len(changed) + len(removed))


@dataclass(frozen=True)
class Loaded:
    """A query's units, how fresh they are, and their index (`BranchIndex`: one folded text
    and the hours of each unit, built off the GUI thread so a keystroke later only filters)."""

    result: BranchResult
    index: BranchIndex

    @property
    def fresh(self) -> bool:
        """Just asked of the operator (not the cached copy)."""
        return not self.result.from_cache


def load_units(
    task: TaskControl[Loaded],
    service: BranchService,
    query: UnitQuery,
    concurrency: int = 1,
    only_if_cached: bool = False,
) -> Loaded | None:
    """The cached copy first (as a progress payload), then the query's fresh units.

    A query the cache knows shows at once, also offline, and the fresh set replaces it
    when it arrives. With ``only_if_cached`` a query the cache does not know is not asked
    for (``None``): the tab's start refreshes the country it has, never downloads it unasked.
    """
    found = cached(task, service, query)
    if found is not None:
        task.progress(0, None, "cached", Loaded(found, BranchIndex(found.units)))
    elif only_if_cached:
        return None
    task.raise_if_cancelled()
    fresh = search(task, service, query, concurrency=concurrency)
    task.raise_if_cancelled()
    return Loaded(fresh, BranchIndex(fresh.units))


def _pages(task: TaskControl) -> Callable[[int, int], None]:
    def report(done: int, total: int) -> None:
        task.progress(done, total)

    return report


# --------------------------------------------------------------------------- reference lists


@dataclass(frozen=True)
class ReferenceLists:
    """Unit types and statuses (the operator's words for codes)."""

    types: list[UnitType]
    statuses: list[UnitStatus]


def reference_lists(task: TaskControl, service: BranchService, *, fresh: bool = False) -> ReferenceLists:
    """Types and statuses: from the cache while younger than a week, else from the operator.

    Offline with a cache, the cached lists answer whatever their age.
    """
    types = _kept(task, service, "types", fresh, lambda client: client.types())
    statuses = _kept(task, service, "statuses", fresh, lambda client: client.statuses())
    return ReferenceLists(
        [UnitType.model_validate(item) for item in types],
        [UnitStatus.model_validate(item) for item in statuses],
    )


def localities(task: TaskControl, service: BranchService, uf: str, *, fresh: bool = False) -> list[Locality]:
    """The municipalities of a state that have units (for the municipality filter)."""

    state = parse_uf(uf)
    items = _kept(task, service, f"localities:{state}", fresh, lambda client: client.localities(state))
    return [Locality.model_validate(item) for item in items]


def _kept(
    task: TaskControl,
    service: BranchService,
    name: str,
    fresh: bool,
    fetch: Callable[[BranchClient], Sequence[Any]],
) -> list[Any]:
    cache = service.cache()
    saved = cache.meta(name)
    if saved is not None and not fresh and datetime.now(UTC) - saved[0] < REFERENCE_MAX_AGE:
        return list(saved[1])
    client = service.client()
    try:
        with cancel_scope(task.token):
            records = [record.model_dump(mode="json") for record in fetch(client)]
    except Exception:
        if saved is None or task.cancelled:
            raise
        return list(saved[1])  # offline: last week's list is better than none
    cache.put_meta(name, records)
    return records


# --------------------------------------------------------------------------- export


def export_units(task: TaskControl, path: Path, units: Sequence[Unit]) -> Path:
    """The list as shown (its order) to a CSV: ``;``, UTF-8 with BOM, CEP as ``00000-000``."""
    task.raise_if_cancelled()
    return write_csv(path, UNIT_COLUMNS, map(unit_row, units), check=task.raise_if_cancelled)
