"""`HistoryDeletion`: remove the selected quotes from the history, once the user confirms.

Its own component (one task kind per component): the Delete button and the Del key on
the table ask first, with No as the default, then delete on a worker; the search
refreshes when it is done.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from postalgui.gui.tabs.price.history_search import HistorySearch
from postalgui.gui.tasks import Failure, TaskHandle, TaskRunner
from postalgui.services.price import use_cases as pricing
from postalgui.services.price.service import PriceService

__all__ = ["HistoryDeletion"]


class HistoryDeletion(QObject):
    """Deletes what `HistorySearch` has selected.

    Signals: ``deleted()`` when the quotes are gone from the history.
    """

    deleted = Signal()

    TASK_KEY = "price.history.delete"

    def __init__(
        self, price: PriceService, runner: TaskRunner, search: HistorySearch, panel: QWidget
    ) -> None:
        super().__init__(panel)
        self.price = price
        self.runner = runner
        self.search = search
        self.panel = panel
        self.delete_button = QPushButton(self.tr("&Delete"), panel)
        self.delete_button.setToolTip(self.tr("Remove the selected quotes from the history (Del)"))
        self.delete_button.clicked.connect(self._on_delete_button_clicked)
        # Del acts on the table's selection only, not while typing a search.
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), search.table)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self._on_delete_button_clicked)

    def delete_selected(self, *, confirm: bool = True) -> TaskHandle | None:
        """Delete the selected quotes, once the user confirms (No is the default)."""
        entries = self.search.selected_entries()
        if not entries:
            return None
        if confirm:
            answer = QMessageBox.question(
                self.panel,
                self.tr("Delete quotes"),
                self.tr("Delete %n quote(s) from the history? This cannot be undone.", "", len(entries)),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return None
        return self.runner.run(
            pricing.delete_history,
            self.price,
            [entry.id for entry in entries],
            name="delete quotes",
            key=self.TASK_KEY,
            on_result=self._on_delete_task_result,
            failure=Failure(self.tr("Could not delete the quotes: %1")),
        )

    @Slot(object)
    def _on_delete_task_result(self, _nothing: None) -> None:
        self.deleted.emit()

    @Slot()
    def _on_delete_button_clicked(self) -> None:
        self.delete_selected()
