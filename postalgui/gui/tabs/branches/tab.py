"""The Branches tab: every unit of the postal operator, filtered, listed, on a map and in detail.

The tab composes and wires: the filter bar (`FiltersPanel`), the list (`UnitModel` in a
sortable table), the map (`MapPane`; selecting in one selects in the other), the selected
unit's detail (`UnitDetail`), and a footer saying what is shown and when it was last
synced (`SummaryLine`), with the whole-country download's progress and Cancel
(`CountryDownload`).

Who filters what: the operator's filters (state, municipality, neighbourhood, name,
types, statuses, CEP) become a `UnitQuery`, asked in the background (`UnitLoader`); its
cached copy shows at once and the operator is then asked only for what changed since
(`postalgui.services.branches.use_cases.load_units`). The loaded set is filtered
locally per keystroke by its `BranchIndex` (search box, open now, open at, Clique e
Retire, lockers). Once "All of Brazil" is loaded every filter is local: nothing waits
on the network, also offline. The state's municipalities come from `MunicipalityLoader`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QHideEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from postalgui.api.values import InvalidValue
from postalgui.gui.desk import Desk
from postalgui.gui.messages import describe_error
from postalgui.gui.tabs.branches.country_download import CountryDownload
from postalgui.gui.tabs.branches.detail_panel import UnitDetail
from postalgui.gui.tabs.branches.filters_panel import FiltersPanel
from postalgui.gui.tabs.branches.list_columns import fit_columns
from postalgui.gui.tabs.branches.map_pane import MapPane
from postalgui.gui.tabs.branches.municipalities import MunicipalityLoader
from postalgui.gui.tabs.branches.summary import SummaryLine
from postalgui.gui.tabs.branches.unit_loader import UnitLoader
from postalgui.gui.tabs.branches.unit_model import UnitColumn, UnitModel
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, csv_type
from postalgui.gui.widgets.tables import record_table
from postalgui.gui.widgets.window_state import RememberedSplitter
from postalgui.services.branches.use_cases import Loaded, UnitQuery

if TYPE_CHECKING:
    from postalgui.api.models.branches import Unit
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.branches.index import BranchIndex
    from postalgui.services.branches.service import BranchService
from postalgui.services.branches.use_cases import export_units

__all__ = ["BranchesTab", "fit_columns"]

EXPORT_KEY = "branches.export"
FILTER_KEY = "branches.filters"
CLOCK_MS = 30_000
"""How often "open now" is worked out again (states change on the minute); only while the
tab is shown (issue 40: an idle window sleeps), and at once when it is shown again."""


class BranchesTab(QWidget):
    """Filters above the unit list, the map and the selected unit's detail.

    Signals: ``unitsLoaded(int)`` with the number of units of a loaded set, each time one
    is shown (the cached copy, then the fresh one); ``rowsChanged(int)`` with the number
    of units shown after a filter; ``unitSelected(str)`` with the MCU shown in the detail
    (empty: none); ``detailOpened(str)`` when Enter or a double click opened a unit's
    detail; ``countryFinished(bool)`` when the whole-country download ended (True:
    cancelled); ``exported(Path)`` with the `Path` of a saved CSV.
    """

    unitsLoaded = Signal(int)
    rowsChanged = Signal(int)
    unitSelected = Signal(str)
    detailOpened = Signal(str)
    countryFinished = Signal(bool)
    exported = Signal(Path)

    def __init__(
        self,
        service: BranchService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("branchesTab")
        self.setWindowTitle(self.tr("Branches"))
        self.service = service
        self.runner = runner
        self._loaded: Loaded | None = None
        self._shown_mcu = ""
        self._place: tuple[float, float] | None = None

        self.messages = messages
        messages.setParent(self)  # the runner's default error sink is found among the tab's children
        self.filters = FiltersPanel(self)
        self.model = UnitModel(self, self._clock())
        self.table = record_table(self, self.model, "unitTable", self.tr("Units"))
        fit_columns(self.table)
        self.table.setColumnHidden(UnitColumn.DISTANCE, True)  # until a place is picked
        self.table.setWordWrap(False)  # one line per unit: long names end in "…"
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(UnitColumn.NAME, Qt.SortOrder.AscendingOrder)
        self.detail = UnitDetail(self)
        self.saved = SavedFileReporter(messages, EXPORT_KEY, self)
        self.map_pane = MapPane(self)
        self.map_pane.allow_streets(service.tiles_dir())
        desk = Desk(service, runner, messages)
        self.loader = UnitLoader(desk, self._shown_set, self)
        self.country = CountryDownload(desk, self)
        self.municipalities = MunicipalityLoader(service, runner, self)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.messages)
        layout.addWidget(self.filters)
        layout.addWidget(self._build_panes(), 1)
        layout.addLayout(self._build_footer())

        self._clock_timer = QTimer(self)
        self._clock_timer.setInterval(CLOCK_MS)
        self._clock_timer.timeout.connect(self._on_clock_timer_timeout)
        self._connect()
        # The whole country as last synced, if ever (read and refreshed in the background).
        self.load(UnitQuery(), only_if_cached=True)

    def _build_panes(self) -> RememberedSplitter:
        """The list beside the map above the detail."""
        side = RememberedSplitter.of(
            "branches.side", Qt.Orientation.Vertical, self, ((self.map_pane, 3), (self.detail, 2))
        )
        self.side = side
        main = RememberedSplitter.of(
            "branches.main", Qt.Orientation.Horizontal, self, ((self.table, 1), (side, 1))
        )
        main.setSizes([740, 560])  # until the user's own split comes back
        return main

    def _build_footer(self) -> QHBoxLayout:
        self.summary_label = SummaryLine(self)
        self.progress_bar = self.country.progress_bar
        self.cancel_button = self.country.cancel_button
        self.export_button = QPushButton(self.tr("E&xport CSV…"), self)
        self.export_button.setObjectName("branchExportButton")
        self.export_button.setToolTip(self.tr("Save the units shown, in the list's order, as a CSV file"))
        footer = QHBoxLayout()
        footer.addWidget(self.summary_label, 1)
        footer.addWidget(self.country)
        footer.addWidget(self.export_button)
        return footer

    def _connect(self) -> None:
        self.filters.localChanged.connect(self._on_filters_local_changed)
        self.filters.serverChanged.connect(self._on_filters_server_changed)
        self.filters.searchRequested.connect(self._on_filters_search_requested)
        self.filters.countryRequested.connect(self._on_filters_country_requested)
        self.filters.stateChanged.connect(self.municipalities.load)
        self.municipalities.found.connect(self.filters.set_localities)
        self.loader.unitsArrived.connect(self._on_loader_units_arrived)
        self.loader.loadingChanged.connect(self._on_loader_loading_changed)
        self.country.unitsArrived.connect(self._on_country_units_arrived)
        self.country.synced.connect(self._on_country_synced)
        self.country.finished.connect(self._on_country_finished)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.activated.connect(self._on_table_activated)
        self.map_pane.positionSelected.connect(self._on_map_pane_position_selected)
        self.map_pane.positionActivated.connect(self._on_map_pane_position_activated)
        self.map_pane.placePicked.connect(self._on_map_pane_place_picked)
        self.map_pane.placeCleared.connect(self._on_map_pane_place_cleared)
        self.export_button.clicked.connect(self._on_export_button_clicked)
        self.saved.exported.connect(self.exported)
        self.find_shortcut = self._shortcut(QKeySequence(QKeySequence.StandardKey.Find))
        self.find_shortcut.activated.connect(self._on_find_shortcut_activated)
        self.escape_shortcut = self._shortcut(QKeySequence(Qt.Key.Key_Escape))
        self.escape_shortcut.activated.connect(self.country.cancel)

    def _shortcut(self, keys: QKeySequence) -> QShortcut:
        shortcut = QShortcut(keys, self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        return shortcut

    # --- what the window and the tests ask -----------------------------------------------------

    @property
    def everything(self) -> bool:
        """The whole country is loaded: every filter is local."""
        return self._loaded is not None and self._loaded.result.query.is_everything

    @property
    def loading(self) -> bool:
        return self.loader.loading

    @property
    def syncing_country(self) -> bool:
        return self.country.running

    @property
    def index(self) -> BranchIndex | None:
        return self._loaded.index if self._loaded is not None else None

    @property
    def synced_at(self) -> datetime | None:
        return self._loaded.result.synced_at if self._loaded is not None else None

    def search(self) -> TaskHandle[Loaded] | None:
        """Show the units of the filters: locally when the country is loaded, else ask the operator."""
        if self.everything:
            self.apply_filters()
            return None
        try:
            query = self.filters.query()
        except InvalidValue as error:
            self.messages.show_message(
                describe_error(error, self.tr("CEP")), MessageKind.WARNING, key=FILTER_KEY
            )
            return None
        self.messages.clear(FILTER_KEY)
        if query.is_everything:
            return self.sync_country()
        return self.load(query)

    def load(self, query: UnitQuery, *, only_if_cached: bool = False) -> TaskHandle[Loaded]:
        """Load ``query``'s units: its cached copy at once, then what changed (one live load)."""
        return self.loader.load(query, only_if_cached=only_if_cached)

    def sync_country(self) -> TaskHandle[Loaded]:
        """Download (or refresh) every unit in Brazil, with progress and Cancel."""
        handle = self.country.start()
        self.filters.set_busy(True)
        return handle

    def cancel_country(self) -> None:
        self.country.cancel()

    def apply_filters(self) -> None:
        """Filter the loaded set with the filter bar (per keystroke; never the network)."""
        index = self.index
        if index is None:
            return
        rows = index.select(self.filters.local_criteria(everything=self.everything), self._clock())
        self.model.set_rows(rows)
        self.map_pane.show_rows(rows)
        self._reselect()
        self._update_summary()
        self.rowsChanged.emit(self.model.rowCount())

    def current_unit(self) -> Unit | None:
        return self.detail.unit()

    def select_unit(self, mcu: str) -> bool:
        """Select the unit with MCU ``mcu`` in the list; False when it is not shown."""
        index = self.index
        position = None if index is None else index.position(mcu)
        row = None if position is None else self.model.row_of_position(position)
        if row is None:
            return False
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))
        return True

    def open_detail(self) -> None:
        """Enter on the list: the selected unit's detail, focused for the keyboard."""
        unit = self.detail.unit()
        if unit is None:
            return
        self.detail.setFocus(Qt.FocusReason.OtherFocusReason)
        self.detail.ensureVisible(0, 0)
        self.detailOpened.emit(unit.id)

    def export_csv(self, path: Path) -> TaskHandle:
        """Save the units shown, in the list's order, as CSV."""

        return self.runner.run(
            export_units,
            path,
            self.model.shown_units(),
            name="export branches",
            key=EXPORT_KEY,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    def ask_export(self) -> TaskHandle | None:
        if self.model.rowCount() == 0:
            return None
        path = ask_save_path(self, self.tr("Export units"), self.tr("branches"), [csv_type()])
        return None if path is None else self.export_csv(path)

    def sort_by_distance(self, lon: float, lat: float) -> None:
        """Distances from (lon, lat) in the list, nearest first (the place picked on the map)."""
        self._place = (lon, lat)
        if self.index is not None:
            self._set_distances(self.index.distances_km(lon, lat))
        self.table.sortByColumn(UnitColumn.DISTANCE, Qt.SortOrder.AscendingOrder)
        if self.model.rowCount():
            self.table.scrollToTop()

    # --- state ---------------------------------------------------------------------------------

    def _clock(self) -> datetime:
        return self.service.now()

    def _set_distances(self, distances: Sequence[float] | None) -> None:
        """Distances in the list; their column is there only while a place is picked."""
        self.model.set_distances(distances)
        self.table.setColumnHidden(UnitColumn.DISTANCE, distances is None)

    def _shown_set(self) -> Loaded | None:
        return self._loaded

    def _show_loaded(self, loaded: Loaded) -> None:
        """Put a loaded set in the list (the filter bar applied), keeping the unit shown."""
        self._loaded = loaded
        index = loaded.index
        rows = index.select(self.filters.local_criteria(everything=self.everything), self._clock())
        self.model.set_units(index.units, rows, index)
        self.map_pane.show_units(index, rows)
        if self._place is not None:
            self._set_distances(index.distances_km(*self._place))
        self._reselect()
        self._update_summary()
        self.unitsLoaded.emit(len(index))
        self.rowsChanged.emit(self.model.rowCount())

    def _reselect(self) -> None:
        """Keep the unit in the detail selected when it is still shown; else show none."""
        if self._shown_mcu and self.select_unit(self._shown_mcu):
            return
        if self.model.rowCount() == 0 or not self._shown_mcu:
            self._show_unit(None)

    def _show_unit(self, unit: Unit | None) -> None:
        mcu = unit.id if unit is not None else ""
        if mcu == self._shown_mcu and unit is self.detail.unit():
            return
        self._shown_mcu = mcu
        index = self.index
        position = index.position(mcu) if unit is not None and index is not None else None
        self.map_pane.select_position(-1 if position is None else position)
        self.detail.show_unit(unit, self._clock())
        self.unitSelected.emit(mcu)

    def _update_summary(self) -> None:
        shown = self.model.rowCount()
        self.summary_label.show_state(self._loaded, shown, self.loader.loading)
        self.export_button.setEnabled(self._loaded is not None and shown > 0)

    # --- slots: filters ------------------------------------------------------------------------

    @Slot()
    def _on_filters_local_changed(self) -> None:
        self.apply_filters()

    @Slot()
    def _on_filters_server_changed(self) -> None:
        if self.everything:
            self.apply_filters()

    @Slot()
    def _on_filters_search_requested(self) -> None:
        self.search()

    @Slot()
    def _on_filters_country_requested(self) -> None:
        self.sync_country()

    @Slot()
    def _on_find_shortcut_activated(self) -> None:
        self.filters.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filters.search_edit.selectAll()

    # --- slots: loading ------------------------------------------------------------------------

    @Slot(Loaded)
    def _on_loader_units_arrived(self, loaded: Loaded) -> None:
        # While the country downloads, its cached copy comes from there.
        if loaded.fresh or not self.country.running or not loaded.result.query.is_everything:
            self._show_loaded(loaded)

    @Slot(bool)
    def _on_loader_loading_changed(self, _loading: bool) -> None:
        self._update_summary()

    @Slot(Loaded)
    def _on_country_units_arrived(self, loaded: Loaded) -> None:
        self._show_loaded(loaded)

    @Slot(Loaded)
    def _on_country_synced(self, loaded: Loaded) -> None:
        self.loader.cancel()  # the country answers every query now
        self._show_loaded(loaded)

    @Slot(bool)
    def _on_country_finished(self, cancelled: bool) -> None:
        self.filters.set_busy(False)
        self._update_summary()
        self.countryFinished.emit(cancelled)

    # --- slots: list, map and detail -----------------------------------------------------------

    @Slot(QItemSelection, QItemSelection)
    def _on_table_selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self._show_unit(self.model.unit(rows[0].row()))

    @Slot(QModelIndex)
    def _on_table_activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self._show_unit(self.model.unit(index.row()))
            self.open_detail()

    @Slot(int)
    def _on_map_pane_position_selected(self, position: int) -> None:
        row = self.model.row_of_position(position)
        if row is not None:
            self.table.selectRow(row)
            self.table.scrollTo(self.model.index(row, 0))

    @Slot(int)
    def _on_map_pane_position_activated(self, position: int) -> None:
        self._on_map_pane_position_selected(position)
        index = self.index
        if index is not None and self.detail.unit() is index.units[position]:
            self.open_detail()

    @Slot(float, float)
    def _on_map_pane_place_picked(self, lon: float, lat: float) -> None:
        self.sort_by_distance(lon, lat)

    @Slot()
    def _on_map_pane_place_cleared(self) -> None:
        self._place = None
        self._set_distances(None)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._clock_timer.start()
        if _minute(self._clock()) != _minute(self.model.now):  # the minute moved while hidden
            self._on_clock_timer_timeout()

    def hideEvent(self, event: QHideEvent) -> None:
        self._clock_timer.stop()
        super().hideEvent(event)

    @Slot()
    def _on_clock_timer_timeout(self) -> None:
        now = self._clock()
        self.model.set_now(now)
        self.detail.refresh_opening(now)
        if self.filters.local_criteria().open_now:
            self.apply_filters()

    @Slot()
    def _on_export_button_clicked(self) -> None:
        self.ask_export()


def _minute(moment: datetime) -> datetime:
    return moment.replace(second=0, microsecond=0)
