"""`CounterPanel`: the sandbox's simulated counter, so the whole flow can be tried here.

A real attendance starts at the operator's counter; in the sandbox this panel plays the
attendant: it starts a model-1 attendance (the counter posts a bill-payment form with a
typed line to our server) or a model-2 one (the counter hands out the partner URL with
``?codigoOperador=``), and concludes, cancels or reverses a pending one, with or without
the callback to ``confirmarAtendimento``. Leaving the callback out is how the daily
reconciliation gets work. The panel is built only in the sandbox.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, TypeVarTuple

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import barcode_to_typed_line
from postalgui.api.values.boleto import mod11
from postalgui.gui.messages import arg
from postalgui.gui.tabs.attendance.counter_pending import CounterPending
from postalgui.gui.tabs.attendance.words import operator_status_text
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.services.attendance.counter import (
    OUTCOMES,
    CounterFinish,
    CounterStart,
    finish_at_counter,
    start_at_counter,
)

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.attendance.service import AttendanceService

__all__ = ["CounterPanel", "demo_typed_line"]

R = TypeVar("R")
Ts = TypeVarTuple("Ts")

COUNTER_KEY = "attendance.counter"


def demo_typed_line(cents: int = 15990, factor: int = 1500, bank: str = "001") -> str:
    """A valid 47-digit bank-slip typed line for ``cents`` (what the demo partner pays)."""
    free = "0000001234567890123456789"
    partial = f"{bank}9{factor:04d}{cents:010d}{free}"
    barcode = partial[:4] + str(mod11(partial)) + partial[4:]
    return barcode_to_typed_line(barcode)


class CounterPanel(QGroupBox):
    """Start attendances at the simulated counter and finish them.

    One counter call at a time (its buttons wait until it ended); the pending
    attendances to finish are a component of their own (`CounterPending`).

    Signals: ``model2Started(str)`` with the partner URL the counter handed out;
    ``attendanceChanged(str)`` with the protocol of an attendance started or finished
    (the ledger may have changed); ``answered(str)`` with the last answer in words.
    """

    model2Started = Signal(str)
    attendanceChanged = Signal(str)
    answered = Signal(str)

    def __init__(self, desk: Desk[AttendanceService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Simulated counter (sandbox)"))
        self.desk = desk
        self._handle: TaskHandle | None = None
        self._callback_asked = True
        self.pending = CounterPending(desk.service, desk.runner, self)
        starts = self._build_starts()
        finishes = self._build_finishes()
        self.answer_label = selectable_label(self, "counterAnswer")
        layout = QVBoxLayout(self)
        layout.addWidget(self.line_label)
        layout.addWidget(self.line_edit)
        layout.addLayout(starts)
        layout.addWidget(self.pending)
        layout.addLayout(finishes)
        layout.addWidget(self.answer_label)
        layout.addStretch(1)
        self._connect()
        self._update_buttons()

    def _build_starts(self) -> QHBoxLayout:
        """The typed line model 1's form carries, and the two ways to start."""
        self.line_edit = QLineEdit(demo_typed_line(), self)
        self.line_edit.setObjectName("counterTypedLine")
        self.line_edit.setAccessibleName(self.tr("Typed line of the bill to pay"))
        self.line_label = QLabel(self.tr("T&yped line (model 1 form):"), self)
        self.line_label.setBuddy(self.line_edit)
        self.model1_button = QPushButton(self.tr("Start attendance (model &1)"), self)
        self.model1_button.setObjectName("counterModel1Button")
        self.model2_button = QPushButton(self.tr("Start attendance (model &2)"), self)
        self.model2_button.setObjectName("counterModel2Button")
        self.model2_button.setToolTip(
            self.tr("The counter hands out the partner URL; it goes to the model 2 form")
        )
        starts = QHBoxLayout()
        starts.addWidget(self.model1_button)
        starts.addWidget(self.model2_button)
        starts.addStretch(1)
        return starts

    def _build_finishes(self) -> QGridLayout:
        """One row per way to finish: its button and whether the callback is sent."""
        self.finish_buttons: dict[str, QPushButton] = {}
        self.callback_boxes: dict[str, QCheckBox] = {}
        grid = QGridLayout()
        texts = {
            "concluded": self.tr("Concl&ude"),
            "cancelled": self.tr("Cance&l attendance"),
            "reversed": self.tr("Re&verse"),
        }
        for row, outcome in enumerate(OUTCOMES):
            button = QPushButton(texts[outcome], self)
            button.setObjectName(f"counter_{outcome}")
            box = QCheckBox(self.tr("send callback"), self)
            box.setObjectName(f"counter_{outcome}_callback")
            box.setChecked(True)
            box.setToolTip(self.tr("Unchecked: the counter stays silent and only reconciliation finds out"))
            grid.addWidget(button, row, 0)
            grid.addWidget(box, row, 1)
            self.finish_buttons[outcome] = button
            self.callback_boxes[outcome] = box
        grid.setColumnStretch(2, 1)
        return grid

    def _connect(self) -> None:
        self.model1_button.clicked.connect(self._on_model1_button_clicked)
        self.model2_button.clicked.connect(self._on_model2_button_clicked)
        self.pending.selectionChanged.connect(self._on_pending_selection_changed)
        for button in self.finish_buttons.values():
            button.clicked.connect(self._on_finish_button_clicked)

    # --- what the tab and the tests ask -------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._handle is not None

    def selected_protocol(self) -> str:
        return self.pending.selected_protocol()

    def reload(self, select: str | None = None) -> TaskHandle:
        """Read the counter's pending attendances again (``select``: choose that one)."""
        return self.pending.reload(select)

    def start(self, model: int) -> TaskHandle:
        form = {"linhaDigitavel": self.line_edit.text().strip()} if model == 1 else None
        return self._run(
            start_at_counter,
            self.desk.service,
            model,
            form,
            on_result=self._on_start_task_result,
            template=self.tr("The counter could not start the attendance: %1"),
        )

    def finish(self, outcome: str, protocol: str | None = None) -> TaskHandle | None:
        chosen = protocol or self.selected_protocol()
        if not chosen:
            return None
        callback = self.callback_boxes[outcome].isChecked()
        self._callback_asked = callback
        return self._run(
            finish_at_counter,
            self.desk.service,
            chosen,
            outcome,
            callback,
            on_result=self._on_finish_task_result,
            template=self.tr("The counter could not finish the attendance: %1"),
        )

    def _run(
        self,
        fn: Callable[[TaskHandle, *Ts], R],
        *args: *Ts,
        on_result: Callable[[R], None],
        template: str,
    ) -> TaskHandle:
        """One counter call at a time: its buttons wait until it ended."""
        self._handle = self.desk.runner.run(
            fn,
            *args,
            name="counter",
            key=COUNTER_KEY,
            on_result=on_result,
            on_finished=self._on_task_finished,
            failure=Failure(template, COUNTER_KEY),
        )
        self._update_buttons()
        return self._handle

    def _update_buttons(self) -> None:
        idle = self._handle is None
        for button in (self.model1_button, self.model2_button, self.pending.reload_button):
            button.setEnabled(idle)
        chosen = bool(self.selected_protocol())
        for button in self.finish_buttons.values():
            button.setEnabled(idle and chosen)

    def _say(self, text: str) -> None:
        self.answer_label.setText(text)
        self.answered.emit(text)

    # --- answers in words ------------------------------------------------------------------

    def started_text(self, answer: CounterStart) -> str:
        """A model-1 start: what the partner server answered the counter's form."""
        protocol = answer.protocol
        status = answer.partner_status
        if status is None:
            reason = answer.error or self.tr("no answer")
            return arg(
                self.tr("Attendance %1 started, but the counter could not reach our server: %2"),
                protocol,
                reason,
            )
        if status == 200:
            return arg(
                self.tr("Attendance %1 started; our server accepted the form: %2"),
                protocol,
                answer.partner_said,
            )
        return arg(
            self.tr("Attendance %1 started; our server refused the form (HTTP %2): %3"),
            protocol,
            status,
            answer.partner_said,
        )

    def finished_text(self, answer: CounterFinish, callback: bool) -> str:
        """A conclusion, cancellation or reversal, and what the callback got."""
        first = arg(
            self.tr("Attendance %1: %2."), answer.protocol, operator_status_text(answer.operator_status)
        )
        status = answer.callback_status
        if not callback:
            second = self.tr("No callback was sent: only the reconciliation will tell our ledger.")
        elif status is None:
            second = arg(self.tr("The callback did not reach our server: %1"), answer.error)
        elif status == 200:
            second = arg(self.tr("Our server took the callback (code %1)."), answer.callback_code)
        else:
            second = arg(self.tr("Our server refused the callback (HTTP %1)."), status)
        return f"{first} {second}"

    # --- slots ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_start_task_result(self, answer: CounterStart) -> None:
        if answer.handed_out and answer.url is not None:
            self._say(self.tr("The counter handed out the partner address; decode it in the model 2 form."))
            self.model2Started.emit(answer.url)
            return
        self._say(self.started_text(answer))
        self.attendanceChanged.emit(answer.protocol)
        self.reload(select=answer.protocol)

    @Slot(object)
    def _on_finish_task_result(self, answer: CounterFinish) -> None:
        self._say(self.finished_text(answer, self._callback_asked))
        self.attendanceChanged.emit(answer.protocol)
        self.reload()

    @Slot(bool)
    def _on_task_finished(self, _cancelled: bool) -> None:
        self._handle = None
        self._update_buttons()

    @Slot()
    def _on_model1_button_clicked(self) -> None:
        self.start(1)

    @Slot()
    def _on_model2_button_clicked(self) -> None:
        self.start(2)

    @Slot()
    def _on_pending_selection_changed(self) -> None:
        self._update_buttons()

    @Slot()
    def _on_finish_button_clicked(self) -> None:
        sender = self.sender()
        for outcome, button in self.finish_buttons.items():
            if button is sender:
                self.finish(outcome)
