"""The Filed claims page over the real claims service and office database: every claim with
who filed it, its state and outcome in words, filters as you type, another desk's claim
shown live, reopen only where allowed (the reason required), F5 follows the selection."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.gui.tabs.claims.claim_model import ClaimColumn
from postalgui.gui.tabs.claims.filed_page import FiledPage
from postalgui.gui.tabs.claims.follower import FOLLOW_KEY
from postalgui.gui.tabs.claims.reopen_dialog import ReopenDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.services.claims.book import ClaimBook
from postalgui.services.claims.records import Outcome
from postalgui.services.context import AppContext
from postalgui.services.office.database import OfficeDatabase
from tests.gui.claims_support import ACCEPTED, OPEN, REFUSED, WAIT_MS, code, holder, row, write_claims


@pytest.fixture
def page(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[FiledPage]:
    write_claims(
        context.claims,
        [(1, OPEN), (2, ACCEPTED), (3, REFUSED)],
        [(4, 544, "Objeto ainda dentro do prazo de entrega")],
    )
    box, desk = holder(context, runner, qtbot)
    built = FiledPage(desk, box)
    box.layout().addWidget(built)
    with qtbot.waitSignal(built.claimsLoaded, timeout=WAIT_MS):
        box.show()  # the first read comes after the first paint
    changes = built.reading
    qtbot.waitUntil(lambda: changes.changes is not None and changes.changes.watching, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: not built.follower.running, timeout=WAIT_MS)
    yield built
    box.close()


def cells(page: FiledPage, column: ClaimColumn) -> dict[str, str]:
    model = page.model
    return {
        model.claim(row).code: str(model.data(model.index(row, column))) for row in range(model.rowCount())
    }


def test_every_claim_is_listed_with_who_filed_it_and_its_state_in_words(page: FiledPage) -> None:
    states = cells(page, ClaimColumn.STATE)
    assert states == {
        code(1): "Open",
        code(2): "Accepted",
        code(3): "Refused",
        code(4): "Not filed: Objeto ainda dentro do prazo de entrega (code 544)",
    }
    assert cells(page, ClaimColumn.PROTOCOL)[code(1)] == "9000000001"
    assert cells(page, ClaimColumn.REASON)[code(1)] == "Delivered late (135)"
    assert cells(page, ClaimColumn.MANIFESTATION)[code(1)] == "Compensation"
    assert cells(page, ClaimColumn.SITUATION)[code(1)] == "Em análise"
    assert cells(page, ClaimColumn.MERIT)[code(3)] == "Improcedente"
    assert cells(page, ClaimColumn.MAX_DELIVERY)[code(1)] == "06/10/2026"
    assert cells(page, ClaimColumn.ESTIMATE)[code(1)] == "R$ 12,50"
    assert set(cells(page, ClaimColumn.FILED_BY).values()) == {page.desk.service.login}
    assert all(cells(page, ClaimColumn.FILED_AT).values())
    assert page.summary_label.text() == "4 of 4 claims shown"


def test_the_state_filter_and_the_search_filter_as_you_type(page: FiledPage, qtbot: QtBot) -> None:
    page.state_combo.setCurrentIndex(page.state_combo.findData("refused"))
    assert list(cells(page, ClaimColumn.CODE)) == [code(3)]
    page.state_combo.setCurrentIndex(0)
    qtbot.keyClicks(page.search_edit, "prazo")
    assert list(cells(page, ClaimColumn.CODE)) == [code(4)]
    page.search_edit.clear()
    qtbot.keyClicks(page.search_edit, "procedente 9000000002")
    assert list(cells(page, ClaimColumn.CODE)) == [code(2)]
    assert page.summary_label.text() == "1 of 4 claims shown"


def test_another_desk_s_claim_shows_up_live(page: FiledPage, context: AppContext, qtbot: QtBot) -> None:
    write_claims(context.claims, [(5, OPEN)])  # the same office database, as another desk writes it
    qtbot.waitUntil(lambda: code(5) in cells(page, ClaimColumn.CODE), timeout=WAIT_MS)


def test_reopen_only_a_refused_claim_and_only_with_a_reason(page: FiledPage, qtbot: QtBot) -> None:
    page.select_code(code(2))
    assert not page.reopen_action.isEnabled()  # accepted: nothing to reopen
    page.select_code(code(3))
    assert page.reopen_action.isEnabled()
    seen: list[str] = []

    def empty_then_cancel(dialog: ReopenDialog) -> bool:
        dialog.accept()  # no reason typed: OK waits and says why
        seen.append(dialog.reason_error.text())
        return False

    page.open_dialog = empty_then_cancel
    assert page.reopen() is None
    assert seen == ["Reason must be filled in: say why the claim should be looked at again"]


def test_f5_follows_the_selected_claims_and_says_what_the_operator_answered(
    page: FiledPage, qtbot: QtBot
) -> None:
    page.select_code(code(1))
    page.table.setFocus()
    with qtbot.waitSignal(page.follower.followed, timeout=WAIT_MS) as followed:
        qtbot.keyClick(page.table, Qt.Key.Key_F5)
    assert followed.args is not None
    assert followed.args[0].asked == 1  # the sandbox does not know this protocol: it answers 990
    qtbot.waitUntil(lambda: "(code 990)" in cells(page, ClaimColumn.STATE)[code(1)], timeout=WAIT_MS)
    assert (
        cells(page, ClaimColumn.STATE)[code(1)] == "Open — The operator does not know this claim (code 990)"
    )
    said = page.desk.messages.message(FOLLOW_KEY)
    assert said is not None
    assert said.text() == "Asked 1 claims: 0 changed, 0 paid."
    claim = page.desk.service.book().get(code(1))
    assert claim is not None
    assert claim.outcome is Outcome.OPEN


def test_the_model_passes_qt_s_model_tester(page: FiledPage, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(page.model)


def test_a_page_built_unseen_follows_once_and_never_two_at_once(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    write_claims(context.claims, [(6, OPEN)])
    box, desk = holder(context, runner, qtbot)
    unseen = FiledPage(desk, box)
    assert unseen.follower.timer.interval() == 120 * 60_000  # Settings: Claims, follow every
    with qtbot.waitSignal(unseen.follower.finished, timeout=WAIT_MS):
        unseen.start_following()
        assert unseen.follower.running
        assert unseen.follower.start([code(6)]) is None  # one follow-up at a time
        unseen.start_following()  # once
    assert not unseen.follower.running
    unseen.start_following()
    assert not unseen.follower.running


def test_export_saves_the_claims_shown(page: FiledPage, tmp_path: Path, qtbot: QtBot) -> None:
    pytest.importorskip("postalgui.services.claims.export")  # helper "cli" writes it beside this page
    page.state_combo.setCurrentIndex(page.state_combo.findData("refused"))
    sheet = tmp_path / "claims.csv"
    page.ask_save = lambda: sheet
    with qtbot.waitSignal(page.saved.exported, timeout=WAIT_MS):
        page.export_action.trigger()
    text = sheet.read_text(encoding="utf-8-sig")
    assert code(3) in text
    assert code(1) not in text  # only what the filter shows


def test_a_claim_another_desk_is_sending_or_could_not_read_says_so(
    page: FiledPage, context: AppContext, qtbot: QtBot
) -> None:
    office = context.claims.office()
    other = OfficeDatabase(office.data_dir, office.env_key, office.url, author=lambda: "desk.b")
    book = ClaimBook(other)
    book.reserve([row(6), row(7)], datetime.now(UTC))
    book.unreadable([code(7)], "<html>oops</html>", "not JSON")
    other.close()
    qtbot.waitUntil(lambda: code(7) in cells(page, ClaimColumn.CODE), timeout=WAIT_MS)
    states = cells(page, ClaimColumn.STATE)
    assert states[code(6)].startswith("Being sent by desk.b at ")
    assert states[code(7)].startswith("Sent, answer unreadable: the operator took it")
    page.state_combo.setCurrentIndex(page.state_combo.findData("unreadable"))
    assert list(cells(page, ClaimColumn.CODE)) == [code(7)]
