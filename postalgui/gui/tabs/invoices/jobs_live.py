"""`JobsLive`: the jobs panel follows what every desk does to the jobs, as it commits.

When topic ``"job"`` arrives (`OfficeChanges`), the stored jobs are read again
(``stored_jobs``: nothing written, unlike the panel's first load) and merged into the
model row by row, so the selection and the scroll position stay: a new job appears, a
changed one is updated, one removed elsewhere goes (and stops being followed here). A
pending job another desk requested is followed by that desk; this one shows its news.

A read may be older than what this desk did while it ran: a job requested here after the
read began is not in it, one that got READY here is pending in it. Merging such a read
would drop the new job (and stop following it: pending for good) or set the READY one
back. So this desk's own changes (`changed_here`) are left as they are by the reads that
began before them; the read their commit announces brings them.

A job this desk follows is its follower's to update: the follower commits READY, then
still keeps the analytic statement it downloaded (the Overview's spending) before it
answers, and a read begun after that commit brought READY to the list first; the
follower's READY then found the job done already, and the tab never said "is ready".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot

from postalgui.gui.models.office_changes import OfficeChanges
from postalgui.gui.widgets.failure import Failure
from postalgui.services.invoices.following import stored_jobs
from postalgui.services.invoices.jobs import Job
from postalgui.services.office import topics

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tabs.invoices.job_tracking import JobTracker
    from postalgui.gui.tabs.invoices.jobs_model import JobsModel
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["JobsLive"]

TOPIC = topics.JOBS


class JobsLive(QObject):
    """Merges the stored jobs into ``model`` when any desk commits a job's change.

    Signals: none; ``merged`` is called after each merge (the panel updates its status).
    """

    TASK_KEY = "invoices.jobs.live"

    def __init__(
        self,
        desk: Desk[InvoiceService],
        model: JobsModel,
        tracker: JobTracker,
        parent: QObject,
        *,
        loaded: Callable[[], bool],
        merged: Callable[[], None],
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self.model = model
        self.tracker = tracker
        self._loaded = loaded
        self._reads = 0
        """Reads begun so far: the one whose answer arrives is the last begun (one task key)."""
        self._changed_here: dict[int, int] = {}
        """Job id -> `_reads` when this desk last changed it (requested, settled, removed)."""
        self._merged = merged
        tracker.jobUpdated.connect(self._on_tracker_job_updated)
        self.changes = OfficeChanges(desk.service, (TOPIC,), desk.runner, self)
        self.changes.changed.connect(self._on_changes_changed)

    def changed_here(self, job_id: int) -> None:
        """This desk just changed the job: reads begun before now do not undo it."""
        self._changed_here[job_id] = self._reads

    def merge(self, stored: list[Job]) -> None:
        """Put every stored job in the model; drop the ones no longer stored (apart from
        the ones this desk changed after the read began)."""
        newer = {job_id for job_id, begun in self._changed_here.items() if begun >= self._reads}
        self._changed_here = dict.fromkeys(newer, self._reads)
        ids = {job.id for job in stored}
        for job in self.model.jobs():
            if job.id not in ids and job.id not in newer:
                self.tracker.stop(job.id)
                self.model.remove(job.id)
        for job in sorted(stored, key=lambda job: (job.requested_at, job.id)):
            known = self.model.find(job.id)
            if known != job and job.id not in newer and not self.tracker.is_following(job.id):
                self.model.put(job)
        self._merged()

    def office_changed(self) -> None:
        """Settings named another office database: follow its changes and show its jobs."""
        self.changes.watch()
        self._on_changes_changed()

    @Slot()
    def _on_changes_changed(self) -> None:
        if not self._loaded():  # the first load reads them all
            return
        self._reads += 1
        self.desk.run(
            stored_jobs,
            name="invoice jobs changed",
            key=self.TASK_KEY,
            owner=self,
            on_result=self._on_stored_task_result,
            on_error=self._on_stored_task_error,
        )

    @Slot(Job)
    def _on_tracker_job_updated(self, job: Job) -> None:
        self.changed_here(job.id)

    @Slot(object)
    def _on_stored_task_result(self, stored: list[Job]) -> None:
        self.merge(stored)

    @Slot(object)
    def _on_stored_task_error(self, error: BaseException) -> None:
        # The list stays as it is; the next change or the next start reads it again.
        wording = Failure(self.tr("Could not read the jobs other desks changed: %1"), self.TASK_KEY)
        self.desk.messages.show_routine_error(error, wording)
