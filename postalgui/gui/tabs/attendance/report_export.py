"""`ReportExport`: the reconciliation report saved as CSV (for the books) or PDF (to file).

A component of its own (the reconciliation panel's second task): its two buttons are
enabled while a report is shown and no reconciliation runs; the file is written in the
background, in the interface's language, and the message area says where it went.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from postalgui.gui.i18n import ENGLISH, ui_language
from postalgui.gui.messages import arg
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, csv_type, pdf_type
from postalgui.services.attendance.use_cases import export_report

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.attendance.use_cases import Report

__all__ = ["EXPORT_KEY", "ReportExport", "report_language"]

EXPORT_KEY = "attendance.export"


def report_language() -> Literal["pt", "en"]:
    """The exports speak as the interface does."""
    return "en" if ui_language() == ENGLISH else "pt"


class ReportExport(QWidget):
    """Export CSV… and Export PDF… of the report shown.

    Signals: ``exported(Path)`` with the `Path` of a saved file.
    """

    exported = Signal(Path)

    def __init__(self, runner: TaskRunner, messages: MessageArea, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.report: Report | None = None
        self.saved = SavedFileReporter(messages, EXPORT_KEY, self)
        self.saved.exported.connect(self.exported)
        self.csv_button = QPushButton(self.tr("Export CS&V…"), self)
        self.csv_button.setObjectName("reconcileCsvButton")
        self.pdf_button = QPushButton(self.tr("E&xport PDF…"), self)
        self.pdf_button.setObjectName("reconcilePdfButton")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.csv_button)
        layout.addWidget(self.pdf_button)
        self.csv_button.clicked.connect(self._on_csv_button_clicked)
        self.pdf_button.clicked.connect(self._on_pdf_button_clicked)
        self.set_report(None)

    def set_report(self, report: Report | None, *, enabled: bool = True) -> None:
        """The report the buttons save (None: nothing to save); ``enabled`` False while a new one is asked."""
        self.report = report
        for button in (self.csv_button, self.pdf_button):
            button.setEnabled(report is not None and enabled)

    def export(self, path: Path, kind: str) -> TaskHandle | None:
        """Save the report shown as ``kind`` ("csv" or "pdf") at ``path``."""
        if self.report is None:
            return None
        return self.runner.run(
            export_report,
            path,
            self.report,
            report_language(),
            kind,
            name="export reconciliation",
            key=f"{EXPORT_KEY}.{kind}",
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    def ask_export(self, kind: str) -> TaskHandle | None:
        if self.report is None:
            return None
        name = arg(self.tr("reconciliation-%1"), self.report.day)
        types = [pdf_type()] if kind == "pdf" else [csv_type()]
        title = (
            self.tr("Export the reconciliation as PDF")
            if kind == "pdf"
            else self.tr("Export the reconciliation as CSV")
        )
        path = ask_save_path(self, title, name, types)
        return None if path is None else self.export(path, kind)

    @Slot()
    def _on_csv_button_clicked(self) -> None:
        self.ask_export("csv")

    @Slot()
    def _on_pdf_button_clicked(self) -> None:
        self.ask_export("pdf")
