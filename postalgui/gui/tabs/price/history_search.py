"""`HistorySearch`: the history's search box, whose quotes (everyone's or mine), its
table (or the empty state) and count.

The search runs in the office database on a worker (``search_history``), debounced while
the clerk types; a newer search replaces an older one under one task key, so a slow
search never overwrites the answer to a later one. "Mine" filters on the login in the
same task (the login is read there, never on this thread). A damaged history file set
aside on opening is said once, with where it went.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLocale, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QStackedWidget, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.models.key_sorted import SortKeyProxy
from postalgui.gui.tabs.price.history_model import SHOWN_ORDER, START_WIDTHS, HistoryColumn, HistoryModel
from postalgui.gui.tabs.price.quote_table import quote_table
from postalgui.gui.tasks import Failure, TaskHandle, TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.price import use_cases as pricing
from postalgui.services.price.history import HistoryEntry
from postalgui.services.price.service import PriceService

__all__ = ["SEARCH_DELAY_MS", "SEARCH_LIMIT", "HistorySearch"]

SEARCH_DELAY_MS = 250
SEARCH_LIMIT = 500
"""Quotes a search shows, newest first: a page a clerk reads, read and shown within a
keystroke at 100,000 quotes (bench_history_view); more are found by searching."""
SET_ASIDE_KEY = "price.history.set-aside"


class HistorySearch(QObject):
    """Finds stored quotes for the panel it is a child of, and shows them.

    Signals: ``searched()`` when a search's entries are shown.
    """

    searched = Signal()

    TASK_KEY = "price.history"

    def __init__(
        self, price: PriceService, runner: TaskRunner, messages: MessageArea, panel: QWidget
    ) -> None:
        super().__init__(panel)
        self.price = price
        self.runner = runner
        self.messages = messages
        self._handle: TaskHandle | None = None
        self._searched_text = ""
        self._told_set_aside: Path | None = None
        self.search_edit = QLineEdit(panel)
        self.search_edit.setPlaceholderText(self.tr("Product, CEP, country, request number or error"))
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(self._on_search_edit_text_changed)
        self.search_label = QLabel(self.tr("S&earch:"), panel)
        self.search_label.setBuddy(self.search_edit)
        self.whose_combo = QComboBox(panel)
        self.whose_combo.setObjectName("historyWhoseCombo")
        self.whose_combo.addItem(self.tr("Everyone"), False)
        self.whose_combo.addItem(self.tr("Mine"), True)
        self.whose_combo.setToolTip(self.tr("Show everyone's quotes, or only the ones you made"))
        self.whose_combo.setAccessibleName(self.tr("Whose quotes"))
        self.whose_combo.currentIndexChanged.connect(self._on_whose_combo_current_index_changed)
        self.count_label = QLabel(panel)
        self._build_table(panel)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._show_empty_state()

    def _build_table(self, panel: QWidget) -> None:
        """The history, newest first, with fixed starting widths, or the empty state."""
        self.model = HistoryModel(self)
        self.proxy = SortKeyProxy(self)
        self.proxy.setSourceModel(self.model)
        newest_first = (HistoryColumn.DATE, Qt.SortOrder.DescendingOrder)
        self.table = quote_table(
            panel, self.proxy, "historyTable", self.tr("Quote history"), newest_first, START_WIDTHS
        )
        # What a quote cost or why it failed, in sight at 1366x768; where it ran, last.
        header = self.table.horizontalHeader()
        for visual, logical in enumerate(SHOWN_ORDER):
            header.moveSection(header.visualIndex(logical), visual)
        self.empty_label = QLabel(panel)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stack = QStackedWidget(panel)
        self.stack.addWidget(self.table)
        self.stack.addWidget(self.empty_label)

    @property
    def mine(self) -> bool:
        """Whether only the quotes the login made are shown."""
        return bool(self.whose_combo.currentData())

    @property
    def running(self) -> bool:
        """Whether a search is under way."""
        return self._handle is not None

    def refresh(self) -> TaskHandle:
        """Search again with the current text (after a quote, a batch or a delete)."""
        self._timer.stop()
        text = self.search_edit.text().strip()
        self._handle = self.runner.run(
            pricing.search_history,
            self.price,
            text,
            SEARCH_LIMIT,
            self.mine,
            name="search quote history",
            key=self.TASK_KEY,
            on_result=self._on_search_task_result,
            failure=Failure(self.tr("Could not read the quote history: %1")),
            on_finished=self._on_search_task_finished,
        )
        self._searched_text = text
        return self._handle

    def entry_at(self, proxy_row: int) -> HistoryEntry:
        return self.model.entry(self.proxy.mapToSource(self.proxy.index(proxy_row, 0)).row())

    def entries(self) -> list[HistoryEntry]:
        """The entries shown, in the table's order."""
        return [self.entry_at(row) for row in range(self.proxy.rowCount())]

    def selected_entries(self) -> list[HistoryEntry]:
        """The selected entries, in the table's order."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.entry_at(row) for row in rows]

    def _show_empty_state(self) -> None:
        if self.model.rowCount() > 0:
            self.stack.setCurrentWidget(self.table)
            return
        if self._searched_text:
            self.empty_label.setText(arg(self.tr("No quotes match “%1”."), self._searched_text))
        elif self.mine:
            self.empty_label.setText(self.tr("No quotes of yours yet. Choose Everyone to see the office's."))
        else:
            self.empty_label.setText(self.tr("No quotes yet. Every quote you make is kept here."))
        self.stack.setCurrentWidget(self.empty_label)

    def _tell_set_aside(self) -> None:
        """Say, once per file, that a damaged history file was set aside and where it is now."""
        aside = self.price.history().set_aside_path
        if aside is None or aside == self._told_set_aside:
            return
        self._told_set_aside = aside
        text = self.tr(
            "The quote history file was damaged and has been set aside as %1; the history starts again empty."
        )
        self.messages.show_message(arg(text, str(aside)), MessageKind.WARNING, key=SET_ASIDE_KEY)

    # --- slots ---------------------------------------------------------------------------------

    @Slot(list)
    def _on_search_task_result(self, found: list[HistoryEntry]) -> None:
        self.model.set_entries(found)
        self.messages.clear(self.TASK_KEY)
        self._tell_set_aside()
        if len(found) >= SEARCH_LIMIT:
            self.count_label.setText(
                arg(self.tr("The newest %1 quotes; search to narrow down."), QLocale().toString(len(found)))
            )
        else:
            self.count_label.setText(self.tr("%Ln quote(s)", "", len(found)))
        self._show_empty_state()
        self.searched.emit()

    @Slot(bool)
    def _on_search_task_finished(self, _cancelled: bool) -> None:
        self._handle = None

    @Slot(str)
    def _on_search_edit_text_changed(self, _text: str) -> None:
        self._timer.start()

    @Slot(int)
    def _on_whose_combo_current_index_changed(self, _index: int) -> None:
        self.refresh()

    @Slot()
    def _on_timer_timeout(self) -> None:
        self.refresh()
