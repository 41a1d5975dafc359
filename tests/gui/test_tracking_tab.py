"""The Tracking tab end to end: the real context, its office database and the shared sandbox.

A clerk pastes two codes the sandbox knows, adds them, and reads their statuses; the
sandbox clock moves and F5 moves a status; a notification is told once per object and
status; another desk's add shows up live; Delete removes after a confirmation.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from pytestqt.qtbot import QtBot

from postalgui.gui.tab_factories import TAB_FACTORIES, tracking_tab
from postalgui.gui.tabs.tracking import TrackingTab
from postalgui.gui.tabs.tracking.add_dialog import AddDialog
from postalgui.gui.tabs.tracking.object_index import Counter
from postalgui.gui.tabs.tracking.object_model import ObjectColumn
from postalgui.gui.tabs.tracking.refresher import REFRESH_KEY
from postalgui.gui.tabs.tracking.tab import ALERTS_KEY
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.sandbox.demo import NO_TRACKING_CARD
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.context import AppContext, build_context
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.ports import NewObject
from postalgui.services.settings import sandbox_profile
from postalgui.services.tracking.watchlist import Alert, Watchlist
from tests.conftest import MemoryKeyring
from tests.e2e.conftest import JUST_POSTED
from tests.gui.alt_letters import shown_letters, window_letters, window_speaking
from tests.gui.conftest import reset_sandbox

PARCEL = object_label("QB", 31415926)
WAITING = object_label("QB", 16180339)
OTHER_DESK = object_label("QB", 14142135)
DAY = 86_400.0
WAIT_MS = 30_000


class RecordingNotifier:
    """What the tab would show in the tray."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, list[str]]] = []

    def notify(self, title: str, text: str, codes: Sequence[str]) -> None:
        del title
        self.shown.append((text, list(codes)))


def sandbox_now(url: str) -> datetime:
    answer = requests.get(f"{url}/_sandbox/clock", timeout=5)
    answer.raise_for_status()
    return datetime.fromisoformat(answer.json()["now"]).replace(tzinfo=None)


def register(url: str, code: str, posted: datetime, fate: str) -> None:
    body = {
        "codigo": code,
        "coProduto": "03220",
        "cepOrigem": "01310100",
        "cepDestino": "20040020",
        "postado": posted.isoformat(),
        "destino": fate,
    }
    requests.post(f"{url}/_sandbox/tracking/objects", json=body, timeout=5).raise_for_status()


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[TrackingTab]:
    built = TrackingTab(context.tracking, runner, MessageArea(), notifier=RecordingNotifier())
    qtbot.addWidget(built)
    built.resize(1100, 720)
    with qtbot.waitSignal(built.objectsLoaded, timeout=WAIT_MS):
        built.show()  # the first read comes after the first paint
    qtbot.waitUntil(lambda: built.changes is not None and built.changes.watching, timeout=WAIT_MS)
    yield built
    built.close()


def statuses(tab: TrackingTab) -> dict[str, str]:
    model = tab.model
    return {
        model.data(model.index(row, ObjectColumn.CODE)): model.data(model.index(row, ObjectColumn.STATUS))
        for row in range(model.rowCount())
    }


def paste(text: str, tag: str = "") -> object:
    def answer(dialog: AddDialog) -> bool:
        dialog.paste_edit.setPlainText(text)
        dialog.tag_edit.setText(tag)
        return True

    return answer


def test_paste_add_refresh_then_the_clock_moves_a_status_and_alerts_come_once(
    tab: TrackingTab, shared_sandbox: str, qtbot: QtBot
) -> None:
    now = sandbox_now(shared_sandbox)
    register(shared_sandbox, PARCEL, now - JUST_POSTED, "on_time")
    register(shared_sandbox, WAITING, now - timedelta(days=5), "awaiting_pickup")
    alerts: list[Alert] = []
    tab.notified.connect(alerts.extend)
    tab.actions_.open_dialog = paste(f"Pedido 12: {PARCEL}\nPedido 13: {WAITING}", "Cliente X")  # type: ignore[assignment]
    tab.table.setFocus()
    with qtbot.waitSignal(tab.refresher.finished, timeout=WAIT_MS):
        qtbot.keyClick(tab.table, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: statuses(tab).get(PARCEL) == "Posted", timeout=WAIT_MS)
    assert statuses(tab)[WAITING].startswith("Waiting at a branch until ")
    assert tab.counters.count_text(Counter.AWAITING_PICKUP) == "Waiting at a branch: 1"
    assert {tab.model.watched(row).tag for row in range(tab.model.rowCount())} == {"Cliente X"}
    qtbot.waitUntil(lambda: any(alert.code == WAITING for alert in alerts), timeout=WAIT_MS)
    notifier = tab.notifier
    assert isinstance(notifier, RecordingNotifier)
    assert any(WAITING in codes for _text, codes in notifier.shown)
    told = tab.messages.message(ALERTS_KEY)  # the tab says it too (a desktop may have no tray)
    assert told is not None
    assert told.text() == notifier.shown[-1][0]

    requests.post(f"{shared_sandbox}/_sandbox/clock/advance", json={"seconds": 15 * DAY}, timeout=5)
    with qtbot.waitSignal(tab.refresher.finished, timeout=WAIT_MS):
        qtbot.keyClick(tab.table, Qt.Key.Key_F5)  # nothing selected: every object not finished
    qtbot.waitUntil(lambda: statuses(tab).get(PARCEL) == "Delivered", timeout=WAIT_MS)
    with qtbot.waitSignal(tab.notified, timeout=WAIT_MS):
        tab.reload()  # one more read tells nothing it told before
    assert len(alerts) == len(set(alerts)), alerts  # once per object and status


def test_another_desks_add_shows_up_live_and_delete_asks_first(
    tab: TrackingTab, context: AppContext, qtbot: QtBot
) -> None:
    other = OfficeDatabase(context.paths.data_dir, context.env_key, author=lambda: "clerk.b")
    try:
        with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
            Watchlist(other).add([NewObject(OTHER_DESK, "Loja 2")], source="cli")
        qtbot.waitUntil(lambda: OTHER_DESK in statuses(tab), timeout=WAIT_MS)
        assert statuses(tab)[OTHER_DESK] == "Not asked yet"
        assert tab.filters.tag_combo.findText("Loja 2") >= 0

        asked: list[str] = []
        tab.actions_.confirm = lambda question: asked.append(question) or False  # type: ignore[func-returns-value]
        tab.select_code(OTHER_DESK)
        tab.table.setFocus()
        qtbot.keyClick(tab.table, Qt.Key.Key_Delete)
        assert asked == ["Stop following 1 objects? Their history here is removed for every desk."]
        assert OTHER_DESK in statuses(tab)
        tab.actions_.confirm = lambda _question: True
        with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
            qtbot.keyClick(tab.table, Qt.Key.Key_Delete)
        qtbot.waitUntil(lambda: OTHER_DESK not in statuses(tab), timeout=WAIT_MS)
        assert Watchlist(other).count() == 0
    finally:
        other.close()


def test_ctrl_f_goes_to_the_search_and_typing_filters(
    tab: TrackingTab, context: AppContext, qtbot: QtBot
) -> None:
    codes = [object_label("QC", serial) for serial in range(1, 6)]
    with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
        context.tracking.watchlist().add([NewObject(code, "Pedido") for code in codes], source="cli")
    qtbot.waitUntil(lambda: tab.model.rowCount() == 5, timeout=WAIT_MS)
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert tab.filters.search_edit.hasFocus()
    qtbot.keyClicks(tab.filters.search_edit, codes[2][:10].lower())
    assert [tab.model.watched(row).code for row in range(tab.model.rowCount())] == [codes[2]]
    assert tab.summary_label.text() == "1 of 5 objects shown"
    tab.counters.click(Counter.TOTAL)
    tab.filter_to([codes[4]])  # a notification about one object was clicked (offscreen cannot raise)
    assert [tab.model.watched(row).code for row in range(tab.model.rowCount())] == [codes[4]]


@pytest.mark.parametrize("size", [(1100, 720), (1366, 768)])
def test_every_column_fits_the_window_without_scrolling_sideways(
    tab: TrackingTab, qtbot: QtBot, size: tuple[int, int]
) -> None:
    tab.resize(*size)
    qtbot.waitUntil(lambda: tab.table.viewport().width() > size[0] - 60)
    assert tab.table.horizontalScrollBar().maximum() == 0
    tag = tab.table.horizontalHeader().sectionSize(ObjectColumn.TAG)
    assert tag >= 80  # the last column (tag) takes the rest


def test_a_card_without_tracking_shows_the_operators_refusal_in_the_tab(
    config_dir: Path, memory_keyring: MemoryKeyring, shared_sandbox: str, qtbot: QtBot, qapp: object
) -> None:
    del qapp
    reset_sandbox(shared_sandbox)
    config_dir.mkdir(parents=True, exist_ok=True)
    profile = sandbox_profile().model_copy(update={"card": NO_TRACKING_CARD}).model_dump(mode="json")
    settings = {"first_run_done": True, "profiles": {"sandbox": profile}}
    (config_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    environ = {"POSTALGUI_CONFIG_DIR": str(config_dir), "POSTALGUI_BASE_URL": shared_sandbox}
    context = build_context(environ=environ, keyring_backend=memory_keyring)
    runner = TaskRunner()
    try:
        tab = TrackingTab(context.tracking, runner, MessageArea(), notifier=RecordingNotifier())
        qtbot.addWidget(tab)
        context.tracking.watchlist().add([NewObject(PARCEL)], source="cli")
        with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
            tab.show()
        with qtbot.waitSignal(tab.refresher.finished, timeout=WAIT_MS):
            qtbot.keyClick(tab.table, Qt.Key.Key_F5)
        bar = tab.messages.message(REFRESH_KEY)
        assert bar is not None
        assert bar.text().startswith("The objects could not be refreshed: ")
        assert "GTW-011" in bar.text()  # the operator's code
        assert "87" in bar.text()  # the API the card lacks
        assert statuses(tab) == {PARCEL: "Not asked yet"}
        tab.close()
    finally:
        assert runner.shutdown(15000)
        context.close()


def test_archive_tag_and_show_archived_act_on_the_selection(
    tab: TrackingTab, context: AppContext, qtbot: QtBot
) -> None:
    codes = [object_label("QD", serial) for serial in range(1, 4)]
    with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
        context.tracking.watchlist().add([NewObject(code) for code in codes], source="cli")
    qtbot.waitUntil(lambda: tab.model.rowCount() == 3, timeout=WAIT_MS)
    shown: list[str] = []
    tab.objectSelected.connect(shown.append)
    assert tab.select_code(codes[1])
    assert shown == [codes[1]]  # the detail was asked to show it
    tab.actions_.ask_tag = lambda: "Loja Centro"
    with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
        tab.actions_.tag_action.trigger()
    qtbot.waitUntil(lambda: tab.filters.tag_combo.findText("Loja Centro") >= 0, timeout=WAIT_MS)
    with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
        tab.actions_.archive_action.trigger()
    qtbot.waitUntil(lambda: sorted(statuses(tab)) == sorted([codes[0], codes[2]]), timeout=WAIT_MS)
    with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
        tab.actions_.archived_action.trigger()  # Show archived
    qtbot.waitUntil(lambda: list(statuses(tab)) == [codes[1]], timeout=WAIT_MS)
    assert tab.model.watched(0).tag == "Loja Centro"
    assert tab.actions_.unarchive_action.isVisible()
    assert not tab.actions_.archive_action.isVisible()
    tab.select_code(codes[1])
    with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
        tab.actions_.unarchive_action.trigger()
    qtbot.waitUntil(lambda: tab.model.rowCount() == 0, timeout=WAIT_MS)
    with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
        tab.actions_.archived_action.trigger()
    qtbot.waitUntil(lambda: tab.model.rowCount() == 3, timeout=WAIT_MS)


def test_refreshes_never_overlap_and_the_timer_follows_the_settings(tab: TrackingTab, qtbot: QtBot) -> None:
    assert tab.refresher.timer.interval() == 30 * 60_000
    first = tab.refresher.start(None)
    assert first is not None
    assert tab.refresher.start(None) is None  # one at a time
    with qtbot.waitSignal(tab.refresher.finished, timeout=WAIT_MS):
        pass
    assert not tab.refresher.running


def test_a_refresh_tick_is_one_task_that_brings_back_the_list_and_its_alerts(
    tab: TrackingTab,
    context: AppContext,
    runner: TaskRunner,
    shared_sandbox: str,
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    register(shared_sandbox, WAITING, sandbox_now(shared_sandbox) - timedelta(days=5), "awaiting_pickup")
    other = OfficeDatabase(context.paths.data_dir, context.env_key, author=lambda: "clerk.b")
    try:  # another desk's: this one asks it on its tick only (what it follows elsewhere, at once)
        with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
            Watchlist(other).add([NewObject(WAITING)], source="paste")
    finally:
        other.close()
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)
    names: list[str] = []
    run = runner.run

    def counted(fn: Any, *args: Any, name: str = "", **kwargs: Any) -> Any:
        names.append(name)
        return run(fn, *args, name=name, **kwargs)

    monkeypatch.setattr(runner, "run", counted)
    alerts: list[Alert] = []
    tab.notified.connect(alerts.extend)
    with qtbot.waitSignals([tab.objectsLoaded, tab.notified, tab.refresher.finished], timeout=WAIT_MS):
        tab.refresher.start(None)
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)
    assert names == ["tracking refresh"]  # no read of the list, no alerts task after it
    assert statuses(tab)[WAITING].startswith("Waiting at a branch until ")
    assert [alert.code for alert in alerts] == [WAITING]


def test_objects_this_desk_follows_elsewhere_are_listed_and_asked_with_their_invoice(
    tab: TrackingTab, context: AppContext, shared_sandbox: str, qtbot: QtBot
) -> None:
    """An invoice's "Track these objects" follows through the `Follow` port; the list reads
    them from the office's change feed and asks the operator at once."""
    register(shared_sandbox, PARCEL, sandbox_now(shared_sandbox) - JUST_POSTED, "on_time")
    with qtbot.waitSignal(tab.refresher.finished, timeout=WAIT_MS):
        objects = [NewObject(PARCEL, invoice="RE 1234567", invoice_amount=Decimal("23.50"))]
        context.following.follow(objects, source="invoice")
    qtbot.waitUntil(lambda: statuses(tab).get(PARCEL) == "Posted", timeout=WAIT_MS)
    found = context.tracking.watchlist().detail(PARCEL)
    assert found is not None
    assert (found.source, found.invoice, found.invoice_amount) == ("invoice", "RE 1234567", Decimal("23.50"))


def test_import_fills_the_add_box_and_export_and_report_write_in_the_windows_language(
    tab: TrackingTab, context: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    codes = [object_label("QE", serial) for serial in range(1, 3)]
    with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
        context.tracking.watchlist().add([NewObject(code, tag="Loja") for code in codes], source="cli")
    qtbot.waitUntil(lambda: tab.model.rowCount() == 2, timeout=WAIT_MS)

    sheet = tmp_path / "pedidos.csv"
    sheet.write_text(f"pedido;rastreio\n1;{codes[0]}\n2;QE000000011BR\n", encoding="utf-8")
    pasted: list[str] = []

    def record(dialog: AddDialog) -> bool:
        pasted.append(dialog.paste_edit.toPlainText())
        return False  # the clerk reads what was found and closes the box

    tab.actions_.ask_open = lambda: sheet
    tab.actions_.open_dialog = record  # type: ignore[assignment]
    tab.actions_.import_file()
    qtbot.waitUntil(lambda: bool(pasted), timeout=WAIT_MS)
    assert pasted[0].splitlines() == [codes[0], "QE000000011BR"]  # the bad one is shown, to be named

    for language, first_title in (
        (QLocale.Language.English, "Code"),
        (QLocale.Language.Portuguese, "Código"),
    ):
        exported = tmp_path / f"objects-{first_title}.csv"
        tab.actions_.ask_save = lambda _name, _pdf, path=exported: path
        before = QLocale()
        QLocale.setDefault(QLocale(language, QLocale.Country.Brazil))  # what installing a catalog sets
        try:
            tab.actions_.export()
        finally:
            QLocale.setDefault(before)
        qtbot.waitUntil(exported.exists, timeout=WAIT_MS)
        header, *rows = exported.read_text(encoding="utf-8-sig").splitlines()
        assert header.split(";")[0] == first_title
        assert sorted(row.split(";")[0] for row in rows) == sorted(codes)

    report = tmp_path / "atrasados.pdf"
    tab.actions_.ask_save = lambda _name, _pdf: report
    tab.actions_.report()
    qtbot.waitUntil(report.exists, timeout=WAIT_MS)
    assert report.read_bytes().startswith(b"%PDF")


def test_a_parcel_delivered_long_ago_is_archived_and_the_tab_says_so(
    tab: TrackingTab, context: AppContext, shared_sandbox: str, qtbot: QtBot
) -> None:
    """One followed before (not just added) is archived with a count."""
    register(shared_sandbox, PARCEL, sandbox_now(shared_sandbox) - timedelta(days=60), "on_time")
    context.tracking.watchlist().add([NewObject(PARCEL)], source="cli")
    with qtbot.waitSignal(tab.refresher.finished, timeout=WAIT_MS):
        tab.refresh([PARCEL])
    qtbot.waitUntil(lambda: tab.model.rowCount() == 0, timeout=WAIT_MS)
    bar = tab.messages.message(REFRESH_KEY)
    assert bar is not None
    assert "Archived, delivered more than 30 days ago: 1" in bar.text()
    assert bar.action_button is None


ARCHIVED_AT_ONCE = {
    "en": ("2 objects added and archived at once: delivered on time more than 30 days ago.", "Show archived"),
    "pt_BR": (
        "2 objetos adicionados e arquivados de imediato: entregues no prazo há mais de 30 dias.",
        "Mostrar arquivados",
    ),
}


def test_codes_added_by_hand_and_archived_at_once_are_said_with_show_archived(
    each_language: str, tab: TrackingTab, shared_sandbox: str, qtbot: QtBot
) -> None:
    """Issue 37: codes pasted and archived by their first refresh (delivered on time long
    ago) vanished from the list without a word."""
    codes = [object_label("QG", serial + len(each_language)) for serial in (1, 2)]  # new ones per language
    for code in codes:
        register(shared_sandbox, code, sandbox_now(shared_sandbox) - timedelta(days=60), "on_time")
    tab.actions_.open_dialog = paste(" ".join(codes))  # type: ignore[assignment]
    with qtbot.waitSignal(tab.refresher.finished, timeout=WAIT_MS):
        tab.actions_.add_action.trigger()
    qtbot.waitUntil(lambda: tab.model.rowCount() == 0, timeout=WAIT_MS)
    bar = tab.messages.message(REFRESH_KEY)
    assert bar is not None
    text, action = ARCHIVED_AT_ONCE[each_language]
    assert bar.text() == text
    assert bar.action_button is not None
    assert bar.action_button.text() == action
    with qtbot.waitSignal(tab.objectsLoaded, timeout=WAIT_MS):
        bar.action_button.click()
    assert tab.actions_.show_archived
    qtbot.waitUntil(lambda: sorted(statuses(tab)) == codes, timeout=WAIT_MS)


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_every_alt_letter_on_the_tab_is_unique(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, qapp: QCoreApplication, language: str
) -> None:
    with window_speaking(language, context, runner, qtbot, qapp) as window:
        index = TAB_FACTORIES.index(tracking_tab)
        window.tabs.setCurrentIndex(index)
        tab = window.built_tab(index)
        assert isinstance(tab, TrackingTab)
        qtbot.waitUntil(lambda: tab.changes is not None and tab.changes.watching, timeout=WAIT_MS)
        letters = window_letters(window) + shown_letters(tab)
        assert sorted(letters) == sorted(set(letters)), sorted(letters)


def test_opening_the_tab_asks_about_the_objects_due(
    context: AppContext, runner: TaskRunner, shared_sandbox: str, qtbot: QtBot
) -> None:
    register(shared_sandbox, PARCEL, sandbox_now(shared_sandbox) - JUST_POSTED, "on_time")
    context.tracking.watchlist().add([NewObject(PARCEL)], source="cli")  # asked by nobody yet
    built = TrackingTab(context.tracking, runner, MessageArea(), notifier=RecordingNotifier())
    qtbot.addWidget(built)
    with qtbot.waitSignal(built.refresher.finished, timeout=WAIT_MS):
        built.show()
    qtbot.waitUntil(lambda: statuses(built).get(PARCEL) == "Posted", timeout=WAIT_MS)
    built.close()


def test_glued_codes_in_the_add_box_are_split_and_garbage_is_named(qtbot: QtBot) -> None:
    """Issue 37: ``OB186778398BRPB186778469BR`` was dropped without a word."""
    dialog = AddDialog(None, "OB186778398BRPB186778469BR")
    qtbot.addWidget(dialog)
    assert dialog.found.codes == ("OB186778398BR", "PB186778469BR")
    assert dialog.found_label.text() == "Codes found: 2."
    assert dialog.add_button.isEnabled()
    dialog.paste_edit.setPlainText("OB186778398BRPB18677846BR")  # the second a digit short
    assert dialog.found.codes == ()
    assert "OB186778398BRPB18677846BR" in dialog.found_label.text()
    assert not dialog.add_button.isEnabled()


def test_f5_with_nothing_to_ask_says_so(
    tab: TrackingTab, context: AppContext, shared_sandbox: str, qtbot: QtBot
) -> None:
    """Issue 37: F5 did nothing at all when no object was left to ask."""
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_F5)
    assert not tab.refresher.running
    bar = tab.messages.message(REFRESH_KEY)
    assert bar is not None
    assert bar.text() == "Nothing to ask the operator: no objects are listed."

    delivered = object_label("QH", 1)
    register(shared_sandbox, delivered, sandbox_now(shared_sandbox) - timedelta(days=12), "on_time")
    context.tracking.watchlist().add([NewObject(delivered)], source="cli")
    with qtbot.waitSignal(tab.refresher.finished, timeout=WAIT_MS):
        tab.refresh([delivered])
    qtbot.waitUntil(lambda: statuses(tab).get(delivered) == "Delivered", timeout=WAIT_MS)
    tab.table.clearSelection()
    qtbot.keyClick(tab.table, Qt.Key.Key_F5)
    assert not tab.refresher.running
    bar = tab.messages.message(REFRESH_KEY)
    assert bar is not None
    assert bar.text().startswith("Nothing to ask the operator: every object listed is finished")
