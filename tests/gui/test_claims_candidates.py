"""The Claims tab's Candidates page end to end: the real context, its office database and the shared sandbox.

Parcels the sandbox delivered late are followed and refreshed; the page lists them
soonest deadline first with their estimate and days left, a filing shows exactly what
will be sent before it is sent, says each object's result in words, and a second filing
of the same object is stopped here; an empty reply e-mail is named and nothing is sent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
import requests
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import PlainTask
from postalgui.api.models.claims import FiledClaim
from postalgui.gui import i18n
from postalgui.gui.tab_factories import TAB_FACTORIES, claims_tab
from postalgui.gui.tabs.claims import ClaimsTab
from postalgui.gui.tabs.claims.candidate_model import CandidateColumn
from postalgui.gui.tabs.claims.candidate_statement import StatementDialog
from postalgui.gui.tabs.claims.candidates_page import FILE_KEY, LOAD_KEY, STATEMENT, CandidatesPage
from postalgui.gui.tabs.claims.file_dialog import FileDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.claims.filing import FilingOrder, Result
from postalgui.services.claims.filing import claim_row as filing_row
from postalgui.services.claims.settings import ClaimsSettings
from postalgui.services.context import AppContext
from postalgui.services.ports import NewObject
from postalgui.services.tracking.use_cases import refresh
from tests.gui.alt_letters import shown_letters, window_letters, window_speaking

SOON = object_label("QC", 27182818)
LATER = object_label("QC", 16180339)
WAIT_MS = 30_000


def sandbox_now(url: str) -> datetime:
    answer = requests.get(f"{url}/_sandbox/clock", timeout=5)
    answer.raise_for_status()
    return datetime.fromisoformat(answer.json()["now"]).replace(tzinfo=None)


def register_late(url: str, code: str, posted: datetime) -> None:
    body = {
        "codigo": code,
        "coProduto": "03220",
        "cepOrigem": "01310100",
        "cepDestino": "20040020",
        "postado": posted.isoformat(),
        "destino": "late",
    }
    requests.post(f"{url}/_sandbox/tracking/objects", json=body, timeout=5).raise_for_status()


def follow_late_parcels(context: AppContext, url: str) -> None:
    """Two parcels delivered late, 60 and 25 days after posting, followed and asked about."""
    now = sandbox_now(url)
    register_late(url, SOON, now - timedelta(days=60))
    register_late(url, LATER, now - timedelta(days=25))
    objects = [
        NewObject(SOON, tag="Loja Norte", invoice="RE 1234567", invoice_amount=Decimal("40.00")),
        NewObject(LATER, tag="Loja Sul", invoice="RE 1234567", invoice_amount=Decimal("25.50")),
    ]
    context.tracking.watchlist().add(objects, source="cli")
    refresh(PlainTask(), context.tracking, [SOON, LATER])


def with_reply_address(
    context: AppContext, email: str = "expedicao@example.com.br", phone: str = "11987654321"
) -> None:
    claims = ClaimsSettings(reply_email=email, phone=phone)
    context.apply(context.saved_settings.model_copy(update={"claims": claims}))


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, shared_sandbox: str, qtbot: QtBot) -> Iterator[ClaimsTab]:
    follow_late_parcels(context, shared_sandbox)
    built = ClaimsTab(context.claims, runner, MessageArea(), follow=context.following)
    qtbot.addWidget(built)
    built.resize(1200, 720)
    with qtbot.waitSignal(built.candidates.candidatesLoaded, timeout=WAIT_MS):
        built.show()  # the first read comes after the first paint
    page = built.candidates
    qtbot.waitUntil(
        lambda: page.reading.changes is not None and page.reading.changes.watching, timeout=WAIT_MS
    )
    yield built
    built.close()


def cells(page: CandidatesPage, column: int) -> list[str]:
    proxy = page.proxy
    return [proxy.data(proxy.index(row, column)) for row in range(proxy.rowCount())]


def answering(check: Callable[[FileDialog], bool]) -> Callable[[QDialog], bool]:
    """The page's dialog hook: ``check`` plays the user on the filing dialog."""

    def answer(dialog: QDialog) -> bool:
        assert isinstance(dialog, FileDialog)
        return check(dialog)

    return answer


def test_candidates_are_listed_soonest_deadline_first_with_estimate_and_days_left(
    tab: ClaimsTab, qtmodeltester: ModelTester
) -> None:
    page = tab.candidates
    qtmodeltester.check(page.model)
    codes = cells(page, CandidateColumn.CODE)
    assert codes[:2] == [SOON, LATER]  # SOON was delivered longer ago: fewer days left
    days_left = [int(text) for text in cells(page, CandidateColumn.DAYS_LEFT)[:2]]
    assert 0 < days_left[0] < days_left[1] <= 90
    assert cells(page, CandidateColumn.KIND)[:2] == ["Delivered late", "Delivered late"]
    assert cells(page, CandidateColumn.POSTAGE)[0] == "R$ 40,00 (invoice)"
    assert cells(page, CandidateColumn.ESTIMATE)[0].startswith("R$ ")
    model = page.model
    assert model.headerData(CandidateColumn.ESTIMATE, Qt.Orientation.Horizontal) == "Estimated compensation"
    tooltip = model.headerData(
        CandidateColumn.ESTIMATE, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert "Settings" in tooltip
    assert page.counts.candidates_label.text() == "Candidates: 2"
    assert page.counts.total_label.text().startswith("Estimated total: R$ ")
    page.search_edit.setText("sul")
    assert cells(page, CandidateColumn.CODE) == [LATER]
    page.search_edit.clear()
    page.table.sortByColumn(CandidateColumn.POSTAGE, Qt.SortOrder.AscendingOrder)  # money sorts as money
    assert cells(page, CandidateColumn.CODE) == [LATER, SOON]


def test_the_confirmation_shows_exactly_what_will_be_sent(
    tab: ClaimsTab, context: AppContext, qtbot: QtBot
) -> None:
    with_reply_address(context)
    page = tab.candidates
    page.select_codes([SOON, LATER])
    seen: list[list[list[str]]] = []

    def review_then_cancel(dialog: FileDialog) -> bool:
        dialog.form.package_combo.setCurrentIndex(dialog.form.package_combo.findData("E"))
        assert not dialog.review()  # no recipient's name known: the first object lacking one is named
        first = dialog.form.candidates[0].code
        problem = dialog.problem_label.text()
        assert problem.startswith(f"{first}: Recipient's name (nomeDestinatario) must have 1 to 100")
        give_names(dialog, "Ana Souza")
        assert dialog.review()
        seen.append(dialog.sent_rows())
        return False

    page.open_dialog = answering(review_then_cancel)
    assert page.file_selected() is None  # cancelled at the confirmation: nothing sent
    (rows,) = seen
    by_code = {row[0]: row for row in rows}
    assert by_code[SOON][1:7] == [
        "Delivered late (135)",
        "Compensation",
        "Envelope",
        "expedicao@example.com.br",
        "(11) 98765-4321",
        "Ana Souza",
    ]
    assert by_code[SOON][7].startswith("R$ ")
    assert context.claims.book().claims() == []


def give_names(dialog: FileDialog, name: str) -> None:
    """Types ``name`` as every object's recipient (the operator refuses a claim without one)."""
    table = dialog.form.names_table
    for row in range(table.rowCount()):
        cell = table.item(row, 1)
        assert cell is not None
        cell.setText(name)


def send_as_reviewed(dialog: FileDialog) -> bool:
    give_names(dialog, "Maria da Silva")
    assert dialog.review()
    return True


def test_filing_says_each_result_in_words(tab: ClaimsTab, context: AppContext, qtbot: QtBot) -> None:
    with_reply_address(context)
    page = tab.candidates
    page.select_codes([SOON])
    page.open_dialog = answering(send_as_reviewed)
    page.table.setFocus()
    with qtbot.waitSignal(page.claimsFiled, timeout=WAIT_MS) as filed:
        qtbot.keyClick(page.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # Ctrl+Enter
    (result,) = filed.args[0].results
    (line,) = page.results_view.lines()
    assert result.protocol is not None
    assert line == f"{SOON}: Filed, protocol {result.protocol}"
    summary = page.desk.messages.message(FILE_KEY)
    assert summary is not None
    assert summary.text().startswith("Filing: filed ")


def test_an_object_filed_by_another_desk_is_stopped_here_and_says_so(
    tab: ClaimsTab, context: AppContext, qtbot: QtBot
) -> None:
    with_reply_address(context)
    page = tab.candidates
    page.select_codes([SOON])
    assert page.file_action.isEnabled()
    (candidate,) = [row.candidate for row in page.selected_rows()]
    book = context.claims.book()  # another desk files it while this page still lists it
    order = FilingOrder.of([candidate], email="outra@example.com.br", phone="1133334444")
    now = context.claims.now()
    book.reserve([filing_row(order, order.items[0], "1133334444")], now)
    book.record([FiledClaim(code=SOON, protocol="1234567890", return_code=0)], "2026112500001", now)
    page.open_dialog = answering(send_as_reviewed)
    with qtbot.waitSignal(page.claimsFiled, timeout=WAIT_MS) as filed:
        page.file_selected()
    (result,) = filed.args[0].results
    assert result.result is Result.BLOCKED  # nothing sent for it
    assert page.results_view.lines() == [
        f"{SOON}: Not sent: already filed from this office (a claim is filed once)"
    ]
    qtbot.waitUntil(lambda: page.counts.filed_label.text() == "Already filed: 1", timeout=WAIT_MS)
    row = cells(page, CandidateColumn.CODE).index(SOON)  # the row stays, saying so
    assert cells(page, CandidateColumn.CLAIM)[row].startswith("Not sent: already filed")
    page.select_codes([SOON])
    assert not page.file_action.isEnabled()
    assert not page.file_button.isEnabled()
    assert page.file_selected() is None


def test_an_empty_reply_email_is_named_with_its_rule_and_nothing_is_sent(
    tab: ClaimsTab, context: AppContext
) -> None:
    with_reply_address(context, email="")
    page = tab.candidates
    page.select_codes([SOON])
    said: list[str] = []

    def review(dialog: FileDialog) -> bool:
        assert not dialog.review()
        said.append(dialog.problem_label.text())
        assert dialog.settings_button.isVisibleTo(dialog)
        return False

    page.open_dialog = answering(review)
    assert page.file_selected() is None
    assert said == ["Reply e-mail: required, the operator answers there (set it here or in Settings)"]
    assert context.claims.book().claims() == []


def test_a_reply_address_typed_at_filing_is_kept_in_settings_when_asked(
    tab: ClaimsTab, context: AppContext, qtbot: QtBot
) -> None:
    """Issue 37: the e-mail and phone typed in the filing dialog are offered to be kept
    (ticked when Settings had none); a filing that changes them leaves Settings alone
    unless the clerk ticks it."""
    with_reply_address(context, email="", phone="")
    page = tab.candidates
    page.select_codes([SOON])
    offered: list[tuple[bool, bool]] = []

    def type_then_send(dialog: FileDialog) -> bool:
        form = dialog.form
        offered.append((form.keep_check.isEnabled(), form.keep_check.isChecked()))
        form.email_edit.setText("sac@loja.com.br")
        form.phone_edit.setText("(11) 3333-4444")
        assert form.keeps_reply_address
        return send_as_reviewed(dialog)

    page.open_dialog = answering(type_then_send)
    with qtbot.waitSignal(page.claimsFiled, timeout=WAIT_MS):
        page.file_selected()
    assert offered == [(False, True)]  # nothing typed yet: nothing to keep
    kept = context.store.load().claims
    assert (kept.reply_email, kept.phone) == ("sac@loja.com.br", "1133334444")
    assert context.claims.settings.reply_email == "sac@loja.com.br"

    page.select_codes([LATER])
    seen: list[tuple[bool, bool]] = []

    def change_then_send(dialog: FileDialog) -> bool:
        form = dialog.form
        seen.append((form.keep_check.isEnabled(), form.keep_check.isChecked()))
        form.email_edit.setText("outro@loja.com.br")
        seen.append((form.keep_check.isEnabled(), form.keep_check.isChecked()))
        return send_as_reviewed(dialog)

    page.open_dialog = answering(change_then_send)
    with qtbot.waitSignal(page.claimsFiled, timeout=WAIT_MS):
        page.file_selected()
    assert seen == [(False, False), (True, False)]  # Settings had them: a one-off unless ticked
    assert context.store.load().claims.reply_email == "sac@loja.com.br"


def recent_invoice(context: AppContext, url: str) -> str:
    """A paid RE invoice of the last months with a value: it has an analytic statement."""
    profile = context.profile
    assert profile.dr is not None
    today = sandbox_now(url).date()
    listed = context.invoices.client().list_invoices(
        profile.contract, profile.dr, today - timedelta(days=150), today
    )
    return next(
        str(invoice.id)
        for invoice in listed
        if invoice.tipoDocumento == "RE" and invoice.status == "Paga" and (invoice.valor or 0) > 0
    )


def test_a_statements_untracked_objects_are_counted_and_followed_in_tracking(
    tab: ClaimsTab, context: AppContext, shared_sandbox: str, qtbot: QtBot
) -> None:
    page = tab.candidates
    number = recent_invoice(context, shared_sandbox)

    def statement(dialog: QDialog) -> bool:
        assert isinstance(dialog, StatementDialog)
        dialog.number_edit.setText(f" {number} ")
        dialog.type_edit.setText("re")
        return dialog.check()

    page.open_dialog = statement
    with qtbot.waitSignal(page.candidatesLoaded, timeout=120_000):
        page.source_combo.setCurrentIndex(STATEMENT)
        page.source_combo.activated.emit(STATEMENT)  # as a user's pick
    assert page.statement == (number, "RE")
    found = page.found
    assert found is not None
    assert found.untracked  # the statement's objects the watchlist does not follow
    untracked = len(found.untracked)
    assert page.counts.untracked_label.text() == f"Not followed in Tracking: {untracked:,}"
    assert page.counts.follow_button.isVisible()
    with qtbot.waitSignal(tab.objectsFollowed, timeout=WAIT_MS) as followed:
        page.counts.follow_button.click()
    assert followed.args[0] == untracked
    watched = context.tracking.watchlist().known(found.untracked)
    assert sorted(watched) == sorted(found.untracked)  # in the office's watchlist, through the port
    assert {item.invoice for item in watched.values()} == {f"RE {number}"}
    assert {item.source for item in watched.values()} == {"invoice"}


def test_a_bad_invoice_number_is_named_with_its_rule_and_the_watchlist_stays(
    tab: ClaimsTab, qtbot: QtBot
) -> None:
    page = tab.candidates
    with qtbot.waitSignal(page.candidatesLoaded, timeout=WAIT_MS):  # read again: the watchlist
        page.from_statement("12A", "RE")
    bar = page.desk.messages.message(LOAD_KEY)
    assert bar is not None
    assert "Invoice number must contain only digits (got '12A')" in bar.text()
    assert page.statement is None
    assert cells(page, CandidateColumn.CODE)[:2] == [SOON, LATER]


def test_the_page_speaks_portuguese(tab: ClaimsTab, qapp: QCoreApplication, qtbot: QtBot) -> None:
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        page = tab.candidates
        with qtbot.waitSignal(page.candidatesLoaded, timeout=WAIT_MS):
            page.reload()
        assert cells(page, CandidateColumn.KIND)[0] == "Entregue com atraso"
        assert cells(page, CandidateColumn.POSTAGE)[0] == "R$ 40,00 (fatura)"
        header = page.model.headerData(CandidateColumn.ESTIMATE, Qt.Orientation.Horizontal)
        assert header == "Indenização estimada"
        assert page.counts.candidates_label.text() == "Candidatos: 2"
    finally:
        i18n.remove_translators(qapp, installed)


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_every_alt_letter_on_the_tab_is_unique(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, qapp: QCoreApplication, language: str
) -> None:
    with window_speaking(language, context, runner, qtbot, qapp) as window:
        index = TAB_FACTORIES.index(claims_tab)
        window.tabs.setCurrentIndex(index)
        tab = window.built_tab(index)
        assert isinstance(tab, ClaimsTab)
        page = tab.candidates
        qtbot.waitUntil(
            lambda: page.reading.changes is not None and page.reading.changes.watching, timeout=WAIT_MS
        )
        page.counts.follow_button.show()  # shown when a statement has objects Tracking does not follow
        for shown in range(tab.pages.count()):  # each page with the window and the page tabs
            tab.pages.setCurrentIndex(shown)
            letters = window_letters(window) + shown_letters(tab)
            assert sorted(letters) == sorted(set(letters)), (shown, sorted(letters))


def test_open_settings_from_the_filing_asks_the_window(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, qapp: QCoreApplication
) -> None:
    with window_speaking("en", context, runner, qtbot, qapp) as window:
        opened: list[list[str]] = []
        window.open_settings = opened.append  # type: ignore[method-assign,assignment]
        tab = window.built_tab(TAB_FACTORIES.index(claims_tab))
        assert isinstance(tab, ClaimsTab)
        tab.candidates.settingsRequested.emit()  # "Open Settings" beside an empty reply e-mail
        assert opened == [["claims.reply_email", "claims.phone"]]  # at the reply e-mail


def test_a_pre_posted_objects_recipient_is_filled_in_and_only_the_others_are_asked(
    tab: ClaimsTab, context: AppContext, qtbot: QtBot
) -> None:
    from sqlalchemy import insert

    from postalgui.store.tables import shipment

    row = {
        "uid": "u-soon", "environment": context.env_key, "prepost_id": "PR" + "0" * 22, "object_code": SOON,
        "status": "2", "service_code": "03220", "recipient_name": "Loja Norte Ltda", "body": "{}",
        "created_at": "2026-10-01T12:00:00+00:00",
    }  # fmt: skip
    context.office().store().run(lambda c: c.execute(insert(shipment).values(row)), topics=("shipment",))
    with_reply_address(context)
    page = tab.candidates
    with qtbot.waitSignal(page.candidatesLoaded, timeout=WAIT_MS):
        page.reload()
    page.select_codes([SOON, LATER])
    names: dict[str, str] = {}

    def look(dialog: FileDialog) -> bool:
        table = dialog.form.names_table
        for index, candidate in enumerate(dialog.form.candidates):
            cell = table.item(index, 1)
            names[candidate.code] = cell.text() if cell is not None else ""
        assert not dialog.review()  # LATER still lacks one: named, nothing sent
        assert dialog.problem_label.text().startswith(f"{LATER}: Recipient's name (nomeDestinatario)")
        return False

    page.open_dialog = answering(look)
    assert page.file_selected() is None
    assert names == {SOON: "Loja Norte Ltda", LATER: ""}


def test_a_list_read_again_keeps_the_clerks_selection(tab: ClaimsTab, qtbot: QtBot) -> None:
    """Another desk's change reads the list again: what was selected stays selected, so
    "File claim(s)…" stays on."""
    page = tab.candidates
    page.select_codes([SOON, LATER])
    assert page.file_action.isEnabled()
    with qtbot.waitSignal(page.candidatesLoaded, timeout=WAIT_MS):
        page.reload()
    assert sorted(row.candidate.code for row in page.selected_rows()) == sorted([SOON, LATER])
    assert page.file_action.isEnabled()


THIRD = object_label("QC", 14142135)


def click_row(page: CandidatesPage, qtbot: QtBot, code: str, modifier: Qt.KeyboardModifier) -> None:
    """A mouse click on ``code``'s row, as the clerk does (Ctrl held adds to the selection)."""
    proxy = page.proxy
    (row,) = (r for r in range(proxy.rowCount()) if proxy.data(proxy.index(r, CandidateColumn.CODE)) == code)
    spot = page.table.visualRect(proxy.index(row, CandidateColumn.CODE)).center()
    qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, modifier, spot)


def test_a_clerk_files_three_late_parcels_with_the_mouse_in_one_go(
    tab: ClaimsTab, context: AppContext, shared_sandbox: str, qtbot: QtBot
) -> None:
    """Click, Ctrl+click, Ctrl+click, then the button: the list read again meanwhile (a
    third parcel followed from another desk) keeps all three selected and the sort the
    clerk chose, and one filing sends the three."""
    with_reply_address(context)
    page = tab.candidates
    page.table.sortByColumn(CandidateColumn.POSTAGE, Qt.SortOrder.DescendingOrder)
    register_late(shared_sandbox, THIRD, sandbox_now(shared_sandbox) - timedelta(days=40))
    with qtbot.waitSignal(page.candidatesLoaded, timeout=WAIT_MS):
        context.tracking.watchlist().add([NewObject(THIRD, tag="Loja Leste")], source="cli")
        refresh(PlainTask(), context.tracking, [THIRD])
    order = cells(page, CandidateColumn.CODE)
    assert sorted(order) == sorted([SOON, LATER, THIRD])
    click_row(page, qtbot, SOON, Qt.KeyboardModifier.NoModifier)
    click_row(page, qtbot, LATER, Qt.KeyboardModifier.ControlModifier)
    click_row(page, qtbot, THIRD, Qt.KeyboardModifier.ControlModifier)
    with qtbot.waitSignal(page.candidatesLoaded, timeout=WAIT_MS):
        page.reload()
    header = page.table.horizontalHeader()
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        CandidateColumn.POSTAGE,
        Qt.SortOrder.DescendingOrder,
    )
    assert cells(page, CandidateColumn.CODE) == order
    assert sorted(row.candidate.code for row in page.selected_rows()) == sorted([SOON, LATER, THIRD])
    assert page.file_button.isEnabled()
    page.open_dialog = answering(send_as_reviewed)
    with qtbot.waitSignal(page.claimsFiled, timeout=WAIT_MS) as filed:
        qtbot.mouseClick(page.file_button, Qt.MouseButton.LeftButton)
    results = filed.args[0].results
    assert sorted(result.code for result in results) == sorted([SOON, LATER, THIRD])
    assert all(result.protocol is not None for result in results)
