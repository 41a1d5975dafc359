"""The branch a parcel waits at, from the Branches feature's data.

A tracking event names its unit by ``codSro``: the 8-digit unit identifier (MCU) of the
branch search, which some deployments send as one of the unit's ``codigoSro`` instead.
`branch_at` asks the branch cache first (a query for that one unit, as the Branches tab
keeps queries), and the operator only when the cache does not know it or its copy is
older than a day; the answer is cached for the next object waiting at the same branch.
Offline, an older copy is better than none.
"""

from __future__ import annotations

from contextlib import suppress
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from postalgui.api.branches import UnitQuery, parse_mcu
from postalgui.api.values import InvalidValue
from postalgui.services.branches.use_cases import cached, search

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.api.models.branches import Unit
    from postalgui.api.models.tracking import TrackingUnit
    from postalgui.services.branches.service import BranchService
    from postalgui.services.branches.use_cases import BranchResult
    from postalgui.services.tracking.service import TrackingService

__all__ = ["MAX_AGE", "branch_at"]

MAX_AGE = timedelta(days=1)
"""A cached unit younger than this is shown without asking the operator (hours rarely change)."""


def branch_at(task: TaskControl, service: TrackingService, unit: TrackingUnit | None) -> Unit | None:
    """The branch record of an event's ``unit`` (by its ``codSro``), or ``None`` when the
    event names none, the Branches feature is absent, or no unit has that code."""
    code = (unit.codSro or "").strip() if unit is not None else ""
    branches = service.branches()
    if not code or branches is None:
        return None
    for query in _queries(code):
        found = _units(task, branches, query)
        match = next((one for one in found if one.id == code or code in one.codigoSro), None)
        if match is not None:
            return match
    return None


def _queries(code: str) -> list[UnitQuery]:
    """By identifier when the code is one (8 digits), then by SRO code."""
    queries = [UnitQuery(sro_codes=(code,))]
    with suppress(InvalidValue):  # not 8 digits: an SRO code only
        queries.insert(0, UnitQuery(ids=(parse_mcu(code),)))
    return queries


def _units(task: TaskControl, branches: BranchService, query: UnitQuery) -> list[Unit]:
    """The query's units: the cached copy while young, else the operator's (cached for next time)."""
    kept: BranchResult | None = cached(task, branches, query)
    if kept is not None and datetime.now(UTC) - kept.synced_at < MAX_AGE:
        return kept.units
    try:
        return search(task, branches, query).units
    except Exception:
        if kept is None or task.cancelled:
            raise
        return kept.units  # offline: yesterday's hours are better than none
