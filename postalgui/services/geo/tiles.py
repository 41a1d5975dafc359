"""OpenStreetMap tiles for the map's optional street layer, fetched as the tile usage
policy asks (https://operations.osmfoundation.org/policies/tiles/):

- a real User-Agent naming the app and where to reach its makers;
- at most `MAX_CONNECTIONS` downloads at once, tiles only for what is on screen (the
  caller asks), never a bulk download or a prefetch of areas not viewed;
- every tile kept on disk and used for as long as the server says it is fresh (at least
  `MIN_FRESH`), and past that revalidated with ``If-None-Match``/``If-Modified-Since``;
- no level above `MAX_ZOOM`.

The layer is off in the sandbox environment and whenever the user turns it off; the
caller decides. Offline, `TileFetcher.fetch` raises `TileUnavailable` (a stale tile on
disk is still given by `cached`), and the map keeps its outlines.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import logging
import re
import threading
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import requests

from postalgui.store.atomic import write_atomically

__all__ = ["MAX_CONNECTIONS", "MAX_ZOOM", "TILE_URL", "USER_AGENT", "TileFetcher", "TileUnavailable"]

log = logging.getLogger(__name__)

TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"


def _version() -> str:
    try:
        return metadata.version("postalgui")
    except metadata.PackageNotFoundError:  # a source checkout that was never installed
        return "dev"


USER_AGENT = f"PostalGUI/{_version()} (desktop app; +https://github.com/postalgui/postalgui)"
MAX_CONNECTIONS = 2
MAX_ZOOM = 19
MIN_FRESH = 7 * 24 * 3600
"""Seconds a tile is used without asking again, whatever the server says (the policy's week)."""
TIMEOUT = (5, 15)
_MAX_AGE = re.compile(r"max-age=(\d+)")


class TileUnavailable(Exception):  # noqa: N818 -- an answer: "no tile now", not a bug
    """The tile could not be fetched (offline, refused, server error); the text says why."""


class TileFetcher:
    """Tiles from ``url`` kept under ``cache_dir``; thread-safe, at most 2 downloads at once."""

    def __init__(
        self,
        cache_dir: Path,
        *,
        url: str = TILE_URL,
        session: requests.Session | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.cache_dir = Path(cache_dir)
        self.url = url
        self.session = session or requests.Session()
        self.session.headers["User-Agent"] = USER_AGENT
        self._clock = clock
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def _paths(self, z: int, x: int, y: int) -> tuple[Path, Path]:
        folder = self.cache_dir / hashlib.sha256(self.url.encode()).hexdigest()[:12] / str(z) / str(x)
        return folder / f"{y}.png", folder / f"{y}.json"

    def cached(self, z: int, x: int, y: int) -> bytes | None:
        """The tile on disk, fresh or not (for showing something at once, or offline)."""
        image, _meta = self._paths(z, x, y)
        try:
            return image.read_bytes()
        except OSError:
            return None

    def fetch(self, z: int, x: int, y: int) -> bytes:
        """The tile: from disk while fresh, else from the server (revalidating what is on disk)."""
        if not (0 <= z <= MAX_ZOOM and 0 <= x < 2**z and 0 <= y < 2**z):
            raise TileUnavailable(f"no tile {z}/{x}/{y}")
        image, meta_path = self._paths(z, x, y)
        meta = _read_meta(meta_path)
        on_disk = self.cached(z, x, y)
        fresh_until = meta.get("fresh_until")
        if on_disk is not None and isinstance(fresh_until, int | float) and fresh_until > self._clock():
            return on_disk
        headers = {}
        if on_disk is not None and meta.get("etag"):
            headers["If-None-Match"] = str(meta["etag"])
        if on_disk is not None and meta.get("last_modified"):
            headers["If-Modified-Since"] = str(meta["last_modified"])
        url = self.url.format(z=z, x=x, y=y)
        with self._slots:
            try:
                response = self.session.get(url, headers=headers, timeout=TIMEOUT)
            except requests.RequestException as exc:
                raise TileUnavailable(f"{type(exc).__name__} for {url}") from None
        if response.status_code == 304 and on_disk is not None:
            self._save(image, meta_path, None, response, meta)
            return on_disk
        if response.status_code != 200 or not response.content:
            raise TileUnavailable(f"HTTP {response.status_code} for {url}")
        self._save(image, meta_path, response.content, response, meta)
        return response.content

    def _save(
        self,
        image: Path,
        meta_path: Path,
        content: bytes | None,
        response: requests.Response,
        old: dict[str, object],
    ) -> None:
        fresh = max(_fresh_for(response, self._clock()), MIN_FRESH)
        meta = {
            "fresh_until": self._clock() + fresh,
            "etag": response.headers.get("ETag") or old.get("etag"),
            "last_modified": response.headers.get("Last-Modified") or old.get("last_modified"),
        }
        try:
            image.parent.mkdir(parents=True, exist_ok=True)
            if content is not None:
                write_atomically(image, content)
            write_atomically(meta_path, json.dumps(meta).encode())
        except OSError as exc:  # a full or read-only cache costs speed, never the tile
            log.warning("could not keep tile %s: %s", image, exc)


def _fresh_for(response: requests.Response, now: float) -> float:
    """Seconds the server says the tile stays fresh (``max-age``, else ``Expires``)."""
    match = _MAX_AGE.search(response.headers.get("Cache-Control", ""))
    if match:
        return float(match.group(1))
    expires = response.headers.get("Expires")
    if expires:
        try:
            return email.utils.parsedate_to_datetime(expires).timestamp() - now
        except (TypeError, ValueError):
            return 0.0
    return 0.0


def _read_meta(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
