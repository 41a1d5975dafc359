"""`AddressPage`: the office's address book in the Shipping tab ("Endereços"/"Addresses"),
a `ListPage`.

Senders and recipients in one table, filtered by kind and group and by what is typed in
the search line (as it is typed: the page holds the whole book, a few thousand rows, and
filters it here with the book's own `matches`). New, Edit (double-click, Enter), Delete
(Del, asked first), Set as default sender and Import… (a CSV or .xlsx previewed row by
row). Reads and writes are tasks; another desk's change reads the book again
(`LiveReading`, topic ``address``). A delete names the versions read: an address another
desk changed meanwhile is not deleted silently (`ConflictQuestion`: who, when, Reload or
Delete anyway).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QDialog, QFileDialog, QMessageBox, QWidget

from postalgui.gui.dialogs.conflict_question import ConflictChoice, ConflictQuestion
from postalgui.gui.messages import arg
from postalgui.gui.tabs.shipping.address_conflict import address_conflict_question
from postalgui.gui.tabs.shipping.address_dialog import AddressDialog
from postalgui.gui.tabs.shipping.address_import_dialog import AddressImportDialog
from postalgui.gui.tabs.shipping.address_model import AddressColumn, AddressModel
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.filter_row import FilterRow
from postalgui.gui.widgets.list_page import ListPage
from postalgui.gui.widgets.live_reading import LiveReading
from postalgui.services.office import topics
from postalgui.services.shipping.address_tasks import (
    BookContents,
    delete_addresses,
    load_addresses,
    make_default_sender,
)
from postalgui.services.shipping.addresses import Address, AddressConflictError, AddressKind, matches

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.shipping.service import ShippingService

__all__ = ["ALL_GROUPS", "NO_GROUP", "AddressPage"]

LOAD_KEY = "shipping.addresses"
WRITE_KEY = "shipping.addresses.write"
ALL_GROUPS = "\x00all"
NO_GROUP = "\x00none"
COLUMN_WIDTHS = {AddressColumn.NAME: 180, AddressColumn.STREET: 220, AddressColumn.CITY: 130}
"""What the values need: a name and a street whole; the others 90 px (`least`) or their
title, the e-mail the rest."""


class AddressPage(ListPage):
    """The address book's actions, its filters (kind, group, the words typed), the table and
    how many addresses are shown of the book's.

    Signals: ``addressesLoaded(int)`` with how many addresses the book holds (each read);
    ``conflictAsked(ConflictQuestion)`` when a delete met another desk's newer change (the
    question is open: Reload or Delete anyway).
    """

    addressesLoaded = Signal(int)
    conflictAsked = Signal(ConflictQuestion)

    def __init__(
        self, service: ShippingService, desk: Desk[ShippingService], parent: QWidget | None = None
    ) -> None:
        super().__init__("shippingAddress", parent)
        self.setObjectName("shippingAddressPage")
        self.service = service
        self.desk = desk
        self._book: list[Address] = []
        self.confirm: Callable[[str], bool] = self._ask_confirmation
        self.choose_file: Callable[[], Path | None] = self._ask_file
        self.open_dialog: Callable[[QDialog], bool] = lambda dialog: bool(dialog.exec())
        self.model = AddressModel(self)
        self.build_table(
            self.model,
            self.tr("Address book"),
            (AddressColumn.KIND, Qt.SortOrder.AscendingOrder),
            COLUMN_WIDTHS,
            least=90,
        )
        actions = self._build_actions()
        self.build_frame(actions, self._build_filters())
        self.table.doubleClicked.connect(self._on_table_double_clicked)
        self.update_actions()
        self.reading = LiveReading(self.table, service, (topics.ADDRESSES,), desk.runner, self.reload)

    def _build_filters(self) -> FilterRow:
        filters = FilterRow(
            self,
            "shippingAddress",
            hint=self.tr("Search name, city, CEP, e-mail, group"),
            search_name=self.tr("Search the address book"),
            label=self.tr("&Kind:"),
            choice_name=self.tr("Kind"),
            everything=self.tr("Senders and recipients"),
            choices=(
                (self.tr("Senders"), AddressKind.SENDER.value),
                (self.tr("Recipients"), AddressKind.RECIPIENT.value),
            ),
        )
        self.search_edit, self.kind_combo = filters.search, filters.choice
        self.kind_combo.setObjectName("shippingAddressKindFilter")
        self.group_combo = QComboBox(self)
        self.group_combo.setObjectName("shippingAddressGroupFilter")
        self.group_combo.setAccessibleName(self.tr("Group"))
        self.group_combo.addItem(self.tr("Every group"), ALL_GROUPS)
        self.group_combo.addItem(self.tr("No group"), NO_GROUP)
        filters.addWidget(self.group_combo, 1)
        self.group_combo.currentIndexChanged.connect(self._on_filter_changed)
        return filters

    def _shortcut(self, keys: QKeySequence, slot: Callable[[], object]) -> None:
        action = QAction(self.table)
        action.setShortcut(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        action.triggered.connect(slot)
        self.table.addAction(action)

    def _build_actions(self) -> tuple[QAction, ...]:
        self.new_action = self.action(self.tr("&New…"), self.tr("Add a sender or a recipient"))
        self.edit_action = self.action(self.tr("&Edit…"), self.tr("Change the selected address (Enter)"))
        self.delete_action = self.action(self.tr("De&lete"), self.tr("Remove the selected addresses (Del)"))
        self.default_action = self.action(
            self.tr("Default &sender"), self.tr("Orders files are sent from the selected sender")
        )
        self.import_action = self.action(
            self.tr("I&mport…"), self.tr("Add the addresses of a CSV or .xlsx file, its problems shown first")
        )
        self.new_action.triggered.connect(self.new_address)
        self.edit_action.triggered.connect(self.edit_address)
        self.delete_action.triggered.connect(self.delete_selected)
        self.default_action.triggered.connect(self.make_default)
        self.import_action.triggered.connect(self.import_file)
        self._shortcut(QKeySequence(Qt.Key.Key_Return), self.edit_address)
        self._shortcut(QKeySequence(Qt.Key.Key_Enter), self.edit_address)
        self._shortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.delete_selected)
        return (
            self.new_action,
            self.edit_action,
            self.delete_action,
            self.default_action,
            self.import_action,
        )

    # --- reading and filtering -------------------------------------------------------------

    def settings_changed(self) -> None:
        """Settings changed (perhaps the office database): read again."""
        self.reading.watch_again()

    def reload(self) -> TaskHandle:
        return self.desk.run(
            load_addresses,
            name="address book",
            key=LOAD_KEY,
            owner=self,
            on_result=self._on_load_task_result,
            failure=Failure(self.tr("The address book could not be read: %1"), LOAD_KEY),
        )

    @Slot(object)
    def _on_load_task_result(self, contents: BookContents) -> None:
        self._book = contents.addresses
        chosen = self.group_combo.currentData()
        self.group_combo.blockSignals(True)
        while self.group_combo.count() > 2:
            self.group_combo.removeItem(2)
        for group in contents.groups:
            self.group_combo.addItem(group, group)
        index = self.group_combo.findData(chosen)
        self.group_combo.setCurrentIndex(max(index, 0))
        self.group_combo.blockSignals(False)
        self._on_filter_changed()
        self.addressesLoaded.emit(len(self._book))

    def kind(self) -> AddressKind | None:
        """The kind shown (``None``: both)."""
        data = self.kind_combo.currentData()
        return AddressKind(data) if data else None

    def shown(self) -> list[Address]:
        """The addresses the filters let through, in the book's order."""
        kind, group, search = self.kind(), self.group_combo.currentData(), self.search_edit.text()
        return [
            address
            for address in self._book
            if (kind is None or address.kind is kind)
            and (group == ALL_GROUPS or address.group == ("" if group == NO_GROUP else group))
            and (not search.strip() or matches(address, search))
        ]

    def apply_filter(self, choice: str, text: str) -> None:
        """The book's own matching (`matches`: e-mail and group too) and the group chosen;
        the selection stays on the addresses still shown."""
        selected = {address.uid for address in self.selected()}
        self.model.set_items(self.shown())
        for uid in selected:
            row = self.model.row_of(uid)
            if row >= 0:
                self.table.selectRow(row)

    def update_summary(self) -> None:
        if not self._book:
            self.summary_label.setText(
                self.tr("No addresses yet: add one with New, or many from a spreadsheet with Import.")
            )
            return
        self.summary_label.setText(
            arg(
                self.tr("%1 of %2"),
                self.locale().toString(self.model.rowCount()),
                self.locale().toString(len(self._book)),
            )
        )

    def selected(self) -> list[Address]:
        return self.selected_items()

    def update_actions(self) -> None:
        chosen = self.selected()
        self.edit_action.setEnabled(len(chosen) == 1)
        self.delete_action.setEnabled(bool(chosen))
        self.default_action.setEnabled(
            len(chosen) == 1 and chosen[0].kind is AddressKind.SENDER and not chosen[0].is_default
        )

    # --- actions ---------------------------------------------------------------------------

    def _groups(self) -> list[str]:
        return sorted({address.group for address in self._book if address.group})

    def new_address(self) -> AddressDialog:
        kind = self.kind() or AddressKind.RECIPIENT
        return self._open(Address(kind=kind, name="", cep=""))

    def edit_address(self) -> AddressDialog | None:
        chosen = self.selected()
        return self._open(chosen[0]) if len(chosen) == 1 else None

    def _open(self, address: Address) -> AddressDialog:
        dialog = AddressDialog(self.desk, address, self._groups(), self)
        if self.open_dialog(dialog) and dialog.saved is not None:
            self.desk.messages.show_message(arg(self.tr("%1 saved"), dialog.saved.name), key=WRITE_KEY)
            self.reload()
        return dialog

    @Slot()
    def _on_table_double_clicked(self) -> None:
        self.edit_address()

    def delete_selected(self) -> TaskHandle | None:
        chosen = self.selected()
        if not chosen:
            return None
        question = (
            arg(self.tr("Delete %1 from the address book?"), chosen[0].name)
            if len(chosen) == 1
            else self.tr("Delete %Ln address(es) from the address book?", "", len(chosen))
        )
        if not self.confirm(question):
            return None
        return self._delete(chosen)

    def _delete(self, addresses: list[Address]) -> TaskHandle:
        """Delete ``addresses`` at the versions read: another desk's newer change asks."""
        return self.desk.run(
            delete_addresses,
            addresses,
            name="delete addresses",
            key=WRITE_KEY,
            owner=self,
            on_result=self._on_write_task_result,
            on_error=partial(self._on_delete_task_error, addresses),
        )

    def _on_delete_task_error(self, addresses: list[Address], error: BaseException) -> None:
        if not isinstance(error, AddressConflictError):
            failure = Failure(self.tr("The addresses could not be deleted: %1"), WRITE_KEY)
            self.desk.messages.show_routine_error(error, failure)
            return
        question = address_conflict_question(self, error, deleting=True)
        question.answered.connect(partial(self._on_delete_question_answered, addresses, error))
        self.conflictAsked.emit(question)

    def _on_delete_question_answered(
        self, addresses: list[Address], error: AddressConflictError, choice: ConflictChoice
    ) -> None:
        if choice is ConflictChoice.OVERWRITE:  # delete anyway, over that version only
            newer = error.current.version
            self._delete(
                [
                    replace(item, version=newer) if item.uid == error.address.uid else item
                    for item in addresses
                ]
            )
        elif choice is ConflictChoice.RELOAD:
            self.reload()

    def make_default(self) -> TaskHandle | None:
        chosen = self.selected()
        if len(chosen) != 1 or chosen[0].kind is not AddressKind.SENDER:
            return None
        return self.desk.run(
            make_default_sender,
            chosen[0].uid,
            name="default sender",
            key=WRITE_KEY,
            owner=self,
            on_result=self._on_write_task_result,
            failure=Failure(self.tr("The default sender could not be set: %1"), WRITE_KEY),
        )

    @Slot(object)
    def _on_write_task_result(self, _result: object) -> None:
        self.reload()

    def import_file(self) -> AddressImportDialog | None:
        path = self.choose_file()
        if path is None:
            return None
        kind = self.kind() or AddressKind.RECIPIENT
        dialog = AddressImportDialog(self.desk, path, kind, self)
        if self.open_dialog(dialog) and dialog.imported:
            self.desk.messages.show_message(
                arg(self.tr("%Ln address(es) imported from %1", "", dialog.imported), path.name),
                key=WRITE_KEY,
            )
            self.reload()
        return dialog

    def _ask_confirmation(self, question: str) -> bool:
        answer = QMessageBox.question(self, self.tr("Delete addresses"), question)
        return answer == QMessageBox.StandardButton.Yes

    def _ask_file(self) -> Path | None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import addresses"), "", self.tr("Tables (*.csv *.xlsx)")
        )
        return Path(chosen) if chosen else None
