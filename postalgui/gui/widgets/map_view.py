"""`MapView`: points on a map of Brazil, clustered, offline, fast at any zoom.

A `QGraphicsView` whose scene is the Web Mercator world (`services.geo.mercator`: 256
units, so the view's scale is ``2**zoom``). It knows nothing of what the points are:
the caller gives longitudes, latitudes and a small colour category per point, and
hears back indices.

Drawing: the states' outlines (bundled, always there) and, when a tile layer is set,
OpenStreetMap tiles under them are the background; points and clusters are drawn in
``drawForeground`` in screen pixels, straight from `ClusterIndex` (no item per point:
12,000 `QGraphicsItem`s would cost the scene's index more than the drawing). Single
points go out in one ``drawPoints`` call per colour; clusters are a disc with their
count. Figures in tests/benchmarks/bench_map.py.

Mouse and keys: click a point to select it, double-click (or Enter on the selected
one) to activate it, click a cluster to zoom to its points, drag to pan, the wheel to
zoom around the pointer; ``+``/``-`` zoom, arrows pan, ``Home`` shows every point.
In pick mode (`set_pick_mode`) the next click picks a place instead (`placePicked`).

Signals: ``selectionChanged(int)`` (-1: none), ``pointActivated(int)``,
``placePicked(float, float)`` (longitude, latitude), ``zoomChanged(float)``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QPointF, QRect, QRectF, Qt, Signal, Slot
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QLabel, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.models.formatting import format_count
from postalgui.services.geo.clusters import MAX_LEVEL, Cluster, ClusterIndex
from postalgui.services.geo.mercator import WORLD, lonlat, project, tile_range
from postalgui.services.geo.outlines import state_outlines

__all__ = ["KIND_COLOURS", "MapView", "TileSource", "cluster_label"]

BRAZIL = (-74.0, 5.3, -34.7, -33.8)
"""West, north, east, south of the mainland: the view before any point is shown."""

KIND_COLOURS = (
    QColor("#1f5fbf"),  # 0
    QColor("#d9822b"),  # 1
    QColor("#2e8b57"),  # 2
    QColor("#8e44ad"),  # 3
    QColor("#7f8c8d"),  # 4
)
"""Point colours by the caller's category (0-4); other numbers take the last."""

POINT_PX = 9.0
FIT_MARGIN_PX = 36
"""Room kept around a fitted area on every side: a cluster's disc (up to ~30 px across at
12,000 units) on the area's edge is drawn whole, not cut by the view's border."""
RING_GAP_PX = 3.0
ZOOM_STEP = 1.5
MIN_SCALE = 1.5
MAX_SCALE = 2.0**MAX_LEVEL
CLICK_SLOP_PX = 5


class TileSource(Protocol):
    """The optional street layer: the tiles it has now (asking for the others); the owner
    calls `MapView.refresh` when more arrive."""

    attribution: str

    def image(self, z: int, x: int, y: int) -> QImage | None: ...


def cluster_label(count: int) -> str:
    """A cluster's count as the UI writes numbers (``5.689`` / ``5,689``); from 100,000 on
    in thousands (``123 mil`` / ``123k``), so the disc stays small."""
    if count < 100_000:
        return format_count(count)
    return arg(QCoreApplication.translate("MapView", "%1k"), format_count(count // 1000))


class MapView(QGraphicsView):
    """Points on the map of Brazil; see the module docstring for signals and keys."""

    selectionChanged = Signal(int)
    pointActivated = Signal(int)
    placePicked = Signal(float, float)
    zoomChanged = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(0.0, 0.0, WORLD, WORLD, self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        # The outlines (and tiles) change only with the view: kept as a picture, a filter's
        # repaint draws the points alone (tests/benchmarks/bench_branch_filter.py).
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundBrush(QColor("#dbe8f2"))
        self._outline = _outline_path()
        self._index = ClusterIndex([], [])
        self._kinds: list[int] = []
        self._visible: Sequence[int] | None = None
        self._generation = 0
        self._selected = -1
        self._place: tuple[float, float] | None = None
        self._pick = False
        self._pressed: QPointF | None = None
        self._tiles: TileSource | None = None
        self._badges: dict[tuple[str, int], QImage] = {}
        self._note = QLabel(self)
        self._note.setObjectName("mapNote")
        self._note.setStyleSheet("QLabel#mapNote { background: rgba(255,255,255,200); padding: 2px 4px; }")
        self._note.hide()
        self._wanted: QRectF | None = None
        self.show_area(*BRAZIL)

    # --- data ----------------------------------------------------------------------------

    def set_points(
        self, lons: Sequence[float], lats: Sequence[float], kinds: Sequence[int] | None = None
    ) -> None:
        """The points (their order gives the indices the signals carry); NaN coordinates are not drawn."""
        xs: list[float] = []
        ys: list[float] = []
        for lon, lat in zip(lons, lats, strict=True):
            if math.isfinite(lon) and math.isfinite(lat):
                x, y = project(lon, lat)
            else:
                x, y = -1e9, -1e9  # far off the world: never on screen, never in a cluster with others
            xs.append(x)
            ys.append(y)
        self._index = ClusterIndex(xs, ys)
        self._kinds = list(kinds) if kinds is not None else [0] * len(xs)
        self._visible = None
        self._generation += 1
        self._selected = -1
        self.viewport().update()

    def set_visible_indices(self, indices: Sequence[int] | None) -> None:
        """Show only these points (None: all), without rebuilding anything else."""
        self._visible = None if indices is None else list(indices)
        self._generation += 1
        self.viewport().update()

    def point_count(self) -> int:
        return len(self._index)

    # --- what is shown -----------------------------------------------------------------

    def zoom(self) -> float:
        """The current zoom level (tile levels: 4 shows Brazil, 15 a street)."""
        return math.log2(max(self.transform().m11(), 1e-9))

    def show_area(self, west: float, north: float, east: float, south: float) -> None:
        """Fit a longitude/latitude box in the view."""
        left, top = project(west, north)
        right, bottom = project(east, south)
        self._fit(QRectF(QPointF(left, top), QPointF(right, bottom)))

    def fit_all(self) -> None:
        """Every shown point in view (Brazil when there are none)."""
        rows = range(len(self._index)) if self._visible is None else self._visible
        xs = [self._index.xs[i] for i in rows if self._index.xs[i] > -1e8]
        ys = [self._index.ys[i] for i in rows if self._index.ys[i] > -1e8]
        if not xs:
            self.show_area(*BRAZIL)
            return
        self._fit(QRectF(QPointF(min(xs), min(ys)), QPointF(max(xs), max(ys))))

    def zoom_in(self) -> None:
        self._zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self._zoom_by(1 / ZOOM_STEP)

    def select(self, index: int, *, center: bool = True) -> None:
        """Mark point ``index`` (-1: none) and, with ``center``, bring it to the middle."""
        if not -1 <= index < len(self._index):
            index = -1
        changed = index != self._selected
        self._selected = index
        if index >= 0 and center and self._index.xs[index] > -1e8:
            self._wanted = None
            self.centerOn(self._index.xs[index], self._index.ys[index])
        self.viewport().update()
        if changed:
            self.selectionChanged.emit(index)

    def selected(self) -> int:
        return self._selected

    def set_pick_mode(self, on: bool) -> None:
        """While on, the next click picks a place (`placePicked`) and the mode ends."""
        self._pick = on
        self.viewport().setCursor(Qt.CursorShape.CrossCursor if on else Qt.CursorShape.OpenHandCursor)

    def set_place(self, lon: float | None, lat: float | None) -> None:
        """Mark a place (the picked origin of distances); None clears it."""
        self._place = None if lon is None or lat is None else project(lon, lat)
        self.viewport().update()

    def set_tile_source(self, source: TileSource | None) -> None:
        """Draw tiles under the outlines (None: outlines only); shows the source's attribution."""
        self._tiles = source
        self.set_note(source.attribution if source is not None else "")
        self.refresh()

    def set_note(self, text: str) -> None:
        """A small note in the corner (the tiles' attribution, or why there are none)."""
        self._note.setText(text)
        self._note.setVisible(bool(text))
        self._note.adjustSize()
        self._place_note()

    def fitted_area(self) -> QRectF | None:
        """The world area the view keeps fitted (until the user moves the map), or ``None``."""
        return None if self._wanted is None else QRectF(self._wanted)

    @Slot()
    def refresh(self) -> None:
        """Draw again (new tiles arrived)."""
        self.resetCachedContent()
        self.viewport().update()

    # --- drawing -------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        super().drawBackground(painter, rect)
        if self._tiles is not None:
            self._draw_tiles(self._tiles, painter, QRectF(rect))
        pen = QPen(QColor("#5d6d7e"), 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(QColor(250, 250, 245, 110 if self._tiles is not None else 255))
        painter.drawPath(self._outline)

    def _draw_tiles(self, tiles: TileSource, painter: QPainter, rect: QRectF) -> None:
        level = max(0, min(19, round(self.zoom())))
        size = WORLD / 2**level
        for x, y in tile_range(rect.left(), rect.top(), rect.right(), rect.bottom(), level):
            image = tiles.image(level, x, y)
            if image is not None:
                painter.drawImage(QRectF(x * size, y * size, size, size), image)

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        transform = self.viewportTransform()
        singles: dict[int, QPolygonF] = {}
        painter.save()
        painter.resetTransform()
        shown = self._on_screen()
        for sx, sy, _radius, cluster in shown:
            if cluster.count == 1:
                kind = self._kinds[cluster.members[0]] if self._kinds else 0
                singles.setdefault(kind, QPolygonF()).append(QPointF(sx, sy))
            else:
                badge = self._badge(cluster.count)
                painter.drawImage(QPointF(sx - badge.width() / 2, sy - badge.height() / 2), badge)
        for kind, points in singles.items():
            colour = KIND_COLOURS[min(kind, len(KIND_COLOURS) - 1)]
            painter.setPen(QPen(colour, POINT_PX, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawPoints(points)
        self._draw_selection(painter, shown)
        self._draw_place(painter, transform.m11(), transform.dx(), transform.dy())
        painter.restore()

    def _on_screen(self) -> list[tuple[float, float, float, Cluster]]:
        """The clusters and points on screen now: (x, y, radius) in viewport pixels, and what.

        Drawing and clicking both read this, so a click hits what is drawn, painted yet or not.
        """
        transform = self.viewportTransform()
        scale, dx, dy = transform.m11(), transform.dx(), transform.dy()
        level = max(0, min(MAX_LEVEL, math.floor(math.log2(max(scale, 1e-9)))))
        width, height = self.viewport().width(), self.viewport().height()
        clusters = self._index.clusters(
            level, self._visible, generation=self._generation, area=_area(level, scale, dx, dy, width, height)
        )
        margin = 30.0
        shown = []
        for cluster in clusters:
            sx, sy = cluster.x * scale + dx, cluster.y * scale + dy
            if -margin <= sx <= width + margin and -margin <= sy <= height + margin:
                radius = POINT_PX if cluster.count == 1 else self._badge(cluster.count).width() / 2
                shown.append((sx, sy, radius, cluster))
        return shown

    def selection_ring(
        self, shown: list[tuple[float, float, float, Cluster]] | None = None
    ) -> tuple[float, float, float, bool] | None:
        """Where the selection ring goes: (x, y, radius) in viewport pixels, and whether the
        selected point is inside a cluster; ``None`` when nothing selected is on the map.

        Inside a cluster the ring goes around the cluster's disc, never over it: a ring and
        a dot drawn on the point's own spot hid the count the disc carries.
        """
        index = self._selected
        if not 0 <= index < len(self._index) or self._index.xs[index] <= -1e8:
            return None
        for sx, sy, radius, cluster in self._on_screen() if shown is None else shown:
            if cluster.count > 1 and index in cluster.members:
                return sx, sy, radius + RING_GAP_PX, True
        transform = self.viewportTransform()
        sx = self._index.xs[index] * transform.m11() + transform.dx()
        sy = self._index.ys[index] * transform.m11() + transform.dy()
        return sx, sy, POINT_PX, False

    def _draw_selection(self, painter: QPainter, shown: list[tuple[float, float, float, Cluster]]) -> None:
        ring = self.selection_ring(shown)
        if ring is None:
            return
        sx, sy, radius, clustered = ring
        if not clustered:
            kind = self._kinds[self._selected] if self._kinds else 0
            colour = KIND_COLOURS[min(kind, len(KIND_COLOURS) - 1)]
            painter.setPen(QPen(colour, POINT_PX, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawPoint(QPointF(sx, sy))
        painter.setPen(QPen(QColor("#c0392b"), 3.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(sx, sy), radius, radius)

    def _draw_place(self, painter: QPainter, scale: float, dx: float, dy: float) -> None:
        if self._place is not None:
            sx, sy = self._place[0] * scale + dx, self._place[1] * scale + dy
            painter.setPen(QPen(QColor("#111111"), 2.0))
            painter.drawLine(QPointF(sx - 8, sy), QPointF(sx + 8, sy))
            painter.drawLine(QPointF(sx, sy - 8), QPointF(sx, sy + 8))

    def _badge(self, count: int) -> QImage:
        """A cluster's disc with its count, drawn once per count and size."""
        text = cluster_label(count)
        radius = int(11 + 4 * math.log10(count))
        key = (text, radius)
        image = self._badges.get(key)
        if image is None:
            side = 2 * radius + 2
            image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(QColor("#ffffff"), 2.0))
            painter.setBrush(QBrush(QColor(31, 95, 191, 215)))
            painter.drawEllipse(QPointF(side / 2, side / 2), radius, radius)
            font = QFont(self.font())
            font.setBold(True)
            size = radius - 3
            font.setPixelSize(size)
            while size > 8 and QFontMetrics(font).horizontalAdvance(text) > side - 8:
                size -= 1
                font.setPixelSize(size)
            painter.setFont(font)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(QRectF(0, 0, side, side), Qt.AlignmentFlag.AlignCenter, text)
            painter.end()
            self._badges[key] = image
        return image

    # --- mouse and keys ------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._pressed = event.position()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        event.accept()  # the view took the press (a drag or a click): the release is ours too
        pressed, self._pressed = self._pressed, None
        if pressed is None or event.button() != Qt.MouseButton.LeftButton:
            return
        moved = event.position() - pressed
        if abs(moved.x()) + abs(moved.y()) > CLICK_SLOP_PX:
            self._wanted = None  # a drag: the view panned, and stays where the user put it
            return
        self._click(event.position())

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        hit = self._hit(event.position())
        if hit is not None and hit.count == 1:
            self.select(hit.members[0], center=False)
            self.pointActivated.emit(hit.members[0])
            return
        super().mouseDoubleClickEvent(event)

    def _click(self, where: QPointF) -> None:
        if self._pick:
            scene = self.mapToScene(where.toPoint())
            lon, lat = lonlat(scene.x(), scene.y())
            self.set_pick_mode(False)
            self.set_place(lon, lat)
            self.placePicked.emit(lon, lat)
            return
        hit = self._hit(where)
        if hit is None:
            return
        if hit.count == 1:
            self.select(hit.members[0], center=False)
            return
        left, top, right, bottom = hit.bounds(self._index.xs, self._index.ys)
        if right - left < 1e-6 and bottom - top < 1e-6:  # one spot: no box to fit, step in
            self.centerOn(hit.x, hit.y)
            self._zoom_by(ZOOM_STEP**2)
            return
        self._fit(QRectF(QPointF(left, top), QPointF(right, bottom)))

    def _hit(self, where: QPointF) -> Cluster | None:
        """The drawn point or cluster under ``where`` (the nearest, within its radius)."""
        best: tuple[float, Cluster] | None = None
        for sx, sy, radius, cluster in self._on_screen():
            distance = math.hypot(sx - where.x(), sy - where.y())
            if distance <= radius + 2 and (best is None or distance < best[0]):
                best = (distance, cluster)
        return None if best is None else best[1]

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self._zoom_by(ZOOM_STEP**steps)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self._zoom_at_centre(ZOOM_STEP)
        elif key == Qt.Key.Key_Minus:
            self._zoom_at_centre(1 / ZOOM_STEP)
        elif key == Qt.Key.Key_Home:
            self.fit_all()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._selected >= 0:
            self.pointActivated.emit(self._selected)
        elif Qt.Key(key) in _PAN:
            self._wanted = None
            step_x, step_y = _PAN[Qt.Key(key)]
            bar_x, bar_y = self.horizontalScrollBar(), self.verticalScrollBar()
            bar_x.setValue(bar_x.value() + int(step_x * self.viewport().width() / 8))
            bar_y.setValue(bar_y.value() + int(step_y * self.viewport().height() / 8))
        else:
            super().keyPressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._wanted is not None:
            self._fit(self._wanted)
        self._place_note()

    # --- plumbing ------------------------------------------------------------------------

    def _zoom_at_centre(self, factor: float) -> None:
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self._zoom_by(factor)
        self.setTransformationAnchor(anchor)

    def _zoom_by(self, factor: float) -> None:
        self._wanted = None
        current = self.transform().m11()
        target = max(MIN_SCALE, min(MAX_SCALE, current * factor))
        if abs(target - current) < 1e-12:
            return
        self.scale(target / current, target / current)
        self.zoomChanged.emit(self.zoom())

    def _fit(self, area: QRectF) -> None:
        """Fit ``area`` (world units) with `FIT_MARGIN_PX` on every side (and the corner
        note's height at the bottom), within the zoom limits.

        Until the user moves the map, the area is fitted again when the view's size
        changes (a view built before its layout would otherwise keep a postage stamp).
        """
        area = area.normalized()
        self._wanted = area
        if area.width() < 1e-4 and area.height() < 1e-4:
            area = area.adjusted(-0.002, -0.002, 0.002, 0.002)
        view = self.viewport().rect()
        note = self._note.height() if self._note.isVisible() else 0
        width = max(view.width() - 2 * FIT_MARGIN_PX, view.width() // 2, 1)
        height = max(view.height() - 2 * (FIT_MARGIN_PX + note), view.height() // 2, 1)
        scale = min(width / max(area.width(), 1e-9), height / max(area.height(), 1e-9))
        scale = max(MIN_SCALE, min(MAX_SCALE, scale))
        self.resetTransform()
        self.scale(scale, scale)
        self.centerOn(area.center())
        self.zoomChanged.emit(self.zoom())

    def _place_note(self) -> None:
        if self._note.isVisible():
            self._note.move(self.width() - self._note.width() - 4, self.height() - self._note.height() - 4)


AREA_FROM_LEVEL = 7
"""From this level on, only the screen's surroundings are clustered (see `ClusterIndex`)."""


def _area(
    level: int, scale: float, dx: float, dy: float, width: int, height: int
) -> tuple[float, float, float, float] | None:
    """The world area to cluster: the screen and a screen around it, snapped to screens."""
    if level < AREA_FROM_LEVEL:
        return None
    span_x, span_y = max(width, 1) / scale, max(height, 1) / scale
    left, top = -dx / scale, -dy / scale
    snap_x, snap_y = math.floor(left / span_x) * span_x, math.floor(top / span_y) * span_y
    return (snap_x - span_x, snap_y - span_y, snap_x + 3 * span_x, snap_y + 3 * span_y)


_PAN = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
}


def _outline_path() -> QPainterPath:
    """The states as one path in world units (cached by the outlines module, built here once)."""
    path = QPainterPath()
    for state in state_outlines():
        for ring in state.rings:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
            path.closeSubpath()
    return path
