"""`TileLayer`: street tiles for `MapView`, fetched off the GUI thread.

The fetching (disk cache, User-Agent, the tile policy's limits) is the Qt-free
`services.geo.tiles.TileFetcher`; this layer asks it from its own thread pool of two
(the policy's connection limit), keeps the decoded images of the last few hundred tiles
in memory, and tells the map to draw again as they arrive. A tile that cannot be
fetched is not asked again for a minute; the first failure emits ``failed`` so the
map can say it is offline (the outlines stay).

Signals: ``tileArrived()``, ``failed(str)``.
"""

from __future__ import annotations

import time
from collections import OrderedDict

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot
from PySide6.QtGui import QImage

from postalgui.services.geo.tiles import MAX_CONNECTIONS, TileFetcher, TileUnavailable

__all__ = ["TileLayer"]

MEMORY_TILES = 400
RETRY_AFTER_S = 60.0

TileKey = tuple[int, int, int]


class _Signals(QObject):
    arrived = Signal(tuple, QImage)
    missed = Signal(tuple, str)


class _Fetch(QRunnable):
    def __init__(self, fetcher: TileFetcher, key: TileKey, signals: _Signals) -> None:
        super().__init__()
        self.fetcher = fetcher
        self.key = key
        self.signals = signals

    def run(self) -> None:
        try:
            data = self.fetcher.fetch(*self.key)
        except TileUnavailable as exc:
            self.signals.missed.emit(self.key, str(exc))
            return
        image = QImage.fromData(data)  # QImage (unlike QPixmap) may be made on any thread
        if image.isNull():
            self.signals.missed.emit(self.key, "not an image")
        else:
            self.signals.arrived.emit(self.key, image)


class TileLayer(QObject):
    """Tiles for the map: `image` answers at once and asks for what it lacks."""

    tileArrived = Signal()
    failed = Signal(str)

    attribution = "© OpenStreetMap contributors"

    def __init__(self, fetcher: TileFetcher, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.fetcher = fetcher
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(MAX_CONNECTIONS)
        self._signals = _Signals(self)
        self._signals.arrived.connect(self._on_fetch_arrived)
        self._signals.missed.connect(self._on_fetch_missed)
        self._images: OrderedDict[TileKey, QImage] = OrderedDict()
        self._asked: set[TileKey] = set()
        self._missed: dict[TileKey, float] = {}
        self._offline = False

    def image(self, z: int, x: int, y: int) -> QImage | None:
        """The tile if it is here; otherwise None, and it is asked for (once at a time)."""
        key = (z, x, y)
        image = self._images.get(key)
        if image is not None:
            self._images.move_to_end(key)
            return image
        if key in self._asked or time.monotonic() - self._missed.get(key, -RETRY_AFTER_S) < RETRY_AFTER_S:
            return None
        self._asked.add(key)
        self._pool.start(_Fetch(self.fetcher, key, self._signals))
        return None

    def stop(self) -> None:
        """Drop the tiles not yet started and wait for those in flight (at most two)."""
        self._pool.clear()
        self._pool.waitForDone()

    @Slot(tuple, QImage)
    def _on_fetch_arrived(self, key: TileKey, image: QImage) -> None:
        self._asked.discard(key)
        self._missed.pop(key, None)
        self._images[key] = image
        while len(self._images) > MEMORY_TILES:
            self._images.popitem(last=False)
        self._offline = False
        self.tileArrived.emit()

    @Slot(tuple, str)
    def _on_fetch_missed(self, key: TileKey, reason: str) -> None:
        self._asked.discard(key)
        self._missed[key] = time.monotonic()
        if not self._offline:
            self._offline = True
            self.failed.emit(reason)
