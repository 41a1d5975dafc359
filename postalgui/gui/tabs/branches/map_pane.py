"""`MapPane`: the loaded units on the map, a legend, and "sort by distance from here".

The map (`MapView`) knows nothing of branches: it gets each loaded unit's coordinates
and a colour category (`unit_kind`) once per loaded set, the positions the filters keep
per keystroke (no rebuild), and answers with positions. The pane turns those into the
tab's words: a unit selected or activated on the map, a place picked to measure
distances from.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from postalgui.api.models.branches import Unit
from postalgui.gui.widgets.map_view import KIND_COLOURS, MapView
from postalgui.services.branches.index import BranchIndex

if TYPE_CHECKING:
    from postalgui.gui.widgets.map_tiles import TileLayer

__all__ = ["MapPane", "unit_kind"]

_OWN = frozenset({"09"})
_PARTNER = frozenset({"12", "15", "25"})
_LOCKER = frozenset({"46"})
_COUNTER = frozenset({"24", "27"})


def unit_kind(unit: Unit) -> int:
    """The map colour of a unit: 0 own branch, 1 franchised/community/satellite branch,
    2 locker, 3 sales point or community post box, 4 anything else (centres, ...)."""
    code = (unit.type_code or "").zfill(2)
    for kind, codes in enumerate((_OWN, _PARTNER, _LOCKER, _COUNTER)):
        if code in codes:
            return kind
    return 4


class MapPane(QWidget):
    """The map above the detail, with its legend and the distance button.

    Signals: ``positionSelected(int)`` with the loaded position of a unit clicked on the
    map; ``positionActivated(int)`` when one was double-clicked (or Enter on it);
    ``placePicked(float, float)`` with the longitude and latitude picked to sort by
    distance from; ``placeCleared()`` when distances are no longer wanted.
    """

    positionSelected = Signal(int)
    positionActivated = Signal(int)
    placePicked = Signal(float, float)
    placeCleared = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("branchMapPane")
        self.map_view = MapView(self)
        self.map_view.setObjectName("branchMap")
        self.map_view.setAccessibleName(self.tr("Map of the units"))
        self.map_view.setToolTip(
            self.tr("Click a unit to select it, a cluster to zoom in; drag to pan; wheel or +/- zoom")
        )
        # Buttons above the map, the legend under it: on one line they would make the map
        # pane some 950 px wide at least, and squeeze the list at the default window size.
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._build_bar())
        layout.addWidget(self.map_view, 1)
        layout.addWidget(self._build_legend())
        self._positions = 0
        self._rows: list[int] | None = None
        self._selecting = False
        self._tiles_dir: Path | None = None
        self._layer: TileLayer | None = None

        self.map_view.selectionChanged.connect(self._on_map_view_selection_changed)
        self.map_view.pointActivated.connect(self._on_map_view_point_activated)
        self.map_view.placePicked.connect(self._on_map_view_place_picked)
        self.place_button.toggled.connect(self._on_place_button_toggled)
        self.clear_place_button.clicked.connect(self._on_clear_place_button_clicked)
        self.fit_button.clicked.connect(self._on_fit_button_clicked)
        self.streets_check.toggled.connect(self._on_streets_check_toggled)

    def _build_bar(self) -> QHBoxLayout:
        """Streets, Show all, Distance from a place and Clear place, right-aligned."""
        self.place_button = QToolButton(self)
        self.place_button.setObjectName("pickPlaceButton")
        self.place_button.setText(self.tr("Distance from a place…"))
        self.place_button.setToolTip(
            self.tr("Click here, then on the map: the list is sorted by distance from there")
        )
        self.place_button.setCheckable(True)
        self.clear_place_button = QPushButton(self.tr("Clear place"), self)
        self.clear_place_button.setObjectName("clearPlaceButton")
        self.clear_place_button.setEnabled(False)
        self.streets_check = QCheckBox(self.tr("Streets"), self)
        self.streets_check.setObjectName("streetsCheck")
        self.streets_check.setToolTip(
            self.tr(
                "OpenStreetMap streets under the units, when this computer is online (not in the sandbox)"
            )
        )
        self.streets_check.setEnabled(False)
        self.fit_button = QToolButton(self)
        self.fit_button.setObjectName("fitMapButton")
        self.fit_button.setText(self.tr("Show all"))
        self.fit_button.setToolTip(self.tr("Every unit shown in view (Home)"))
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addStretch(1)
        bar.addWidget(self.streets_check)
        bar.addWidget(self.fit_button)
        bar.addWidget(self.place_button)
        bar.addWidget(self.clear_place_button)
        return bar

    def _build_legend(self) -> QLabel:
        """One label, each coloured dot with its words kept together: it wraps between them
        when the pane is narrow (on one line, in Portuguese, it held the pane some 530 px
        wide and squeezed the list at the default window size)."""
        items = []
        for kind, text in enumerate(
            (
                self.tr("Branch"),
                self.tr("Franchised or community"),
                self.tr("Locker"),
                self.tr("Sales point"),
                self.tr("Other"),
            )
        ):
            colour = QColor(KIND_COLOURS[min(kind, len(KIND_COLOURS) - 1)]).name()
            words = html.escape(text).replace(" ", "&nbsp;")
            items.append(f'<span style="color:{colour}">\N{BLACK CIRCLE}</span>&nbsp;{words}')
        self.legend_label = QLabel(" &nbsp; ".join(items), self)
        self.legend_label.setObjectName("mapLegend")
        self.legend_label.setTextFormat(Qt.TextFormat.RichText)
        self.legend_label.setWordWrap(True)
        return self.legend_label

    # --- the street layer --------------------------------------------------------------------

    def allow_streets(self, tiles_dir: Path | None) -> None:
        """Offer the street layer, its tiles kept in ``tiles_dir``, and turn it on (None: never,
        as in the sandbox, where the app uses no network)."""
        self._tiles_dir = tiles_dir
        self.streets_check.setEnabled(tiles_dir is not None)
        self.streets_check.setChecked(tiles_dir is not None)
        if tiles_dir is None:
            self.streets_check.setToolTip(self.tr("Streets are off in the sandbox: it uses no network"))

    # --- the units ---------------------------------------------------------------------------

    def show_units(self, index: BranchIndex, rows: Sequence[int]) -> None:
        """A new loaded set, its ``rows`` shown; the view fits them when the set changed size
        (the same query answered again keeps the map where the user left it)."""
        changed = len(index) != self._positions
        self._positions = len(index)
        self.map_view.set_points(index.lons, index.lats, [unit_kind(unit) for unit in index.units])
        self._rows = None if changed else self._rows
        self.show_rows(rows)

    def show_rows(self, rows: Sequence[int]) -> None:
        """Only these positions on the map (the filters' answer); when they changed, the
        view fits them, so the map shows what the list lists."""
        shown = list(rows)
        self.map_view.set_visible_indices(shown)
        if shown != self._rows:
            self._rows = shown
            self.map_view.fit_all()

    def select_position(self, position: int) -> None:
        """Mark the unit selected in the list (-1: none) and bring it into view."""
        self._selecting = True
        try:
            self.map_view.select(position, center=position >= 0)
        finally:
            self._selecting = False

    def selected_position(self) -> int:
        return self.map_view.selected()

    def clear_place(self) -> None:
        self.map_view.set_place(None, None)
        self.clear_place_button.setEnabled(False)
        self.placeCleared.emit()

    # --- slots -------------------------------------------------------------------------------

    @Slot(int)
    def _on_map_view_selection_changed(self, index: int) -> None:
        if not self._selecting and index >= 0:
            self.positionSelected.emit(index)

    @Slot(int)
    def _on_map_view_point_activated(self, index: int) -> None:
        if index >= 0:
            self.positionActivated.emit(index)

    @Slot(float, float)
    def _on_map_view_place_picked(self, lon: float, lat: float) -> None:
        self.place_button.setChecked(False)
        if not (math.isfinite(lon) and math.isfinite(lat)):
            return
        self.map_view.set_place(lon, lat)
        self.clear_place_button.setEnabled(True)
        self.placePicked.emit(lon, lat)

    @Slot(bool)
    def _on_place_button_toggled(self, on: bool) -> None:
        self.map_view.set_pick_mode(on)
        if on:
            self.map_view.setFocus()

    @Slot()
    def _on_clear_place_button_clicked(self) -> None:
        self.clear_place()

    @Slot(bool)
    def _on_streets_check_toggled(self, on: bool) -> None:
        if on and self._tiles_dir is not None:
            if self._layer is None:
                from postalgui.gui.widgets.map_tiles import TileLayer
                from postalgui.services.geo.tiles import TileFetcher

                self._layer = TileLayer(TileFetcher(self._tiles_dir), self)
                self._layer.tileArrived.connect(self._on_layer_tile_arrived)
                self._layer.failed.connect(self._on_layer_failed)
            self.map_view.set_tile_source(self._layer)
        else:
            self.map_view.set_tile_source(None)

    @Slot()
    def _on_layer_tile_arrived(self) -> None:
        if self._layer is not None and self.streets_check.isChecked():
            self.map_view.set_note(self._layer.attribution)
        self.map_view.refresh()

    @Slot(str)
    def _on_layer_failed(self, _reason: str) -> None:
        self.map_view.set_note(self.tr("Offline: state outlines only"))

    @Slot()
    def _on_fit_button_clicked(self) -> None:
        self.map_view.fit_all()
