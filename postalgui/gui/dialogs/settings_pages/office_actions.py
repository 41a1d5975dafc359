"""The office database's two buttons: Test, and "Copy my local data into it".

Two tasks, so two components (one task each, under its own key): each runs its use case
(`services.office.use_cases`) in the background on the values typed, before they are
saved, and shows what it found or why it failed in the line under it. The dialog checks
the form and calls `run`; closing it or changing the environment cancels them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from postalgui.gui.dialogs.settings_pages.form_parts import ERROR_STYLE, breakable, note_label
from postalgui.gui.dialogs.settings_pages.office_words import (
    copied_rows,
    problem_text,
    report_text,
    table_name,
)
from postalgui.gui.messages import arg
from postalgui.services.office.use_cases import DatabaseReport

if TYPE_CHECKING:
    from postalgui.api.cancel import Progress
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.office.service import OfficeService, TypedDatabase
    from postalgui.store.copy import Copied
from postalgui.services.office.use_cases import check_typed, upload_typed

_OK_STYLE = "color: #107c10;"


def _result_label(parent: QWidget) -> QLabel:
    label = note_label(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class _Action(QWidget):
    """A button that starts one task and the line saying how it ended.

    Signals: ``requested()`` when the button was clicked (the dialog checks the form, then
    calls the subclass's ``run``); ``ended()`` once the outcome is known.
    """

    requested = Signal()
    ended = Signal()

    def __init__(self, service: OfficeService, runner: TaskRunner, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self.handle: TaskHandle | None = None
        self._text = ""
        self._key = f"settings-dialog/{type(self).__name__}/{id(self)}"
        self.button = QPushButton(self)
        self.button.setAutoDefault(False)
        self.button.clicked.connect(self._on_button_clicked)
        self.result_label = _result_label(self)
        self.result_label.hide()

    def _name(self, text: str, result_name: str) -> None:
        """The button's text (back after a run) and the accessible name of its result line."""
        self._text = text
        self.button.setText(text)
        self.result_label.setAccessibleName(result_name)

    @property
    def busy(self) -> bool:
        return self.handle is not None

    def allow(self, usable: bool) -> None:
        """The button is usable while its values are and no task of its own runs."""
        self.button.setEnabled(usable and not self.busy)

    def cancel(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None
            self._ended()

    def clear(self) -> None:
        self.result_label.clear()
        self.result_label.hide()

    def show_result(self, text: str, *, failed: bool = False) -> None:
        self.result_label.setStyleSheet(ERROR_STYLE if failed else _OK_STYLE)
        self.result_label.setText(breakable(text))  # the server's words may hold a long host or path
        self.result_label.show()

    def _lay_out(self, *beside: QWidget) -> None:
        """The button (then ``beside`` it, the first taking the room) over the result line."""
        row = QHBoxLayout()
        row.addWidget(self.button)
        for index, widget in enumerate(beside):
            row.addWidget(widget, 1 if index == 0 else 0)
        row.addStretch()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.result_label)

    def _start(self, text: str) -> None:
        """A new run: the one before is cancelled, the button waits, the line says ``text``."""
        self.cancel()
        self.button.setEnabled(False)
        self.result_label.setStyleSheet("")
        self.result_label.setText(text)
        self.result_label.show()

    def _ended(self) -> None:
        self.handle = None
        self.button.setText(self._text)
        self.ended.emit()

    @Slot()
    def _on_button_clicked(self) -> None:
        self.requested.emit()

    @Slot(object)
    def _on_task_error(self, error: BaseException) -> None:
        """In the line under the button, not the message area: the user is looking here."""
        self._ended()
        self.show_result(problem_text(error), failed=True)

    @Slot(bool)
    def _on_task_finished(self, cancelled: bool) -> None:
        if self.handle is not None:
            self._ended()
        if cancelled and not self.result_label.text():
            self.clear()


class OfficeTestAction(_Action):
    """Test: connect with the typed URL and password, and say what the database holds.

    Signals (besides `_Action`'s): ``databaseTested(DatabaseReport)`` with what the test
    found; ``databaseFailed(BaseException)`` with the exception it ended with.
    """

    databaseTested = Signal(DatabaseReport)
    databaseFailed = Signal(BaseException)

    def __init__(self, service: OfficeService, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(service, runner, parent)
        self._name(self.tr("Te&st"), self.tr("Office database test result"))
        self.button.setToolTip(self.tr("Connect to the office database typed here, without saving it"))
        self._lay_out()

    def run(self, typed: TypedDatabase) -> None:

        self._start(self.tr("Connecting…"))
        self.button.setText(self.tr("Testing…"))
        self.handle = self.runner.run(
            check_typed,
            self.service,
            typed,
            name="test office database",
            key=self._key,
            on_result=self._on_task_result,
            on_error=self._on_task_error,
            on_finished=self._on_task_finished,
        )

    @Slot(object)
    def _on_task_result(self, report: DatabaseReport) -> None:
        self._ended()
        where = report.where if report.shared else self.tr("this computer only")
        schema = (
            self.tr("schema up to date") if report.schema_current else self.tr("schema of another version")
        )
        details = arg(self.tr("%1; %2"), where, schema)
        self.show_result(f"{report_text(report)}\n{details}")
        self.databaseTested.emit(report)

    @Slot(object)
    def _on_task_error(self, error: BaseException) -> None:
        super()._on_task_error(error)
        self.databaseFailed.emit(error)


class OfficeCopyAction(_Action):
    """Copy my local data into it: this desk's file into the typed server, with progress and Cancel.

    Signals (besides `_Action`'s): ``dataCopied(list)`` with the list of `Copied`;
    ``copyFailed(BaseException)`` with the exception the copy ended with (neither is sent
    when it was cancelled).
    """

    dataCopied = Signal(list)
    copyFailed = Signal(BaseException)

    def __init__(self, service: OfficeService, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(service, runner, parent)
        self._name(self.tr("Copy my local data &into it"), self.tr("Copy result"))
        self.button.setToolTip(
            self.tr("Send this computer's quotes, jobs and presets to the server; what it has is skipped")
        )
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setAccessibleName(self.tr("Copy progress"))
        self.progress_bar.hide()
        self.cancel_button = QPushButton(self.tr("Cancel copy"), self)
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self.cancel_button.hide()
        self._lay_out(self.progress_bar, self.cancel_button)

    def run(self, typed: TypedDatabase) -> None:

        self._start(self.tr("Copying…"))
        self.progress_bar.setRange(0, 0)  # busy until the first batch says how many
        self.progress_bar.show()
        self.cancel_button.show()
        self.handle = self.runner.run(
            upload_typed,
            self.service,
            typed,
            name="copy to the office database",
            key=self._key,
            on_result=self._on_task_result,
            on_error=self._on_task_error,
            on_progress=self._on_task_progress,
            on_finished=self._on_task_finished,
        )

    def _ended(self) -> None:
        self.progress_bar.hide()
        self.cancel_button.hide()
        super()._ended()

    @Slot(object)
    def _on_task_progress(self, step: Progress) -> None:
        total = max(step.total or 0, 1)
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(min(step.done, total))
        self.progress_bar.setFormat(arg(self.tr("%1: %2 of %3"), table_name(step.text), "%v", "%m"))

    @Slot(object)
    def _on_task_result(self, copied: list[Copied]) -> None:
        self._ended()
        self.show_result("\n".join([self.tr("Copied."), *copied_rows(copied)]))
        self.dataCopied.emit(copied)

    @Slot(object)
    def _on_task_error(self, error: BaseException) -> None:
        super()._on_task_error(error)
        self.copyFailed.emit(error)

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self.cancel()
        self.show_result(self.tr("Copy cancelled; what was sent stays there, and a new copy skips it."))
