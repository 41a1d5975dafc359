"""A READY job's file on this desk, wherever the job was downloaded.

A job's ``file_path`` is where ONE desk saved its file. Desks sharing the office
database all list that job READY, but the file is on the disk of the desk that
downloaded it. Opening it elsewhere looks in this desk's cache (the name `job_file`
gives, the same on every desk) and, when it is not there, fetches it again from the
operator, who keeps it 7 days after it was made (`following.FILE_LIFETIME`), by the
processing id the job keeps. Past that, `JobFileGoneError` says the file is on
another desk (or no longer on this one) and expired; on a shared database the job
stays READY for everyone, since the desk that has the file can still open it.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.cancel import TaskControl
from postalgui.api.errors import ApiError, NotFoundError, OperatorError, RoutineError
from postalgui.api.said import Said
from postalgui.services.invoices.following import FILE_LIFETIME, job_file
from postalgui.services.invoices.jobs import Job, JobState

if TYPE_CHECKING:
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["JobFileGoneError", "fetch_job_file", "file_here"]

log = logging.getLogger(__name__)

_SUFFIXES = (".csv", ".pdf")


class JobFileGoneError(RoutineError, RuntimeError):
    """A READY job's file is not on this desk and the operator no longer keeps it.

    ``elsewhere``: the job is shared and its file was saved by another desk (or by this
    one, in a place no longer here), so that desk may still have it.
    """

    def __init__(self, job: Job, *, elsewhere: bool) -> None:
        self.job = job
        self.elsewhere = elsewhere
        where = "is on another desk" if elsewhere else "is no longer on this computer"
        super().__init__(
            f"The file of request {job.id} {where} and the operator no longer keeps it "
            "(7 days); request it again"
        )


def file_here(service: InvoiceService, job: Job) -> Path | None:
    """The job's file on this desk: where it was saved, if here, else this desk's cached copy."""
    if job.path is not None and job.path.is_file():
        return job.path
    stem = job_file(service, job, None)
    for suffix in _SUFFIXES:
        candidate = stem.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


def _gone(job: Job, now: datetime) -> bool:
    made = job.finished_at or job.requested_at
    return now - made > FILE_LIFETIME


def fetch_job_file(task: TaskControl, service: InvoiceService, job_id: int) -> Job:
    """The READY job with ``file_path`` on this desk: found here, or fetched again from the
    operator into this desk's cache. Raises `JobFileGoneError` when the operator no longer
    keeps it; a job that is not READY comes back as it is.

    On this desk's own database the job then records where the file is now (the file it
    named went away); on a shared one the row keeps the downloading desk's path."""
    task.raise_if_cancelled()
    store = service.jobs()
    job = store.get(job_id)
    if job is None:
        raise ApiError(Said("There is no request number {number}", number=job_id))
    if job.state is not JobState.READY:
        return job
    here = file_here(service, job)
    if here is not None:
        return replace(job, file_path=str(here))
    elsewhere = store.shared
    if _gone(job, datetime.now(UTC)):
        raise JobFileGoneError(job, elsewhere=elsewhere)
    client = service.client()
    try:
        record = client.processing(job.processing_id)
        dest = job_file(service, job, record)
        dest.parent.mkdir(parents=True, exist_ok=True)
        task.raise_if_cancelled()
        path = client.download_file(job.processing_id, dest)
    except NotFoundError:
        raise JobFileGoneError(job, elsewhere=elsewhere) from None
    except OperatorError as exc:
        if exc.status == 410:
            raise JobFileGoneError(job, elsewhere=elsewhere) from None
        raise
    log.info("Job %d: its file fetched again into %s", job.id, path)
    if elsewhere:
        return replace(job, file_path=str(path))
    return store.update(job.id, file_path=str(path))
