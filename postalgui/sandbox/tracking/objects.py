"""`TrackedObject`: what the tracking world knows about one object before its history is made."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

Fate = Literal["on_time", "late", "awaiting_pickup", "returned", "lost"]
FATES: tuple[Fate, ...] = ("on_time", "late", "awaiting_pickup", "returned", "lost")


@dataclass(frozen=True, slots=True)
class TrackedObject:
    """An object the sandbox can track; `posted` is local time (no zone), `fate` forced or None."""

    code: str
    product: str
    origin_cep: str
    destination_cep: str
    posted: datetime
    contract: str | None = None
    weight_g: int = 0
    fate: Fate | None = None
