"""What the Office database feature (Settings' Test and Copy) needs from the app, and nothing
more (DESIGN.md, "feature ports"). `AppContext.office_service` wires these; a test hands in
a folder and an author."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["OfficePorts"]


@dataclass(frozen=True)
class OfficePorts:
    """Where candidate databases keep this computer's file, and who writes."""

    data_dir: Path
    """The data folder (the SQLite file of "this computer only")."""
    author: Callable[[], str] = lambda: ""
    """Who writes rows copied to a candidate (the login; "" when none)."""
