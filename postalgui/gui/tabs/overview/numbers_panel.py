"""`NumbersPanel`: a section's numbers behind its chart: a table per `SectionTable` (a
choice when the section has several), copied with Ctrl+C as tab-separated cells under
their titles, exported as .xlsx or CSV (`write_section`, in a task)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from postalgui.gui.tabs.overview.numbers_model import NumbersModel
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, table_types
from postalgui.gui.widgets.tables import read_only_table
from postalgui.services.overview.records import SectionTable
from postalgui.services.overview.tables import write_section

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["NumbersPanel"]

EXPORT_KEY = "overview.export"


def _write(task: TaskControl, path: Path, table: SectionTable) -> Path:
    task.raise_if_cancelled()
    return write_section(path, table)


class NumbersPanel(QWidget):
    """The tables of one section. Signals: ``copied(str)`` with the text put on the clipboard."""

    copied = Signal(str)

    def __init__(
        self, runner: TaskRunner, messages: MessageArea, name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}Numbers")
        self.runner = runner
        self.tables: list[SectionTable] = []
        self.ask_save: Callable[[SectionTable], Path | None] = self._ask_save_path
        self.saved = SavedFileReporter(messages, EXPORT_KEY, self)
        self.model = NumbersModel(self)
        self.choice = QComboBox(self)
        self.choice.setObjectName(f"{name}NumbersChoice")
        self.choice.setAccessibleName(self.tr("Table shown"))
        self.notes = QLabel(self)
        self.notes.setWordWrap(True)
        self.notes.hide()
        self.table = read_only_table(self, self.model, f"{name}NumbersTable", self.tr("Numbers"))
        self.table.setMinimumHeight(160)
        self.copy_action = QAction(self.tr("&Copy"), self.table)
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.table.addAction(self.copy_action)
        self.export_button = QPushButton(self.tr("E&xport…"), self)
        self.export_button.setObjectName(f"{name}NumbersExport")
        self.export_button.setToolTip(self.tr("Save this table as .xlsx or CSV"))
        top = QHBoxLayout()
        top.addWidget(self.choice, 1)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.notes)
        layout.addWidget(self.table, 1)
        self.choice.currentIndexChanged.connect(self._on_choice_current_index_changed)
        self.copy_action.triggered.connect(self._on_copy_action_triggered)
        self.export_button.clicked.connect(self._on_export_button_clicked)

    def show_tables(self, tables: Sequence[SectionTable]) -> None:
        """Show ``tables`` (the one chosen before stays chosen)."""
        index = max(self.choice.currentIndex(), 0)
        self.tables = list(tables)
        self.choice.blockSignals(True)
        self.choice.clear()
        for table in self.tables:
            self.choice.addItem(table.title)
        self.choice.blockSignals(False)
        self.choice.setVisible(len(self.tables) > 1)
        self.choice.setCurrentIndex(min(index, len(self.tables) - 1))
        self._show(self.choice.currentIndex())

    def current(self) -> SectionTable | None:
        index = self.choice.currentIndex()
        return self.tables[index] if 0 <= index < len(self.tables) else None

    def copy(self) -> str:
        """The selected cells (all of the table when none) on the clipboard; the text."""
        selection = self.table.selectionModel().selectedIndexes()
        if selection:
            rows = sorted({index.row() for index in selection})
            columns = sorted({index.column() for index in selection})
        else:
            rows, columns = list(range(self.model.rowCount())), list(range(self.model.columnCount()))
        text = self.model.copied_text(rows, columns)
        QGuiApplication.clipboard().setText(text)
        self.copied.emit(text)
        return text

    def export(self) -> TaskHandle | None:
        """Ask where, then write the table shown in a task."""
        table = self.current()
        path = self.ask_save(table) if table is not None else None
        if table is None or path is None:
            return None
        return self.runner.run(
            _write,
            path,
            table,
            name="export an overview table",
            key=EXPORT_KEY,
            owner=self,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    def _show(self, index: int) -> None:
        table = self.tables[index] if 0 <= index < len(self.tables) else None
        self.model.show_table(table)
        notes = " ".join(table.notes) if table is not None else ""
        self.notes.setText(notes)
        self.notes.setVisible(bool(notes))
        self.export_button.setEnabled(table is not None)

    @Slot(int)
    def _on_choice_current_index_changed(self, index: int) -> None:
        self._show(index)

    @Slot()
    def _on_copy_action_triggered(self) -> None:
        self.copy()

    @Slot()
    def _on_export_button_clicked(self) -> None:
        self.export()

    def _ask_save_path(self, table: SectionTable) -> Path | None:
        return ask_save_path(
            self, self.tr("Export the table"), table.section.value.replace("_", "-"), table_types()
        )
