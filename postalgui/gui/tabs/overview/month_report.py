"""`MonthReportAction`: "Export month PDF…": the month the period ends in (this month while
it runs), as the monthly report the CLI writes (`write_month_report`, in the interface's
language), saved where the user says, in a task."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QPushButton, QWidget

from postalgui.gui.i18n import ui_language
from postalgui.gui.messages import arg
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, pdf_type
from postalgui.services.overview.records import Filter
from postalgui.services.words.months import month_words

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.overview.service import OverviewService

__all__ = ["MonthReportAction", "report_month"]

REPORT_KEY = "overview.report"


def report_month(flt: Filter | None, today: date) -> str:
    """The month a report is of: the period's last month, never one still to come."""
    last = flt.period.end if flt is not None and flt.period is not None else today
    return min(last, today).strftime("%Y-%m")


def write_report(task: TaskControl, service: OverviewService, month: str, language: str, path: Path) -> Path:
    # lazy: reportlab and the report's drawing load when a report is asked, not with the tab
    from postalgui.services.overview.report_pdf import write_month_report

    return write_month_report(task, service, month, language, path)


class MonthReportAction(QObject):
    """The button and the task behind it; ``saved.exported(Path)`` once the PDF is written."""

    def __init__(
        self, service: OverviewService, runner: TaskRunner, messages: MessageArea, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self.widget = parent
        self.filter: Filter | None = None
        self.ask_save: Callable[[str], Path | None] = self._ask_save_path
        self.saved = SavedFileReporter(messages, REPORT_KEY, self)
        self.button = QPushButton(self.tr("Export month &PDF…"), parent)
        self.button.setObjectName("overviewMonthReport")
        self.button.setToolTip(self.tr("The month's overview as a PDF report, with its tables"))
        self.button.clicked.connect(self._on_button_clicked)

    def follow(self, flt: Filter) -> None:
        """The page shows ``flt``: the report is of its last month."""
        self.filter = flt
        month = month_words(self.month(), ui_language())
        self.button.setToolTip(arg(self.tr("The overview of %1 as a PDF report, with its tables"), month))

    def month(self) -> str:
        return report_month(self.filter, self.service.today())

    def export(self) -> TaskHandle | None:
        month = self.month()
        path = self.ask_save(month)
        if path is None:
            return None
        return self.runner.run(
            write_report,
            self.service,
            month,
            ui_language(),
            path,
            name="overview month report",
            key=REPORT_KEY,
            owner=self,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    @Slot()
    def _on_button_clicked(self) -> None:
        self.export()

    def _ask_save_path(self, month: str) -> Path | None:
        name = arg(self.tr("overview-%1"), month)
        return ask_save_path(self.widget, self.tr("Save the month's report"), name, [pdf_type()])
