"""`ListActions`: the Tracking tab's toolbar: add, import, refresh, remove, archive, tag, export,
and "Authorize a return…" of one delivered object (the Shipping tab's return dialog opens
for it: ``returnRequested``, which the tab hands to the window's `Handoffs`).

Each action runs its watchlist write in a task (`postalgui.services.tracking.list_tasks`)
and, when it ends, asks the tab to read the list again (``written``); other desks hear
it through the office database. Questions to the user (confirm a removal, a tag, a file)
go through replaceable callables, so tests answer them without a modal dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QToolBar, QWidget

from postalgui.api.values.object_codes import FoundCodes
from postalgui.gui.i18n import app_locale, ui_language
from postalgui.gui.messages import arg
from postalgui.gui.tabs.tracking.add_dialog import AddDialog
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.page_action import page_action
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, csv_type, pdf_type, xlsx_type
from postalgui.services.ports import NewObject
from postalgui.services.tracking import list_tasks
from postalgui.services.tracking.status import Status
from postalgui.services.tracking.use_cases import Added

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.services.tracking.records import WatchedObject
    from postalgui.services.tracking.service import TrackingService

__all__ = ["LIST_KEY", "ListActions"]

LIST_KEY = "tracking.list"
FILE_KEY = "tracking.file"


class ListActions(QObject):
    """The tab's actions over the selected (or shown) objects.

    Signals: ``written()`` after a watchlist write ended; ``added(Added)`` with the
    `Added` of codes followed (the tab refreshes them); ``archivedToggled(bool)``;
    ``returnRequested(str)`` with the code of the delivered object to authorize a return of.
    """

    written = Signal()
    added = Signal(Added)
    archivedToggled = Signal(bool)
    returnRequested = Signal(str)

    def __init__(
        self,
        desk: Desk[TrackingService],
        tab: QWidget,
        selected: Callable[[], list[str]],
        shown: Callable[[], list[WatchedObject]],
    ) -> None:
        super().__init__(tab)
        self.desk = desk
        self.tab = tab
        self._selected = selected
        self._shown = shown
        self.confirm: Callable[[str], bool] = self._ask_confirmation
        self.ask_tag: Callable[[], str | None] = self._ask_tag
        self.ask_open: Callable[[], Path | None] = self._ask_open_path
        self.ask_save: Callable[[str, bool], Path | None] = self._ask_save_path
        self.open_dialog: Callable[[AddDialog], bool] = lambda dialog: bool(dialog.exec())
        self.saved = SavedFileReporter(desk.messages, FILE_KEY, self)
        self._build()

    def _action(
        self, text: str, tip: str, slot: Callable[[], None], keys: QKeySequence | None = None
    ) -> QAction:
        action = page_action(self.tab, text, tip, keys)
        action.triggered.connect(slot)
        return action

    def _build(self) -> None:
        self.add_action = self._action(
            self.tr("&Add…"),
            self.tr("Follow objects: paste their codes (Ctrl+N)"),
            self._on_add_action_triggered,
            QKeySequence(QKeySequence.StandardKey.New),
        )
        self.import_action = self._action(
            self.tr("&Import…"), self.tr("Follow the object codes of a CSV or .xlsx file"), self.import_file
        )
        self.remove_action = self._action(
            self.tr("&Remove"),
            self.tr("Stop following the selected objects (Delete)"),
            self.remove,
            QKeySequence(QKeySequence.StandardKey.Delete),
        )
        self.archive_action = self._action(
            self.tr("Arc&hive"),
            self.tr("Put the selected objects away (they are no longer asked)"),
            self.archive,
        )
        self.unarchive_action = self._action(
            self.tr("&Unarchive"), self.tr("Follow the selected archived objects again"), self.unarchive
        )
        self.tag_action = self._action(
            self.tr("Set &tag…"), self.tr("Tag the selected objects"), self.set_tag
        )
        self.archived_action = self._action(
            self.tr("Sho&w archived"), self.tr("List the archived objects instead"), self._on_archived_toggled
        )
        self.archived_action.setCheckable(True)
        self.export_action = self._action(
            self.tr("E&xport…"), self.tr("Save the objects shown as CSV or .xlsx"), self.export
        )
        self.report_action = self._action(
            self.tr("Late re&port…"),
            self.tr("A PDF of this month's late objects, with totals per product"),
            self.report,
        )
        self.return_action = self._action(
            self.tr("Authorize a retur&n…"),
            self.tr("A return authorization for the customer of the selected delivered object"),
            self._on_return_action_triggered,
        )
        self.return_action.setEnabled(False)
        self.unarchive_action.setVisible(False)

    def fill(self, toolbar: QToolBar, refresh: QAction) -> None:
        for action in (self.add_action, self.import_action, refresh):
            toolbar.addAction(action)
        toolbar.addSeparator()
        for action in (self.remove_action, self.archive_action, self.unarchive_action, self.tag_action):
            toolbar.addAction(action)
        toolbar.addSeparator()
        for action in (self.archived_action, self.export_action, self.report_action):
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(self.return_action)

    @property
    def show_archived(self) -> bool:
        return self.archived_action.isChecked()

    def show_archived_objects(self) -> None:
        """List the archived objects ("Show archived" ticked), as a message's button asks."""
        if not self.archived_action.isChecked():
            self.archived_action.trigger()

    # --- add and import ----------------------------------------------------------------

    @Slot()
    def _on_add_action_triggered(self) -> None:
        self.add()

    def add(self, text: str = "", source: str = "paste") -> bool:
        """The paste box; its codes are followed (with its tag) when the user presses Add."""
        dialog = AddDialog(self.tab, text)
        try:
            if not self.open_dialog(dialog) or not dialog.found.codes or dialog.found.bad:
                return False
            self.follow(dialog.found.codes, dialog.tag, source)
            return True
        finally:
            dialog.deleteLater()

    def follow(self, codes: Sequence[str], tag: str = "", source: str = "paste") -> None:
        self.follow_objects([NewObject(code, tag) for code in codes], source)

    def follow_objects(self, objects: Sequence[NewObject], source: str) -> None:
        """Follow ``objects`` (with what their source knows: a statement's line), then ask about them."""
        self.desk.run(
            list_tasks.follow_objects,
            list(objects),
            source,
            name="follow objects",
            key=LIST_KEY,
            owner=self,
            on_result=self._on_follow_task_result,
            failure=Failure(self.tr("The objects could not be added: %1"), LIST_KEY),
        )

    @Slot()
    def import_file(self) -> None:
        path = self.ask_open()
        if path is None:
            return
        self.desk.run(
            list_tasks.read_codes,
            path,
            name="read object codes",
            key=FILE_KEY,
            owner=self,
            on_result=self._on_read_task_result,
            failure=Failure(self.tr("The file could not be read: %1"), FILE_KEY),
        )

    @Slot(object)
    def _on_read_task_result(self, found: FoundCodes) -> None:
        text = "\n".join([*found.codes, *(error.value for error in found.bad)])
        self.add(text, "file")

    @Slot(object)
    def _on_follow_task_result(self, added: Added) -> None:
        locale = app_locale()
        self.desk.messages.show_message(
            arg(
                self.tr("%1 objects added (%2 already followed); asking the operator about them."),
                locale.toString(added.added),
                locale.toString(added.already),
            ),
            MessageKind.INFO,
            key=LIST_KEY,
        )
        self.written.emit()
        self.added.emit(added)

    # --- the selection -----------------------------------------------------------------

    def selection_changed(self, chosen: Sequence[WatchedObject]) -> None:
        """A return is authorized for one delivered object at a time."""
        self.return_action.setEnabled(len(chosen) == 1 and chosen[0].status is Status.DELIVERED)

    @Slot()
    def _on_return_action_triggered(self) -> None:
        codes = self._selected()
        if len(codes) == 1 and self.return_action.isEnabled():
            self.returnRequested.emit(codes[0])

    @Slot()
    def remove(self) -> None:
        codes = self._selected()
        if not codes:
            return
        question = arg(
            self.tr("Stop following %1 objects? Their history here is removed for every desk."),
            app_locale().toString(len(codes)),
        )
        if self.confirm(question):
            self._write(list_tasks.remove, codes, self.tr("The objects could not be removed: %1"))

    @Slot()
    def archive(self) -> None:
        codes = self._selected()
        if codes:
            self._write(list_tasks.archive, codes, self.tr("The objects could not be archived: %1"))

    @Slot()
    def unarchive(self) -> None:
        codes = self._selected()
        if codes:
            self._write(list_tasks.unarchive, codes, self.tr("The objects could not be unarchived: %1"))

    @Slot()
    def set_tag(self) -> None:
        codes = self._selected()
        tag = self.ask_tag() if codes else None
        if tag is None:
            return
        self.desk.run(
            list_tasks.set_tag,
            codes,
            tag,
            name="tag objects",
            key=LIST_KEY,
            owner=self,
            on_finished=self._on_write_task_finished,
            failure=Failure(self.tr("The tag could not be set: %1"), LIST_KEY),
        )

    def _write(self, task: Callable[..., object], codes: list[str], failure: str) -> None:
        self.desk.run(
            task,
            codes,
            name="watchlist change",
            key=LIST_KEY,
            owner=self,
            on_finished=self._on_write_task_finished,
            failure=Failure(failure, LIST_KEY),
        )

    @Slot(bool)
    def _on_write_task_finished(self, _cancelled: bool) -> None:
        self.written.emit()

    @Slot()
    def _on_archived_toggled(self) -> None:
        archived = self.archived_action.isChecked()
        self.archive_action.setVisible(not archived)
        self.unarchive_action.setVisible(archived)
        self.archivedToggled.emit(archived)

    # --- files -------------------------------------------------------------------------

    @Slot()
    def export(self) -> None:
        objects = self._shown()
        path = self.ask_save(self.tr("tracking"), False) if objects else None
        if path is not None:
            self._save(list_tasks.export_list, objects, path, self.desk.service.today())

    @Slot()
    def report(self) -> None:
        objects = self._shown()
        path = self.ask_save(self.tr("late-objects"), True) if objects else None
        if path is not None:
            self._save(list_tasks.report_late, objects, path, self.desk.service.today().replace(day=1))

    def _save(self, task: Callable[..., Path], objects: list[WatchedObject], path: Path, day: date) -> None:
        self.desk.run(
            task,
            objects,
            path,
            day,
            ui_language(),
            name="save tracking file",
            key=FILE_KEY,
            owner=self,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    # --- questions ---------------------------------------------------------------------

    def _ask_confirmation(self, question: str) -> bool:
        answer = QMessageBox.question(self.tab, self.tr("Remove objects"), question)
        return answer == QMessageBox.StandardButton.Yes

    def _ask_tag(self) -> str | None:
        tag, accepted = QInputDialog.getText(self.tab, self.tr("Set tag"), self.tr("Tag (empty: none):"))
        return tag if accepted else None

    def _ask_open_path(self) -> Path | None:
        chosen, _picked = QFileDialog.getOpenFileName(
            self.tab, self.tr("Import object codes"), "", self.tr("Tables (*.csv *.xlsx)")
        )
        return Path(chosen) if chosen else None

    def _ask_save_path(self, name: str, pdf: bool) -> Path | None:
        title = self.tr("Save the late objects report") if pdf else self.tr("Export objects")
        return ask_save_path(self.tab, title, name, [pdf_type()] if pdf else [xlsx_type(), csv_type()])
