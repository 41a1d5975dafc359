"""`JobFollower`: one ``follow_job`` task's callbacks, passed on as signals.

Each followed job has its own follower, so one panel can follow many jobs without
lambdas; the panel owns the tasks (it is passed as their owner).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from postalgui.services.invoices.jobs import Job

if TYPE_CHECKING:
    from postalgui.services.tasks import Progress, TaskHandle

__all__ = ["JobFollower"]


class JobFollower(QObject):
    """Receives one ``follow_job`` task's callbacks and passes them on as signals.

    Signals: ``updated(object)`` with the Job at each change and at the end;
    ``failed(int, object)`` with the job id and the error when following stopped on
    one; ``ended(int)`` with the job id once the task is over, whatever the outcome.
    """

    updated = Signal(object)
    failed = Signal(int, object)
    ended = Signal(int)

    def __init__(self, job_id: int) -> None:
        super().__init__()
        self.job_id = job_id
        self.handle: TaskHandle | None = None

    @Slot(object)
    def _on_task_progress(self, progress: Progress) -> None:
        if isinstance(progress.payload, Job):
            self.updated.emit(progress.payload)

    @Slot(object)
    def _on_task_result(self, job: object) -> None:
        if isinstance(job, Job):
            self.updated.emit(job)

    @Slot(object)
    def _on_task_error(self, error: BaseException) -> None:
        self.failed.emit(self.job_id, error)

    @Slot(bool)
    def _on_task_finished(self, cancelled: bool) -> None:
        self.ended.emit(self.job_id)
