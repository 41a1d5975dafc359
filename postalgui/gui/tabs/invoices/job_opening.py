"""`JobOpening`: a READY job's file, found on this desk or fetched again for it.

On an office database several desks share, a job is READY for every desk but its file
is on the disk of the desk that downloaded it (`services.invoices.job_files`). Opening
it here uses this desk's copy when there is one, else fetches it again from the
operator (who keeps it 7 days) in the background, or says the file is on another desk
and expired.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot

from postalgui.gui.messages import arg
from postalgui.gui.tabs.invoices.controller import InvoicesController
from postalgui.gui.tabs.invoices.jobs_model import job_title
from postalgui.gui.widgets.failure import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.invoices.job_files import JobFileGoneError, fetch_job_file, file_here
from postalgui.services.invoices.jobs import Job

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskHandle

__all__ = ["OPEN_KEY", "JobOpening"]

OPEN_KEY = "invoices.jobs.open"
"""The message area's key of what opening a job says."""


class JobOpening(InvoicesController):
    """Signals: ``opened(Job)`` with the READY `Job` whose ``file_path`` is on this desk."""

    opened = Signal(Job)

    def open(self, job: Job) -> TaskHandle | None:
        """Emit ``opened`` at once when the file is here; else fetch it (the task's handle)."""
        here = file_here(self.desk.service, job)
        if here is not None:
            self.desk.messages.clear(OPEN_KEY)
            self.opened.emit(replace(job, file_path=str(here)))
            return None
        self._say(self.tr("The file of %1 is not on this computer: fetching it from the operator…"), job)
        return self.desk.run(
            fetch_job_file,
            job.id,
            name=f"fetch the file of invoice job {job.id}",
            key=f"{OPEN_KEY}.{job.id}",
            on_result=self._on_fetch_task_result,
            on_error=self._on_fetch_task_error,
        )

    @Slot(object)
    def _on_fetch_task_result(self, job: Job) -> None:
        self.desk.messages.clear(OPEN_KEY)
        self.opened.emit(job)

    def _on_fetch_task_error(self, error: BaseException) -> None:
        if isinstance(error, JobFileGoneError):
            if error.elsewhere:
                text = self.tr(
                    "The file of %1 is on another desk and the operator no longer keeps it; request it again."
                )
            else:
                text = self.tr("The file of %1 is no longer on this computer; request it again.")
            self._say(text, error.job, MessageKind.WARNING)
            return
        wording = Failure(self.tr("The file could not be fetched again: %1"), OPEN_KEY)
        self.desk.messages.show_routine_error(error, wording)

    def _say(self, text: str, job: Job, kind: MessageKind = MessageKind.INFO) -> None:
        """``text`` with the job's title for ``%1``, in the tab's message area."""
        self.desk.messages.show_message(arg(text, job_title(job)), kind, key=OPEN_KEY)
