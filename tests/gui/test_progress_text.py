"""Progress text is drawn inside its bar, whatever the style: never beside it, squeezing the bar.

Qt's common styles (Windows, and the platform styles built on them) draw a left-aligned
progress text to the right of the groove, which then shrinks by the text's width; only a
centred text is drawn inside. Fusion draws it inside either way, so the check asks the
Windows style, which is built into every Qt.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QProgressBar, QStyle, QStyleFactory, QStyleOptionProgressBar, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.desk import Desk
from postalgui.gui.tabs.branches.country_download import CountryDownload
from postalgui.gui.tabs.price.batch_panel import BatchPanel
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext


@pytest.fixture
def windows_style() -> QStyle:
    style = QStyleFactory.create("Windows")
    assert style is not None
    return style


def _bars(holders: list[QWidget], context: AppContext, runner: TaskRunner) -> dict[str, QProgressBar]:
    """Every progress bar that shows text: the batch's and the branch download's."""
    batch = BatchPanel(context.price, runner)
    country = CountryDownload(Desk(context.branches, runner, MessageArea()))
    holders.extend((batch, country))  # the bars live as long as their widgets
    return {"batch": batch.progress_bar, "branches": country.progress_bar}


def test_progress_text_is_inside_its_bar(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, windows_style: QStyle
) -> None:
    holders: list[QWidget] = []
    bars = _bars(holders, context, runner)
    for widget in holders:
        qtbot.addWidget(widget)
    for name, bar in bars.items():
        bar.setStyle(windows_style)
        bar.resize(200, 24)
        bar.setRange(0, 45_000)
        bar.setValue(12_345)
        bar.setFormat("12.345 of 45.000")
        option = QStyleOptionProgressBar()
        bar.initStyleOption(option)
        groove = windows_style.subElementRect(QStyle.SubElement.SE_ProgressBarGroove, option, bar)
        label = windows_style.subElementRect(QStyle.SubElement.SE_ProgressBarLabel, option, bar)
        assert groove == bar.rect(), name  # the bar keeps its whole width
        assert groove.contains(label), name  # and the text is drawn on it
