"""A tab's status line wraps: it never widens the window (issue 37).

At 1100 px the Tracking tab's "No objects followed yet: add codes (Ctrl+N)…" line, set
again after codes were added and archived at once, grew the window to 1165 px: a label
that does not wrap asks for its whole text's width, and the window obeys. Each line that
code fills is given a long sentence here, and the window's minimum stays under 1100.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QStackedWidget, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext

STATUS_LINES = (
    "priceBatchStatus",
    "jobsStatus",
    "claimsFilingSummary",
    "claimsFiledSummary",
    "shippingSummary",
    "trackingSummary",
)
LONG = " ".join(["Nenhum objeto acompanhado ainda: adicione códigos (Ctrl+N) ou importe uma planilha."] * 4)


@pytest.fixture
def window(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[MainWindow]:
    built = MainWindow(context, runner)
    qtbot.addWidget(built)
    built.resize(1100, 720)
    built.show()
    qtbot.waitExposed(built)
    for index in range(built.tabs.count()):  # every tab and page built, as a clerk's day does
        built.tabs.setCurrentIndex(index)
        for pages in built.tabs.widget(index).findChildren(QTabWidget):
            for page in range(pages.count()):
                pages.setCurrentIndex(page)
    yield built
    built.close()


def ancestors(widget: QWidget) -> list[QWidget]:
    found = []
    parent = widget.parentWidget()
    while parent is not None:
        found.append(parent)
        parent = parent.parentWidget()
    return found


def bring_up(widget: QWidget) -> None:
    """Show ``widget`` as a clerk would reach it: each page holding it current, each part shown."""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QStackedWidget):
            parent.setCurrentWidget(child)
        if child.isHidden():
            child.show()
        child, parent = parent, parent.parentWidget()


@pytest.mark.parametrize("name", STATUS_LINES)
def test_a_long_status_line_wraps_instead_of_widening_the_window(
    name: str, window: MainWindow, qtbot: QtBot
) -> None:
    (label,) = [label for label in window.findChildren(QLabel) if label.objectName() == name]
    bring_up(label)
    label.setText(LONG)
    qtbot.waitUntil(lambda: label.isVisible())  # its page shown, the new text laid out
    for _ in ancestors(label):  # a layout request climbs one parent per pass
        QApplication.sendPostedEvents()
    page = window.tabs.currentWidget()
    assert page.minimumSizeHint().width() <= 1100, page.minimumSizeHint()
    assert window.minimumSizeHint().width() <= 1100, window.minimumSizeHint()
    assert window.width() == 1100
