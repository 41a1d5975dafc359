"""The jobs panel: analytic statements and previews, from the request to the file.

A job is requested, then followed in the background (``follow_job`` polls the
operator and downloads the file when it is ready); every state change shows here.
Jobs live in SQLite (`postalgui.services.invoices.jobs`), so the panel starts by
reading them (``refresh_expiry``, which marks the files the operator no longer keeps
as expired) and follows again every job still pending: that is how a request made
before the app was closed is resumed.

Following is `JobFollowing`'s (`job_follower`); the model and the jobs' texts are in
`jobs_model`. The panel and its parts own every task they start: destroying the panel
cancels them, and a cancelled ``follow_job`` leaves its job pending, for the next start.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import (
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.invoices import PreviewKind, ProcessingKind
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.invoices.job_follower import JobFollowing
from postalgui.gui.tabs.invoices.jobs_model import JobColumn, JobsModel, invoice_of, job_title
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.tables import record_table
from postalgui.services.invoices.following import POLL_INTERVAL_S
from postalgui.services.invoices.jobs import Job, JobState

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.context import AppContext

__all__ = ["JobsPanel"]

ModelIndex = QModelIndex | QPersistentModelIndex


# --- the panel ------------------------------------------------------------------------------


class JobsPanel(QWidget):
    """The jobs of the current environment with Open, Request again, Resume and Remove.

    Signals: ``jobsLoaded(int)`` with the number of pending jobs resumed, once the
    stored jobs are shown; ``jobUpdated(object)`` with a `Job` whenever its state
    changes; ``jobFinished(object)`` with a `Job` that reached READY, FAILED or
    EXPIRED while followed; ``openRequested(object)`` with a READY `Job` the user
    wants to see (the tab opens it).
    """

    jobsLoaded = Signal(int)
    jobUpdated = Signal(object)
    jobFinished = Signal(object)
    openRequested = Signal(object)

    def __init__(
        self,
        context: AppContext,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
        *,
        poll_interval_s: float = POLL_INTERVAL_S,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("invoiceJobsPanel")
        self.context = context
        self.runner = runner
        self.messages = messages
        self.following = JobFollowing(context.invoices, runner, poll_interval_s, self)
        self.following.updated.connect(self._on_following_updated)
        self.following.failed.connect(self._on_following_failed)
        self.following.ended.connect(self._on_following_ended)
        self._loaded = False
        self._load_handle: TaskHandle | None = None
        self._renewing: dict[frozenset[tuple[str, str]], int] = {}
        self._ready_job: Job | None = None
        self._told_set_aside: Path | None = None

        self.model = JobsModel(self)
        self.table = record_table(self, self.model, "jobsTable", self.tr("Jobs"))
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.activated.connect(self._on_table_activated)
        self.model.modelReset.connect(self._on_model_layout_changed)
        self.model.rowsInserted.connect(self._on_model_rows_changed)
        self.model.rowsRemoved.connect(self._on_model_rows_changed)
        self.model.dataChanged.connect(self._on_model_data_changed)

        self.open_action = QAction(self.tr("&Open"), self)
        self.open_action.triggered.connect(self._on_open_action_triggered)
        self.again_action = QAction(self.tr("Request &again"), self)
        self.again_action.setToolTip(self.tr("Ask the operator for a new file"))
        self.again_action.triggered.connect(self._on_again_action_triggered)
        self.resume_action = QAction(self.tr("Res&ume"), self)
        self.resume_action.setToolTip(self.tr("Follow this request again"))
        self.resume_action.triggered.connect(self._on_resume_action_triggered)
        self.remove_action = QAction(self.tr("&Remove"), self)
        self.remove_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.remove_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.remove_action.triggered.connect(self._on_remove_action_triggered)
        for action in (self.open_action, self.again_action, self.resume_action, self.remove_action):
            self.table.addAction(action)

        title = QLabel(self.tr("<b>Jobs</b>"), self)
        self.status_label = QLabel(self)
        self.status_label.setObjectName("jobsStatus")
        self.set_aside_label = _notice_label(self, "jobsSetAside")
        self.open_button = QPushButton(self.open_action.iconText(), self)
        self.open_button.clicked.connect(self._on_open_action_triggered)
        self.again_button = QPushButton(self.again_action.iconText(), self)
        self.again_button.setToolTip(self.again_action.toolTip())
        self.again_button.clicked.connect(self._on_again_action_triggered)
        self.resume_button = QPushButton(self.resume_action.iconText(), self)
        self.resume_button.setToolTip(self.resume_action.toolTip())
        self.resume_button.clicked.connect(self._on_resume_action_triggered)
        self.remove_button = QPushButton(self.remove_action.iconText(), self)
        self.remove_button.clicked.connect(self._on_remove_action_triggered)

        top = QHBoxLayout()
        top.addWidget(title)
        top.addWidget(self.status_label, 1)
        buttons = QHBoxLayout()
        for button in (self.open_button, self.again_button, self.resume_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.set_aside_label)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self._update_actions()

    # --- public ----------------------------------------------------------------------

    @property
    def loaded(self) -> bool:
        return self._loaded

    def start(self) -> TaskHandle:
        """Show the stored jobs (expired ones marked) and resume the pending ones."""
        from postalgui.services.invoices.following import refresh_expiry

        self.status_label.setText(self.tr("Loading…"))
        self._load_handle = self.runner.run(
            refresh_expiry,
            self.context.invoices,
            name="invoice jobs",
            key="invoices.jobs.load",
            on_result=self._on_load_task_result,
            on_error=self._on_load_task_error,
        )

        return self._load_handle

    def add_job(self, job: Job) -> None:
        """A job just requested: show it on top and follow it."""
        self.model.put(job)
        self.table.selectRow(self.model.row_of(job.id) or 0)
        if job.pending:
            self.follow(job)
        self._update_status()

    @property
    def poll_interval_s(self) -> float:
        """How often a followed job is asked about (tests make it short)."""
        return self.following.poll_interval_s

    @poll_interval_s.setter
    def poll_interval_s(self, seconds: float) -> None:
        self.following.poll_interval_s = seconds

    def follow(self, job: Job) -> None:
        """Poll a pending job in the background until it settles (no-op when followed)."""
        if self.following.is_following(job.id):
            return
        self.model.set_paused(job.id, False)
        self.following.follow(job.id)
        self._sync_busy_bars()
        self._update_actions()

    def is_following(self, job_id: int) -> bool:
        return self.following.is_following(job_id)

    def follow_handle(self, job_id: int) -> TaskHandle | None:
        """The task following a job now, if any."""
        return self.following.handle(job_id)

    def stop_following(self) -> None:
        """Cancel every follow task; the jobs stay pending for the next start."""
        for job_id in self.following.stop_all():
            self.model.set_paused(job_id, True)
        self._sync_busy_bars()
        self._update_actions()

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
        """Ask the tab to show a READY job's file; False (and a message) when there is none."""
        if job.state is not JobState.READY:
            return False
        path = job.path
        if path is None or not path.exists():
            self.messages.show_message(
                arg(
                    self.tr("The file of %1 is no longer on this computer; request it again."),
                    job_title(job),
                ),
                MessageKind.WARNING,
                key="invoices.jobs.open",
            )
            return False
        self.messages.clear("invoices.jobs.open")
        self.openRequested.emit(job)
        return True

    def request_again(self, job: Job) -> TaskHandle | None:
        """Ask the operator again for a failed or expired job; the old one is removed once it is accepted."""
        from postalgui.services.invoices.following import request_analytic, request_preview

        if job.pending:
            return None
        key = f"invoices.jobs.again.{job.id}"
        if job.kind is ProcessingKind.EXTRATO_ANALITICO:
            handle = self.runner.run(
                request_analytic,
                self.context.invoices,
                invoice_of(job),
                name="invoice analytic again",
                key=key,
                on_result=self._on_again_task_result,
                failure=self._again_failure(),
            )
        else:
            try:
                dr = int(job.params.get("dr", ""))
            except ValueError:
                dr = self.context.invoices.dr or 0
            handle = self.runner.run(
                request_preview,
                self.context.invoices,
                PreviewKind(job.params.get("tipoPrevia") or _preview_kind(job.kind)),
                job.params.get("contrato", ""),
                dr,
                job.params.get("centroCusto") or None,
                name="invoice preview again",
                key=key,
                on_result=self._on_again_task_result,
                failure=self._again_failure(),
            )
        self._renewing[_request_key(job)] = job.id
        return handle

    def remove_job(self, job: Job) -> TaskHandle:
        """Forget a job (and its cached file); a pending one stops being followed."""
        from postalgui.services.invoices.following import delete_job

        self.following.stop(job.id)
        self.model.remove(job.id)
        self._update_status()
        self._update_actions()
        return self.runner.run(
            delete_job,
            self.context.invoices,
            job.id,
            name=f"delete invoice job {job.id}",
            key=f"invoices.jobs.delete.{job.id}",
            owner=self,
            failure=Failure(self.tr("The job could not be removed: %1"), "invoices.jobs.delete"),
        )

    def _again_failure(self) -> Failure:
        return Failure(self.tr("The new request failed: %1"), "invoices.jobs.again")

    # --- loading -----------------------------------------------------------------------

    def _tell_set_aside(self) -> None:
        """Say, once per file, that a damaged jobs file was set aside and where it is now."""
        aside = self.context.invoices.jobs().set_aside_path
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
    def _on_load_task_result(self, jobs: object) -> None:
        self._tell_set_aside()
        stored = cast("list[Job]", jobs)
        # Jobs added meanwhile (a request made while loading) are in the store too.
        self.model.set_jobs(stored)
        pending = [job for job in sorted(stored, key=lambda job: job.requested_at) if job.pending]
        for job in pending:
            self.follow(job)
        self._loaded = True
        self._update_status()
        self._sync_busy_bars()
        self._update_actions()
        self.jobsLoaded.emit(len(pending))

    @Slot(object)
    def _on_load_task_error(self, error: BaseException) -> None:
        self._tell_set_aside()
        self.status_label.setText(self.tr("The stored jobs could not be read."))
        self.messages.show_message(
            arg(self.tr("The stored jobs could not be read: %1"), describe_error(error)),
            MessageKind.ERROR,
            key="invoices.jobs.load",
        )

    # --- following ---------------------------------------------------------------------

    @Slot(object)
    def _on_following_updated(self, job: Job) -> None:
        self._tell_set_aside()
        before = self.model.find(job.id)
        if before is None:
            return  # removed meanwhile
        self.model.put(job)
        self.jobUpdated.emit(job)
        if not job.pending and before.pending:
            self._announce(job)
            self.jobFinished.emit(job)
        self._update_status()
        self._update_actions()

    @Slot(int, object)
    def _on_following_failed(self, job_id: int, error: BaseException) -> None:
        self._tell_set_aside()
        job = self.model.find(job_id)
        if job is None:
            return
        self.model.set_paused(job_id, True)
        self.messages.show_message(
            arg(
                self.tr("%1 is waiting: %2. Resume it when the connection is back."),
                job_title(job),
                describe_error(error),
            ),
            MessageKind.WARNING,
            key=f"invoices.job.{job_id}",
            action_text=self.tr("Resume"),
            on_action=self.resume_paused,
        )

    @Slot(int)
    def _on_following_ended(self, job_id: int) -> None:
        self._sync_busy_bars()
        self._update_status()
        self._update_actions()

    @Slot()
    def resume_paused(self) -> None:
        """Follow every pending job that is not followed now."""
        for job in self.model.jobs():
            if job.pending and not self.following.is_following(job.id):
                self.messages.clear(f"invoices.job.{job.id}")
                self.follow(job)

    def _announce(self, job: Job) -> None:
        key = f"invoices.job.{job.id}"
        if job.state is JobState.READY:
            self._ready_job = job
            self.messages.show_message(
                arg(self.tr("%1 is ready."), job_title(job)),
                MessageKind.INFO,
                key="invoices.job.ready",
                action_text=self.tr("Open"),
                on_action=self._on_ready_message_action,
            )
            self.messages.clear(key)
        elif job.state is JobState.FAILED:
            self.messages.show_message(
                arg(self.tr("%1 failed: %2"), job_title(job), job.error or self.tr("no reason given")),
                MessageKind.ERROR,
                key=key,
            )
        elif job.state is JobState.EXPIRED:
            self.messages.show_message(
                arg(self.tr("%1 expired: the operator no longer keeps its file."), job_title(job)),
                MessageKind.WARNING,
                key=key,
            )

    @Slot()
    def _on_ready_message_action(self) -> None:
        job = self._ready_job
        if job is not None:
            self.open_job(self.model.find(job.id) or job)

    # --- again, remove -----------------------------------------------------------------

    @Slot(object)
    def _on_again_task_result(self, job: object) -> None:
        if not isinstance(job, Job):
            return
        old_id = self._take_renewed(job)
        if old_id is not None:
            old = self.model.find(old_id)
            if old is not None:
                self.remove_job(old)
            self.messages.clear(f"invoices.job.{old_id}")
        self.add_job(job)
        self.messages.show_message(
            arg(self.tr("%1 requested again."), job_title(job)), MessageKind.INFO, key="invoices.jobs.again"
        )

    def _take_renewed(self, new: Job) -> int | None:
        """The failed or expired job a new request replaces."""
        return self._renewing.pop(_request_key(new), None)

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

    def _sync_busy_bars(self) -> None:
        """A busy bar in the progress cell of every followed job, text otherwise."""
        for row in range(self.model.rowCount()):
            job = self.model.job(row)
            index = self.model.index(row, JobColumn.PROGRESS)
            followed = job.pending and self.following.is_following(job.id)
            widget = self.table.indexWidget(index)
            if followed and widget is None:
                bar = QProgressBar(self.table)
                bar.setRange(0, 0)
                bar.setTextVisible(False)
                bar.setMaximumHeight(self.table.verticalHeader().defaultSectionSize() - 6)
                bar.setAccessibleName(self.tr("In progress"))
                self.table.setIndexWidget(index, bar)
            elif not followed and widget is not None:
                self.table.setIndexWidget(index, None)  # type: ignore[arg-type]  # Qt takes nullptr: removes it

    def busy_rows(self) -> list[int]:
        """Rows showing a busy bar (for tests and accessibility checks)."""
        return [
            row
            for row in range(self.model.rowCount())
            if self.table.indexWidget(self.model.index(row, JobColumn.PROGRESS)) is not None
        ]

    def _update_actions(self) -> None:
        job = self.selected_job()
        ready = job is not None and job.state is JobState.READY
        again = job is not None and job.state in (JobState.FAILED, JobState.EXPIRED)
        resume = job is not None and job.pending and not self.following.is_following(job.id)
        for action, button, enabled in (
            (self.open_action, self.open_button, ready),
            (self.again_action, self.again_button, again),
            (self.resume_action, self.resume_button, resume),
            (self.remove_action, self.remove_button, job is not None),
        ):
            action.setEnabled(enabled)
            button.setEnabled(enabled)

    @Slot()
    def _on_model_layout_changed(self) -> None:
        self._sync_busy_bars()
        self._update_actions()

    @Slot(QModelIndex, int, int)
    def _on_model_rows_changed(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        self._sync_busy_bars()
        self._update_actions()

    @Slot(QModelIndex, QModelIndex, list)
    def _on_model_data_changed(self, _top: QModelIndex, _bottom: QModelIndex, _roles: list[int]) -> None:
        self._sync_busy_bars()
        self._update_actions()

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
        if job is not None and job.pending:
            self.messages.clear(f"invoices.job.{job.id}")
            self.follow(job)

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


def _request_key(job: Job) -> frozenset[tuple[str, str]]:
    """What makes two requests the same: their parameters."""
    return frozenset(job.params.items())


def _preview_kind(kind: ProcessingKind) -> str:
    return (
        PreviewKind.SINTETICO.value
        if kind is ProcessingKind.PREVIA_SINTETICO
        else PreviewKind.ANALITICO.value
    )
