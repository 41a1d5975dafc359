"""Unanswered sends: the calls that changed something at the operator whose answer was lost
or could not be read (`services.office.outgoing`). No desk sends such a request again until
a person says here what became of it: found at the operator, dismissed, or to be sent again.

The list and each settling are tasks (the office database may be a server); the selected
line shows what was sent and the answer as it came.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QSize, Qt, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import describe_error, local_datetime
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.gui.models.words import said
from postalgui.gui.widgets.screen_fit import fit_to_screen
from postalgui.services.office.outgoing import OutgoingState, Resolution, SentLine
from postalgui.services.office.sent_use_cases import settle_send, unsettled_sends
from postalgui.services.words.office import OUTGOING_STATE

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.services.office.database import OfficeDatabase

__all__ = ["SentDialog", "SentModel", "open_sent_dialog"]

_KINDS: dict[str, object] = {
    "preposting": QT_TRANSLATE_NOOP("SentDialog", "Pre-posting"),
    "labels": QT_TRANSLATE_NOOP("SentDialog", "Label request"),
    "claim-reopen": QT_TRANSLATE_NOOP("SentDialog", "Claim reopening"),
    "attendance": QT_TRANSLATE_NOOP("SentDialog", "Attendance registration"),
}


def kind_words(kind: str) -> str:
    text = _KINDS.get(kind)
    return QCoreApplication.translate("SentDialog", str(text)) if text else kind


def state_words(state: OutgoingState) -> str:
    """Where the call stands, in the catalogue's words (as ``postalgui sent list`` says it)."""
    return said(OUTGOING_STATE[state])


_COLUMNS: tuple[Column[SentLine], ...] = tuple(
    Column(title)
    for title in (
        QT_TRANSLATE_NOOP("SentModel", "What"),
        QT_TRANSLATE_NOOP("SentModel", "Kind"),
        QT_TRANSLATE_NOOP("SentModel", "State"),
        QT_TRANSLATE_NOOP("SentModel", "Sent by"),
        QT_TRANSLATE_NOOP("SentModel", "Sent at"),
    )
)


class SentModel(RowTableModel[SentLine]):
    """What was sent, its kind, where it stands, who sent it and when."""

    WHAT, KIND, STATE, SENT_BY, SENT_AT = range(5)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)

    def make_row(self, item: SentLine) -> TextRow[SentLine]:
        state = item.shown_state(datetime.now(UTC))
        texts = (
            item.summary,
            kind_words(item.kind),
            state_words(state),
            item.created_by,
            local_datetime(item.sent_at),
        )
        return TextRow(item, texts, (item.summary, item.kind, state.value, item.created_by, item.sent_at))


class SentDialog(QDialog):
    """The unsettled calls and the three ways to settle one."""

    def __init__(
        self, office: Callable[[], OfficeDatabase], runner: TaskRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.office = office
        self.runner = runner
        self.setWindowTitle(self.tr("Unanswered sends"))
        fit_to_screen(self, QSize(960, 560))
        self.model = SentModel(self)
        self._build()
        self.reload()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "These calls changed something at the operator, but their answer was lost or could not be "
                "read. No desk sends them again until you say what became of each one."
            ),
            self,
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.table = QTableView(splitter)
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(SentModel.WHAT, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_changed)
        self.detail = QPlainTextEdit(splitter)
        self.detail.setReadOnly(True)
        layout.addWidget(splitter, 1)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        layout.addLayout(self._settle_buttons())
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        layout.addWidget(close)

    def _settle_buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.followed_button = QPushButton(self.tr("&Found at the operator"), self)
        self.followed_button.setToolTip(self.tr("It was done at the operator: settle it"))
        self.followed_button.clicked.connect(self._on_followed_button_clicked)
        self.dismiss_button = QPushButton(self.tr("&Dismiss"), self)
        self.dismiss_button.setToolTip(self.tr("Cancelled at the operator, or known not to have happened"))
        self.dismiss_button.clicked.connect(self._on_dismiss_button_clicked)
        self.again_button = QPushButton(self.tr("Allow sending &again"), self)
        self.again_button.setToolTip(self.tr("The same request may be sent again, on purpose"))
        self.again_button.clicked.connect(self._on_again_button_clicked)
        for button in (self.followed_button, self.dismiss_button, self.again_button):
            button.setEnabled(False)
            row.addWidget(button)
        row.addStretch(1)
        return row

    # --- loading and settling ----------------------------------------------------------

    def reload(self) -> None:
        self.runner.run(
            unsettled_sends, self.office, owner=self, key="sent.list", on_result=self._on_lines_read,
            on_error=self._on_task_error,
        )  # fmt: skip

    def _settle(self, resolution: Resolution) -> None:
        line = self.current_line()
        if line is None:
            return
        self._enable(False)
        self.runner.run(
            settle_send, self.office, line.uid, resolution, owner=self, key="sent.list",
            on_result=self._on_lines_read, on_error=self._on_task_error,
        )  # fmt: skip

    @Slot(object)
    def _on_lines_read(self, lines: list[SentLine]) -> None:
        self.model.set_items(lines)
        if lines:
            self.table.selectRow(0)
            self.status.setText(self.tr("%n call(s) wait for a decision.", "", len(lines)))
        else:
            self.detail.clear()
            self.status.setText(self.tr("Every call sent was answered: nothing waits for a decision."))
        self._enable(bool(lines))

    @Slot(object)
    def _on_task_error(self, error: BaseException) -> None:
        self.status.setText(describe_error(error))

    def current_line(self) -> SentLine | None:
        index = self.table.currentIndex()
        return self.model.item(index.row()) if index.isValid() else None

    def _enable(self, on: bool) -> None:
        for button in (self.followed_button, self.dismiss_button, self.again_button):
            button.setEnabled(on)

    @Slot()
    def _on_table_current_changed(self) -> None:
        line = self.current_line()
        self.detail.setPlainText("" if line is None else self._detail_text(line))

    def _detail_text(self, line: SentLine) -> str:
        parts = [line.problem] if line.problem else []
        if line.http_status is not None:
            parts.append(self.tr("HTTP status: %1").replace("%1", str(line.http_status)))
        if line.answer:
            parts += [self.tr("The answer as it came:"), line.answer]
        parts += [self.tr("What was sent:"), json.dumps(line.request, ensure_ascii=False, indent=2)]
        return "\n\n".join(parts)

    @Slot()
    def _on_followed_button_clicked(self) -> None:
        self._settle(Resolution.FOLLOWED)

    @Slot()
    def _on_dismiss_button_clicked(self) -> None:
        self._settle(Resolution.DISMISSED)

    @Slot()
    def _on_again_button_clicked(self) -> None:
        self._settle(Resolution.AGAIN)


def open_sent_dialog(window: QWidget, office: Callable[[], OfficeDatabase], runner: TaskRunner) -> SentDialog:
    dialog = SentDialog(office, runner, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
