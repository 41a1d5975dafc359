"""Track these objects: the analytic statement's lines followed in the Tracking tab.

A button under the items and the same action in their context menu: the selected
lines, or every line shown (the filters applied) when none is selected. Their labels
become `NewObject`s in a task (`services.tracking.invoice_objects`: a statement holds up
to 100,000 lines) carrying the product, posting day, destination CEP, the invoice they
were billed on and each line's net value, and the same task follows them through the
Invoices feature's `Follow` port. The Tracking tab's list follows the office database's
changes, so nothing is handed over: the window is only asked to show that tab
(`Handoffs.show_tracking`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QPushButton, QTableView, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.tracking.invoice_objects import InvoiceObjects, follow_index_objects

if TYPE_CHECKING:
    from PySide6.QtCore import QPoint

    from postalgui.gui.tabs.contract import Handoffs
    from postalgui.gui.tabs.invoices.analytic_items_model import AnalyticItemsModel
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.ports import Follow

__all__ = ["TrackObjects"]


class TrackObjects(QObject):
    """The "Track these objects" button and menu action of the items table.

    Without a ``follow`` port (a view that only reads files) it stays disabled.

    Signals: ``objectsFollowed(InvoiceObjects)`` with the objects of the lines chosen,
    once they are followed.
    """

    objectsFollowed = Signal(InvoiceObjects)

    TASK_KEY = "invoices.analytic.track"

    def __init__(
        self,
        table: QTableView,
        model: AnalyticItemsModel,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget,
        *,
        follow: Follow | None = None,
        handoffs: Handoffs | None = None,
    ) -> None:
        super().__init__(parent)
        self.table, self.model, self.runner, self.messages = table, model, runner, messages
        self.follow, self.handoffs = follow, handoffs
        self.invoice: str | None = None
        """The statement the lines were billed on, ``"RE 1234567"`` (the view sets it)."""
        self.button = QPushButton(self.tr("Track these o&bjects"), parent)
        self.button.setObjectName("trackObjectsButton")
        self.button.setToolTip(
            self.tr(
                "Follow the selected lines' objects in the Tracking tab "
                "(every line shown when none is selected)"
            )
        )
        self.button.clicked.connect(self._on_button_clicked)
        self.action = QAction(self.tr("Track these objects"), parent)
        self.action.triggered.connect(self._on_button_clicked)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._on_table_context_menu_requested)

    def update_enabled(self) -> None:
        enabled = self.follow is not None and self.model.row_count() > 0
        self.button.setEnabled(enabled)
        self.action.setEnabled(enabled)

    def chosen_rows(self) -> list[int]:
        """The file rows of the selected lines, in the table's order; every line shown when none is."""
        shown = self.model.file_rows()
        picked = sorted({index.row() for index in self.table.selectionModel().selectedIndexes()})
        return [shown[row] for row in picked if row < len(shown)] if picked else list(shown)

    def track(self) -> TaskHandle | None:
        """Follow the chosen lines' objects in the background, then say ``objectsFollowed``."""
        index = self.model.item_index()
        if self.follow is None or index is None or self.model.row_count() == 0:
            return None
        return self.runner.run(
            follow_index_objects,
            self.follow,
            index,
            self.chosen_rows(),
            self.invoice,
            name="follow the objects of an analytic statement",
            key=self.TASK_KEY,
            on_result=self._on_track_task_result,
        )

    @Slot(object)
    def _on_track_task_result(self, found: InvoiceObjects) -> None:
        if not found.objects:
            self.messages.show_message(
                self.tr("None of these lines has an object code to track."),
                MessageKind.WARNING,
                key=self.TASK_KEY,
            )
            return
        text = self.tr("%n object(s) sent to the Tracking tab.", "", len(found.objects))
        if found.skipped:
            text = arg(
                self.tr("%1 %2"),
                text,
                self.tr("%n line(s) without an object code left out.", "", found.skipped),
            )
        self.messages.show_message(text, MessageKind.INFO, key=self.TASK_KEY)
        if self.handoffs is not None:
            self.handoffs.show_tracking()
        self.objectsFollowed.emit(found)

    @Slot()
    def _on_button_clicked(self) -> None:
        self.track()

    @Slot("QPoint")
    def _on_table_context_menu_requested(self, point: QPoint) -> None:
        menu = QMenu(self.table)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.addAction(self.action)
        menu.popup(self.table.viewport().mapToGlobal(point))
