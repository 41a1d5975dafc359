"""`SectionBox`: one section of the Overview page: its title, a headline (the figure a
manager reads first), its charts and, one click away ("Numbers"), the tables behind
them (`NumbersPanel`). A section draws from the `Overview` read for the page and, for
Money back, from the `MoneyLeft` read after it; its tables are worded only while shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.i18n import ui_language
from postalgui.gui.tabs.overview.numbers_panel import NumbersPanel
from postalgui.services.overview.records import MoneyLeft, Overview, Section
from postalgui.services.overview.tables import section_table

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["SectionBox"]


class SectionBox(QGroupBox):
    """A section; a subclass builds its charts in ``chart_row`` and draws them in `draw`.

    Signals: ``drawn()`` after each `show_overview`.
    """

    drawn = Signal()
    SECTIONS: ClassVar[tuple[Section, ...]] = ()

    def __init__(
        self, title: str, name: str, runner: TaskRunner, messages: MessageArea, parent: QWidget | None = None
    ) -> None:
        super().__init__(title, parent)
        self.setObjectName(name)
        self.overview: Overview | None = None
        self.money = MoneyLeft()
        self.headline = QLabel(self)
        self.headline.setObjectName(f"{name}Headline")
        self.headline.setWordWrap(True)
        self.headline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.numbers_button = QPushButton(self.tr("Numbers"), self)
        self.numbers_button.setObjectName(f"{name}NumbersButton")
        self.numbers_button.setCheckable(True)
        self.numbers_button.setToolTip(self.tr("Show the numbers behind the charts (copy, export)"))
        self.charts = QWidget(self)
        self.charts_column = QVBoxLayout(self.charts)
        self.charts_column.setContentsMargins(0, 0, 0, 0)
        self.chart_row = QHBoxLayout()
        self.charts_column.addLayout(self.chart_row, 1)
        self.numbers = NumbersPanel(runner, messages, name, self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.charts)
        self.stack.addWidget(self.numbers)
        top = QHBoxLayout()
        top.addWidget(self.headline, 1)
        top.addWidget(self.numbers_button, 0, Qt.AlignmentFlag.AlignTop)
        self.box_layout = QVBoxLayout(self)
        self.box_layout.addLayout(top)
        self.box_layout.addWidget(self.stack, 1)
        self.numbers_button.toggled.connect(self._on_numbers_button_toggled)

    def add_legend(self, legend: QWidget) -> None:
        """A legend over the charts (hidden with them when the numbers are shown)."""
        self.charts_column.insertWidget(0, legend)

    def show_overview(self, overview: Overview) -> None:
        """Draw a newly read overview (and word its tables if they are shown)."""
        self.overview = overview
        self.draw(overview)
        self._word_tables()
        self.drawn.emit()

    def show_money(self, money: MoneyLeft) -> None:
        """Claims' candidates were read (after the charts): the sections that say them follow."""
        self.money = money
        self.draw_money(money)
        self._word_tables()

    def draw(self, overview: Overview) -> None:
        raise NotImplementedError

    def draw_money(self, money: MoneyLeft) -> None:
        """Draw what ``money`` says; most sections say nothing of it."""
        del money

    def numbers_shown(self) -> bool:
        return self.stack.currentWidget() is self.numbers

    def _word_tables(self) -> None:
        if self.numbers_shown() and self.overview is not None:
            language = ui_language()
            self.numbers.show_tables(
                [section_table(self.overview, self.money, section, language) for section in self.SECTIONS]
            )

    @Slot(bool)
    def _on_numbers_button_toggled(self, shown: bool) -> None:
        self.stack.setCurrentWidget(self.numbers if shown else self.charts)
        self._word_tables()
