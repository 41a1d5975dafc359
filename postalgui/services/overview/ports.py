"""What the Overview needs, and nothing more: the office database and its environment, the
office's day and the desk's offset from UTC (a quote counts on its local day), Claims'
`ClaimsMoney` port, and the names of the products. `AppContext` fills it in
(`feature_wiring.build_overview`); a test hands in fakes.

The Overview reads the other features' tables in SQL and imports none of them: the money
at stake is Claims' own word through its port, never the compensation rules again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.ports import ClaimsMoney

__all__ = ["OverviewPorts"]


@dataclass(frozen=True)
class OverviewPorts:
    """Each member is read when used, so a new environment or a new day is followed."""

    office: Callable[[], OfficeDatabase]
    """The office database of the current environment (opens on first use: tasks only)."""
    environment: Callable[[], str]
    """The environment whose rows are counted (the office database's)."""
    today: Callable[[], date]
    """The office's day: tracking's, so "late" means what the Tracking tab says."""
    utc_offset_minutes: Callable[[], int]
    """The desk's offset from UTC (Brasília: -180): the local day of a UTC timestamp."""
    claims_money: Callable[[], ClaimsMoney | None]
    """Claims' candidates (``None``: no claims feature, tests): the money left on the table."""
    service_names: Callable[[], Mapping[str, str]]
    """The products' names by ``co_produto`` ("03220": "SEDEX")."""
