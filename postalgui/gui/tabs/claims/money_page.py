"""`MoneyBackPage`: what the claims bring back, per month, for the bookkeeper and the accountant.

The months come from ``money_back`` (candidates by the month they could be claimed from,
claims by the month filed), read after the table's first paint and when claims or
tracked objects change (`OfficeChanges`). Export saves them as CSV or .xlsx; Report
writes the accountant's PDF (the months and the claims behind them). Amounts are the
compensation table's estimates, and say so.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QLabel, QPushButton, QVBoxLayout, QWidget

from postalgui.gui.i18n import ui_language
from postalgui.gui.tabs.claims.money_model import MoneyColumn, MoneyModel
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.live_reading import LiveReading
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, pdf_type, table_types
from postalgui.gui.widgets.tables import read_only_table
from postalgui.services.claims.money import MonthSummary
from postalgui.services.claims.saving import save_money_back, save_money_report
from postalgui.services.claims.use_cases import money_back
from postalgui.services.office import topics

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.claims.service import ClaimsService

__all__ = ["MONEY_KEY", "MoneyBackPage"]

MONEY_KEY = "claims.money"
FILE_KEY = "claims.money.file"


class MoneyBackPage(QWidget):
    """The months table with its total line, and the Export and Report buttons.

    Signals: ``monthsLoaded(int)`` with the number of months read (each read).
    """

    monthsLoaded = Signal(int)

    def __init__(self, desk: Desk[ClaimsService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claimsMoneyPage")
        self.desk = desk
        self.ask_save: Callable[[bool], Path | None] = self._ask_save_path
        self.saved = SavedFileReporter(desk.messages, FILE_KEY, self)
        self.model = MoneyModel(self)
        self.table = read_only_table(self, self.model, "claimsMoneyTable", self.tr("Money back per month"))
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(False)  # each estimate beside its count
        self.note_label = QLabel(
            self.tr(
                "Amounts are estimates from the compensation table (Settings: Claims); the operator "
                "decides what it pays."
            ),
            self,
        )
        self.note_label.setWordWrap(True)
        self.export_button = QPushButton(self.tr("E&xport…"), self)
        self.export_button.setObjectName("claimsMoneyExport")
        self.export_button.setToolTip(self.tr("Save the months as CSV or .xlsx"))
        self.report_button = QPushButton(self.tr("Acco&untant's report…"), self)
        self.report_button.setObjectName("claimsMoneyReport")
        self.report_button.setToolTip(self.tr("A PDF of the months and the claims behind them"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.note_label, 1)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.report_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.export_button.clicked.connect(self._on_export_button_clicked)
        self.report_button.clicked.connect(self._on_report_button_clicked)
        self._update_buttons()
        self.reading = LiveReading(
            self.table, desk.service, (topics.CLAIMS, topics.TRACKING), desk.runner, self.reload
        )

    def settings_changed(self) -> None:
        """Settings changed (the compensation table, perhaps the office database): read again."""
        self.reading.watch_again()

    def reload(self) -> TaskHandle:
        return self.desk.run(
            money_back,
            name="claims money back",
            key=MONEY_KEY,
            owner=self,
            on_result=self._on_money_task_result,
            failure=Failure(self.tr("Money back could not be read: %1"), MONEY_KEY),
        )

    def cell(self, row: int, column: MoneyColumn) -> str:
        return str(self.model.data(self.model.index(row, column)))

    def export(self) -> TaskHandle | None:
        """The months as CSV or .xlsx."""
        return self._save(False)

    def report(self) -> TaskHandle | None:
        """The accountant's PDF."""
        return self._save(True)

    def _save(self, pdf: bool) -> TaskHandle | None:
        months = self.model.months()
        path = self.ask_save(pdf) if months else None
        if path is None:
            return None
        return self.desk.run(
            save_money_report if pdf else save_money_back,
            path,
            months,
            ui_language(),
            name="save money back",
            key=FILE_KEY,
            owner=self,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    def _update_buttons(self) -> None:
        has_months = bool(self.model.months())
        self.export_button.setEnabled(has_months)
        self.report_button.setEnabled(has_months)

    @Slot(object)
    def _on_money_task_result(self, months: list[MonthSummary]) -> None:
        self.model.set_months(months)
        self._update_buttons()
        self.monthsLoaded.emit(len(months))

    @Slot()
    def _on_export_button_clicked(self) -> None:
        self.export()

    @Slot()
    def _on_report_button_clicked(self) -> None:
        self.report()

    def _ask_save_path(self, pdf: bool) -> Path | None:
        if pdf:
            return ask_save_path(
                self, self.tr("Save the accountant's report"), self.tr("money-back"), [pdf_type()]
            )
        return ask_save_path(self, self.tr("Export money back"), self.tr("money-back"), table_types())
