"""The Tracking tab: every object the office follows, what needs a person, refreshed in the background.

The tab is a `ListPage` that composes and wires: the toolbar (`ListActions`: add, import,
refresh, remove, archive, tag, export; `ProofAction`: the proofs of delivery of the
selection, also on the table's context menu), the counters (`Counters`), the filter bar
(`FilterBar`) over the table (`ObjectModel`, filtered per keystroke through its
`ObjectIndex`), the selected object's detail (`DetailPanel`, below the table), the
refresh with its progress (`Refresher`) and the desktop notifications (a `Notifier`).

The list is read after the tab's first paint, after each write, and when anything else
changes the watchlist (`OfficeChanges`, topic ``tracked_object``; not while a refresh
saves its answers, which would read it once per call): another desk, or another feature
following objects through its `Follow` port (an invoice's "Track these objects", labels
printed); a refresh reads it in its own task and hands it back with its answer (`Tick`).
Objects this desk followed elsewhere that appear in a read, never asked about, are asked
at once, as those added here are (another desk's are its own to ask). Each read of the
followed list comes with the alerts not yet told to this login, which become one
notification.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelection, QObject, QPoint, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QTabWidget, QVBoxLayout, QWidget

from postalgui.gui.desk import Desk
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.models.office_changes import OfficeChanges
from postalgui.gui.tabs.tracking.counters import Counters
from postalgui.gui.tabs.tracking.detail_panel import DetailPanel
from postalgui.gui.tabs.tracking.filters import FilterBar
from postalgui.gui.tabs.tracking.list_actions import ListActions
from postalgui.gui.tabs.tracking.notifier import Notifier, TrayNotifier, alert_message
from postalgui.gui.tabs.tracking.object_index import Criteria, Indexed, ObjectIndex, load_index
from postalgui.gui.tabs.tracking.object_model import ObjectColumn, ObjectModel
from postalgui.gui.tabs.tracking.proof_action import ProofAction
from postalgui.gui.tabs.tracking.refresher import REFRESH_KEY, Refresher, Tick
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.list_page import ListPage
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.window_state import RememberedSplitter
from postalgui.services.office import topics
from postalgui.services.tracking.proof_records import ProofReport
from postalgui.services.tracking.use_cases import Added

if TYPE_CHECKING:
    from postalgui.gui.tabs.contract import Handoffs
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.tracking.records import WatchedObject
    from postalgui.services.tracking.service import TrackingService
    from postalgui.services.tracking.use_cases import Listed

__all__ = ["COLUMN_WIDTHS", "TrackingTab"]

LOAD_KEY = "tracking.load"
ALERTS_KEY = "tracking.alerts"
COLUMN_WIDTHS = {
    ObjectColumn.CODE: 115,
    ObjectColumn.STATUS: 200,
    ObjectColumn.LAST_EVENT: 210,
    ObjectColumn.WHERE: 140,
    ObjectColumn.SINCE: 115,
    ObjectColumn.EXPECTED: 85,
    ObjectColumn.DAYS_LATE: 95,
}
"""Fit 1100 px with the tag column taking the rest; the user drags them wider."""


class TrackingTab(ListPage):
    """The toolbar, counters and filters above the object table, the selected object's detail below.

    Signals: ``objectsLoaded(int)`` with the number of objects read (each read);
    ``rowsChanged(int)`` with the rows shown after a filter; ``objectSelected(str)`` with
    the code shown in the detail (empty: none); ``notified(list)`` with the list of new
    `Alert`s of a read (after the notification, if any, was shown).
    """

    objectsLoaded = Signal(int)
    rowsChanged = Signal(int)
    objectSelected = Signal(str)
    notified = Signal(list)

    def __init__(
        self,
        service: TrackingService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
        *,
        notifier: Notifier | None = None,
        handoffs: Handoffs | None = None,
    ) -> None:
        super().__init__("tracking", parent)
        self.setObjectName("trackingTab")
        self.setWindowTitle(self.tr("Tracking"))
        self.service = service
        self.runner = runner
        self.messages = messages
        messages.setParent(self)  # the runner's default error sink is found among the tab's children
        self.desk = Desk(service, runner, messages)
        self.notifier: Notifier = notifier or TrayNotifier(self, self.show_codes)
        self._index = ObjectIndex((), service.today())
        self._asked_on_opening = False
        self._loaded_once = False
        self._shown_code = ""
        self._ticked = False
        """The refresh on brought the list back (else it is read when the refresh ends)."""
        self.changes: OfficeChanges | None = None
        self._build()
        self._connect()
        if handoffs is not None:  # "Authorize a return…": the window opens it in the Shipping tab
            self.actions_.returnRequested.connect(handoffs.open_return)

    def _build(self) -> None:
        self.counters = Counters(self)
        self.filters = FilterBar(self)
        self.model = ObjectModel(self)
        self.build_table(
            self.model,
            self.tr("Tracked objects"),
            (ObjectColumn.CODE, Qt.SortOrder.AscendingOrder),
            COLUMN_WIDTHS,
            pad=0,
        )
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.detail = DetailPanel(self.desk, self)
        self.refresher = Refresher(self.desk, self, showing_archived=self._showing_archived)
        self.actions_ = ListActions(self.desk, self, self.selected_codes, self.model.shown_objects)
        self.proofs = ProofAction(self.desk, self, self.selected_objects)
        self.refresh_action = QAction(self.tr("Re&fresh"), self)
        self.refresh_action.setToolTip(
            self.tr("Ask the operator now: the selected objects, else all not finished (F5)")
        )
        self.refresh_action.setShortcuts([QKeySequence(Qt.Key.Key_F5)])
        self.refresh_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(self.refresh_action)
        remove = self.actions_.remove_action  # Delete on the table only: the search box deletes letters
        self.removeAction(remove)
        remove.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.table.addAction(remove)
        splitter = RememberedSplitter.of(  # the detail below: the table keeps the window's width
            "tracking.main", Qt.Orientation.Vertical, self, ((self.table, 3), (self.detail, 2))
        )
        splitter.setSizes([420, 220])
        part = self.build_frame(
            (),
            self.filters,
            (self.refresher, self.proofs.busy),
            placed=False,
            header=(self.counters,),
            table_part=splitter,
        )
        self.actions_.fill(self.toolbar, self.refresh_action)
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.proofs.action)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.messages)
        layout.addWidget(part, 1)
        self.setTabOrder(self.filters.search_edit, self.filters.status_combo)
        self.setTabOrder(self.filters.status_combo, self.filters.late_check)
        self.setTabOrder(self.filters.late_check, self.filters.tag_combo)
        self.setTabOrder(self.filters.tag_combo, self.table)
        self.setFocusProxy(self.table)  # the tab picked from the keyboard: its list takes the keys

    def _connect(self) -> None:
        self.filters.changed.connect(self._on_filters_changed)
        self.filters.barChanged.connect(self._on_filters_bar_changed)
        self.counters.picked.connect(self._on_counters_picked)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.refresh_action.triggered.connect(self._on_refresh_action_triggered)
        self.refresher.refreshed.connect(self._on_refresher_refreshed)
        self.refresher.finished.connect(self._on_refresher_finished)
        self.refresher.archivedRequested.connect(self._on_refresher_archived_requested)
        self.actions_.written.connect(self._on_actions_written)
        self.actions_.added.connect(self._on_actions_added)
        self.actions_.archivedToggled.connect(self._on_actions_archived_toggled)
        self.proofs.fetched.connect(self._on_proofs_fetched)
        self.table.customContextMenuRequested.connect(self._on_table_context_menu_requested)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.activated.connect(self._on_find_shortcut_activated)
        self.table.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The table's first paint: read the list right after it (not before the window shows)."""
        if watched is self.table and event.type() == QEvent.Type.Paint and not self._loaded_once:
            self.table.removeEventFilter(self)
            self._loaded_once = True
            QTimer.singleShot(0, self, self._first_load)
        return False

    # --- what the window and the tests ask ----------------------------------------------------

    @property
    def index(self) -> ObjectIndex:
        return self._index

    def settings_changed(self) -> None:
        """Settings changed (the interval, perhaps the office database): follow them."""
        self.refresher.follow_settings()
        if self.changes is not None:
            self.changes.watch()
            self.reload()

    def reload(self) -> TaskHandle:
        """Read the list again in the background (the table keeps what it shows till then)."""
        archived = self.actions_.show_archived
        return self.desk.run(
            load_index,
            archived,
            self.service.today(),
            name="tracking list",
            key=LOAD_KEY,
            owner=self,
            on_result=self._on_load_task_result,
            failure=Failure(self.tr("The tracked objects could not be read: %1"), LOAD_KEY),
        )

    def refresh(self, codes: list[str] | None = None) -> TaskHandle | None:
        """F5: the selected objects, else every object not finished; ``codes`` when given.
        With nothing to ask it says so (a key that seems to do nothing looks broken)."""
        if codes is None:
            codes = self.selected_codes() or [o.code for o in self._index.objects if not o.final]
        if not codes:
            if self._index:
                said = self.tr(
                    "Nothing to ask the operator: every object listed is finished "
                    "(delivered, returned or lost)."
                )
            else:
                said = self.tr("Nothing to ask the operator: no objects are listed.")
            self.desk.messages.show_message(said, MessageKind.INFO, key=REFRESH_KEY)
            return None
        return self.refresher.start(codes)

    def selected_codes(self) -> list[str]:
        rows = sorted(index.row() for index in self.table.selectionModel().selectedRows())
        return [self.model.watched(row).code for row in rows]

    def selected_objects(self) -> list[WatchedObject]:
        rows = sorted(index.row() for index in self.table.selectionModel().selectedRows())
        return [self.model.watched(row) for row in rows]

    def context_menu(self) -> QMenu:
        """What a right click on the list offers: the selection's actions."""
        menu = QMenu(self.table)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.addAction(self.refresh_action)
        menu.addAction(self.proofs.action)
        menu.addAction(self.actions_.return_action)
        menu.addSeparator()
        actions = self.actions_
        for action in (
            actions.tag_action,
            actions.archive_action,
            actions.unarchive_action,
            actions.remove_action,
        ):
            if action.isVisible():
                menu.addAction(action)
        return menu

    def apply_filters(self) -> None:
        """Filter the loaded list with the filter bar and the counter picked (per keystroke)."""
        self.model.set_rows(self._index.select(self.criteria()))
        self._reselect()
        self._update_summary()
        self.rowsChanged.emit(self.model.rowCount())

    def criteria(self) -> Criteria:
        return self.filters.criteria(self.counters.checked)

    def select_code(self, code: str) -> bool:
        row = self.model.row_of_code(code)
        if row is None:
            return False
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))
        return True

    def _bring_forward(self) -> None:
        tabs = self.parentWidget()
        while tabs is not None and not isinstance(tabs, QTabWidget):
            tabs = tabs.parentWidget()
        if tabs is not None:
            tabs.setCurrentWidget(self)

    def show_codes(self, codes: list[str]) -> None:
        """A notification was clicked: this tab on top, filtered to its objects."""
        window = self.window()
        if window.isMinimized():
            window.showNormal()
        window.raise_()
        window.activateWindow()
        self._bring_forward()
        self.filter_to(codes)

    def filter_to(self, codes: list[str]) -> None:
        """Every filter off; one object's code in the search box (a notification about it)."""
        self.counters.set_checked(None)
        self.filters.reset()
        if len(codes) == 1:
            self.filters.search_edit.setText(codes[0])

    # --- state ---------------------------------------------------------------------------------

    def _show_index(self, index: ObjectIndex) -> None:
        self._index = index
        self.filters.set_tags(index.tag_names())
        self.model.set_index(index, index.select(self.criteria()))
        self.counters.show_counts(index)
        self._reselect()
        self.proofs.follow_selection()
        self._update_summary()
        self.objectsLoaded.emit(len(index))
        self.rowsChanged.emit(self.model.rowCount())

    def _show_listed(self, listed: Indexed) -> None:
        """A read of the list (a load's or a refresh's) on screen, its new alerts told and
        what this desk followed elsewhere meanwhile asked about."""
        newcomers = self._newcomers(listed)
        self._show_index(listed.index)
        if not listed.listed.archived:
            self._tell(listed.listed)
        if newcomers:
            self.refresher.ask_added(newcomers)

    def _showing_archived(self) -> bool:
        return self.actions_.show_archived

    def _reselect(self) -> None:
        if self._shown_code and self.select_code(self._shown_code):
            return
        if not self.table.selectionModel().selectedRows():
            self._show_object("")

    def _show_object(self, code: str) -> None:
        if code == self._shown_code:
            return
        self._shown_code = code
        self.detail.show_object(code or None)
        self.objectSelected.emit(code)

    def _update_summary(self) -> None:
        if not self._index and not self.actions_.show_archived:
            self.summary_label.setText(
                self.tr(
                    "No objects followed yet: add codes (Ctrl+N), import a spreadsheet, or pick"
                    ' "Track these objects" on an invoice\'s analytic statement.'
                )
            )
            return
        locale = app_locale()
        text = arg(
            self.tr("%1 of %2 objects shown"),
            locale.toString(self.model.rowCount()),
            locale.toString(len(self._index)),
        )
        if self.actions_.show_archived:
            text += " · " + self.tr("archived")
        self.summary_label.setText(text)

    def _first_load(self) -> None:
        self.changes = OfficeChanges(self.service, (topics.TRACKING,), self.runner, self)
        self.changes.changed.connect(self._on_changes_changed)
        self.changes.subscribed.connect(self._on_changes_changed)
        self.reload()

    # --- slots ---------------------------------------------------------------------------------

    def _newcomers(self, listed: Indexed) -> list[str]:
        """The codes of ``listed`` this desk followed elsewhere (an invoice's "Track these
        objects") since the list shown, never asked about; none on the first read, which
        asks every object due, nor in the archived list."""
        if not self._asked_on_opening or listed.listed.archived:
            return []
        shown = {watched.code for watched in self._index.objects}
        index = listed.index
        return [
            watched.code
            for watched in index.objects
            if watched.code not in shown
            and watched.checked_at is None
            and not watched.final
            and watched.added_by == index.desk
        ]

    @Slot(object)
    def _on_load_task_result(self, listed: Indexed) -> None:
        self._show_listed(listed)
        if not self._asked_on_opening:  # the list may be hours old: ask what is due now
            self._asked_on_opening = True
            if any(not watched.final for watched in listed.index.objects):
                self.refresher.start(None)

    def _tell(self, listed: Listed) -> None:
        """The new alerts of a read: in the tab and as a notification; ``notified`` after."""
        if listed.alerts_error:
            text = arg(self.tr("The alerts could not be read: %1"), listed.alerts_error)
            self.desk.messages.show_message(text, MessageKind.WARNING, key=ALERTS_KEY)
            return
        alerts = list(listed.alerts)
        if alerts:
            title, text = alert_message(alerts)
            # Said in the tab too: a desktop without a tray shows no notification, and the
            # clerk who opens the tab later reads it here.
            self.desk.messages.show_message(text, MessageKind.INFO, key=ALERTS_KEY)
            if self.service.settings.notify:
                self.notifier.notify(title, text, list(dict.fromkeys(alert.code for alert in alerts)))
        self.notified.emit(alerts)

    @Slot()
    def _on_changes_changed(self) -> None:
        if not self.refresher.running:  # a refresh saves per call: its tick reads the list at the end
            self.reload()

    @Slot(Tick)
    def _on_refresher_refreshed(self, tick: Tick) -> None:
        if tick.indexed.listed.archived == self.actions_.show_archived:  # else the other list shows
            self._ticked = True
            if self.changes is not None:  # the refresh's own writes: read with it
                self.changes.covered()
            self._show_listed(tick.indexed)

    @Slot(bool)
    def _on_refresher_finished(self, _cancelled: bool) -> None:
        if not self._ticked:  # cancelled or failed: what was saved before is read now
            self.reload()
        self._ticked = False

    @Slot()
    def _on_refresh_action_triggered(self) -> None:
        self.refresh()

    @Slot()
    def _on_actions_written(self) -> None:
        self.reload()

    @Slot()
    def _on_refresher_archived_requested(self) -> None:
        self.actions_.show_archived_objects()

    @Slot(Added)
    def _on_actions_added(self, added: Added) -> None:
        self.refresher.ask_added(list(added.codes))

    @Slot(bool)
    def _on_actions_archived_toggled(self, _archived: bool) -> None:
        self.reload()

    @Slot()
    def _on_filters_changed(self) -> None:
        self.apply_filters()

    @Slot()
    def _on_filters_bar_changed(self) -> None:
        if self.counters.checked is not None:
            self.counters.set_checked(None)

    @Slot()
    def _on_counters_picked(self) -> None:
        self.filters.reset()  # emits changed: the counter's objects are shown

    @Slot(QItemSelection, QItemSelection)
    def _on_table_selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.table.selectionModel().selectedRows()
        self.actions_.selection_changed([self.model.watched(index.row()) for index in rows])
        self._show_object(self.model.watched(rows[0].row()).code if rows else "")
        self.proofs.follow_selection()

    @Slot(QPoint)
    def _on_table_context_menu_requested(self, point: QPoint) -> None:
        self.context_menu().popup(self.table.viewport().mapToGlobal(point))

    @Slot(ProofReport)
    def _on_proofs_fetched(self, report: ProofReport) -> None:
        """The list's request stored proofs: the detail shows the one of its object."""
        if self.detail.proof_box.code() in report.proofs:
            self.detail.proof_box.reload()

    @Slot()
    def _on_find_shortcut_activated(self) -> None:
        self.filters.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filters.search_edit.selectAll()
