"""The jobs panel: analytic statements and previews, from the request to the file.

A job is requested, then followed in the background (``follow_job`` polls the
operator and downloads the file when it is ready); every state change shows here.
Jobs live in the office database (`postalgui.services.invoices.jobs`), so the panel
starts by reading them (``refresh_expiry``, which marks the files the operator no
longer keeps as expired) and follows again every job still pending: that is how a
request made before the app was closed is resumed.

The panel composes and runs the load; its parts each do one thing: following and
resuming (`job_tracking`), asking again and removing (`job_changes`), opening a file
that may be on another desk (`job_opening`), the four actions (`job_actions`), what
other desks change (`jobs_live`); the model and the jobs' texts are in `jobs_model`.
The panel and its parts own every task they start: destroying the panel cancels them,
and a cancelled ``follow_job`` leaves its job pending, for the next start.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.tabs.invoices.job_actions import JobActions
from postalgui.gui.tabs.invoices.job_changes import JobRemoval, JobRenewal, Renewal
from postalgui.gui.tabs.invoices.job_opening import JobOpening
from postalgui.gui.tabs.invoices.job_tracking import JobTracker
from postalgui.gui.tabs.invoices.jobs_live import JobsLive
from postalgui.gui.tabs.invoices.jobs_model import JobsModel
from postalgui.gui.widgets.failure import Failure
from postalgui.gui.widgets.tables import record_table
from postalgui.services.invoices.following import POLL_INTERVAL_S, refresh_expiry
from postalgui.services.invoices.jobs import Job, JobState

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["JobsPanel"]


class JobsPanel(QWidget):
    """The jobs of the current environment with Open, Request again, Resume and Remove.

    Signals: ``jobsLoaded(int)`` with the number of pending jobs resumed, once the
    stored jobs are shown; ``jobUpdated(Job)`` with a `Job` whenever its state
    changes; ``jobFinished(Job)`` with a `Job` that reached READY, FAILED or
    EXPIRED while followed; ``openRequested(Job)`` with a READY `Job` the user
    wants to see (the tab opens it).
    """

    jobsLoaded = Signal(int)
    jobUpdated = Signal(Job)
    jobFinished = Signal(Job)
    openRequested = Signal(Job)

    def __init__(self, desk: Desk[InvoiceService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("invoiceJobsPanel")
        self.desk = desk
        self._loaded = False
        self._load_handle: TaskHandle | None = None
        self._told_set_aside: Path | None = None
        self.model = JobsModel(self)
        self.table = record_table(self, self.model, "jobsTable", self.tr("Jobs"))
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.tracker = JobTracker(desk, POLL_INTERVAL_S, self.model, self.table)
        self.renewal = JobRenewal(desk, self)
        self.removal = JobRemoval(desk, self)
        self.opening = JobOpening(desk, self)
        self.job_actions = JobActions(self.table, self)
        self.open_action, self.again_action = self.job_actions.open_action, self.job_actions.again_action
        self.resume_action, self.remove_action = (
            self.job_actions.resume_action,
            self.job_actions.remove_action,
        )
        self.open_button, self.again_button = self.job_actions.open_button, self.job_actions.again_button
        self.resume_button, self.remove_button = (
            self.job_actions.resume_button,
            self.job_actions.remove_button,
        )
        self.status_label = QLabel(self)
        self.status_label.setObjectName("jobsStatus")
        self.status_label.setWordWrap(True)  # a long status wraps; it never widens the window
        self.set_aside_label = _notice_label(self, "jobsSetAside")
        self.live = JobsLive(
            desk, self.model, self.tracker, self, loaded=lambda: self._loaded, merged=self._on_live_merged
        )
        self._connect()
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("<b>Jobs</b>"), self))
        top.addWidget(self.status_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.set_aside_label)
        layout.addWidget(self.table, 1)
        layout.addLayout(self.job_actions.buttons)
        self._update_actions()

    def _connect(self) -> None:
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.activated.connect(self._on_table_activated)
        self.model.modelReset.connect(self._on_model_layout_changed)
        self.model.rowsInserted.connect(self._on_model_rows_changed)
        self.model.rowsRemoved.connect(self._on_model_rows_changed)
        self.model.dataChanged.connect(self._on_model_data_changed)
        self.tracker.jobUpdated.connect(self.jobUpdated)
        self.tracker.jobFinished.connect(self.jobFinished)
        self.tracker.reported.connect(self._on_tracker_reported)
        self.tracker.changed.connect(self._on_tracker_changed)
        self.tracker.openRequested.connect(self._on_tracker_open_requested)
        self.renewal.renewed.connect(self._on_renewal_renewed)
        self.opening.opened.connect(self.openRequested)
        self.open_action.triggered.connect(self._on_open_action_triggered)
        self.again_action.triggered.connect(self._on_again_action_triggered)
        self.resume_action.triggered.connect(self._on_resume_action_triggered)
        self.remove_action.triggered.connect(self._on_remove_action_triggered)

    # --- public ----------------------------------------------------------------------

    @property
    def loaded(self) -> bool:
        return self._loaded

    def start(self) -> TaskHandle:
        """Show the stored jobs (expired ones marked) and resume the pending ones."""
        self.status_label.setText(self.tr("Loading…"))
        self._load_handle = self.desk.run(
            refresh_expiry,
            name="invoice jobs",
            key="invoices.jobs.load",
            on_result=self._on_load_task_result,
            on_error=self._on_load_task_error,
        )
        return self._load_handle

    def add_job(self, job: Job) -> None:
        """A job just requested: show it on top and follow it."""
        self.live.changed_here(job.id)
        self.model.put(job)
        self.table.selectRow(self.model.row_of(job.id) or 0)
        if job.pending:
            self.follow(job)
        self._update_status()

    @property
    def poll_interval_s(self) -> float:
        """How often a followed job is asked about (tests make it short)."""
        return self.tracker.following.poll_interval_s

    @poll_interval_s.setter
    def poll_interval_s(self, seconds: float) -> None:
        self.tracker.following.poll_interval_s = seconds

    def follow(self, job: Job) -> None:
        """Poll a pending job in the background until it settles (no-op when followed)."""
        self.tracker.follow(job)

    def is_following(self, job_id: int) -> bool:
        return self.tracker.is_following(job_id)

    def follow_handle(self, job_id: int) -> TaskHandle[Job] | None:
        """The task following a job now, if any."""
        return self.tracker.handle(job_id)

    def stop_following(self) -> None:
        """Cancel every follow task; the jobs stay pending for the next start."""
        self.tracker.stop_all()

    @Slot()
    def resume_paused(self) -> None:
        """Follow every pending job that is not followed now."""
        self.tracker.resume_paused()

    def busy_rows(self) -> list[int]:
        """Rows showing a busy bar (for tests and accessibility checks)."""
        return self.tracker.busy_rows()

    def job(self, job_id: int) -> Job | None:
        return self.model.find(job_id)

    def selected_job(self) -> Job | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.job(rows[0].row()) if rows else None

    def select_job(self, job_id: int) -> None:
        row = self.model.row_of(job_id)
        if row is not None:
            self.table.selectRow(row)

    def open_job(self, job: Job) -> bool:
        """Ask the tab to show a READY job's file (fetched again when it is not on this desk,
        see `job_opening`); False for a job that is not READY."""
        if job.state is not JobState.READY:
            return False
        self.opening.open(job)
        return True

    def request_again(self, job: Job) -> TaskHandle | None:
        """Ask the operator again for a failed or expired job; the old one is removed once it is accepted."""
        return self.renewal.request_again(job)

    def remove_job(self, job: Job) -> TaskHandle:
        """Forget a job (and its cached file); a pending one stops being followed."""
        self.tracker.stop(job.id)
        self.live.changed_here(job.id)
        self.model.remove(job.id)
        self._update_status()
        self._update_actions()
        return self.removal.remove(job)

    # --- loading -----------------------------------------------------------------------

    def _tell_set_aside(self) -> None:
        """Say, once per file, that a damaged jobs file was set aside and where it is now."""
        aside = self.desk.service.jobs().set_aside_path
        if aside is None or aside == self._told_set_aside:
            return
        self._told_set_aside = aside
        text = arg(
            self.tr(
                "The jobs file was damaged and has been set aside as %1. The requests it held are not "
                "listed: request them again if you still need them."
            ),
            str(aside),
        )
        self.set_aside_label.setText(text)  # in the panel, once: not repeated in the tab's message area
        self.set_aside_label.show()

    @Slot(object)
    def _on_load_task_result(self, stored: list[Job]) -> None:
        self._tell_set_aside()
        # Jobs added meanwhile (a request made while loading) are in the store too.
        self.model.set_jobs(stored)
        pending = [job for job in sorted(stored, key=lambda job: job.requested_at) if job.pending]
        for job in pending:
            self.follow(job)
        self._loaded = True
        self._update_status()
        self.tracker.sync_busy_bars()
        self._update_actions()
        self.jobsLoaded.emit(len(pending))

    @Slot(object)
    def _on_load_task_error(self, error: BaseException) -> None:
        """Not only the message: the status line says the list is not the store's."""
        self._tell_set_aside()
        self.status_label.setText(self.tr("The stored jobs could not be read."))
        wording = Failure(self.tr("The stored jobs could not be read: %1"), "invoices.jobs.load")
        self.desk.messages.show_routine_error(error, wording)

    # --- view --------------------------------------------------------------------------

    def _update_status(self) -> None:
        if not self._loaded and not self.model.rowCount():
            return
        pending = sum(1 for job in self.model.jobs() if job.pending)
        if not self.model.rowCount():
            self.status_label.setText(self.tr("No jobs yet."))
        elif pending:
            self.status_label.setText(self.tr("%n job(s) in progress", "", pending))
        else:
            self.status_label.setText(self.tr("%n job(s)", "", self.model.rowCount()))

    def _update_actions(self) -> None:
        job = self.selected_job()
        self.job_actions.update_for(job, job is not None and self.tracker.is_following(job.id))

    def _refresh_view(self) -> None:
        self.tracker.sync_busy_bars()
        self._update_actions()

    # --- slots -------------------------------------------------------------------------

    @Slot()
    def _on_tracker_reported(self) -> None:
        self._tell_set_aside()

    def _on_live_merged(self) -> None:
        self._update_status()
        self._refresh_view()

    @Slot()
    def _on_tracker_changed(self) -> None:
        self._update_status()
        self._update_actions()

    @Slot(Job)
    def _on_tracker_open_requested(self, job: Job) -> None:
        self.open_job(job)

    @Slot(Renewal)
    def _on_renewal_renewed(self, renewal: Renewal) -> None:
        old = None if renewal.replaces is None else self.model.find(renewal.replaces)
        if old is not None:
            self.remove_job(old)
        self.add_job(renewal.job)

    @Slot()
    def _on_model_layout_changed(self) -> None:
        self._refresh_view()

    @Slot(QModelIndex, int, int)
    def _on_model_rows_changed(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        self._refresh_view()

    @Slot(QModelIndex, QModelIndex, list)
    def _on_model_data_changed(self, _top: QModelIndex, _bottom: QModelIndex, _roles: list[int]) -> None:
        self._refresh_view()

    @Slot(QItemSelection, QItemSelection)
    def _on_table_selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._update_actions()

    @Slot(QModelIndex)
    def _on_table_activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.open_job(self.model.job(index.row()))

    @Slot()
    def _on_open_action_triggered(self) -> None:
        job = self.selected_job()
        if job is not None:
            self.open_job(job)

    @Slot()
    def _on_again_action_triggered(self) -> None:
        job = self.selected_job()
        if job is not None:
            self.request_again(job)

    @Slot()
    def _on_resume_action_triggered(self) -> None:
        job = self.selected_job()
        if job is not None:
            self.tracker.resume(job)

    @Slot()
    def _on_remove_action_triggered(self) -> None:
        job = self.selected_job()
        if job is not None:
            self.remove_job(job)


def _notice_label(parent: QWidget, name: str) -> QLabel:
    """A hidden, wrapping, selectable label for a notice the panel keeps on show (a path to copy)."""
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hide()
    return label
