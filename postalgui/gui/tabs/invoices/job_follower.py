"""Following jobs: `JobFollowing` runs one ``follow_job`` task per pending job, and each
task's callbacks reach a `JobFollower`, a small object that passes them on as signals,
so many jobs are followed without lambdas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from postalgui.gui.tasks import Progress
from postalgui.services.invoices.following import follow_job
from postalgui.services.invoices.jobs import Job

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["JobFollower", "JobFollowing"]


class JobFollower(QObject):
    """Receives one ``follow_job`` task's callbacks and passes them on as signals.

    Signals: ``updated(Job)`` with the Job at each change and at the end;
    ``failed(int, BaseException)`` with the job id and the error when following stopped on
    one; ``ended(int)`` with the job id once the task is over, whatever the outcome.
    """

    updated = Signal(Job)
    failed = Signal(int, BaseException)
    ended = Signal(int)

    def __init__(self, job_id: int) -> None:
        super().__init__()
        self.job_id = job_id
        self.handle: TaskHandle[Job] | None = None

    @Slot(Progress)
    def _on_task_progress(self, progress: Progress[Job]) -> None:
        if progress.payload is not None:
            self.updated.emit(progress.payload)

    @Slot(object)
    def _on_task_result(self, job: Job) -> None:
        self.updated.emit(job)

    @Slot(object)
    def _on_task_error(self, error: BaseException) -> None:
        self.failed.emit(self.job_id, error)

    @Slot(bool)
    def _on_task_finished(self, cancelled: bool) -> None:
        self.ended.emit(self.job_id)


class JobFollowing(QObject):
    """Follows pending jobs, one ``follow_job`` task and one `JobFollower` each.

    The tasks belong to this object (a child of the panel): destroying the panel
    cancels them, and a cancelled ``follow_job`` leaves its job pending.

    Signals: ``updated(Job)`` with a `Job` at each change; ``failed(int, BaseException)``
    with a job id and the error that paused it; ``ended(int)`` with a job id once its
    task is over.
    """

    updated = Signal(Job)
    failed = Signal(int, BaseException)
    ended = Signal(int)

    def __init__(
        self, service: InvoiceService, runner: TaskRunner, poll_interval_s: float, parent: QObject
    ) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self.poll_interval_s = poll_interval_s
        self._followers: dict[int, JobFollower] = {}

    def follow(self, job_id: int) -> bool:
        """Start following a job; False when it is followed already."""
        if job_id in self._followers:
            return False
        follower = JobFollower(job_id)
        follower.updated.connect(self.updated)
        follower.failed.connect(self.failed)
        follower.ended.connect(self._on_follower_ended)
        self._followers[job_id] = follower
        follower.handle = self.runner.run(
            follow_job,
            self.service,
            job_id,
            self.poll_interval_s,
            owner=self,  # the followers' callbacks live as long as this object
            name=f"invoice job {job_id}",
            key=f"invoices.job.{job_id}",
            on_progress=follower._on_task_progress,
            on_result=follower._on_task_result,
            on_error=follower._on_task_error,
            on_finished=follower._on_task_finished,
        )
        return True

    def is_following(self, job_id: int) -> bool:
        return job_id in self._followers

    def handle(self, job_id: int) -> TaskHandle[Job] | None:
        """The task following a job now, if any."""
        follower = self._followers.get(job_id)
        return None if follower is None else follower.handle

    def stop(self, job_id: int) -> None:
        """Stop following one job (it stays pending)."""
        follower = self._followers.pop(job_id, None)
        if follower is not None and follower.handle is not None:
            follower.handle.cancel()

    def stop_all(self) -> list[int]:
        """Stop following every job; the ids that were followed."""
        stopped = list(self._followers)
        for job_id in stopped:
            self.stop(job_id)
        return stopped

    @Slot(int)
    def _on_follower_ended(self, job_id: int) -> None:
        self._followers.pop(job_id, None)
        self.ended.emit(job_id)
