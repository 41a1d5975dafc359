"""The Batch page's run: a batch priced with its delivery times, its progress and Cancel.

One component for one task (``price.batch``, `priced.prices_with_deadlines`). Results
stream in from the worker one by one; they are buffered and put into the table in
blocks every ~50 ms, so the window stays responsive with a thousand rows arriving. The
deadlines come a window at a time beside the prices and fill their columns as they do.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.tabs.price.batch_problems import rows_text
from postalgui.gui.tasks import Failure, Progress
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.price.priced import PriceEvent, PricesSettled

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery, QuoteResult
    from postalgui.gui.tabs.price.results_model import QuoteResultsModel
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.price.deadlines import DeadlineOutcome
    from postalgui.services.price.service import PriceService, Source
from postalgui.services.price.priced import prices_with_deadlines

__all__ = ["BatchRunRow"]

FLUSH_INTERVAL_MS = 50
FLUSH_BACKLOG_MS = 15
MAX_ROWS_PER_FLUSH = 50  # about 5 ms of work: leaves the window free between blocks


def _number(value: int) -> str:
    return QLocale().toString(value)


class BatchRunRow(QWidget):
    """The progress bar, Cancel and the run's status; the results go into ``model``.

    Signals: ``batchFinished(int, int)`` with the number of quotes and of failed ones,
    when the prices completed (not when cancelled or failed as a whole);
    ``deadlinesFinished()`` when the run's deadlines are all in (and in the history);
    ``stateChanged()`` when the prices start or end (what the page's actions allow).
    """

    batchFinished = Signal(int, int)
    deadlinesFinished = Signal()
    stateChanged = Signal()

    TASK_KEY = "price.batch"

    def __init__(
        self,
        price: PriceService,
        runner: TaskRunner,
        messages: MessageArea,
        model: QuoteResultsModel,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.price = price
        self.runner = runner
        self.messages = messages
        self.model = model
        self._handle: TaskHandle[PriceEvent] | None = None
        self._pricing = False  # prices still coming, or still being put into the table
        self._buffer: list[QuoteResult] = []
        self._received = 0
        self._total = 0
        self._started = 0.0
        self._elapsed = 0.0
        self._prices_done = False
        self._outcome: str = "done"  # how the prices ended: done, cancelled, failed
        self._skipped: list[int] = []  # the file's lines of the rows not sent (a problem each)
        self._build()

    def _build(self) -> None:
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setFormat(self.tr("%v of %m"))
        self.progress_bar.setAlignment(Qt.AlignmentFlag.AlignCenter)  # text inside the bar in every style
        self.progress_bar.setAccessibleName(self.tr("Batch progress"))
        self.cancel_button = QPushButton(self.tr("&Cancel"), self)
        self.cancel_button.setToolTip(self.tr("Stop sending the batch (Esc)"))
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self.status_label = QLabel(self)
        self.status_label.setObjectName("priceBatchStatus")
        self.status_label.setWordWrap(True)  # a long status wraps; it never widens the window
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress_bar.hide()
        self.cancel_button.hide()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.progress_bar, 1)
        layout.addWidget(self.cancel_button)
        layout.addWidget(self.status_label, 1)
        self._flush_timer = QTimer(self)
        self._flush_timer.setInterval(FLUSH_INTERVAL_MS)
        self._flush_timer.timeout.connect(self._on_flush_timer_timeout)

    @property
    def running(self) -> bool:
        """The prices are still coming (the deadlines may come after)."""
        return self._pricing

    @property
    def cancellable(self) -> bool:
        return self._pricing and self._handle is not None and not self._handle.cancelled

    @property
    def fetching_deadlines(self) -> bool:
        return self._handle is not None

    def start(
        self,
        queries: Sequence[PriceQuery],
        source: Source,
        indices: Sequence[int] | None = None,
        skipped_lines: Sequence[int] = (),
    ) -> TaskHandle[PriceEvent]:
        """Price ``queries`` with their deadlines; the table was cleared by the caller.

        ``indices`` numbers the results as the file's rows (`BatchFile.indices`);
        ``skipped_lines`` are the lines of the rows left out, for the status.
        """

        self.stop()
        self.messages.clear("batch.run")
        self._reset(len(queries))
        self._skipped = list(skipped_lines)
        run = uuid.uuid4().hex  # the history keeps the prices and their deadlines under it
        self._handle = self.runner.run(
            prices_with_deadlines,
            self.price,
            list(queries),
            run,
            source,
            "checked",  # a re-run from the history meets the declared-value rule too
            None if indices is None else list(indices),
            name="price batch",
            key=self.TASK_KEY,
            on_progress=self._on_task_progress,
            on_finished=self._on_task_finished,
            failure=Failure(self.tr("The batch stopped: %1"), "batch.run"),
        )
        self._flush_timer.start()
        self.stateChanged.emit()
        return self._handle

    def _reset(self, total: int) -> None:
        self._buffer = []
        self._received = 0
        self._total = total
        self._prices_done = False
        self._outcome = "done"
        self._pricing = True
        self._started = time.monotonic()
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(0)
        self.progress_bar.show()
        self.cancel_button.show()
        self.cancel_button.setEnabled(True)
        self.status_label.setText(self.tr("Sending…"))
        self._flush_timer.setInterval(FLUSH_INTERVAL_MS)

    def stop(self) -> None:
        """Drop a run without a word, prices or deadlines: something else replaces it."""
        self.messages.clear("batch.deadlines")
        if self._handle is not None:
            self._handle.cancel()  # the runner drops its callbacks; what was priced is in the history
            self._handle = None
        if self._pricing:
            self._pricing = False
            self._buffer = []
            self._flush_timer.stop()
            self.progress_bar.hide()
            self.cancel_button.hide()

    def cancel(self) -> None:
        """Stop sending; what already arrived stays in the table."""
        if not self.cancellable or self._handle is None:
            return
        self._handle.cancel()
        self.cancel_button.setEnabled(False)
        self.status_label.setText(self.tr("Cancelling…"))
        self.stateChanged.emit()

    def clear_status(self) -> None:
        self.status_label.clear()

    def summary_text(self) -> str:
        return self.status_label.text()

    @Slot(Progress)
    def _on_task_progress(self, progress: Progress[PriceEvent]) -> None:
        if progress.payload is not None:
            progress.payload.reach(self)

    def price_arrived(self, result: QuoteResult) -> None:
        # Called once per item: only keep it here; the timer puts blocks into the table.
        self._buffer.append(result)

    def prices_settled(self, settled: PricesSettled) -> None:
        del settled
        self._prices_done = True
        self._elapsed = time.monotonic() - self._started
        self._flush_timer.setInterval(FLUSH_BACKLOG_MS)  # drain what is left, then wrap up

    def deadlines_arrived(self, outcomes: list[DeadlineOutcome]) -> None:
        self.model.set_deadlines(outcomes)
        if any(outcome.reason == "not_enabled" for outcome in outcomes):
            self.messages.show_message(
                self.tr("Delivery time is not enabled for this card: prices are shown without deadlines."),
                MessageKind.INFO,
                key="batch.deadlines",
            )

    @Slot(bool)
    def _on_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        if self._pricing and not self._prices_done:  # the prices ended before all were in
            self._prices_done = True
            self._outcome = "cancelled" if cancelled else "failed"
            self._elapsed = time.monotonic() - self._started
            self._flush_timer.setInterval(FLUSH_BACKLOG_MS)
        elif not self._pricing and not cancelled:
            self.deadlinesFinished.emit()

    @Slot()
    def _on_flush_timer_timeout(self) -> None:
        self._flush()
        if self._buffer:
            self._flush_timer.setInterval(FLUSH_BACKLOG_MS)
        elif self._prices_done:
            self._finish()
        else:
            self._flush_timer.setInterval(FLUSH_INTERVAL_MS)

    def _flush(self) -> None:
        if not self._buffer:
            return
        block = self._buffer[:MAX_ROWS_PER_FLUSH]
        del self._buffer[:MAX_ROWS_PER_FLUSH]
        self.model.append_results(block)
        self._received += len(block)
        self.progress_bar.setValue(min(self._received, self._total))

    def _finish(self) -> None:
        self._flush_timer.stop()
        self._pricing = False
        self.progress_bar.hide()
        self.cancel_button.hide()
        count = self.model.rowCount()
        failed = self.model.failed_count()
        self.status_label.setText(self._status_text(count, failed))
        self.stateChanged.emit()
        if self._outcome == "done":
            self.batchFinished.emit(count, failed)
            if self._handle is None:  # the deadlines were in before the last prices were shown
                self.deadlinesFinished.emit()

    def _status_text(self, count: int, failed: int) -> str:
        text = self._run_text(count, failed)
        if not self._skipped:
            return text
        return arg(self.tr("%1. %2"), rows_text(count, self._skipped, done=True), text)

    def _run_text(self, count: int, failed: int) -> str:
        if self._outcome == "cancelled":
            return arg(self.tr("Cancelled after %1 of %2"), _number(count), _number(self._total))
        if self._outcome == "failed":
            return arg(self.tr("Stopped after %1 of %2"), _number(count), _number(self._total))
        quoted = self.tr("%Ln quoted", "", count)
        failures = self.tr("%Ln failed", "", failed)
        seconds = QLocale().toString(self._elapsed, "f", 1)
        return arg(self.tr("%1, %2 in %3 s"), quoted, failures, seconds)

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self.cancel()
