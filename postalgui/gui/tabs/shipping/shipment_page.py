"""`ShipmentPage`: every pre-posting of the office, its status and its 7-day expiry.

The page composes and wires: the toolbar (New, From orders file, Refresh, Cancel; the
labels part adds its own actions through `add_actions`), the filter bar (status and a
search box, applied as the user types by `ShipmentModel`), the table and a summary. Its
list is read after the table's first paint and whenever the office database says
shipments changed (`LiveReading`, topic ``shipment``: every desk sees who created what).
Refresh (F5) asks the operator how each stands (`refresh_shipments`); Cancel asks first,
then says which the operator refused, in its words and with its code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QMessageBox,
    QWidget,
)

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tabs.shipping.shipment_model import ShipmentColumn, ShipmentModel
from postalgui.gui.tabs.shipping.words import (
    LABELLED_FILTER,
    SHOWN_STATUSES,
    UNLABELLED_FILTER,
    status_word,
)
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.filter_row import FilterRow
from postalgui.gui.widgets.list_page import ListPage
from postalgui.gui.widgets.live_reading import LiveReading
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.office import topics
from postalgui.services.shipping.desk_reads import list_shipments

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.shipping.records import Shipment
    from postalgui.services.shipping.service import ShippingService
from postalgui.services.shipping import use_cases

__all__ = ["CANCEL_KEY", "LOAD_KEY", "REFRESH_KEY", "ShipmentPage"]

LOAD_KEY = "shipping.list"
REFRESH_KEY = "shipping.refresh"
CANCEL_KEY = "shipping.cancel"


def _cancellable(shipment: Shipment) -> bool:
    """Not posted, cancelled, expired or reversed (a number not known here: the operator decides)."""
    return shipment.is_open


"""What the operator lets a clerk cancel: not yet posted, not already gone."""

COLUMN_WIDTHS = {
    ShipmentColumn.ID: 230,
    ShipmentColumn.OBJECT_CODE: 115,
    ShipmentColumn.STATUS: 100,
    ShipmentColumn.LABEL: 80,
    ShipmentColumn.EXPIRES: 110,
    ShipmentColumn.RECIPIENT: 150,
    ShipmentColumn.CITY: 130,
    ShipmentColumn.CREATED_AT: 120,
}
"""What the values need: the id, the code and the recipient whole."""


class ShipmentPage(ListPage):
    """The pre-postings: toolbar and filters above the table, a summary below.

    Signals: ``shipmentsLoaded(int)`` with the number of shipments read (each read);
    ``newRequested()`` (New…, Ctrl+N) and ``ordersRequested()`` (From orders file…): the
    tab opens the dialogs; ``cancelled(list)`` with the ``list[(id, problem)]`` the
    operator refused of a cancel asked here.
    """

    shipmentsLoaded = Signal(int)
    newRequested = Signal()
    ordersRequested = Signal()
    cancelled = Signal(list)

    def __init__(self, desk: Desk[ShippingService], parent: QWidget | None = None) -> None:
        super().__init__("shipping", parent)
        self.setObjectName("shippingShipmentPage")
        self.desk = desk
        self.confirm: Callable[[str], bool] = self._ask_confirmation
        self._cancelling: list[str] = []  # the ids of the cancel under way
        self._build()
        self._connect()

    def _build(self) -> None:
        self.model = ShipmentModel(self)
        self.build_table(
            self.model,
            self.tr("Pre-postings"),
            (ShipmentColumn.CREATED_AT, Qt.SortOrder.DescendingOrder),
            COLUMN_WIDTHS,
            least=80,
        )
        self._build_actions()
        filters = FilterRow(
            self,
            "shipping",
            hint=self.tr("Search: recipient, CEP, city, object, id, who created…"),
            search_name=self.tr("Search the pre-postings"),
            label=self.tr("Stat&us:"),
            choice_name=self.tr("Status"),
            everything=self.tr("All pre-postings"),
            choices=(
                *((status_word(status), status) for status in SHOWN_STATUSES),
                (self.tr("Labelled here"), LABELLED_FILTER),
                (self.tr("Not labelled yet"), UNLABELLED_FILTER),
            ),
        )
        self.search_edit, self.status_combo = filters.search, filters.choice
        self.status_combo.setObjectName("shippingStatus")
        self.build_frame(
            (self.new_action, self.orders_action, self.refresh_action, self.cancel_action), filters
        )
        self.update_actions()

    def _build_actions(self) -> None:
        """New (Ctrl+N), From orders file (Ctrl+O), Refresh (F5), Cancel selected (Delete on the table)."""
        self.new_action = self.action(
            self.tr("&New…"),
            self.tr("Register one parcel with the operator (Ctrl+N)"),
            QKeySequence(QKeySequence.StandardKey.New),
        )
        self.orders_action = self.action(
            self.tr("From &orders file…"),
            self.tr("Register many parcels from a CSV or .xlsx orders file (Ctrl+O)"),
            QKeySequence(QKeySequence.StandardKey.Open),
        )
        self.refresh_action = self.action(
            self.tr("Re&fresh"),
            self.tr("Ask the operator how each pre-posting stands (F5)"),
            QKeySequence(Qt.Key.Key_F5),
        )
        self.cancel_action = self.action(
            self.tr("&Cancel selected…"),
            self.tr("Ask the operator to cancel the selected pre-postings (Delete)"),
            QKeySequence(QKeySequence.StandardKey.Delete),
        )
        self.removeAction(self.cancel_action)  # Delete on the table only: the search box deletes letters
        self.cancel_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.table.addAction(self.cancel_action)

    def _connect(self) -> None:
        self.new_action.triggered.connect(self._on_new_action_triggered)
        self.orders_action.triggered.connect(self._on_orders_action_triggered)
        self.refresh_action.triggered.connect(self._on_refresh_action_triggered)
        self.cancel_action.triggered.connect(self._on_cancel_action_triggered)
        self.reading = LiveReading(
            self.table, self.desk.service, (topics.SHIPMENTS,), self.desk.runner, self.reload
        )

    # --- what the tab, the labels part and the tests ask -------------------------------------

    def add_actions(self, actions: Iterable[QAction]) -> None:
        """The labels part's actions (Labels…, Declaration…), after a separator on the toolbar;
        their shortcuts work anywhere on the page."""
        self.toolbar.addSeparator()
        for action in actions:
            self.toolbar.addAction(action)
            if action.shortcut():
                action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                self.addAction(action)

    def settings_changed(self) -> None:
        """The office database may be another one now: subscribe again and read."""
        self.reading.watch_again()

    def reload(self) -> TaskHandle:
        """Read the office's shipments again (the table keeps what it shows till then)."""
        return self.desk.run(
            list_shipments,
            name="shipments list",
            key=LOAD_KEY,
            owner=self,
            on_result=self._on_load_task_result,
            failure=Failure(self.tr("The pre-postings could not be read: %1"), LOAD_KEY),
        )

    def refresh(self) -> TaskHandle:
        """F5: ask the operator how each stands; the book's change reloads the table."""

        self.desk.messages.clear(REFRESH_KEY)
        return self.desk.run(
            use_cases.refresh_shipments,
            name="refresh shipments",
            key=REFRESH_KEY,
            owner=self,
            on_result=self._on_refresh_task_result,
            failure=Failure(self.tr("The operator could not be asked: %1"), REFRESH_KEY),
        )

    def cancel_selected(self) -> TaskHandle | None:
        """Cancel the selected pre-postings not yet posted, after asking."""
        ids = [s.prepost_id for s in self.selected_shipments() if _cancellable(s)]
        if not ids:
            return None
        question = self.tr(
            "Cancel %Ln pre-posting(s) with the operator? Their object codes can no longer be posted.",
            "",
            len(ids),
        )
        if not self.confirm(question):
            return None

        self.desk.messages.clear(CANCEL_KEY)
        self._cancelling = ids
        return self.desk.run(
            use_cases.cancel_shipments,
            ids,
            name="cancel shipments",
            key=CANCEL_KEY,
            owner=self,
            on_result=self._on_cancel_task_result,
            failure=Failure(self.tr("The pre-postings could not be cancelled: %1"), CANCEL_KEY),
        )

    def selected_shipments(self) -> list[Shipment]:
        return self.selected_items()

    def selected_ids(self) -> list[str]:
        """The selected pre-postings' ids, in the order shown (the labels part prints them)."""
        return [shipment.prepost_id for shipment in self.selected_shipments()]

    def select_ids(self, ids: Iterable[str]) -> None:
        self.table.clearSelection()
        flags = self.table.selectionModel().SelectionFlag
        for prepost_id in ids:
            row = self.model.row_of_id(prepost_id)
            if row is not None:
                self.table.selectionModel().select(self.model.index(row, 0), flags.Select | flags.Rows)

    # --- state ---------------------------------------------------------------------------

    def update_actions(self) -> None:
        chosen = self.selected_shipments()
        self.cancel_action.setEnabled(any(_cancellable(s) for s in chosen))

    def update_summary(self) -> None:
        shipments = self.model.all_shipments()
        if not shipments:
            self.summary_label.setText(
                self.tr("No pre-postings yet: create one (Ctrl+N), or many from an orders file (Ctrl+O).")
            )
            return
        locale = app_locale()
        urgent = sum(1 for row in range(self.model.rowCount()) if self.model.urgent(row))
        text = arg(
            self.tr("%1 of %Ln pre-posting(s) shown", "", len(shipments)),
            locale.toString(self.model.rowCount()),
        )
        if urgent:
            text += " " + self.tr("(%Ln expire(s) within a day or have expired)", "", urgent)
        self.summary_label.setText(text)

    # --- slots ---------------------------------------------------------------------------

    @Slot(object)
    def _on_load_task_result(self, shipments: list[Shipment]) -> None:
        chosen = self.selected_ids()
        self.model.set_shipments(shipments, self.desk.service.now().date())
        self.select_ids(chosen)
        self.update_summary()
        self.update_actions()
        self.shipmentsLoaded.emit(len(shipments))

    @Slot(object)
    def _on_refresh_task_result(self, shipments: list[Shipment]) -> None:
        self.desk.messages.show_message(
            self.tr("The operator was asked about %Ln pre-posting(s).", "", len(shipments)),
            MessageKind.INFO,
            key=REFRESH_KEY,
        )
        self.reload()

    @Slot(object)
    def _on_cancel_task_result(self, refused: list[tuple[str, str]]) -> None:
        done = len(self._cancelling) - len(refused)
        locale = app_locale()
        if not refused:
            self.desk.messages.show_message(
                self.tr("%Ln pre-posting(s) cancelled.", "", done),
                MessageKind.INFO,
                key=CANCEL_KEY,
            )
        else:
            lines = "; ".join(arg(self.tr("%1: %2"), prepost_id, words) for prepost_id, words in refused)
            self.desk.messages.show_message(
                arg(
                    self.tr("%Ln pre-posting(s) cancelled; the operator refused %1: %2", "", done),
                    locale.toString(len(refused)),
                    lines,
                ),
                MessageKind.WARNING,
                key=CANCEL_KEY,
            )
        self.cancelled.emit(refused)
        self.reload()

    @Slot()
    def _on_new_action_triggered(self) -> None:
        self.newRequested.emit()

    @Slot()
    def _on_orders_action_triggered(self) -> None:
        self.ordersRequested.emit()

    @Slot()
    def _on_refresh_action_triggered(self) -> None:
        self.refresh()

    @Slot()
    def _on_cancel_action_triggered(self) -> None:
        self.cancel_selected()

    def _ask_confirmation(self, question: str) -> bool:
        answer = QMessageBox.question(self, self.tr("Cancel pre-postings"), question)
        return answer == QMessageBox.StandardButton.Yes
