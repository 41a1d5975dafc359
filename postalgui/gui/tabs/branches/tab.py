"""The Branches tab: every unit of the postal operator, filtered, listed, on a map and in detail.

The tab composes and wires: the filter bar (`FiltersPanel`), the list (`UnitModel` in a
sortable table), the map (`MapPane`; selecting in one selects in the other), the selected
unit's detail (`UnitDetail`), and a footer saying what is shown and when it was last
synced, with the whole-country download's progress and Cancel.

Who filters what: the operator's filters (state, municipality, neighbourhood, name,
types, statuses, CEP) become a `UnitQuery`, asked in the background (task key
``branches.load``); its cached copy shows at once and the operator is then asked only
for what changed since (`postalgui.services.branches.use_cases.search`). The loaded
set is filtered locally per keystroke by its `BranchIndex` (search box, open now, open
at, Clique e Retire, lockers). Once "All of Brazil" is loaded (``branches.country``)
every filter is local: nothing waits on the network, also offline.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.environments import Environment
from postalgui.api.values import InvalidValue
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg, describe_error, local_datetime
from postalgui.gui.tabs.branches.detail_panel import UnitDetail
from postalgui.gui.tabs.branches.filters_panel import STATE_NAMES, FiltersPanel
from postalgui.gui.tabs.branches.map_pane import MapPane
from postalgui.gui.tabs.branches.unit_model import UnitColumn, UnitModel
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, csv_type
from postalgui.gui.widgets.tables import record_table
from postalgui.gui.widgets.window_state import RememberedSplitter
from postalgui.services.branches.use_cases import UnitQuery

if TYPE_CHECKING:
    from pathlib import Path

    from postalgui.api.cancel import Progress
    from postalgui.api.models.branches import Locality, Unit
    from postalgui.gui.tabs.branches.loading import Loaded
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.branches.index import BranchIndex
    from postalgui.services.context import AppContext

__all__ = ["BranchesTab", "fit_columns"]

LOAD_KEY = "branches.load"
COUNTRY_KEY = "branches.country"
LOCALITIES_KEY = "branches.localities"
EXPORT_KEY = "branches.export"
FILTER_KEY = "branches.filters"
CLOCK_MS = 30_000
"""How often "open now" is worked out again (states change on the minute)."""


def fit_columns(table: QTableView) -> None:
    """Widths the user sets, starting from the header's: fitting 12,000 rows' contents on every
    keystroke would ask each row's every cell (its opening state included) each time."""
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    metrics = table.fontMetrics()
    widths = {  # in average characters: at the default window size "Open now" is in view
        UnitColumn.NAME: 24,
        UnitColumn.TYPE: 16,
        UnitColumn.STATUS: 11,
        UnitColumn.PLACE: 19,
        UnitColumn.DISTANCE: 9,
        UnitColumn.OPEN_NOW: 11,
    }
    for column, characters in widths.items():
        header.resizeSection(column, metrics.averageCharWidth() * characters)
    header.setStretchLastSection(True)


class BranchesTab(QWidget):
    """Filters above the unit list, the map and the selected unit's detail.

    Signals: ``unitsLoaded(int)`` with the number of units of a loaded set, each time one
    is shown (the cached copy, then the fresh one); ``rowsChanged(int)`` with the number
    of units shown after a filter; ``unitSelected(str)`` with the MCU shown in the detail
    (empty: none); ``detailOpened(str)`` when Enter or a double click opened a unit's
    detail; ``countryFinished(bool)`` when the whole-country download ended (True:
    cancelled); ``exported(object)`` with the `Path` of a saved CSV.
    """

    unitsLoaded = Signal(int)
    rowsChanged = Signal(int)
    unitSelected = Signal(str)
    detailOpened = Signal(str)
    countryFinished = Signal(bool)
    exported = Signal(object)

    def __init__(self, context: AppContext, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("branchesTab")
        self.setWindowTitle(self.tr("Branches"))
        self.context = context
        self.runner = runner
        self._index: BranchIndex | None = None
        self._query: UnitQuery | None = None
        self._everything = False
        self._synced_at: datetime | None = None
        self._from_cache = False
        self._load_handle: TaskHandle | None = None
        self._country_handle: TaskHandle | None = None
        self._shown_mcu = ""
        self._place: tuple[float, float] | None = None

        self.messages = MessageArea(self)
        self.filters = FiltersPanel(self)
        self.model = UnitModel(self, self._clock())
        self.table = record_table(self, self.model, "unitTable", self.tr("Units"))
        fit_columns(self.table)
        self.table.setWordWrap(False)  # one line per unit: long names end in "…"
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(UnitColumn.NAME, Qt.SortOrder.AscendingOrder)
        self.detail = UnitDetail(self)
        self.saved = SavedFileReporter(self.messages, EXPORT_KEY, self)

        self.map_pane = MapPane(self)
        sandbox = context.settings.environment is Environment.SANDBOX  # the sandbox uses no network
        self.map_pane.allow_streets(None if sandbox else context.paths.cache_dir / "tiles")
        side = RememberedSplitter("branches.side", Qt.Orientation.Vertical, self)
        side.addWidget(self.map_pane)
        side.addWidget(self.detail)
        side.setStretchFactor(0, 3)
        side.setStretchFactor(1, 2)
        side.setChildrenCollapsible(False)
        self.side = side
        main = RememberedSplitter("branches.main", Qt.Orientation.Horizontal, self)
        main.addWidget(self.table)
        main.addWidget(side)
        main.setStretchFactor(0, 1)
        main.setStretchFactor(1, 1)
        main.setSizes([700, 600])  # until the user's own split comes back
        main.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.messages)
        layout.addWidget(self.filters)
        layout.addWidget(main, 1)
        layout.addLayout(self._build_footer())

        self._clock_timer = QTimer(self)
        self._clock_timer.setInterval(CLOCK_MS)
        self._clock_timer.timeout.connect(self._on_clock_timer_timeout)
        self._clock_timer.start()
        self._connect()
        # The whole country as last synced, if ever (read and refreshed in the background).
        self.load(UnitQuery(), only_if_cached=True)

    def _build_footer(self) -> QHBoxLayout:
        self.summary_label = QLabel(self)
        self.summary_label.setObjectName("branchSummary")
        self.summary_label.setWordWrap(True)
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setObjectName("branchProgress")
        self.progress_bar.setMaximumWidth(220)
        self.progress_bar.hide()
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setObjectName("branchCancelButton")
        self.cancel_button.setToolTip(self.tr("Stop the download (Esc); what was synced before stays"))
        self.cancel_button.hide()
        self.export_button = QPushButton(self.tr("E&xport CSV…"), self)
        self.export_button.setObjectName("branchExportButton")
        self.export_button.setToolTip(self.tr("Save the units shown, in the list's order, as a CSV file"))
        footer = QHBoxLayout()
        footer.addWidget(self.summary_label, 1)
        footer.addWidget(self.progress_bar)
        footer.addWidget(self.cancel_button)
        footer.addWidget(self.export_button)
        return footer

    def _connect(self) -> None:
        self.filters.localChanged.connect(self._on_filters_local_changed)
        self.filters.serverChanged.connect(self._on_filters_server_changed)
        self.filters.searchRequested.connect(self._on_filters_search_requested)
        self.filters.countryRequested.connect(self._on_filters_country_requested)
        self.filters.stateChanged.connect(self._on_filters_state_changed)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.activated.connect(self._on_table_activated)
        self.map_pane.positionSelected.connect(self._on_map_pane_position_selected)
        self.map_pane.positionActivated.connect(self._on_map_pane_position_activated)
        self.map_pane.placePicked.connect(self._on_map_pane_place_picked)
        self.map_pane.placeCleared.connect(self._on_map_pane_place_cleared)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self.export_button.clicked.connect(self._on_export_button_clicked)
        self.saved.exported.connect(self.exported)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.activated.connect(self._on_find_shortcut_activated)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(self._on_cancel_button_clicked)
        self.find_shortcut = find
        self.escape_shortcut = escape

    # --- what the window and the tests ask -----------------------------------------------------

    @property
    def everything(self) -> bool:
        """The whole country is loaded: every filter is local."""
        return self._everything

    @property
    def loading(self) -> bool:
        return self._load_handle is not None

    @property
    def syncing_country(self) -> bool:
        return self._country_handle is not None

    @property
    def index(self) -> BranchIndex | None:
        return self._index

    @property
    def synced_at(self) -> datetime | None:
        return self._synced_at

    def search(self) -> TaskHandle | None:
        """Show the units of the filters: locally when the country is loaded, else ask the operator."""
        if self._everything:
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

    def load(self, query: UnitQuery, *, only_if_cached: bool = False) -> TaskHandle:
        """Load ``query``'s units: its cached copy at once, then what changed (one live load)."""
        from postalgui.gui.tabs.branches.loading import load_units

        self.messages.clear(LOAD_KEY)
        self._load_handle = self.runner.run(
            load_units,
            self.context.branches,
            query,
            1,
            only_if_cached,
            name="branch search",
            key=LOAD_KEY,
            on_result=self._on_load_task_result,
            on_error=self._on_load_task_error,
            on_progress=self._on_load_task_progress,
            on_finished=self._on_load_task_finished,
        )
        self._update_summary()
        return self._load_handle

    def sync_country(self) -> TaskHandle:
        """Download (or refresh) every unit in Brazil, with progress and Cancel."""
        from postalgui.gui.tabs.branches.loading import load_units
        from postalgui.services.branches.use_cases import SYNC_CONCURRENCY

        if self._country_handle is not None:
            return self._country_handle
        self.messages.clear(COUNTRY_KEY)
        self._country_handle = self.runner.run(
            load_units,
            self.context.branches,
            UnitQuery(),
            SYNC_CONCURRENCY,
            False,
            name="branch sync of Brazil",
            key=COUNTRY_KEY,
            on_result=self._on_country_task_result,
            on_error=self._on_country_task_error,
            on_progress=self._on_country_task_progress,
            on_finished=self._on_country_task_finished,
        )
        self.filters.set_busy(True)
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setFormat(self.tr("Connecting…"))
        self.progress_bar.show()
        self.cancel_button.show()
        return self._country_handle

    def cancel_country(self) -> None:
        if self._country_handle is not None:
            self._country_handle.cancel()

    def apply_filters(self) -> None:
        """Filter the loaded set with the filter bar (per keystroke; never the network)."""
        if self._index is None:
            return
        rows = self._index.select(self.filters.local_criteria(everything=self._everything), self._clock())
        self.model.set_rows(rows)
        self.map_pane.show_rows(rows)
        self._reselect()
        self._update_summary()
        self.rowsChanged.emit(self.model.rowCount())

    def current_unit(self) -> Unit | None:
        return self.detail.unit()

    def select_unit(self, mcu: str) -> bool:
        """Select the unit with MCU ``mcu`` in the list; False when it is not shown."""
        if self._index is None:
            return False
        position = self._index.position(mcu)
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
        from postalgui.services.branches.use_cases import export_units

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

    # --- state ---------------------------------------------------------------------------------

    def _clock(self) -> datetime:
        return datetime.now(UTC)

    def _show_loaded(self, loaded: Loaded) -> None:
        """Put a loaded set in the list (the filter bar applied), keeping the unit shown."""
        result = loaded.result
        self._index = loaded.index
        self._query = result.query
        self._everything = result.query.is_everything
        self._synced_at = result.synced_at
        self._from_cache = result.from_cache
        criteria = self.filters.local_criteria(everything=self._everything)
        rows = loaded.index.select(criteria, self._clock())
        self.model.set_units(loaded.index.units, rows, loaded.index)
        self.map_pane.show_units(loaded.index, rows)
        if self._place is not None:
            self.model.set_distances(loaded.index.distances_km(*self._place))
        self._reselect()
        self._update_summary()
        self.unitsLoaded.emit(len(loaded.index))
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
        position = self._index.position(mcu) if unit is not None and self._index is not None else None
        self.map_pane.select_position(-1 if position is None else position)
        self.detail.show_unit(unit, self._clock())
        self.unitSelected.emit(mcu)

    def sort_by_distance(self, lon: float, lat: float) -> None:
        """Distances from (lon, lat) in the list, nearest first (the place picked on the map)."""
        self._place = (lon, lat)
        if self._index is not None:
            self.model.set_distances(self._index.distances_km(lon, lat))
        self.table.sortByColumn(UnitColumn.DISTANCE, Qt.SortOrder.AscendingOrder)
        if self.model.rowCount():
            self.table.scrollToTop()

    def _set_name(self) -> str:
        """What the loaded set is, in words: "All of Brazil", "SP", "São Paulo/SP, Centro"."""
        query = self._query
        if query is None:
            return ""
        if query.is_everything:
            return self.tr("All of Brazil")
        parts = []
        if query.municipio:
            parts.append(f"{query.municipio}/{query.uf}" if query.uf else query.municipio)
        elif query.uf:
            parts.append(STATE_NAMES.get(query.uf, query.uf))
        for value in (query.bairro, query.nome):
            if value:
                parts.append(value)
        if query.ceps:
            parts.append(", ".join(f"{cep[:5]}-{cep[5:]}" for cep in query.ceps))
        if query.type_codes or query.statuses:
            parts.append(self.tr("chosen types and statuses"))
        return ", ".join(parts) or self.tr("the operator's filters")

    def _update_summary(self) -> None:
        locale = app_locale()
        if self._index is None:
            if self._load_handle is not None:
                text = self.tr("Searching…")
            else:
                text = self.tr(
                    "Pick a state (or a municipality, a CEP…) and press Search, "
                    "or download All of Brazil once to filter every unit at once."
                )
            self.summary_label.setText(text)
            self.export_button.setEnabled(False)
            return
        shown, loaded = self.model.rowCount(), len(self._index)
        text = arg(
            self.tr("%1 of %2 units shown · %3"),
            locale.toString(shown),
            locale.toString(loaded),
            self._set_name(),
        )
        if self._synced_at is not None:
            text += " · " + arg(self.tr("last synced %1"), local_datetime(self._synced_at))
        if self._load_handle is not None and self._from_cache:
            text += " · " + self.tr("checking for changes…")
        self.summary_label.setText(text)
        self.export_button.setEnabled(shown > 0)

    # --- slots: filters ------------------------------------------------------------------------

    @Slot()
    def _on_filters_local_changed(self) -> None:
        self.apply_filters()

    @Slot()
    def _on_filters_server_changed(self) -> None:
        if self._everything:
            self.apply_filters()

    @Slot()
    def _on_filters_search_requested(self) -> None:
        self.search()

    @Slot()
    def _on_filters_country_requested(self) -> None:
        self.sync_country()

    @Slot(str)
    def _on_filters_state_changed(self, uf: str) -> None:
        from postalgui.services.branches.use_cases import localities

        if not uf:
            self.filters.set_localities([])
            return
        self.runner.run(
            localities,
            self.context.branches,
            uf,
            name="branch localities",
            key=LOCALITIES_KEY,
            on_result=self._on_localities_task_result,
            on_error=self._on_localities_task_error,
        )

    @Slot(object)
    def _on_localities_task_result(self, found: object) -> None:
        self.filters.set_localities(cast("list[Locality]", found))

    @Slot(object)
    def _on_localities_task_error(self, error: BaseException) -> None:
        # The municipality can still be typed: a note, not an error.
        self.messages.show_message(
            arg(self.tr("The list of municipalities could not be loaded: %1"), describe_error(error)),
            MessageKind.WARNING,
            key=LOCALITIES_KEY,
        )

    @Slot()
    def _on_find_shortcut_activated(self) -> None:
        self.filters.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filters.search_edit.selectAll()

    # --- slots: loading ------------------------------------------------------------------------

    @Slot(object)
    def _on_load_task_progress(self, progress: Progress) -> None:
        from postalgui.gui.tabs.branches.loading import Loaded

        # While the country downloads, its cached copy comes from there.
        loaded = progress.payload
        if isinstance(loaded, Loaded) and (
            self._country_handle is None or not loaded.result.query.is_everything
        ):
            self._show_loaded(loaded)

    @Slot(object)
    def _on_load_task_result(self, loaded: object) -> None:
        if loaded is not None:
            self._show_loaded(cast("Loaded", loaded))

    @Slot(object)
    def _on_load_task_error(self, error: BaseException) -> None:
        if self._index is not None and self._from_cache and self._synced_at is not None:
            text = arg(
                self.tr("Could not check for changes: %1. Showing the copy synced %2."),
                describe_error(error),
                local_datetime(self._synced_at),
            )
            self.messages.show_message(text, MessageKind.WARNING, key=LOAD_KEY)
            return
        self.messages.show_message(
            arg(self.tr("The units could not be loaded: %1"), describe_error(error)),
            MessageKind.ERROR,
            key=LOAD_KEY,
        )

    @Slot(bool)
    def _on_load_task_finished(self, _cancelled: bool) -> None:
        self._load_handle = None
        self._update_summary()

    # --- slots: the whole country --------------------------------------------------------------

    @Slot(object)
    def _on_country_task_progress(self, progress: Progress) -> None:
        from postalgui.gui.tabs.branches.loading import Loaded

        if isinstance(progress.payload, Loaded):
            self._show_loaded(progress.payload)
            self.progress_bar.setFormat(self.tr("Checking for changes…"))
            return
        if progress.total:
            self.progress_bar.setRange(0, progress.total)
            self.progress_bar.setValue(progress.done)
            self.progress_bar.setFormat(
                arg(
                    self.tr("Page %1 of %2"),
                    app_locale().toString(progress.done),
                    app_locale().toString(progress.total),
                )
            )

    @Slot(object)
    def _on_country_task_result(self, loaded: object) -> None:
        if self._load_handle is not None:
            self._load_handle.cancel()  # the country answers every query now
        found = cast("Loaded", loaded)
        self._show_loaded(found)
        changed = found.result.changed
        self.messages.show_message(
            arg(
                self.tr("All of Brazil is synced: %1 units (%2 new or changed)."),
                app_locale().toString(len(found.index)),
                app_locale().toString(changed),
            ),
            MessageKind.INFO,
            key=COUNTRY_KEY,
        )

    @Slot(object)
    def _on_country_task_error(self, error: BaseException) -> None:
        self.messages.show_message(
            arg(self.tr("All of Brazil could not be synced: %1"), describe_error(error)),
            MessageKind.ERROR,
            key=COUNTRY_KEY,
        )

    @Slot(bool)
    def _on_country_task_finished(self, cancelled: bool) -> None:
        self._country_handle = None
        self.filters.set_busy(False)
        self.progress_bar.hide()
        self.cancel_button.hide()
        if cancelled:
            self.messages.show_message(
                self.tr("Download cancelled; the units synced before are kept."),
                MessageKind.INFO,
                key=COUNTRY_KEY,
            )
        self._update_summary()
        self.countryFinished.emit(cancelled)

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self.cancel_country()

    # --- slots: list and detail ----------------------------------------------------------------

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
        if self._index is not None and self.detail.unit() is self._index.units[position]:
            self.open_detail()

    @Slot(float, float)
    def _on_map_pane_place_picked(self, lon: float, lat: float) -> None:
        self.sort_by_distance(lon, lat)

    @Slot()
    def _on_map_pane_place_cleared(self) -> None:
        self._place = None
        self.model.set_distances(None)

    @Slot()
    def _on_clock_timer_timeout(self) -> None:
        now = self._clock()
        self.model.set_now(now)
        self.detail.refresh_opening(now)
        criteria = self.filters.local_criteria()
        if criteria.open_now:
            self.apply_filters()

    @Slot()
    def _on_export_button_clicked(self) -> None:
        self.ask_export()
