"""The status bar's word on the office database (issue 25, "Offline is not lost"): nothing
on this computer's file, the server's name, and a warning with the quotes waiting while it
is away; fed by `OfficeStatus.update` from any thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow
from postalgui.gui.office_status import OfficeStatusLabel
from postalgui.services.office.status import OfficeState, OfficeStatus
from postalgui.store.errors import StoreNewerError
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url
from tests.office_fixtures import stamp_newer

WHERE = "postgresql://postalgui@db.office:5432/postalgui"


@pytest.fixture
def main(qtbot: QtBot) -> QMainWindow:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    return window


@pytest.fixture
def bar(main: QMainWindow) -> OfficeStatusLabel:
    return OfficeStatusLabel(main.statusBar())


def _from_a_worker(status: OfficeStatus, **changes: object) -> None:
    """As the store, its feed's listener or the offline queue do: off the GUI thread."""
    thread = threading.Thread(target=status.update, kwargs=changes, name="test office worker")
    thread.start()
    thread.join(5)


def _shows(bar: OfficeStatusLabel, text: str) -> Callable[[], bool]:
    return lambda: bar.label.text() == text


def test_nothing_is_said_while_the_office_is_this_computers_file(
    bar: OfficeStatusLabel, qtbot: QtBot
) -> None:
    status = OfficeStatus(OfficeState(shared=False, where="file /data/office-sandbox.sqlite3"))
    bar.follow(status)
    _from_a_worker(status, reachable=True)
    qtbot.wait(50)
    assert bar.label.isHidden()
    assert bar.label.text() == ""


def test_a_shared_server_is_named_quietly_and_its_absence_said_with_what_waits(
    bar: OfficeStatusLabel, qtbot: QtBot, each_language: str
) -> None:
    status = OfficeStatus(OfficeState(shared=True))
    bar.follow(status)
    assert bar.label.isHidden()  # not opened yet: nothing known, nothing said

    _from_a_worker(status, where=WHERE, reachable=True)
    qtbot.waitUntil(lambda: not bar.label.isHidden(), timeout=1000)
    named = "Office database: " if each_language == "en" else "Banco de dados do escritório: "
    assert bar.label.text() == named + "db.office:5432/postalgui"
    assert bar.label.toolTip() == WHERE

    away = {
        "en": (
            "Office database unreachable: 12 quotes waiting",
            "Office database unreachable: 1 quote waiting",
        ),
        "pt_BR": (
            "Banco de dados do escritório inacessível: 12 cotações aguardando",
            "Banco de dados do escritório inacessível: 1 cotação aguardando",
        ),
    }[each_language]
    for waiting, said in zip((12, 1), away, strict=True):
        _from_a_worker(status, reachable=False, waiting=waiting)
        qtbot.waitUntil(_shows(bar, said), timeout=1000)
        assert WHERE in bar.label.toolTip()

    _from_a_worker(status, reachable=True, waiting=0)  # back, the queue sent
    qtbot.waitUntil(lambda: bar.label.text() == named + "db.office:5432/postalgui", timeout=1000)


def test_a_destroyed_label_is_no_longer_told(qtbot: QtBot) -> None:
    window = QMainWindow()
    status = OfficeStatus(OfficeState(shared=True))
    OfficeStatusLabel(window.statusBar()).follow(status)
    window.deleteLater()
    qtbot.waitUntil(lambda: not status._listeners, timeout=1000)
    _from_a_worker(status, reachable=False, waiting=3)  # no call into a deleted object


def test_the_window_shows_the_office_without_opening_it(window: MainWindow, qtbot: QtBot) -> None:
    office = window.context.office()
    assert window.office_status.label.isHidden()  # a newcomer: this computer's file, nothing said
    _from_a_worker(office.status, shared=True, where=WHERE, reachable=False, waiting=2)
    qtbot.waitUntil(lambda: "unreachable" in window.office_status.label.text(), timeout=1000)
    assert office._local is None
    assert office._shared is None


def test_quotes_waiting_over_a_newer_versions_file_are_said_with_the_file(
    bar: OfficeStatusLabel, qtbot: QtBot, each_language: str, tmp_path: Path
) -> None:
    """This computer's file, written by a newer PostalGUI: silent no longer, since the quotes
    made now wait in the queue (issue 38)."""
    office_file = tmp_path / "office-sandbox.sqlite3"
    stamp_newer(office_file)
    store = OfficeStore(sqlite_url(office_file))
    with pytest.raises(StoreNewerError) as refused:
        store.open()
    store.close()
    status = OfficeStatus(OfficeState(shared=False))
    bar.follow(status)
    _from_a_worker(status, reachable=False, waiting=2, problem=str(refused.value))
    said = {
        "en": "Office database of a newer PostalGUI: 2 quotes waiting",
        "pt_BR": "Banco de dados do escritório de um PostalGUI mais novo: 2 cotações aguardando",
    }[each_language]
    qtbot.waitUntil(_shows(bar, said), timeout=1000)
    assert str(office_file) in bar.label.toolTip()
    kept = {"en": "quotes are kept on this computer", "pt_BR": "cotações ficam guardadas neste computador"}
    assert kept[each_language] in bar.label.toolTip()
