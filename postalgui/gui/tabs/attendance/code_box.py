"""`OperatorCodeBox`: the model-2 form's operator code, decoded.

The attendant arrives with the partner URL (``?codigoOperador=``) or the code itself;
Decode asks the registration system who is attending, where, and how old the code is
(it expires). A component of its own: the form's other task (Register) only reads the
decoded code when it is the one still in the field.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from postalgui.api.models.ster import OperatorCode
from postalgui.gui.messages import arg, describe_error, or_dash
from postalgui.gui.models.formatting import format_count
from postalgui.gui.models.operator_words import operator_word
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.services.attendance.use_cases import decode_code

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.attendance.service import AttendanceService

__all__ = ["DECODE_KEY", "OperatorCodeBox", "agency_kind"]


def agency_kind(tipo: str) -> str:
    """``tipoAgencia`` (spec 002) ``"Terceirizada"`` -> "outsourced unit" / "unidade terceirizada"."""
    return operator_word(tipo)


DECODE_KEY = "attendance.decode"
_MASK = "\N{BULLET}" * 8


class OperatorCodeBox(QGroupBox):
    """The code field with Decode, then what the code says in pairs (three rows, not six).

    Signals: ``decoded(OperatorCode)`` with the `OperatorCode`.
    """

    decoded = Signal(OperatorCode)

    def __init__(self, desk: Desk[AttendanceService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Operator code"))
        self.desk = desk
        self.code: OperatorCode | None = None
        self._code_text = ""
        self._handle: TaskHandle | None = None
        self.code_edit = QLineEdit(self)
        self.code_edit.setObjectName("operatorCode")
        self.code_edit.setPlaceholderText(self.tr("Partner URL or operator code"))
        self.code_edit.setToolTip(
            self.tr("Paste the partner URL or the operator code, then press Enter to decode")
        )
        self.code_edit.setClearButtonEnabled(True)
        self.decode_button = QPushButton(self.tr("D&ecode"), self)
        self.decode_button.setObjectName("decodeButton")
        self.attendant_label = selectable_label(self, "decodedAttendant")
        self.unit_label = selectable_label(self, "decodedUnit")
        self.terminal_label = selectable_label(self, "decodedTerminal")
        self.city_label = selectable_label(self, "decodedCity")
        self.age_label = selectable_label(self, "decodedAge")
        self.credentials_label = selectable_label(self, "decodedCredentials")
        self._layout()
        self.code_edit.returnPressed.connect(self._on_code_edit_return_pressed)
        self.code_edit.textChanged.connect(self._on_code_edit_text_changed)
        self.decode_button.clicked.connect(self._on_decode_button_clicked)
        self._update_button()

    def _layout(self) -> None:
        grid = QGridLayout(self)
        code_label = QLabel(self.tr("Code or UR&L:"), self)
        code_label.setBuddy(self.code_edit)
        code_row = QHBoxLayout()
        code_row.addWidget(self.code_edit, 1)
        code_row.addWidget(self.decode_button)
        grid.addWidget(code_label, 0, 0)
        grid.addLayout(code_row, 0, 1, 1, 3)
        pairs = (
            (self.tr("Attendant:"), self.attendant_label, self.tr("Unit:"), self.unit_label),
            (self.tr("Terminal:"), self.terminal_label, self.tr("City/UF:"), self.city_label),
            (self.tr("Code age:"), self.age_label, self.tr("Partner login:"), self.credentials_label),
        )
        for row, (first, first_value, second, second_value) in enumerate(pairs, start=1):
            grid.addWidget(QLabel(first, self), row, 0)
            grid.addWidget(first_value, row, 1)
            grid.addWidget(QLabel(second, self), row, 2)
            grid.addWidget(second_value, row, 3)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

    # --- what the form and the tests ask -------------------------------------------------------

    def current_code(self) -> OperatorCode | None:
        """The decoded code, while the field still holds the text it was decoded from."""
        return self.code if self._code_text == self.code_edit.text().strip() else None

    def decode(self) -> TaskHandle | None:
        text = self.code_edit.text().strip()
        if not text:
            return None
        self.desk.messages.clear(DECODE_KEY)
        self._handle = self.desk.run(
            decode_code,
            text,
            name="decode operator code",
            key=DECODE_KEY,
            on_result=self._on_decode_task_result,
            on_error=self._on_decode_task_error,
            on_finished=self._on_decode_task_finished,
        )
        self._code_text = text
        self._update_button()
        return self._handle

    def show_code(self, code: OperatorCode) -> None:
        self.code = code
        self.attendant_label.setText(or_dash(code.nome))
        unit = code.mcmcuAgencia or ""
        if code.tipoAgencia:
            kind = agency_kind(code.tipoAgencia)
            unit = arg(self.tr("%1 (%2)"), unit, kind) if unit else kind
        self.unit_label.setText(or_dash(unit))
        self.terminal_label.setText(or_dash(code.numeroCaixa))
        place = "/".join(part for part in (code.cidade, code.uf) if part)
        self.city_label.setText(or_dash(place))
        age = code.age_seconds(datetime.now(UTC))
        minutes = "" if age is None else arg(self.tr("%1 min"), format_count(max(0, int(age // 60))))
        self.age_label.setText(or_dash(minutes))
        credentials = code.credentials()
        login = "" if credentials is None else f"{credentials.user} / {_MASK}"
        self.credentials_label.setText(or_dash(login))

    def _clear_code(self) -> None:
        self.code = None
        for label in (
            self.attendant_label,
            self.unit_label,
            self.terminal_label,
            self.city_label,
            self.age_label,
            self.credentials_label,
        ):
            label.clear()

    def _update_button(self) -> None:
        self.decode_button.setEnabled(self._handle is None and bool(self.code_edit.text().strip()))

    # --- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_code_edit_return_pressed(self) -> None:
        self.decode()

    @Slot(str)
    def _on_code_edit_text_changed(self, _text: str) -> None:
        self._update_button()

    @Slot()
    def _on_decode_button_clicked(self) -> None:
        self.decode()

    @Slot(object)
    def _on_decode_task_result(self, code: OperatorCode) -> None:
        self.show_code(code)
        self.decoded.emit(code)

    @Slot(object)
    def _on_decode_task_error(self, error: BaseException) -> None:
        """More than the default sink: the stale decoded values go, and a code the client
        refused before sending is named as the field it came from."""
        self._clear_code()
        text = arg(
            self.tr("The operator code could not be decoded: %1"),
            describe_error(error, self.tr("Operator code")),
        )
        self.desk.messages.show_message(text, MessageKind.ERROR, key=DECODE_KEY)

    @Slot(bool)
    def _on_decode_task_finished(self, _cancelled: bool) -> None:
        self._handle = None
        self._update_button()
