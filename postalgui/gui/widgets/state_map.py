"""`StateMap`: Brazil's 27 states, each shaded by a number, hovered, clicked and picked with
the keyboard.

One `QPainterPath` per state (`services.geo.outlines`, the Branches map's outlines) in Web
Mercator units, fitted to the widget by one transform; a state's fill comes from a
single-hue ramp (`documents.palette.ramp`, light = least, dark = most), which stays
in order in grey print and for colour-blind readers. Hit tests are ``path.contains`` on
the untransformed paths (27 paths: nothing to index). The keyboard walks the states in
alphabetical order of their names (Left/Right, Up/Down, Home/End) and Enter or Space picks
the one in focus; Escape clears the pick. A legend under the map gives the ramp's ends.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from postalgui.documents.palette import NO_DATA, ramp
from postalgui.services.geo.outlines import state_outlines

__all__ = ["StateMap", "ramp_colour", "state_name"]

LEGEND_HEIGHT = 28
MARGIN = 6
TEXT_GREY = "#404040"
BORDER = "#9E9E9E"


@dataclass(frozen=True)
class _State:
    uf: str
    name: str
    path: QPainterPath


_PARTICLES = frozenset({"de", "do", "da", "dos", "das", "e"})


def state_name(name: str) -> str:
    """A state's name as a sentence writes it: the outlines say ``RIO GRANDE DO SUL``."""
    words = name.lower().split()
    return " ".join(word if word in _PARTICLES and i else word.capitalize() for i, word in enumerate(words))


def ramp_colour(share: float) -> QColor:
    """The ramp's colour at ``share`` (0 the least, 1 the most): the PDF's map's too."""
    return QColor(ramp(share))


def _states() -> tuple[_State, ...]:
    states = []
    for outline in state_outlines():
        path = QPainterPath()
        for ring in outline.rings:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
            path.closeSubpath()
        states.append(_State(outline.uf, state_name(outline.name), path))
    return tuple(sorted(states, key=lambda state: state.name))


class StateMap(QWidget):
    """The states shaded by `set_values`; ``word(value)`` words a value for the tooltip
    and the legend.

    Signals: ``statePicked(str)`` with the abbreviation of a state clicked, or picked with
    Enter or Space; ``pickCleared()`` when Escape clears the pick.
    """

    statePicked = Signal(str)
    pickCleared = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stateMap")
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(220, 200)
        self._states = _states()
        bounds = QRectF()
        for state in self._states:
            bounds = bounds.united(state.path.boundingRect())
        self._bounds = bounds
        self._values: dict[str, float] = {}
        self._word: Callable[[float], str] = lambda value: f"{value:g}"
        self._root = False
        self._hovered: str | None = None
        self._focused = 0
        self._picked: str | None = None
        self.setAccessibleName(self.tr("Map of the states"))

    def sizeHint(self) -> QSize:
        return QSize(320, 300)

    # --- what it shows ---------------------------------------------------------------------

    def set_values(
        self, values: Mapping[str, float], word: Callable[[float], str], *, root: bool = False
    ) -> None:
        """Shade each state by its value (absent: no value), the least lightest, the most
        darkest; ``word`` says a value. ``root`` shades counts by their square root: São
        Paulo's parcels would leave every other state at the light end."""
        self._values = dict(values)
        self._word = word
        self._root = root
        self.update()

    def share(self, value: float) -> float:
        """Where ``value`` lies on the ramp (0 the least shown, 1 the most)."""
        low, top = min(self._values.values(), default=0.0), max(self._values.values(), default=0.0)
        if top <= low:
            return 1.0 if top > 0 else 0.0
        if self._root:
            low, top, value = math.sqrt(max(low, 0)), math.sqrt(top), math.sqrt(max(value, 0))
        return (value - low) / (top - low)

    def set_picked(self, uf: str | None) -> None:
        """Outline the state picked (the page's filter), or none."""
        self._picked = uf
        self.update()

    def picked(self) -> str | None:
        return self._picked

    def states(self) -> tuple[str, ...]:
        """The abbreviations in keyboard order (by name)."""
        return tuple(state.uf for state in self._states)

    def value(self, uf: str) -> float | None:
        return self._values.get(uf)

    def fill(self, uf: str) -> QColor:
        """The colour a state is painted with."""
        value = self._values.get(uf)
        if value is None:
            return QColor(NO_DATA)
        return ramp_colour(self.share(value))

    def tip(self, uf: str) -> str:
        """The tooltip of a state: its name, abbreviation and value."""
        state = next(state for state in self._states if state.uf == uf)
        value = self._values.get(uf)
        said = self._word(value) if value is not None else self.tr("nothing in the period")
        return f"{state.name} ({uf}): {said}"

    def centre(self, uf: str) -> QPointF:
        """A point inside the state, in widget pixels (tests click it)."""
        state = next(state for state in self._states if state.uf == uf)
        transform = self._transform()
        rect = state.path.boundingRect()
        centre = rect.center()
        if not state.path.contains(centre):  # a crescent-shaped state: walk across its middle
            for step in range(1, 20):
                point = QPointF(rect.left() + rect.width() * step / 20, centre.y())
                if state.path.contains(point):
                    centre = point
                    break
        return transform.map(centre)

    # --- geometry ----------------------------------------------------------------------------

    def _map_rect(self) -> QRectF:
        return QRectF(MARGIN, MARGIN, self.width() - 2 * MARGIN, self.height() - 2 * MARGIN - LEGEND_HEIGHT)

    def _transform(self) -> QTransform:
        area, bounds = self._map_rect(), self._bounds
        if bounds.isEmpty() or area.width() <= 0 or area.height() <= 0:
            return QTransform()
        scale = min(area.width() / bounds.width(), area.height() / bounds.height())
        dx = area.left() + (area.width() - bounds.width() * scale) / 2 - bounds.left() * scale
        dy = area.top() + (area.height() - bounds.height() * scale) / 2 - bounds.top() * scale
        return QTransform(scale, 0, 0, scale, dx, dy)

    def state_at(self, point: QPointF) -> str | None:
        """The state under a widget point, or None."""
        inverted, ok = self._transform().inverted()
        if not ok:
            return None
        world = inverted.map(point)
        for state in self._states:
            if state.path.contains(world):
                return state.uf
        return None

    # --- painting ----------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        del event
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()
        painter.setTransform(self._transform())
        border = QPen(QColor(BORDER), 0)
        for state in self._states:
            painter.setPen(border)
            painter.setBrush(self.fill(state.uf))
            painter.drawPath(state.path)
        marked = [(self._hovered, QPen(QColor(TEXT_GREY), 0)), (self._picked, QPen(QColor("#000000"), 0))]
        if self.hasFocus():
            marked.append((self._states[self._focused].uf, QPen(QColor("#000000"), 0, Qt.PenStyle.DashLine)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        paths = {state.uf: state.path for state in self._states}
        for uf, pen in marked:
            if uf in paths:
                pen.setWidthF(2.5 if uf == self._picked else 1.5)
                pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawPath(paths[uf])
        painter.restore()
        self._paint_legend(painter)
        painter.end()

    def _paint_legend(self, painter: QPainter) -> None:
        if not self._values:
            return
        top = max(self._values.values())
        low = min(self._values.values())
        metrics = painter.fontMetrics()
        left_text, right_text = self._word(low), self._word(top)
        y = self.height() - MARGIN - LEGEND_HEIGHT + 6
        bar = QRectF(MARGIN + metrics.horizontalAdvance(left_text) + 6, y, 120, 10)
        gradient = QLinearGradient(bar.topLeft(), bar.topRight())
        gradient.setColorAt(0, ramp_colour(self.share(low)))
        gradient.setColorAt(1, ramp_colour(self.share(top)))
        painter.setPen(QColor(TEXT_GREY))
        painter.fillRect(bar, gradient)
        painter.drawRect(bar)
        baseline = bar.bottom()
        painter.drawText(QPointF(MARGIN, baseline), left_text)
        painter.drawText(QPointF(bar.right() + 6, baseline), right_text)

    # --- mouse and keys ----------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            uf = self.state_at(QPointF(event.pos()))
            if uf is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.tip(uf), self)
            return True
        return super().event(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        uf = self.state_at(event.position())
        if uf != self._hovered:
            self._hovered = uf
            self.setCursor(Qt.CursorShape.PointingHandCursor if uf else Qt.CursorShape.ArrowCursor)
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._hovered = None
        self.update()
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            uf = self.state_at(event.position())
            if uf is not None:
                self._focused = self.states().index(uf)
                self.statePicked.emit(uf)
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, count = event.key(), len(self._states)
        moves = {
            Qt.Key.Key_Right: 1,
            Qt.Key.Key_Down: 1,
            Qt.Key.Key_Left: -1,
            Qt.Key.Key_Up: -1,
        }
        if key in moves:
            self._focused = (self._focused + moves[Qt.Key(key)]) % count
        elif key == Qt.Key.Key_Home:
            self._focused = 0
        elif key == Qt.Key.Key_End:
            self._focused = count - 1
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.statePicked.emit(self._states[self._focused].uf)
            return
        elif key == Qt.Key.Key_Escape and self._picked is not None:
            self.pickCleared.emit()
            return
        else:
            super().keyPressEvent(event)
            return
        uf = self._states[self._focused].uf
        self.setAccessibleDescription(self.tip(uf))
        self.update()

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)
