"""What the jobs panel changes at the operator and in the store, one controller per action:
`JobRenewal` asks again for a failed or expired job (`following.request_again`), and
`JobRemoval` forgets a job and its cached file (`following.delete_job`).

Each runs its own kind of task and reports in the tab's message area; the panel puts the
outcome in its list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from postalgui.gui.messages import arg
from postalgui.gui.tabs.invoices.controller import InvoicesController
from postalgui.gui.tabs.invoices.jobs_model import job_title
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.invoices.following import delete_job, request_again
from postalgui.services.invoices.jobs import Job

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["JobRemoval", "JobRenewal", "Renewal"]


@dataclass(frozen=True)
class Renewal:
    """A job asked again: the new `Job`, and the id of the one it replaces (``None`` when
    that one is not known)."""

    job: Job
    replaces: int | None


def _request_key(job: Job) -> frozenset[tuple[str, str]]:
    """What makes two requests the same: their parameters."""
    return frozenset(job.params.items())


class JobRenewal(InvoicesController):
    """Asks the operator again for a failed or expired job.

    Signals: ``renewed(Renewal)`` with the new `Job` and the id of the job it replaces;
    the panel swaps them.
    """

    renewed = Signal(Renewal)

    def __init__(self, desk: Desk[InvoiceService], parent: QObject) -> None:
        super().__init__(desk, parent)
        self._renewing: dict[frozenset[tuple[str, str]], int] = {}

    def request_again(self, job: Job) -> TaskHandle | None:
        """Ask again; ``None`` for a job still pending (it is followed, not renewed)."""
        if job.pending:
            return None
        handle = self.desk.run(
            request_again,
            job,
            name="invoice job again",
            key=f"invoices.jobs.again.{job.id}",
            on_result=self._on_again_task_result,
            failure=Failure(self.tr("The new request failed: %1"), "invoices.jobs.again"),
        )
        self._renewing[_request_key(job)] = job.id
        return handle

    @Slot(object)
    def _on_again_task_result(self, job: Job) -> None:
        old_id = self._renewing.pop(_request_key(job), None)
        if old_id is not None:
            self.desk.messages.clear(f"invoices.job.{old_id}")
        self.renewed.emit(Renewal(job, old_id))
        self.desk.messages.show_message(
            arg(self.tr("%1 requested again."), job_title(job)), MessageKind.INFO, key="invoices.jobs.again"
        )


class JobRemoval(InvoicesController):
    """Forgets jobs and their cached files, in the background."""

    def remove(self, job: Job) -> TaskHandle:
        return self.desk.run(
            delete_job,
            job.id,
            name=f"delete invoice job {job.id}",
            key=f"invoices.jobs.delete.{job.id}",
            owner=self,
            failure=Failure(self.tr("The job could not be removed: %1"), "invoices.jobs.delete"),
        )
