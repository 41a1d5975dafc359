"""`OrdersDialog`: many parcels registered from an orders file (CSV with ``;`` or .xlsx).

Three steps, each a task of the shipping services with progress and Cancel: the file is
read with the default sender (`read_orders`: no network; a row's problems name its row
and column), the addresses are completed from the CEP (`complete_orders`), and the
preview shows every row with its problems and, last, the rows sent before (`sent_before`:
the same recipient and invoice number or NF-e key among the office's pre-postings, or the
same order already sent). Create sends only when no row has a problem, or, when the clerk
ticks "Send only the rows without problems", the good ones; rows sent before are asked
about first (send them again on purpose, skip them, or send nothing). Each row then says
what became of it (its pre-posting id, the operator's refusal with its code, or "sent,
answer unreadable" with what to do).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QSize, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import format_cep, is_valid_cep
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.models.formatting import error_colour, format_grams
from postalgui.gui.tabs.shipping.outcome_words import earlier_text, outcome_text
from postalgui.gui.tabs.shipping.words import service_word
from postalgui.gui.widgets.screen_fit import fit_to_screen
from postalgui.services.shipping.desk_reads import read_orders_file
from postalgui.services.shipping.orders import complete_orders
from postalgui.services.shipping.use_cases import CreationReport, RowResult

if TYPE_CHECKING:
    from postalgui.api.models.prepostings import Person
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import Progress, RunOptions, TaskHandle
    from postalgui.services.shipping.orders import OrderFile, OrderProblem, OrderRow
    from postalgui.services.shipping.service import ShippingService
    from postalgui.services.shipping.use_cases import EarlierSending
from postalgui.services.shipping.use_cases import create_prepostings, sent_before

__all__ = ["ORDERS_KEY", "OrdersDialog"]

ORDERS_KEY = "shipping.orders"
ROW, RECIPIENT, CEP, CITY, SERVICE, WEIGHT, RESULT = range(7)


class OrdersDialog(QDialog):
    """Choose a file, see every row and its problems, create the pre-postings.

    Signals: ``previewed(int)`` with the number of rows shown; ``created(CreationReport)`` with the
    `CreationReport`. ``ask_again(rows)`` asks whether rows sent before go again: true
    sends them on purpose, false skips them, ``None`` sends nothing (tests replace it).
    """

    previewed = Signal(int)
    created = Signal(CreationReport)

    def __init__(self, desk: Desk[ShippingService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shippingOrdersDialog")
        self.setWindowTitle(self.tr("Pre-postings from an orders file"))
        self.desk = desk
        self.sender_person: Person | None = None
        self.rows: list[OrderRow] = []
        self.ignored: tuple[str, ...] = ()
        """The file's column titles no column was read from (said under the summary)."""
        self.task: TaskHandle | None = None
        self._sent: list[int] = []  # the rows sent, in the order of the orders sent
        self._completed = False  # the rows read were completed from their CEPs
        self._checked = False  # the completed rows were looked up among those sent before
        self._checking: list[int] = []  # the rows looked up, in the order of the orders asked
        self.sent_before_rows: dict[int, EarlierSending] = {}
        self.ask_open: Callable[[], Path | None] = self._ask_open_path
        self.ask_again: Callable[[list[int]], bool | None] = self._ask_again
        self._build()

    def _build(self) -> None:
        self.file_button = QPushButton(self.tr("&Choose file…"), self)
        self.file_label = QLabel(
            self.tr("Columns named as the API names them: nome, cep, numero, codigoServico, pesoInformado…"),
            self,
        )
        self.file_label.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.file_button)
        top.addWidget(self.file_label, 1)
        self.table = QTableWidget(0, 7, self)
        self.table.setObjectName("shippingOrdersTable")
        self.table.setAccessibleName(self.tr("Orders"))
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Row"),
                self.tr("Recipient"),
                self.tr("CEP"),
                self.tr("City/UF"),
                self.tr("Service"),
                self.tr("Weight"),
                self.tr("Problems or result"),
            ]
        )
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.summary_label = QLabel(self)
        self.summary_label.setObjectName("shippingOrdersSummary")
        self.summary_label.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.progress.hide()
        self.good_only = QCheckBox(self.tr("Send only the rows &without problems"), self)
        self.good_only.setEnabled(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.stop_button = QPushButton(self.tr("&Stop"), self)
        self.stop_button.setEnabled(False)
        self.create_button = QPushButton(self.tr("C&reate pre-postings"), self)
        self.create_button.setEnabled(False)
        self.buttons.addButton(self.stop_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.create_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.progress)
        layout.addWidget(self.good_only)
        layout.addWidget(self.buttons)
        fit_to_screen(self, QSize(900, 560))
        self.file_button.clicked.connect(self._on_file_button_clicked)
        self.stop_button.clicked.connect(self._on_stop_button_clicked)
        self.create_button.clicked.connect(self._on_create_button_clicked)
        self.good_only.toggled.connect(self._on_good_only_toggled)
        self.buttons.rejected.connect(self.reject)

    # --- steps ---------------------------------------------------------------------------

    def set_sender(self, sender: Person | None) -> None:
        """The address book's default sender (``None``: the file cannot be read until one is set)."""
        self.sender_person = sender
        if sender is None:
            self.summary_label.setText(
                self.tr("Set a default sender in Addresses first: the orders file's parcels go from it.")
            )

    def open_file(self, path: Path | None = None) -> TaskHandle | None:
        """Read ``path`` (asked when not given) with the default sender."""
        if self.sender_person is None:
            self.summary_label.setText(
                self.tr("Set a default sender in Addresses first: the orders file's parcels go from it.")
            )
            return None
        path = path or self.ask_open()
        if path is None:
            return None
        self.file_label.setText(str(path))
        self._busy(self.tr("Reading the file…"))
        self.task = self.desk.run(
            read_orders_file, path, self.sender_person, **self._options(self._on_read_task_result)
        )
        return self.task

    def complete(self) -> TaskHandle:
        """Fill street, district, city and UF from each row's CEP (the operator's CEP service)."""
        self._busy(self.tr("Completing the addresses from the CEP…"))
        self.task = self.desk.run(complete_orders, self.rows, **self._options(self._on_complete_task_result))
        return self.task

    def check_sent(self) -> TaskHandle:
        """Look the rows up among those sent before (the office database; nothing is sent)."""

        good = [row for row in self.rows if row.order is not None]
        self._checking = [row.row for row in good]
        self._busy(self.tr("Looking for rows sent before…"))
        orders = [row.order for row in good if row.order is not None]
        self.task = self.desk.run(sent_before, orders, **self._options(self._on_check_task_result))
        return self.task

    def _options(self, on_result: Callable[[Any], None]) -> RunOptions[Any]:
        """How each of the dialog's tasks runs: one at a time, its progress and end shown here."""
        return {
            "on_result": on_result,
            "name": "orders file",
            "key": ORDERS_KEY,
            "owner": self,
            "on_progress": self._on_task_progress,
            "on_error": self._on_task_error,
            "on_finished": self._on_task_finished,
        }

    def send(self) -> TaskHandle | None:
        """Send the rows (all without problems, or the good ones when ticked)."""
        good = [row for row in self.rows if row.order is not None and not row.problems]
        if not good or (len(good) < len(self.rows) and not self.good_only.isChecked()):
            return None

        before = [row.row for row in good if row.row in self.sent_before_rows]
        again = self.ask_again(before) if before else False
        if again is None:
            self.summary_label.setText(self.tr("Nothing was sent."))
            return None
        self._sent = [row.row for row in good]
        orders = [row.order for row in good if row.order is not None]
        self._busy(self.tr("Sending to the operator…"))
        self.task = self.desk.run(
            create_prepostings, orders, again, **self._options(self._on_create_task_result)
        )
        return self.task

    def _busy(self, text: str) -> None:
        self.summary_label.setText(text)
        self.progress.setRange(0, 0)
        self.progress.show()
        self.stop_button.setEnabled(True)
        self.create_button.setEnabled(False)
        self.good_only.setEnabled(False)
        self.file_button.setEnabled(False)

    # --- the preview -----------------------------------------------------------------------

    def _show_rows(self) -> None:
        self.table.setRowCount(len(self.rows))
        for index, row in enumerate(self.rows):
            recipient = row.recipient
            cells = [str(row.row), "", "", "", "", "", ""]
            if recipient is not None:  # a bad row too: whose it is
                city = f"{recipient.city}/{recipient.state}" if recipient.state else recipient.city
                cep = format_cep(recipient.cep) if is_valid_cep(recipient.cep) else recipient.cep
                cells[RECIPIENT:SERVICE] = [recipient.name, cep, city]
            if row.order is not None:
                cells[SERVICE:RESULT] = [
                    service_word(row.order.service_code),
                    format_grams(row.order.weight_g),
                ]
            cells[RESULT] = "; ".join(_problem_text(problem) for problem in row.problems)
            if not row.problems and row.row in self.sent_before_rows:
                cells[RESULT] = earlier_text(self.sent_before_rows[row.row])
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == RESULT and row.problems:
                    item.setForeground(error_colour())
                self.table.setItem(index, column, item)

    def _show_state(self) -> None:
        bad = sum(1 for row in self.rows if row.problems or row.order is None)
        locale = app_locale()
        if not self.rows:
            self.summary_label.setText(self.tr("The file has no orders."))
        elif bad:
            self.summary_label.setText(
                arg(
                    self.tr(
                        "%Ln row(s), %1 with problems (named by row and column above): correct the file, "
                        "or send only the rows without problems.",
                        "",
                        len(self.rows),
                    ),
                    locale.toString(bad),
                )
            )
        else:
            self.summary_label.setText(self.tr("%Ln row(s), all ready to send.", "", len(self.rows)))
        if self.ignored:
            ignored = arg(self.tr("Columns not read (not known): %1."), ", ".join(self.ignored))
            self.summary_label.setText(f"{self.summary_label.text()}\n{ignored}")
        good = len(self.rows) - bad
        self.good_only.setEnabled(bool(bad) and good > 0)
        self.create_button.setEnabled(good > 0 and (not bad or self.good_only.isChecked()))

    # --- slots ---------------------------------------------------------------------------

    @Slot(object)
    def _on_read_task_result(self, read: OrderFile) -> None:
        self.rows, self.ignored = read.rows, read.ignored
        self._show_rows()
        self.previewed.emit(len(read.rows))

    @Slot(object)
    def _on_complete_task_result(self, rows: list[OrderRow]) -> None:
        self.rows = rows
        self._show_rows()
        self.previewed.emit(len(rows))

    @Slot(object)
    def _on_check_task_result(self, found: dict[int, EarlierSending]) -> None:
        self.sent_before_rows = {self._checking[index]: earlier for index, earlier in found.items()}
        self._show_rows()

    @Slot(object)
    def _on_create_task_result(self, report: CreationReport) -> None:
        by_row = {
            row_number: outcome_text(report.outcome(index)) for index, row_number in enumerate(self._sent)
        }
        for index, row in enumerate(self.rows):
            if row.row in by_row:
                self.table.setItem(index, RESULT, QTableWidgetItem(by_row[row.row]))
        summary = arg(
            self.tr("%Ln pre-posting(s) created, %1 refused, %2 not sent.", "", len(report.created)),
            app_locale().toString(len(report.refused)),
            app_locale().toString(report.not_sent),
        )
        before, unread = report.count(RowResult.SENT_BEFORE), report.count(RowResult.UNREADABLE)
        unread += report.count(RowResult.LOST)
        if before:
            summary += " " + self.tr("%Ln sent before, not sent again.", "", before)
        if unread:
            summary += " " + self.tr(
                "%Ln sent with an answer that could not be read or never came: follow them up.", "", unread
            )
        self.summary_label.setText(summary)
        self.sent_before_rows = {}
        self.rows = []
        self.created.emit(report)

    @Slot(object)
    def _on_task_progress(self, progress: Progress) -> None:
        if progress.total:
            self.progress.setRange(0, progress.total)
            self.progress.setValue(progress.done)

    @Slot(object)
    def _on_task_error(self, error: BaseException) -> None:
        self.summary_label.setText(describe_error(error))

    @Slot(bool)
    def _on_task_finished(self, cancelled: bool) -> None:
        self.task = None
        self.progress.hide()
        self.stop_button.setEnabled(False)
        self.file_button.setEnabled(True)
        if cancelled:
            self.summary_label.setText(self.tr("Stopped."))
        elif self.rows and self.sender_person is not None and not self._completed:
            self._completed = True
            self.complete()
            return
        elif self.rows and self._completed and not self._checked:
            self._checked = True
            self.check_sent()
            return
        if self.rows:
            self._show_state()

    @Slot()
    def _on_file_button_clicked(self) -> None:
        self._completed = self._checked = False
        self.sent_before_rows = {}
        self.open_file()

    @Slot()
    def _on_stop_button_clicked(self) -> None:
        if self.task is not None:
            self.task.cancel()

    @Slot()
    def _on_create_button_clicked(self) -> None:
        self.send()

    @Slot(bool)
    def _on_good_only_toggled(self, _checked: bool) -> None:
        self._show_state()

    def _ask_again(self, rows: list[int]) -> bool | None:
        """Rows sent before: send them again on purpose (yes), skip them (no), or nothing (cancel)."""
        shown = ", ".join(str(row) for row in rows)
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Sent before"), "", parent=self)
        box.setText(
            arg(
                self.tr(
                    "Rows %1 were sent to the operator before (their pre-postings exist, or their "
                    "answer was lost or unreadable). Send them again, on purpose?",
                    "",
                    len(rows),
                ),
                shown,
            )
        )
        again = box.addButton(self.tr("Send &again"), QMessageBox.ButtonRole.YesRole)
        skip = box.addButton(self.tr("&Skip them"), QMessageBox.ButtonRole.NoRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(skip)
        box.exec()
        clicked = box.clickedButton()
        return True if clicked is again else False if clicked is skip else None

    def _ask_open_path(self) -> Path | None:
        chosen, _picked = QFileDialog.getOpenFileName(
            self, self.tr("Orders file"), "", self.tr("Tables (*.csv *.xlsx)")
        )
        return Path(chosen) if chosen else None


def _problem_text(problem: OrderProblem) -> str:
    """ "Row 3: cep: CEP must have 8 digits" (the rule, naming the column, in the UI language)."""
    return arg(
        QCoreApplication.translate("OrdersDialog", "Row %1: %2"), problem.row, describe_error(problem.error)
    )
