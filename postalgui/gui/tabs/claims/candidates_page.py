"""`CandidatesPage`: what can be claimed, how much it is likely worth, and filing it.

The source is the watchlist (read after the first paint, and again when another desk's
change touches topic ``tracked_object`` or ``claim``: `OfficeChanges`) or an analytic
statement ("From a statement…": `StatementDialog`, then `invoice_candidates` with
progress and Cancel, the statement downloaded first if needed). The table
(`CandidateModel`) is sorted soonest deadline first and searched per keystroke (code, tag,
invoice); expired candidates are listed on request and never fileable. "File claim(s)…"
(Ctrl+Enter, the context menu) opens the `FileDialog`, then runs `file_claims` with
progress and Cancel and shows each object's result (`FilingResults`); a filed row says so
and cannot be filed again. The proofs of delivery stored for the delivered candidates are
read after each list (`StoredProofs`): the dialog shows one when a claim says the parcel
did not arrive.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QPoint, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.claims.candidate_counts import CandidateCounts
from postalgui.gui.tabs.claims.candidate_model import (
    CandidateColumn,
    CandidateModel,
    CandidateProxy,
    CandidateRow,
)
from postalgui.gui.tabs.claims.candidate_statement import StatementDialog
from postalgui.gui.tabs.claims.file_dialog import FileDialog
from postalgui.gui.tabs.claims.filing_results import FilingResults, line_of, summary_of
from postalgui.gui.tabs.claims.proof_warning import StoredProofs
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.live_reading import LiveReading
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.search_line import search_line
from postalgui.gui.widgets.tables import read_only_table
from postalgui.gui.widgets.task_progress import task_progress
from postalgui.services.claims.candidates import CandidateList
from postalgui.services.claims.filing import Result
from postalgui.services.claims.use_cases import FilingReport, candidates, file_claims, invoice_candidates
from postalgui.services.office import topics
from postalgui.services.ports import NewObject

if TYPE_CHECKING:
    from collections.abc import Callable

    from postalgui.api.cancel import Progress
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.claims.candidates import Candidate
    from postalgui.services.claims.service import ClaimsService

__all__ = ["FILE_KEY", "LOAD_KEY", "CandidatesPage"]

LOAD_KEY = "claims.candidates"
FILE_KEY = "claims.file"
KEEP_KEY = "claims.keep"
WATCHLIST, STATEMENT = 0, 1
COLUMN_WIDTHS = {
    CandidateColumn.CODE: 115,
    CandidateColumn.KIND: 150,
    CandidateColumn.EXPECTED: 85,
    CandidateColumn.DELIVERED: 85,
    CandidateColumn.POSTAGE: 130,
    CandidateColumn.INVOICE: 110,
    CandidateColumn.CLAIM: 200,
}
"""What the values need (the code and the kind whole); up to the days left fits 1100 px."""
_FILED = frozenset({Result.FILED, Result.ALREADY, Result.BLOCKED})


class CandidatesPage(QWidget):
    """The source, the counts, the search and the candidate table; filing the selection.

    Signals: ``candidatesLoaded(int)`` with the number of candidates read (each read);
    ``claimsFiled(FilingReport)`` with the `FilingReport` of a filing; ``trackRequested(list)``
    with the `list[NewObject]` of a statement's objects Tracking does not follow;
    ``settingsRequested()`` when the filing dialog's "Open Settings" was clicked.
    """

    candidatesLoaded = Signal(int)
    claimsFiled = Signal(FilingReport)
    trackRequested = Signal(list)
    settingsRequested = Signal()

    def __init__(
        self,
        desk: Desk[ClaimsService],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("claimsCandidatesPage")
        self.setWindowTitle(self.tr("Candidates"))
        self.desk = desk
        self.found: CandidateList | None = None
        self.statement: tuple[str, str] | None = None
        """The statement listed, ``(number, document type)``; ``None``: the watchlist."""
        self.results: dict[str, str] = {}
        """This desk's filing results by code: the row shows them."""
        self.filed: dict[str, Candidate] = {}
        """Filed from this desk since the source was chosen: the rows stay, saying so, not
        fileable (the list read after leaves filed objects out and counts them)."""
        self._sent: dict[str, Candidate] = {}
        """The candidates of the filing under way, as the clerk chose them."""
        self._watchlist_after = False
        self._handles: dict[str, TaskHandle] = {}
        self.proofs = StoredProofs(desk, self)
        self.open_dialog: Callable[[QDialog], bool] = lambda dialog: bool(dialog.exec())
        self._build()
        self._connect()

    def _build(self) -> None:
        self.source_combo = QComboBox(self)
        self.source_combo.setObjectName("claimsSourceCombo")
        self.source_combo.addItem(self.tr("Watchlist"))
        self.source_combo.addItem(self.tr("From a statement…"))
        source_label = QLabel(self.tr("Sou&rce:"), self)
        source_label.setBuddy(self.source_combo)
        self.search_edit = search_line(
            self, "claimsSearchEdit", self.tr("Search: code, tag, invoice…"), self.tr("Search the candidates")
        )
        self.expired_check = QCheckBox(self.tr("Show e&xpired"), self)
        self.expired_check.setObjectName("claimsExpiredCheck")
        self.expired_check.setToolTip(self.tr("List the candidates past the 90 days too (never fileable)"))
        self.file_action = QAction(self.tr("File claim(s)…"), self)
        self.file_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.file_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(self.file_action)
        self.file_button = QPushButton(self.tr("Fil&e claim(s)…"), self)
        self.file_button.setObjectName("claimsFileButton")
        self.file_button.setToolTip(self.tr("File a claim for each selected candidate (Ctrl+Enter)"))
        self.counts = CandidateCounts(self)
        self.model = CandidateModel(self)
        self.proxy = CandidateProxy(self.model, self)
        self.table = read_only_table(
            self,
            self.proxy,
            "claimsCandidatesTable",
            self.tr("Claim candidates"),
            QHeaderView.ResizeMode.Interactive,
        )
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(CandidateColumn.DAYS_LEFT, Qt.SortOrder.AscendingOrder)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header = self.table.horizontalHeader()
        for column in range(CandidateColumn.COUNT):  # never narrower than its title and sort arrow
            header.resizeSection(
                column, max(COLUMN_WIDTHS.get(column, 90), header.sectionSizeHint(column) + 16)
            )
        self.results_view = FilingResults(self)
        busy = QWidget(self)
        self.progress_bar, self.cancel_button = task_progress(
            busy, "claims", self.tr("Cancel"), self.tr("Stop; what was saved so far stays"), self.cancel
        )
        bar = QHBoxLayout()
        bar.addWidget(source_label)
        bar.addWidget(self.source_combo)
        bar.addWidget(self.search_edit, 1)
        bar.addWidget(self.expired_check)
        bar.addWidget(self.file_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.counts)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.results_view)
        layout.addWidget(busy)
        self._update_file_action()

    def _connect(self) -> None:
        self.source_combo.activated.connect(self._on_source_combo_activated)
        self.search_edit.textChanged.connect(self._on_search_edit_text_changed)
        self.expired_check.toggled.connect(self._on_expired_check_toggled)
        self.file_action.triggered.connect(self._on_file_action_triggered)
        self.file_button.clicked.connect(self._on_file_action_triggered)
        self.counts.follow_button.clicked.connect(self._on_follow_button_clicked)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.customContextMenuRequested.connect(self._on_table_context_menu_requested)
        self.reading = LiveReading(
            self.table,
            self.desk.service,
            (topics.TRACKING, topics.CLAIMS),
            self.desk.runner,
            self.reload,
            lambda: self.statement is None,  # a statement's list is read on request
        )

    # --- reading ---------------------------------------------------------------------------------

    def settings_changed(self) -> None:
        """Settings changed (the compensation table, perhaps the office database)."""
        self.reading.watch_again()

    def reload(self) -> TaskHandle:
        """Read the candidates of the current source in the background."""
        failure = Failure(self.tr("The claim candidates could not be read: %1"), LOAD_KEY)
        if self.statement is None:
            handle = self.desk.run(
                candidates,
                name="claim candidates",
                key=LOAD_KEY,
                owner=self,
                on_result=self._on_load_task_result,
                on_finished=self._on_load_task_finished,
                failure=failure,
            )
            return self._start(LOAD_KEY, handle)
        number, kind = self.statement
        handle = self.desk.run(
            invoice_candidates,
            number,
            kind,
            name="claim candidates of a statement",
            key=LOAD_KEY,
            owner=self,
            on_result=self._on_load_task_result,
            on_error=self._on_statement_task_error,
            on_progress=self._on_task_progress,
            on_finished=self._on_load_task_finished,
        )
        self._show_progress(arg(self.tr("Reading the statement %1 %2…"), kind, number))
        return self._start(LOAD_KEY, handle)

    def from_statement(self, number: str, document_type: str) -> TaskHandle:
        """List a statement's candidates (checked values: `StatementDialog`)."""
        self.statement = (number, document_type)
        self.filed.clear()
        self.source_combo.setItemText(STATEMENT, arg(self.tr("Statement %1 %2…"), document_type, number))
        self.source_combo.setCurrentIndex(STATEMENT)
        return self.reload()

    def from_watchlist(self) -> TaskHandle:
        self.statement = None
        self.filed.clear()
        self.source_combo.setItemText(STATEMENT, self.tr("From a statement…"))
        self.source_combo.setCurrentIndex(WATCHLIST)
        return self.reload()

    def ask_statement(self) -> TaskHandle | None:
        """ "From a statement…": the dialog, then its candidates; the source stays as it was
        when the dialog is cancelled."""
        dialog = StatementDialog(self)
        try:
            if not self.open_dialog(dialog) or not dialog.number:
                self.source_combo.setCurrentIndex(WATCHLIST if self.statement is None else STATEMENT)
                return None
            return self.from_statement(dialog.number, dialog.document_type)
        finally:
            dialog.deleteLater()

    def _show_found(self, found: CandidateList) -> None:
        self.found = found
        today = self.desk.service.today()
        rows = [self._row(candidate, today, expired=False) for candidate in found.candidates]
        listed = {candidate.code for candidate in found.candidates}
        rows += [self._row(c, today, expired=False) for code, c in self.filed.items() if code not in listed]
        rows += [self._row(candidate, today, expired=True) for candidate in found.expired]
        chosen = [row.candidate.code for row in self.selected_rows()]
        scrolled = self.table.verticalScrollBar().value()
        self.model.set_candidates(rows)
        if chosen:  # a list read again keeps what the clerk selected, by object code
            self.select_codes(chosen)
        self.table.verticalScrollBar().setValue(scrolled)
        self.counts.show_counts(found)
        self._update_file_action()
        self.proofs.read(
            [candidate.code for candidate in found.candidates if candidate.arrived_on is not None]
        )
        self.candidatesLoaded.emit(len(found.candidates))

    def _row(self, candidate: Candidate, today: date, *, expired: bool) -> CandidateRow:
        code = candidate.code
        return CandidateRow(
            candidate,
            candidate.days_left(today),
            expired=expired,
            filed=code in self.filed,
            result=self.results.get(code, ""),
        )

    # --- filing ----------------------------------------------------------------------------------

    def selected_rows(self) -> list[CandidateRow]:
        rows = sorted(index.row() for index in self.table.selectionModel().selectedRows())
        return [self.proxy.row(row) for row in rows]

    def select_codes(self, codes: list[str]) -> None:
        """Select the rows of ``codes`` (shown ones), as a user's clicks would."""
        self.table.clearSelection()
        for row in range(self.proxy.rowCount()):
            if self.proxy.row(row).candidate.code in codes:
                self.table.selectionModel().select(
                    self.proxy.index(row, 0),
                    self.table.selectionModel().SelectionFlag.Select
                    | self.table.selectionModel().SelectionFlag.Rows,
                )

    def file_selected(self) -> TaskHandle | None:
        """ "File claim(s)…": the dialog on the selection, then the filing."""
        rows = self.selected_rows()
        if not rows or not all(row.fileable for row in rows) or FILE_KEY in self._handles:
            return None
        known = self.found.names if self.found is not None else {}
        chosen = [row.candidate for row in rows]
        dialog = FileDialog(chosen, self.desk.service.settings, self, known, self.proofs)
        dialog.settingsRequested.connect(self.settingsRequested)
        try:
            if not self.open_dialog(dialog):
                return None
            order = dialog.order()
            if dialog.form.keeps_reply_address:
                self._keep_reply_address(order.email, order.phone)
        finally:
            dialog.deleteLater()
        self._sent = {row.candidate.code: row.candidate for row in rows}
        handle = self.desk.run(
            file_claims,
            order,
            name="file claims",
            key=FILE_KEY,
            owner=self,
            on_result=self._on_file_task_result,
            on_progress=self._on_file_task_progress,
            on_finished=self._on_file_task_finished,
            failure=Failure(self.tr("The claims could not be filed: %1"), FILE_KEY),
        )
        self._show_progress(self.tr("Filing the claims…"))
        self._update_file_action()
        return self._start(FILE_KEY, handle)

    def _keep_reply_address(self, email: str, phone: str) -> None:
        """The filing dialog's "Keep as the default": Settings' e-mail and phone for claims."""
        try:
            self.desk.service.keep_reply_address(email, phone)
        except (OSError, ValueError) as error:
            text = arg(
                self.tr("The reply e-mail and phone could not be kept in Settings: %1"), describe_error(error)
            )
            self.desk.messages.show_message(text, MessageKind.WARNING, key=KEEP_KEY)

    def _update_file_action(self) -> None:
        rows = self.selected_rows()
        fileable = bool(rows) and all(row.fileable for row in rows) and FILE_KEY not in self._handles
        self.file_action.setEnabled(fileable)
        self.file_button.setEnabled(fileable)
        if rows and not all(row.fileable for row in rows):
            tip = self.tr(
                "Filed or expired candidates cannot be filed (again): leave them out of the selection"
            )
        else:
            tip = self.tr("File a claim for each selected candidate (Ctrl+Enter)")
        self.file_button.setToolTip(tip)

    # --- progress --------------------------------------------------------------------------------

    def _start(self, key: str, handle: TaskHandle) -> TaskHandle:
        self._handles[key] = handle
        return handle

    @Slot()
    def cancel(self) -> None:
        for handle in list(self._handles.values()):
            handle.cancel()

    def _show_progress(self, text: str, done: int = 0, total: int = 0) -> None:
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(done)
        self.progress_bar.setFormat(text)
        self.progress_bar.show()
        self.cancel_button.show()

    def _end(self, key: str) -> None:
        self._handles.pop(key, None)
        if not self._handles:
            self.progress_bar.hide()
            self.cancel_button.hide()
        self._update_file_action()

    # --- slots -----------------------------------------------------------------------------------

    @Slot(object)
    def _on_load_task_result(self, found: CandidateList) -> None:
        self._show_found(found)

    @Slot(object)
    def _on_statement_task_error(self, error: BaseException) -> None:
        """A bad number or type (checked before anything is sent), or the download failed:
        said with the field and its rule, and the watchlist listed again."""
        self.desk.messages.show_message(
            arg(self.tr("The statement's candidates could not be read: %1"), describe_error(error)),
            MessageKind.ERROR,
            key=LOAD_KEY,
        )
        self.statement = None
        self.source_combo.setItemText(STATEMENT, self.tr("From a statement…"))
        self.source_combo.setCurrentIndex(WATCHLIST)
        self._watchlist_after = True

    @Slot(bool)
    def _on_load_task_finished(self, _cancelled: bool) -> None:
        self._end(LOAD_KEY)
        if self._watchlist_after:
            self._watchlist_after = False
            self.reload()

    @Slot(object)
    def _on_task_progress(self, progress: Progress) -> None:
        text = progress.text or self.progress_bar.format()
        self._show_progress(text, progress.done, progress.total or 0)

    @Slot(object)
    def _on_file_task_progress(self, progress: Progress) -> None:
        total = progress.total or 0
        locale = app_locale()
        done, shown = locale.toString(progress.done), locale.toString(total)
        text = arg(self.tr("Filing the claims: %1 of %2"), done, shown)
        self._show_progress(text, progress.done, total)

    @Slot(object)
    def _on_file_task_result(self, report: FilingReport) -> None:
        for result in report.results:  # by what was sent: a reload meanwhile may have dropped it
            self.results[result.code] = line_of(result).partition(": ")[2]
            if result.result in _FILED and result.code in self._sent:
                self.filed[result.code] = self._sent[result.code]
        self.results_view.show_report(report)
        kind = MessageKind.INFO if report.count(Result.FILED) == len(report.results) else MessageKind.WARNING
        self.desk.messages.show_message(summary_of(report), kind, key=FILE_KEY)
        if self.found is not None:
            self._show_found(self.found)
        self.claimsFiled.emit(report)

    @Slot(bool)
    def _on_file_task_finished(self, _cancelled: bool) -> None:
        self._end(FILE_KEY)
        self.reload()

    @Slot(int)
    def _on_source_combo_activated(self, index: int) -> None:
        if index == STATEMENT:
            self.ask_statement()
        elif self.statement is not None:
            self.from_watchlist()

    @Slot(str)
    def _on_search_edit_text_changed(self, text: str) -> None:
        self.proxy.set_text(text)

    @Slot(bool)
    def _on_expired_check_toggled(self, shown: bool) -> None:
        self.proxy.set_status("all" if shown else "open")

    @Slot()
    def _on_file_action_triggered(self) -> None:
        self.file_selected()

    @Slot()
    def _on_follow_button_clicked(self) -> None:
        if self.found is None or not self.found.untracked:
            return
        invoice = f"{self.statement[1]} {self.statement[0]}" if self.statement is not None else None
        self.trackRequested.emit([NewObject(code, invoice=invoice) for code in self.found.untracked])

    @Slot(QItemSelection, QItemSelection)
    def _on_table_selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._update_file_action()

    @Slot(QPoint)
    def _on_table_context_menu_requested(self, point: QPoint) -> None:
        menu = QMenu(self.table)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.addAction(self.file_action)
        menu.popup(self.table.viewport().mapToGlobal(point))
