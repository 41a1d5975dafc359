"""CEP lookups kept on this desk (a per-user cache, DESIGN.md): the same CEP typed again,
or a thousand orders of the same few cities, asks the operator once.

A JSON file per environment in the data folder, written whole (a temporary file renamed
over it). Addresses are kept `KEEP` (streets are renamed rarely); a CEP the operator
did not know, `KEEP_UNKNOWN` (it may be new). A damaged file is set aside and the cache
starts empty: it only ever saves calls.
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from postalgui.api.models.cep import CepAddress
from postalgui.store.aside import aside_path
from postalgui.store.atomic import write_atomically

__all__ = ["KEEP", "KEEP_UNKNOWN", "CachedCep", "CepCache"]

KEEP = timedelta(days=30)
KEEP_UNKNOWN = timedelta(days=1)
_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class CachedCep:
    """What the operator said of a CEP and when: its address, or its message when unknown."""

    cep: str
    at: datetime
    address: CepAddress | None = None
    unknown: str = ""

    def fresh(self, now: datetime) -> bool:
        return now - self.at < (KEEP if self.address is not None else KEEP_UNKNOWN)


class CepCache:
    """The cache file at ``path`` (thread-safe; read on first use)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._entries: dict[str, dict[str, Any]] | None = None

    def get(self, cep: str, now: datetime | None = None) -> CachedCep | None:
        """The entry of ``cep`` while it is fresh, else ``None``."""
        with self._lock:
            raw = self._read().get(cep)
        if raw is None:
            return None
        entry = _entry(cep, raw)
        return entry if entry is not None and entry.fresh(now or datetime.now(UTC)) else None

    def put(self, entry: CachedCep) -> None:
        raw: dict[str, Any] = {"at": entry.at.astimezone(UTC).isoformat(timespec="seconds")}
        if entry.address is not None:
            raw["address"] = entry.address.model_dump(mode="json", exclude_defaults=True)
        else:
            raw["unknown"] = entry.unknown
        with self._lock:
            entries = self._read()
            entries[entry.cep] = raw
            write_atomically(self.path, json.dumps(entries, ensure_ascii=False).encode())

    def _read(self) -> dict[str, dict[str, Any]]:
        if self._entries is None:
            self._entries = self._load()
        return self._entries

    def _load(self) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(self.path.read_bytes())
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            data = None
        if not isinstance(data, dict):
            kept = aside_path(self.path)
            _log.warning("CEP cache %s unreadable: set aside as %s, starting empty", self.path, kept.name)
            self.path.replace(kept)
            return {}
        return data


def _entry(cep: str, raw: dict[str, Any]) -> CachedCep | None:
    try:
        at = datetime.fromisoformat(raw["at"])
        address = CepAddress.model_validate(raw["address"]) if "address" in raw else None
    except (KeyError, TypeError, ValueError):
        return None
    return CachedCep(cep, at, address, str(raw.get("unknown", "")))
