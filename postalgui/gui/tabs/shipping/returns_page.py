"""`ReturnsPage`: the office's return authorizations, their state, and what the customer gets.

The page composes and wires: the toolbar (New return…, Refresh, Cancel; then Print
authorization…, Save as PDF…, Copy e-mail text from `ReturnActions`), the filter row (a
state and a search box, applied as the user types by `ReturnModel`), the table and a
summary. Its list is read from the office database after the table's first paint and
whenever it says shipments changed (`LiveReading`, topic ``shipment``: a return is a
pre-posting the book keeps); Refresh (F5) asks the operator how each stands
(`list_returns`). Cancel asks first, then says which the operator refused, in its words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMessageBox, QWidget

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.models.words import shown
from postalgui.gui.tabs.shipping.return_actions import ReturnActions
from postalgui.gui.tabs.shipping.return_model import OPEN_STATES, ReturnColumn, ReturnModel
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.filter_row import FilterRow
from postalgui.gui.widgets.list_page import ListPage
from postalgui.gui.widgets.live_reading import LiveReading
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.office import topics
from postalgui.services.shipping.return_records import ReturnState
from postalgui.services.shipping.returns import cancel_returns, list_returns

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.shipping.return_records import ReturnAuthorization
    from postalgui.services.shipping.service import ShippingService

__all__ = ["CANCEL_KEY", "LOAD_KEY", "REFRESH_KEY", "ReturnsPage"]

LOAD_KEY = "shipping.returns.list"
REFRESH_KEY = "shipping.returns.refresh"
CANCEL_KEY = "shipping.returns.cancel"

COLUMN_WIDTHS = {
    ReturnColumn.CODE: 95,
    ReturnColumn.STATE: 110,
    ReturnColumn.CUSTOMER: 125,
    ReturnColumn.OUTBOUND: 105,
    ReturnColumn.SERVICE: 100,
    ReturnColumn.VALID_UNTIL: 75,
    ReturnColumn.OBJECT: 105,
    ReturnColumn.CREATED_BY: 85,
    ReturnColumn.CREATED_AT: 110,
}
"""What the values need: the codes whole, every column within the window's default width
(1100 px; a long customer name is cut: the column drags wider)."""


def stored_returns(task: TaskControl, service: ShippingService) -> list[ReturnAuthorization]:
    """The authorizations as the office database keeps them: nothing asked of the operator."""
    return list_returns(task, service, refresh=False)


def _cancellable(authorization: ReturnAuthorization) -> bool:
    return authorization.state in OPEN_STATES


class ReturnsPage(ListPage):
    """The return authorizations: toolbar and filters above the table, a summary below.

    Signals: ``returnsLoaded(int)`` with the number read (each read); ``newRequested()``
    (New return…): the tab opens the dialog; ``cancelled(list)`` with the
    ``list[(id, problem)]`` the operator refused of a cancel asked here.
    """

    returnsLoaded = Signal(int)
    newRequested = Signal()
    cancelled = Signal(list)

    def __init__(self, desk: Desk[ShippingService], parent: QWidget | None = None) -> None:
        super().__init__("shippingReturns", parent)
        self.setObjectName("shippingReturnsPage")
        self.desk = desk
        self.confirm: Callable[[str], bool] = self._ask_confirmation
        self._cancelling: list[str] = []
        self._build()
        self._connect()

    def _build(self) -> None:
        self.model = ReturnModel(self)
        self.build_table(
            self.model,
            self.tr("Return authorizations"),
            (ReturnColumn.CREATED_AT, Qt.SortOrder.DescendingOrder),
            COLUMN_WIDTHS,
            least=80,
        )
        self.new_action = self.action(
            self.tr("&New return…"),
            self.tr("Authorize a customer to send a parcel back, billed to the contract (Ctrl+N)"),
            QKeySequence(QKeySequence.StandardKey.New),
        )
        self.refresh_action = self.action(
            self.tr("Re&fresh"),
            self.tr("Ask the operator how each return stands (F5)"),
            QKeySequence(Qt.Key.Key_F5),
        )
        self.cancel_action = self.action(
            self.tr("&Cancel selected…"),
            self.tr("Ask the operator to cancel the selected authorizations not yet posted (Delete)"),
            QKeySequence(QKeySequence.StandardKey.Delete),
        )
        self.removeAction(self.cancel_action)  # Delete on the table only: the search box deletes letters
        self.cancel_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.table.addAction(self.cancel_action)
        self.documents = ReturnActions(self.desk, self.selected_returns, self)
        filters = FilterRow(
            self,
            "shippingReturns",
            hint=self.tr("Search: code, customer, object, who created…"),
            search_name=self.tr("Search the returns"),
            label=self.tr("Stat&e:"),
            choice_name=self.tr("State"),
            everything=self.tr("All returns"),
            choices=[(shown(state), state.value) for state in ReturnState],
        )
        self.search_edit, self.state_combo = filters.search, filters.choice
        self.state_combo.setObjectName("shippingReturnState")
        self.build_frame(
            (self.new_action, self.refresh_action, self.cancel_action, *self.documents.actions()), filters
        )
        self.update_actions()

    def _connect(self) -> None:
        self.new_action.triggered.connect(self._on_new_action_triggered)
        self.refresh_action.triggered.connect(self._on_refresh_action_triggered)
        self.cancel_action.triggered.connect(self._on_cancel_action_triggered)
        self.table.doubleClicked.connect(self._on_table_double_clicked)
        self.reading = LiveReading(
            self.table, self.desk.service, (topics.SHIPMENTS,), self.desk.runner, self.reload
        )

    # --- what the tab and the tests ask ------------------------------------------------------

    def settings_changed(self) -> None:
        """The office database may be another one now: subscribe again and read."""
        self.reading.watch_again()

    def reload(self) -> TaskHandle:
        """Read the office's return authorizations again (the table keeps what it shows till then)."""
        return self.desk.run(
            stored_returns,
            name="returns list",
            key=LOAD_KEY,
            owner=self,
            on_result=self._on_load_task_result,
            failure=Failure(self.tr("The return authorizations could not be read: %1"), LOAD_KEY),
        )

    def refresh(self) -> TaskHandle:
        """F5: ask the operator how each stands, then show the answer."""
        self.desk.messages.clear(REFRESH_KEY)
        return self.desk.run(
            list_returns,
            name="refresh returns",
            key=REFRESH_KEY,
            owner=self,
            on_result=self._on_refresh_task_result,
            failure=Failure(self.tr("The operator could not be asked: %1"), REFRESH_KEY),
        )

    def cancel_selected(self) -> TaskHandle | None:
        """Cancel the selected authorizations not yet posted, after asking."""
        chosen = [item for item in self.selected_returns() if _cancellable(item)]
        if not chosen:
            return None
        question = self.tr(
            "Cancel %Ln return authorization(s) with the operator? The customer can no longer post it.",
            "",
            len(chosen),
        )
        if not self.confirm(question):
            return None
        self.desk.messages.clear(CANCEL_KEY)
        self._cancelling = [item.shipment.prepost_id for item in chosen]
        return self.desk.run(
            cancel_returns,
            list(self._cancelling),
            name="cancel returns",
            key=CANCEL_KEY,
            owner=self,
            on_result=self._on_cancel_task_result,
            failure=Failure(self.tr("The return authorizations could not be cancelled: %1"), CANCEL_KEY),
        )

    def selected_returns(self) -> list[ReturnAuthorization]:
        return self.selected_items()

    def select_codes(self, codes: Iterable[str]) -> None:
        self.table.clearSelection()
        flags = self.table.selectionModel().SelectionFlag
        for code in codes:
            row = self.model.row_of_code(code)
            if row is not None:
                self.table.selectionModel().select(self.model.index(row, 0), flags.Select | flags.Rows)

    # --- state ---------------------------------------------------------------------------------

    def update_actions(self) -> None:
        self.cancel_action.setEnabled(any(_cancellable(item) for item in self.selected_returns()))
        self.documents.update()

    def update_summary(self) -> None:
        every = self.model.all_items()
        if not every:
            self.summary_label.setText(
                self.tr(
                    "No return authorizations yet: create one (Ctrl+N), or pick a delivered object in "
                    'Tracking and "Authorize a return…".'
                )
            )
            return
        waiting = sum(1 for item in every if item.state is ReturnState.AUTHORIZED)
        text = arg(
            self.tr("%1 of %Ln return(s) shown", "", len(every)), app_locale().toString(self.model.rowCount())
        )
        if waiting:
            text += " " + self.tr("(%Ln not posted by the customer yet)", "", waiting)
        self.summary_label.setText(text)

    # --- slots ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_load_task_result(self, authorizations: list[ReturnAuthorization]) -> None:
        self.show_returns(authorizations)

    def show_returns(self, authorizations: list[ReturnAuthorization]) -> None:
        """A list read: shown, the selection kept."""
        chosen = [item.code for item in self.selected_returns()]
        self.model.set_all(authorizations)
        self.select_codes(chosen)
        self.update_summary()
        self.update_actions()
        self.returnsLoaded.emit(len(authorizations))

    @Slot(object)
    def _on_refresh_task_result(self, authorizations: list[ReturnAuthorization]) -> None:
        self.desk.messages.show_message(
            self.tr("The operator was asked about %Ln return(s).", "", len(authorizations)),
            MessageKind.INFO,
            key=REFRESH_KEY,
        )
        self.show_returns(authorizations)

    @Slot(object)
    def _on_cancel_task_result(self, refused: list[tuple[str, str]]) -> None:
        done = len(self._cancelling) - len(refused)
        if not refused:
            text, kind = self.tr("%Ln return authorization(s) cancelled.", "", done), MessageKind.INFO
        else:
            lines = "; ".join(arg(self.tr("%1: %2"), prepost_id, words) for prepost_id, words in refused)
            text = arg(
                self.tr("%Ln return authorization(s) cancelled; the operator refused %1: %2", "", done),
                app_locale().toString(len(refused)),
                lines,
            )
            kind = MessageKind.WARNING
        self.desk.messages.show_message(text, kind, key=CANCEL_KEY)
        self.cancelled.emit(refused)
        self.reload()

    @Slot()
    def _on_new_action_triggered(self) -> None:
        self.newRequested.emit()

    @Slot()
    def _on_refresh_action_triggered(self) -> None:
        self.refresh()

    @Slot()
    def _on_cancel_action_triggered(self) -> None:
        self.cancel_selected()

    @Slot()
    def _on_table_double_clicked(self) -> None:
        self.documents.print_authorizations()

    def _ask_confirmation(self, question: str) -> bool:
        answer = QMessageBox.question(self, self.tr("Cancel return authorizations"), question)
        return answer == QMessageBox.StandardButton.Yes
