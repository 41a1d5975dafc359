"""Following and resuming the jobs the panel lists: one ``follow_job`` task per pending job
(`JobFollowing`), its changes put in the model, its end said in the tab's message area
(ready, failed, expired; paused by a network failure, with Resume), and a busy bar in the
progress cell of every job followed now.

A controller of the jobs panel: it runs the follow tasks (the panel runs the others), so
the panel is left with composing and the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QProgressBar, QTableView

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.invoices.job_follower import JobFollowing
from postalgui.gui.tabs.invoices.jobs_model import JobColumn, JobsModel, job_title
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.invoices.jobs import Job, JobState

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["JobTracker"]


def _job_key(job_id: int) -> str:
    return f"invoices.job.{job_id}"


class JobTracker(QObject):
    """Follows pending jobs until they settle and shows how they are doing.

    Signals: ``jobUpdated(Job)`` with a `Job` whenever its state changes;
    ``jobFinished(Job)`` with a `Job` that reached READY, FAILED or EXPIRED while
    followed; ``reported()`` after any follow task reported (the store was read);
    ``changed()`` when what is followed changed; ``openRequested(Job)`` with the READY
    `Job` whose "is ready" message the user clicked Open on.
    """

    jobUpdated = Signal(Job)
    jobFinished = Signal(Job)
    reported = Signal()
    changed = Signal()
    openRequested = Signal(Job)

    def __init__(
        self, desk: Desk[InvoiceService], poll_interval_s: float, model: JobsModel, table: QTableView
    ) -> None:
        super().__init__(table)
        self.messages = desk.messages
        self.model = model
        self.table = table
        self._ready_job: Job | None = None
        self.following = JobFollowing(desk.service, desk.runner, poll_interval_s, self)
        self.following.updated.connect(self._on_following_updated)
        self.following.failed.connect(self._on_following_failed)
        self.following.ended.connect(self._on_following_ended)

    def follow(self, job: Job) -> None:
        """Poll a pending job in the background until it settles (no-op when followed)."""
        if self.following.is_following(job.id):
            return
        self.model.set_paused(job.id, False)
        self.following.follow(job.id)
        self.sync_busy_bars()
        self.changed.emit()

    def resume(self, job: Job) -> None:
        """Follow a paused job again; its "is waiting" message goes."""
        if job.pending and not self.following.is_following(job.id):
            self.messages.clear(_job_key(job.id))
            self.follow(job)

    @Slot()
    def resume_paused(self) -> None:
        """Follow every pending job that is not followed now."""
        for job in self.model.jobs():
            self.resume(job)

    def is_following(self, job_id: int) -> bool:
        return self.following.is_following(job_id)

    def stop(self, job_id: int) -> None:
        """Stop following one job (it stays pending)."""
        self.following.stop(job_id)

    def stop_all(self) -> None:
        """Cancel every follow task; the jobs stay pending for the next start."""
        for job_id in self.following.stop_all():
            self.model.set_paused(job_id, True)
        self.sync_busy_bars()
        self.changed.emit()

    def handle(self, job_id: int) -> TaskHandle[Job] | None:
        return self.following.handle(job_id)

    def sync_busy_bars(self) -> None:
        """A busy bar in the progress cell of every followed job, text otherwise."""
        for row in range(self.model.rowCount()):
            job = self.model.job(row)
            index = self.model.index(row, JobColumn.PROGRESS)
            followed = job.pending and self.following.is_following(job.id)
            widget = self.table.indexWidget(index)
            if followed and widget is None:
                self.table.setIndexWidget(index, self._busy_bar())
            elif not followed and widget is not None:
                self.table.setIndexWidget(index, None)  # type: ignore[arg-type]  # Qt takes nullptr: removes it

    def busy_rows(self) -> list[int]:
        """Rows showing a busy bar (for tests and accessibility checks)."""
        return [
            row
            for row in range(self.model.rowCount())
            if self.table.indexWidget(self.model.index(row, JobColumn.PROGRESS)) is not None
        ]

    def _busy_bar(self) -> QProgressBar:
        bar = QProgressBar(self.table)
        bar.setRange(0, 0)
        bar.setTextVisible(False)
        bar.setMaximumHeight(self.table.verticalHeader().defaultSectionSize() - 6)
        bar.setAccessibleName(self.tr("In progress"))
        return bar

    def _announce(self, job: Job) -> None:
        key = _job_key(job.id)
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

    @Slot(Job)
    def _on_following_updated(self, job: Job) -> None:
        self.reported.emit()
        before = self.model.find(job.id)
        if before is None:
            return  # removed meanwhile
        self.model.put(job)
        self.jobUpdated.emit(job)
        if not job.pending and before.pending:
            self._announce(job)
            self.jobFinished.emit(job)
        self.changed.emit()

    @Slot(int, BaseException)
    def _on_following_failed(self, job_id: int, error: BaseException) -> None:
        self.reported.emit()
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
            key=_job_key(job_id),
            action_text=self.tr("Resume"),
            on_action=self.resume_paused,
        )

    @Slot(int)
    def _on_following_ended(self, job_id: int) -> None:
        self.sync_busy_bars()
        self.changed.emit()

    @Slot()
    def _on_ready_message_action(self) -> None:
        job = self._ready_job
        if job is not None:
            self.openRequested.emit(self.model.find(job.id) or job)
