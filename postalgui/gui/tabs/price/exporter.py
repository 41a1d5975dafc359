"""Quote results saved as a spreadsheet or a PDF: the one exporter of the batch page and
the history (each hands it the results to save and the deadlines it knows)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QMenu, QWidget

from postalgui.gui.i18n import resolve_language
from postalgui.gui.messages import arg
from postalgui.gui.tasks import TaskHandle, TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, pdf_type, table_types
from postalgui.services.price import use_cases as pricing

if TYPE_CHECKING:
    from postalgui.api.models.price import QuoteResult
    from postalgui.services.price.deadline_outcome import DeadlineOutcome
    from postalgui.services.price.service import PriceService

__all__ = ["PdfLayout", "ResultsExporter", "report_language"]

PdfLayout = Literal["per_quote", "summary"]


def report_language(price: PriceService) -> str:
    """The language of exported PDFs: the UI's, ``"pt_BR"`` or ``"en"``.

    The window was built in the language the settings chose at start (or the system
    locale's); `QLocale` alone would say Portuguese on a Brazilian system set to English.
    """
    return resolve_language(price.language)


class ResultsExporter(QObject):
    """Saves quote results as CSV or PDF in the background and says where they went.

    ``source`` gives the results to save when the user picks a file (the selection, or
    what the table shows). Signals: ``exported(Path)`` with the saved `Path`.
    """

    exported = Signal(Path)

    def __init__(
        self,
        price: PriceService,
        runner: TaskRunner,
        messages: MessageArea,
        task_key: str,
        source: Callable[[], Sequence[QuoteResult]],
        parent: QWidget,
        deadlines: Callable[[], Mapping[int, DeadlineOutcome] | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.price = price
        self.runner = runner
        self.messages = messages
        self.task_key = task_key
        self._source = source
        self._deadlines = deadlines
        self._widget = parent
        self.saved = SavedFileReporter(messages, task_key, self)
        self.saved.exported.connect(self.exported)

    def pdf_menu(self, parent: QWidget) -> QMenu:
        """The two PDF layouts, for a tool button's menu."""
        menu = QMenu(parent)
        self.per_quote_action = menu.addAction(self.tr("One page per &quote…"))
        self.per_quote_action.triggered.connect(self._on_per_quote_action_triggered)
        self.summary_action = menu.addAction(self.tr("&Summary table…"))
        self.summary_action.triggered.connect(self._on_summary_action_triggered)
        return menu

    # --- asking for a file -----------------------------------------------------------

    def ask_table(self) -> TaskHandle | None:
        """Ask for a file, an Excel workbook (the default) or CSV, and save the results there."""
        results = list(self._source())
        if not results:
            return None
        path = ask_save_path(self._widget, self.tr("Export quotes"), self._file_name(), table_types())
        return None if path is None else self.export_csv(path, results)

    def ask_pdf(self, layout: PdfLayout) -> TaskHandle | None:
        results = list(self._source())
        if not results:
            return None
        path = ask_save_path(self._widget, self.tr("Export quotes to PDF"), self._file_name(), [pdf_type()])
        return None if path is None else self.export_pdf(path, results, layout)

    def _file_name(self) -> str:
        """``quotes-2026-11-25`` / ``cotacoes-2026-11-25``: the UI's word, no accents (any disk)."""
        return arg(self.tr("quotes-%1"), date.today().isoformat())

    # --- saving ----------------------------------------------------------------------

    def known_deadlines(self) -> dict[int, DeadlineOutcome] | None:
        """The deadlines the exports carry (by the result's index), ``None`` when none are known."""
        found = None if self._deadlines is None else self._deadlines()
        return None if found is None else dict(found)

    def export_csv(self, path: Path, results: Sequence[QuoteResult]) -> TaskHandle:
        """Save as CSV, or as an Excel workbook when ``path`` ends in ``.xlsx``; with the
        deadline columns when deadlines are known."""
        return self.runner.run(
            pricing.export_csv,
            Path(path),
            list(results),
            self.known_deadlines(),
            name="export quotes csv",
            key=self.task_key,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    def export_pdf(self, path: Path, results: Sequence[QuoteResult], layout: PdfLayout) -> TaskHandle:
        return self.runner.run(
            pricing.export_pdf,
            self.price,
            Path(path),
            list(results),
            layout,
            report_language(self.price),
            self.known_deadlines(),
            name="export quotes pdf",
            key=self.task_key,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    @Slot()
    def _on_per_quote_action_triggered(self) -> None:
        self.ask_pdf("per_quote")

    @Slot()
    def _on_summary_action_triggered(self) -> None:
        self.ask_pdf("summary")
