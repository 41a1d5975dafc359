"""The 27 states' outlines (`resources/geo/estados.json`; sources in `CREDITS.md`) for the map."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from postalgui.services.geo.mercator import project

__all__ = ["ESTADOS_JSON", "StateOutline", "state_outlines"]

ESTADOS_JSON = Path(__file__).resolve().parents[3] / "resources" / "geo" / "estados.json"


@dataclass(frozen=True)
class StateOutline:
    """A state: its abbreviation, name and rings of world coordinates (Web Mercator)."""

    uf: str
    name: str
    rings: tuple[tuple[tuple[float, float], ...], ...]


@cache
def state_outlines(path: Path = ESTADOS_JSON) -> tuple[StateOutline, ...]:
    """Every state, projected once per process (2,000 points: a few milliseconds)."""
    document = json.loads(path.read_text("utf-8"))
    return tuple(
        StateOutline(
            state["uf"],
            state["nome"],
            tuple(tuple(project(lon, lat) for lon, lat in ring) for ring in state["aneis"]),
        )
        for state in document["estados"]
    )
