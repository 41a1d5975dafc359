"""The jobs as a table model, and how a job is named and shown (kind, subject, state, file kind).

Texts keep the `JobsPanel` translation context, where the catalog has them.
"""

from __future__ import annotations

from enum import IntEnum
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QStyle

from postalgui.api.models.invoices import ProcessingKind
from postalgui.gui.messages import arg, local_datetime
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.services.invoices.jobs import Job, JobState

__all__ = [
    "JobColumn",
    "JobsModel",
    "job_file_kind",
    "job_title",
    "kind_text",
    "state_text",
    "subject_text",
]


def kind_text(kind: ProcessingKind) -> str:
    if kind is ProcessingKind.EXTRATO_ANALITICO:
        return QCoreApplication.translate("JobsPanel", "Analytic statement")
    if kind is ProcessingKind.PREVIA_SINTETICO:
        return QCoreApplication.translate("JobsPanel", "Synthetic preview")
    return QCoreApplication.translate("JobsPanel", "Analytic preview")


def subject_text(job: Job) -> str:
    """What the job is about: the invoice, or the contract and DR of a preview."""
    if job.fatura:
        return arg(QCoreApplication.translate("JobsPanel", "Invoice %1"), job.fatura)
    text = arg(
        QCoreApplication.translate("JobsPanel", "Contract %1, DR %2"),
        job.params.get("contrato", ""),
        job.params.get("dr", ""),
    )
    centre = job.params.get("centroCusto")
    if centre:
        text = arg(QCoreApplication.translate("JobsPanel", "%1, cost centre %2"), text, centre)
    return text


def statement_name(job: Job) -> str | None:
    """``RE 1234567``: the document type and number an analytic statement was asked with
    (what the Tracking detail says its objects were billed on); ``None`` for a preview."""
    if job.fatura is None:
        return None
    return " ".join(
        part for part in (job.params.get("tipoDocumento", "").strip(), job.fatura.strip()) if part
    )


def job_title(job: Job) -> str:
    """``Analytic statement, invoice 1234``: for window titles and messages."""
    return arg(QCoreApplication.translate("JobsPanel", "%1 — %2"), kind_text(job.kind), subject_text(job))


def state_text(state: JobState) -> str:
    """The state in words."""
    texts = {
        JobState.REQUESTED: QCoreApplication.translate("JobsPanel", "Requested"),
        JobState.PROCESSING: QCoreApplication.translate("JobsPanel", "Processing"),
        JobState.UNKNOWN: QCoreApplication.translate("JobsPanel", "Unknown status"),
        JobState.READY: QCoreApplication.translate("JobsPanel", "Ready"),
        JobState.FAILED: QCoreApplication.translate("JobsPanel", "Failed"),
        JobState.EXPIRED: QCoreApplication.translate("JobsPanel", "Expired"),
    }
    return texts[state]


class JobColumn(IntEnum):
    KIND = 0
    SUBJECT = 1
    STATE = 2
    REQUESTED = 3
    BY = 4
    """Who asked for it (the login): on a shared office database, any desk."""
    PROGRESS = 5


def _error(row: TextRow[Job]) -> str | None:
    return row.item.error or None


_COLUMNS: tuple[Column[Job], ...] = tuple(
    Column(title, tip=_error, context="JobsPanel")
    for title in (
        QT_TRANSLATE_NOOP("JobsPanel", "Job"),
        QT_TRANSLATE_NOOP("JobsPanel", "For"),
        QT_TRANSLATE_NOOP("JobsPanel", "State"),
        QT_TRANSLATE_NOOP("JobsPanel", "Requested"),
        QT_TRANSLATE_NOOP("JobsPanel", "By"),
        QT_TRANSLATE_NOOP("JobsPanel", "Progress"),
    )
)


def _icons() -> dict[JobState, QIcon]:
    style = QApplication.style()
    return {
        JobState.REQUESTED: style.standardIcon(QStyle.StandardPixmap.SP_ArrowUp),
        JobState.PROCESSING: style.standardIcon(QStyle.StandardPixmap.SP_BrowserReload),
        JobState.UNKNOWN: style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxQuestion),
        JobState.READY: style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton),
        JobState.FAILED: style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
        JobState.EXPIRED: style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
    }


def _state_colour(state: JobState) -> QColor | None:
    dark = QGuiApplication.palette().color(QPalette.ColorRole.Base).lightness() < 128
    if state is JobState.READY:
        return QColor("#56d364") if dark else QColor("#1a7f37")
    if state is JobState.FAILED:
        return error_colour()
    if state is JobState.EXPIRED:
        return QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    return None


class JobsModel(RowTableModel[Job]):
    """Jobs newest first; a job is replaced in place when its state changes.

    ``paused`` jobs are pending but not followed now (the network failed, or nobody
    resumed them yet); their progress cell says so. `Qt.UserRole` is the job's id.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self._paused: set[int] = set()
        self._icons: dict[JobState, QIcon] = {}
        self.answer_role(int(Qt.ItemDataRole.UserRole.value), self._job_id)

    # --- content ---------------------------------------------------------------------

    def set_jobs(self, jobs: list[Job]) -> None:
        newest_first = sorted(jobs, key=lambda job: (job.requested_at, job.id), reverse=True)
        self._paused &= {job.id for job in newest_first}
        self.set_items(newest_first)

    def put(self, job: Job) -> int:
        """Add or replace a job; its row."""
        row = self.row_of(job.id)
        if row is None:
            self.insert_item(0, job)
            return 0
        if not job.pending:
            self._paused.discard(job.id)
        self.put_row(row, job)
        return row

    def remove(self, job_id: int) -> None:
        row = self.row_of(job_id)
        if row is None:
            return
        self.remove_row(row)
        self._paused.discard(job_id)

    def set_paused(self, job_id: int, paused: bool) -> None:
        if paused:
            self._paused.add(job_id)
        else:
            self._paused.discard(job_id)
        row = self.row_of(job_id)
        if row is not None:
            self.put_row(row, self.item(row))

    def is_paused(self, job_id: int) -> bool:
        return job_id in self._paused

    def row_of(self, job_id: int) -> int | None:
        for row, job in enumerate(self.items()):
            if job.id == job_id:
                return row
        return None

    def job(self, row: int) -> Job:
        return self.item(row)

    def find(self, job_id: int) -> Job | None:
        row = self.row_of(job_id)
        return None if row is None else self.item(row)

    def jobs(self) -> list[Job]:
        return self.items()

    # --- cells -------------------------------------------------------------------------

    def make_row(self, item: Job) -> TextRow[Job]:
        job = item
        texts = (
            kind_text(job.kind),
            subject_text(job),
            self._state_text(job),
            local_datetime(job.requested_at),
            job.created_by,
            self._progress_text(job),
        )
        return TextRow(job, texts, (*texts[:3], job.requested_at, *texts[4:]))

    def _job_id(self, row: TextRow[Job], column: int) -> int:
        del column
        return row.item.id

    def decoration(self, row: TextRow[Job], column: int) -> Any:
        if column != JobColumn.STATE:
            return None
        if not self._icons:  # the style exists once a view asks
            self._icons = _icons()
        return self._icons[row.item.state]

    def foreground(self, row: TextRow[Job], column: int) -> Any:
        return _state_colour(row.item.state) if column == JobColumn.STATE else None

    @staticmethod
    def _state_text(job: Job) -> str:
        text = state_text(job.state)
        if job.state is JobState.EXPIRED:
            return arg(QCoreApplication.translate("JobsPanel", "%1: request it again"), text)
        if job.state is JobState.UNKNOWN and job.operator_status:
            # The operator's word as it wrote it: it is what its support knows the status by.
            return arg(QCoreApplication.translate("JobsPanel", "%1 (%2)"), text, job.operator_status)
        return text

    def _progress_text(self, job: Job) -> str:
        if job.pending and job.id in self._paused:
            return QCoreApplication.translate("JobsPanel", "Paused")
        if job.pending and job.error:
            return QCoreApplication.translate("JobsPanel", "Waiting for the network…")
        if job.finished_at is not None and not job.pending:
            return arg(
                QCoreApplication.translate("JobsPanel", "Finished %1"), local_datetime(job.finished_at)
            )
        return ""


def job_file_kind(job: Job) -> str:
    """``"csv"`` or ``"pdf"``: how a READY job's file is shown."""
    path = job.path or Path()
    if path.suffix.casefold() == ".pdf":
        return "pdf"
    if path.suffix.casefold() == ".csv":
        return "csv"
    return "pdf" if job.kind is ProcessingKind.PREVIA_SINTETICO else "csv"
