"""The message strip: news leaves by itself, one at a time; warnings and errors stay."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QTableWidget, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind


def _area(qtbot: QtBot) -> MessageArea:
    area = MessageArea()
    qtbot.addWidget(area)
    area.show()
    return area


def test_information_leaves_by_itself_and_warnings_stay(qtbot: QtBot) -> None:
    area = _area(qtbot)
    area.info_timeout_ms = 50
    area.show_message("Quote saved", MessageKind.INFO, key="saved")
    area.show_message("No keyring", MessageKind.WARNING, key="keyring")
    area.show_message("Network down", MessageKind.ERROR)
    qtbot.waitUntil(lambda: area.message("saved") is None, timeout=2000)
    assert [bar.text() for bar in area.messages()] == ["No keyring", "Network down"]


def test_a_new_information_replaces_the_one_before(qtbot: QtBot) -> None:
    area = _area(qtbot)
    area.show_message("Statement requested", MessageKind.INFO, key="request")
    area.show_message("Statement ready", MessageKind.INFO, key="ready", action_text="Open")
    area.show_message("Check the CEP", MessageKind.WARNING)
    qtbot.waitUntil(lambda: len(area.messages()) == 2, timeout=2000)
    assert [bar.text() for bar in area.messages()] == ["Statement ready", "Check the CEP"]
    assert area.message("request") is None


def test_an_information_with_an_action_gives_time_to_click_it(qtbot: QtBot) -> None:
    area = _area(qtbot)
    area.info_timeout_ms = 50
    area.info_action_timeout_ms = 60_000
    bar = area.show_message("Statement ready", MessageKind.INFO, key="ready", action_text="Open")
    other = MessageArea()
    qtbot.addWidget(other)
    other.info_timeout_ms = 100
    other.show_message("Saved", MessageKind.INFO, key="saved")
    qtbot.waitUntil(lambda: other.message("saved") is None, timeout=2000)  # plain news has gone
    assert area.message("ready") is bar
    assert not bar.isHidden()


def test_a_message_just_added_to_a_visible_area_is_listed(qtbot: QtBot) -> None:
    """Qt shows a new child of a visible widget from the event loop; the area lists it at once."""
    area = MessageArea()
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    bar = area.show_message("Delivery time is not enabled for this card", MessageKind.INFO, key="note")
    assert bar.isHidden()  # not shown yet: the event loop has not run
    assert [shown.text() for shown in area.messages()] == ["Delivery time is not enabled for this card"]
    bar.expire()
    assert area.messages() == []


def _tab_with_table(qtbot: QtBot) -> tuple[QWidget, MessageArea, QTableWidget]:
    """A tab as every tab is laid out: the message area on top, a table under it."""
    tab = QWidget()
    qtbot.addWidget(tab)
    layout = QVBoxLayout(tab)
    area = MessageArea()
    table = QTableWidget(20, 3, tab)
    layout.addWidget(area)
    layout.addWidget(table, 1)
    tab.resize(900, 500)
    tab.show()
    qtbot.waitExposed(tab)
    return tab, area, table


def _rect_in(widget: QWidget, tab: QWidget) -> QRect:
    return QRect(widget.mapTo(tab, QPoint(0, 0)), widget.size())


def test_a_message_takes_its_own_row_and_covers_nothing(qtbot: QtBot) -> None:
    """Messages push what is below them down; they never lie over it (issue 37: a toolbar hidden)."""
    tab, area, table = _tab_with_table(qtbot)
    top = table.y()
    assert area.height() == 0
    bar = area.show_message("The statement could not be read. " * 6, MessageKind.ERROR, key="e")
    area.show_message("Saved", MessageKind.INFO, key="i", action_text="Open")
    qtbot.waitUntil(lambda: bar.isVisible() and table.y() > top)
    assert area.height() > bar.height() > 20  # both bars, each whole
    assert not _rect_in(area, tab).intersects(_rect_in(table, tab))
    for shown in area.messages():
        assert area.rect().contains(QRect(shown.pos(), shown.size()))  # no bar cut or spilling over
    seen = table.viewport().mapTo(tab, QPoint(10, 10))
    assert tab.childAt(seen) is table.viewport()  # a click on the table lands on the table
    bar.expire()
    area.clear("i")
    qtbot.waitUntil(lambda: area.height() == 0 and table.y() == top)


def test_the_messages_follow_the_width_of_their_place(qtbot: QtBot) -> None:
    tab, area, table = _tab_with_table(qtbot)
    bar = area.show_message("No keyring. " * 12, MessageKind.WARNING)
    qtbot.waitUntil(bar.isVisible)
    wide = area.height()
    tab.resize(400, 500)
    qtbot.waitUntil(lambda: area.width() == table.width())
    assert bar.width() == area.width()
    qtbot.waitUntil(lambda: area.height() > wide)  # the text wraps on more lines: a taller row
    assert table.y() >= area.y() + area.height()
