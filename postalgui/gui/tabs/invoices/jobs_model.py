"""The jobs as a table model, and how a job is named and shown (kind, subject, state, file kind).

Texts keep the `JobsPanel` translation context, where the catalog has them.
"""

from __future__ import annotations

from enum import IntEnum
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QStyle

from postalgui.api.models.invoices import ProcessingKind
from postalgui.gui.messages import arg, local_datetime
from postalgui.gui.models.formatting import error_colour
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

ModelIndex = QModelIndex | QPersistentModelIndex


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


def _headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("JobsPanel", "Job"),
        QCoreApplication.translate("JobsPanel", "For"),
        QCoreApplication.translate("JobsPanel", "State"),
        QCoreApplication.translate("JobsPanel", "Requested"),
        QCoreApplication.translate("JobsPanel", "By"),
        QCoreApplication.translate("JobsPanel", "Progress"),
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


class JobsModel(QAbstractTableModel):
    """Jobs newest first; a job is replaced in place when its state changes.

    ``paused`` jobs are pending but not followed now (the network failed, or nobody
    resumed them yet); their progress cell says so.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs: list[Job] = []
        self._paused: set[int] = set()
        self._icons: dict[JobState, QIcon] = {}

    # --- content ---------------------------------------------------------------------

    def set_jobs(self, jobs: list[Job]) -> None:
        self.beginResetModel()
        self._jobs = sorted(jobs, key=lambda job: (job.requested_at, job.id), reverse=True)
        self._paused &= {job.id for job in self._jobs}
        self.endResetModel()

    def put(self, job: Job) -> int:
        """Add or replace a job; its row."""
        row = self.row_of(job.id)
        if row is None:
            self.beginInsertRows(QModelIndex(), 0, 0)
            self._jobs.insert(0, job)
            self.endInsertRows()
            return 0
        self._jobs[row] = job
        if not job.pending:
            self._paused.discard(job.id)
        self._row_changed(row)
        return row

    def remove(self, job_id: int) -> None:
        row = self.row_of(job_id)
        if row is None:
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._jobs[row]
        self.endRemoveRows()
        self._paused.discard(job_id)

    def set_paused(self, job_id: int, paused: bool) -> None:
        if paused:
            self._paused.add(job_id)
        else:
            self._paused.discard(job_id)
        row = self.row_of(job_id)
        if row is not None:
            self._row_changed(row)

    def is_paused(self, job_id: int) -> bool:
        return job_id in self._paused

    def _row_changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(JobColumn) - 1))

    def row_of(self, job_id: int) -> int | None:
        for row, job in enumerate(self._jobs):
            if job.id == job_id:
                return row
        return None

    def job(self, row: int) -> Job:
        return self._jobs[row]

    def find(self, job_id: int) -> Job | None:
        row = self.row_of(job_id)
        return None if row is None else self._jobs[row]

    def jobs(self) -> list[Job]:
        return list(self._jobs)

    # --- Qt ----------------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else len(self._jobs)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else len(JobColumn)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            headers = _headers()
            if 0 <= section < len(headers):
                return headers[section]
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._jobs):
            return None
        job = self._jobs[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(job, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return job.error or None
        if column == JobColumn.STATE:
            if role == Qt.ItemDataRole.DecorationRole:
                if not self._icons:  # the style exists once a view asks
                    self._icons = _icons()
                return self._icons[job.state]
            if role == Qt.ItemDataRole.ForegroundRole:
                return _state_colour(job.state)
        if role == Qt.ItemDataRole.UserRole:
            return job.id
        return None

    def _text(self, job: Job, column: int) -> str | None:
        if column == JobColumn.KIND:
            return kind_text(job.kind)
        if column == JobColumn.SUBJECT:
            return subject_text(job)
        if column == JobColumn.STATE:
            text = state_text(job.state)
            if job.state is JobState.EXPIRED:
                return arg(QCoreApplication.translate("JobsPanel", "%1: request it again"), text)
            if job.state is JobState.UNKNOWN and job.operator_status:
                # The operator's word as it wrote it: it is what its support knows the status by.
                return arg(QCoreApplication.translate("JobsPanel", "%1 (%2)"), text, job.operator_status)
            return text
        if column == JobColumn.REQUESTED:
            return local_datetime(job.requested_at)
        if column == JobColumn.BY:
            return job.created_by
        if column == JobColumn.PROGRESS:
            if job.pending and job.id in self._paused:
                return QCoreApplication.translate("JobsPanel", "Paused")
            if job.pending and job.error:
                return QCoreApplication.translate("JobsPanel", "Waiting for the network…")
            if job.finished_at is not None and not job.pending:
                return arg(
                    QCoreApplication.translate("JobsPanel", "Finished %1"), local_datetime(job.finished_at)
                )
            return ""
        return None


def job_file_kind(job: Job) -> str:
    """``"csv"`` or ``"pdf"``: how a READY job's file is shown."""
    path = job.path or Path()
    if path.suffix.casefold() == ".pdf":
        return "pdf"
    if path.suffix.casefold() == ".csv":
        return "csv"
    return "pdf" if job.kind is ProcessingKind.PREVIA_SINTETICO else "csv"
