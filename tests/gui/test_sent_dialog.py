"""Unanswered sends (File menu): the calls whose answer was lost or unreadable, what was
sent and the answer as it came, and the three ways a person settles one."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from postalgui.api.errors import InvalidResponseError
from postalgui.gui.dialogs.sent_dialog import SentDialog
from postalgui.gui.main_window import MainWindow
from postalgui.gui.tasks import TaskRunner
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.outgoing import Outgoing, OutgoingState


@pytest.fixture
def office(tmp_path: Path) -> Iterator[OfficeDatabase]:
    database = OfficeDatabase(tmp_path, "sandbox", author=lambda: "clerk.b")
    yield database
    database.close()


@pytest.fixture
def own_runner(qapp: object) -> Iterator[TaskRunner]:
    del qapp
    runner = TaskRunner()
    yield runner
    assert runner.shutdown(15000)


def unreadable_preposting(office: OfficeDatabase) -> str:
    book = Outgoing(office)
    line = book.begin("preposting", "k1", {"destinatario": {"nome": "Maria"}}, "Maria da Silva (NF 123)", NOW)
    error = InvalidResponseError("Invalid pre-posting answer from the operator (HTTP 200)", status=200)
    error.raw = '{"id": "PRx", "statusAtual": {"?": 2}}'
    book.unreadable(line, error, NOW)
    return line.uid


NOW = datetime.now(UTC).replace(microsecond=0)


def shown(qtbot: QtBot, office: OfficeDatabase, runner: TaskRunner) -> SentDialog:
    dialog = SentDialog(lambda: office, runner)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.status.text() != "")
    return dialog


def test_an_unreadable_call_shows_what_was_sent_and_the_answer_as_it_came(
    qtbot: QtBot, office: OfficeDatabase, own_runner: TaskRunner, each_language: str
) -> None:
    unreadable_preposting(office)
    dialog = shown(qtbot, office, own_runner)
    assert dialog.model.rowCount() == 1
    texts = [dialog.model.index(0, column).data() for column in range(dialog.model.columnCount())]
    if each_language == "pt_BR":
        assert texts[:4] == [
            "Maria da Silva (NF 123)",
            "Pré-postagem",
            "Recebido, resposta ilegível",
            "clerk.b",
        ]
        assert dialog.status.text() == "1 chamada aguarda uma decisão."
    else:
        assert texts[1:3] == ["Pre-posting", "Taken, answer unreadable"]
    assert (texts[0], texts[3]) == ("Maria da Silva (NF 123)", "clerk.b")
    detail = dialog.detail.toPlainText()
    assert '{"id": "PRx", "statusAtual": {"?": 2}}' in detail
    assert '"nome": "Maria"' in detail
    assert dialog.again_button.isEnabled()


def test_allowing_it_again_settles_the_line_for_every_desk(
    qtbot: QtBot, office: OfficeDatabase, own_runner: TaskRunner
) -> None:
    uid = unreadable_preposting(office)
    dialog = shown(qtbot, office, own_runner)
    qtbot.waitUntil(lambda: dialog.model.rowCount() == 1)
    dialog.again_button.click()
    qtbot.waitUntil(lambda: dialog.model.rowCount() == 0)
    assert not dialog.again_button.isEnabled()
    [line] = Outgoing(office).lines(unsettled_only=False)
    assert (line.uid, line.state) == (uid, OutgoingState.RESOLVED)
    assert Outgoing(office).begin("preposting", "k1", {}, "", NOW).state is OutgoingState.SENDING


def test_the_file_menu_opens_it(qtbot: QtBot, window: MainWindow) -> None:
    assert window.sent_action in window.menuBar().actions()[0].menu().actions()
    window.sent_action.trigger()
    qtbot.waitUntil(lambda: any(isinstance(w, SentDialog) and w.isVisible() for w in window.children()))
    dialog = next(w for w in window.children() if isinstance(w, SentDialog))
    qtbot.waitUntil(lambda: dialog.status.text() != "")
    assert dialog.model.rowCount() == 0
    dialog.close()
