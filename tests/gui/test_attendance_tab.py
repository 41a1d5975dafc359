"""The Attendances tab against the shared sandbox: the partner server started from the tab,
the simulated counter's two models, the ledger following the callbacks, the model-2 form's
checks, the ticket preview, and the day's reconciliation with its CSV and PDF."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, cast

import pytest
import requests
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QFileDialog, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from postalgui.api import cancel
from postalgui.gui import i18n
from postalgui.gui.desk import Desk
from postalgui.gui.tab_factories import TAB_FACTORIES, attendance_tab, branches_tab
from postalgui.gui.tabs.attendance import AttendanceTab
from postalgui.gui.tabs.attendance.ledger_model import LedgerColumn
from postalgui.gui.tabs.attendance.ledger_panel import qdate
from postalgui.gui.tabs.attendance.reconcile_panel import ReconcilePanel
from postalgui.gui.tabs.attendance.register_form import RegistrationForm
from postalgui.gui.tabs.attendance.report_export import report_language
from postalgui.gui.tabs.attendance.report_model import report_lines, summary_text
from postalgui.gui.tabs.attendance.words import state_text
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.partner.ledger.store import Ledger, sqlite_url
from postalgui.services.attendance.service import AttendanceService, PartnerStatus
from postalgui.services.attendance.use_cases import LedgerRow
from postalgui.services.context import AppContext
from tests.gui.alt_letters import shown_letters, window_letters, window_speaking

WAIT_MS = 30_000


class FakeLedger:
    """An empty ledger: what the panels' use cases read of it."""

    def attendances(self, day: date | None = None, states: object = None) -> list[Any]:
        del day, states
        return []

    def now(self) -> datetime:
        return datetime.now(UTC)


class FakeCounterControl:
    """The sandbox's counter routes, knowing no attendance."""

    def request_json(self, method: str, path: str, **kwargs: object) -> dict[str, Any]:
        del method, path, kwargs
        return {"atendimentos": []}

    def close(self) -> None:
        return None


class SlowRegistrationSystem:
    """A registration system whose day list takes 20 s, unless the task is cancelled."""

    def day(self, day: date) -> list[Any]:
        del day
        token = cancel.current()
        for _ in range(200):  # at most 20 s, ended at once by the cancel
            token.wait(0.1)
        return []

    def details(self, protocol: str) -> Any:
        raise AssertionError(f"not asked: {protocol}")


class FakeAttendanceService:
    """What the Attendances widgets ask of their service, with no server behind it.

    ``clients`` counts the registration-system clients asked for: a form that refuses
    its input sends nothing, so it asks for none.
    """

    def __init__(self, *, in_sandbox: bool = True) -> None:
        self.in_sandbox = in_sandbox
        self.clients = 0
        self.source = SlowRegistrationSystem()

    def partner_status(self) -> PartnerStatus:
        return PartnerStatus(False, None, "/ster/formulario", "/ster/confirmacao", "both", "SQLite: memory")

    def ledger(self) -> FakeLedger:
        return FakeLedger()

    def sandbox_control(self) -> FakeCounterControl:
        return FakeCounterControl()

    def ster_client(self) -> SlowRegistrationSystem:
        self.clients += 1
        return self.source


@pytest.fixture
def bare_runner(qapp: object) -> Iterator[TaskRunner]:
    """A task runner with no sandbox behind it: for a widget given a fake service."""
    del qapp
    task_runner = TaskRunner()
    yield task_runner
    assert task_runner.shutdown(15000), "background tasks did not end"


def alone(
    widget_type: type[Any], qtbot: QtBot, service: FakeAttendanceService, runner: TaskRunner
) -> tuple[QWidget, Any]:
    """``widget_type(desk)`` alone in a window with its message area (the desk's);
    the window (keep it: it owns the widget) and the widget."""
    window = QWidget()
    qtbot.addWidget(window)
    messages = MessageArea(window)
    widget = widget_type(Desk(cast(AttendanceService, service), runner, messages), window)
    layout = QVBoxLayout(window)
    layout.addWidget(messages)
    layout.addWidget(widget, 1)
    window.resize(1100, 650)
    with qtbot.waitActive(window):  # the panel's shortcuts work in the active window only
        window.show()
    return window, widget


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[AttendanceTab]:
    widget = AttendanceTab(context.attendance, runner, MessageArea())
    qtbot.addWidget(widget)
    widget.resize(1100, 650)
    widget.show()
    qtbot.waitUntil(lambda: not widget.partner.busy, timeout=WAIT_MS)
    yield widget
    widget.hide()  # no more ledger reads
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)
    context.attendance.stop_partner()


def start_server(tab: AttendanceTab, qtbot: QtBot) -> str:
    qtbot.mouseClick(tab.partner.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: not tab.partner.busy and tab.partner.status is not None and tab.partner.status.running,
        timeout=WAIT_MS,
    )
    return tab.partner.url_label.text()


def start_model_1(tab: AttendanceTab, qtbot: QtBot) -> str:
    """A model-1 attendance at the counter; its protocol once the ledger shows it."""
    before = {row.protocol for row in tab.ledger.model.items()}
    qtbot.mouseClick(tab.counter.model1_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(tab.ledger.model.items()) == len(before) + 1, timeout=WAIT_MS)
    (protocol,) = {row.protocol for row in tab.ledger.model.items()} - before
    qtbot.waitUntil(lambda: tab.counter.selected_protocol() == protocol, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: tab.counter.finish_buttons["concluded"].isEnabled(), timeout=WAIT_MS)
    return protocol


def start_model_2(tab: AttendanceTab, qtbot: QtBot) -> None:
    qtbot.mouseClick(tab.counter.model2_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "codigoOperador=" in tab.form.code_edit.text(), timeout=WAIT_MS)


def test_the_tab_comes_after_branches() -> None:
    assert TAB_FACTORIES.index(attendance_tab) == TAB_FACTORIES.index(branches_tab) + 1
    assert attendance_tab.label() == "Attendances"


def test_starting_the_partner_server_shows_it_running(tab: AttendanceTab, qtbot: QtBot) -> None:
    assert tab.partner.state_label.text() == "Stopped"
    assert tab.partner.start_button.isEnabled()
    url = start_server(tab, qtbot)
    assert tab.partner.state_label.text() == "Running"
    assert url.startswith("http://127.0.0.1:")
    assert tab.partner.confirm_path_label.text().startswith("/")
    assert not tab.partner.start_button.isEnabled()
    assert tab.partner.stop_button.isEnabled()
    assert tab.counter.isVisible()
    qtbot.mouseClick(tab.partner.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.partner.state_label.text() == "Stopped", timeout=WAIT_MS)


def test_model_1_reaches_the_ledger_and_its_conclusion_confirms_it(tab: AttendanceTab, qtbot: QtBot) -> None:
    start_server(tab, qtbot)
    protocol = start_model_1(tab, qtbot)
    row = tab.ledger.row(protocol)
    assert row is not None
    assert row.state == "received"
    assert "accepted the form" in tab.counter.answer_label.text()
    assert tab.counter.callback_boxes["concluded"].isChecked()
    qtbot.mouseClick(tab.counter.finish_buttons["concluded"], Qt.MouseButton.LeftButton)

    def confirmed() -> bool:
        found = tab.ledger.row(protocol)
        return found is not None and found.state == "confirmed"

    qtbot.waitUntil(confirmed, timeout=WAIT_MS)
    position = tab.ledger.model.row_of(protocol)
    assert position is not None
    shown = tab.ledger.model.index(position, LedgerColumn.STATE).data()
    assert shown == "Confirmed"
    # The ledger hears the callback from the server; the counter's own answer comes back
    # to its task a moment later or earlier: either order is the app working.
    qtbot.waitUntil(lambda: "took the callback" in tab.counter.answer_label.text(), timeout=WAIT_MS)


def test_model_2_decode_then_register_shows_a_protocol(tab: AttendanceTab, qtbot: QtBot) -> None:
    start_model_2(tab, qtbot)
    assert tab.pages.currentWidget() is tab.form_page
    qtbot.keyClick(tab.form.code_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: tab.form.code_box.attendant_label.text() not in ("", "\N{EM DASH}"), timeout=WAIT_MS
    )
    assert tab.form.code is not None
    assert tab.form.code_box.attendant_label.text() == tab.form.code.nome
    assert "min" in tab.form.code_box.age_label.text()
    assert "\N{BULLET}" * 8 in tab.form.code_box.credentials_label.text()
    tab.form.amount_spin.setValue(49.90)
    tab.form.tax_id_edit.setText("529.982.247-25")
    tab.form.quantity_spin.setValue(2)
    tab.form.client_key_edit.setText("PEDIDO-1")
    tab.form.ticket_edit.setPlainText("Pagamento de conta\nObrigado")
    qtbot.mouseClick(tab.form.register_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(tab.form.protocol_edit.text()) == 14, timeout=WAIT_MS)
    protocol = tab.form.protocol_edit.text()
    assert protocol.isdigit()
    assert protocol in tab.form.result_label.text()
    qtbot.waitUntil(lambda: tab.ledger.row(protocol) is not None, timeout=WAIT_MS)
    row = tab.ledger.row(protocol)
    assert row is not None
    assert row.state == "registered"
    assert row.attendant == tab.form.code.nome


def test_a_bad_cpf_is_named_inline_and_nothing_is_sent(qtbot: QtBot, bare_runner: TaskRunner) -> None:
    service = FakeAttendanceService()
    _window, form = alone(RegistrationForm, qtbot, service, bare_runner)
    form.set_code_text("http://127.0.0.1:9/ster?codigoOperador=" + "A" * 400)  # as the counter hands it out
    form.tax_id_edit.setText("529.982.247-24")
    with qtbot.waitSignal(form.invalid, timeout=WAIT_MS) as caught:
        qtbot.mouseClick(form.register_button, Qt.MouseButton.LeftButton)
    text = form.problems_label.text()
    assert caught.args == [text]
    assert text.startswith("Client CPF/CNPJ:")
    assert "CPF check digits do not match" in text
    assert not form.problems_label.isHidden()
    assert service.clients == 0
    assert form.protocol_edit.text() == ""


def test_a_field_error_clears_when_that_field_is_edited(qtbot: QtBot, bare_runner: TaskRunner) -> None:
    """As on the Quote page: the inline error and the field's outline go once it is edited."""
    service = FakeAttendanceService()
    _window, form = alone(RegistrationForm, qtbot, service, bare_runner)
    form.set_code_text("A" * 400)
    form.tax_id_edit.setText("529.982.247-24")
    with qtbot.waitSignal(form.invalid, timeout=WAIT_MS):
        qtbot.mouseClick(form.register_button, Qt.MouseButton.LeftButton)
    assert not form.problems_label.isHidden()
    assert "border" in form.tax_id_edit.styleSheet()
    qtbot.keyClicks(form.client_key_edit, "PED-1")  # another field: the error still stands
    assert not form.problems_label.isHidden()
    qtbot.keyClick(form.tax_id_edit, Qt.Key.Key_Backspace)
    assert form.problems_label.isHidden()
    assert form.problems_label.text() == ""
    assert form.tax_id_edit.styleSheet() == ""
    form.tax_id_edit.clear()
    form.ticket_edit.setPlainText("a+b")
    with qtbot.waitSignal(form.invalid, timeout=WAIT_MS):
        qtbot.mouseClick(form.register_button, Qt.MouseButton.LeftButton)
    assert form.problems_label.text().startswith("Ticket:")
    form.ticket_edit.setPlainText("a b")
    assert form.problems_label.isHidden()
    assert service.clients == 0


def test_the_ticket_wraps_a_line_over_50_characters(qtbot: QtBot, bare_runner: TaskRunner) -> None:
    _window, form = alone(RegistrationForm, qtbot, FakeAttendanceService(), bare_runner)
    form.set_code_text("A" * 400)
    long_line = "Pagamento do boleto da conta de energia eletrica referente a novembro"
    form.ticket_edit.setPlainText("Recibo\n" + long_line + "\nfim")
    assert form.preview_problems() == []
    html = form.preview.toPlainText()
    assert " 2 Pagamento do boleto da conta de energia eletrica\n" in html
    assert " 3\N{RIGHTWARDS ARROW WITH HOOK}referente a novembro\n" in html
    assert " 4 fim" in html
    assert "continues the line above" in html
    registration = form.registration()
    assert registration is not None
    assert form.problems_label.isHidden()
    assert registration.ticket == (
        "Recibo+Pagamento do boleto da conta de energia eletrica+referente a novembro+fim"
    )
    form.ticket_edit.setPlainText("x" * 50)
    assert "\N{RIGHTWARDS ARROW WITH HOOK}" not in form.preview.toPlainText()
    form.ticket_edit.setPlainText("a+b")
    assert form.preview_problems() == [1]
    assert "separates ticket lines" in form.preview.toPlainText()


def test_the_confirmation_code_reads_as_words(qapp: QCoreApplication) -> None:
    from postalgui.gui.tabs.attendance.ledger_model import LedgerModel

    model = LedgerModel()
    now = datetime.now(UTC)
    blank = LedgerRow(**dict.fromkeys((f.name for f in fields(LedgerRow)), None))
    rows = [
        replace(blank, protocol=f"2647000000000{n}", day=now.date(), created_at=now, confirmation=code)
        for n, code in enumerate(("00", "99"))
    ]
    model.set_rows(rows)
    shown = [model.index(row, LedgerColumn.CONFIRMATION).data() for row in range(2)]
    assert shown == ["Confirmed (00)", "Not confirmed (99)"]
    default = QLocale()
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        model.refresh_rows()  # cells are worded when rows are set; the language is chosen at start-up
        shown = [model.index(row, LedgerColumn.CONFIRMATION).data() for row in range(2)]
        assert shown == ["Confirmado (00)", "Não confirmado (99)"]
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)


def test_reconciliation_counts_and_exports_csv_and_pdf(
    tab: AttendanceTab, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start_server(tab, qtbot)
    protocol = start_model_1(tab, qtbot)
    tab.counter.callback_boxes["concluded"].setChecked(False)  # silent: only reconciliation tells
    qtbot.mouseClick(tab.counter.finish_buttons["concluded"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "No callback" in tab.counter.answer_label.text(), timeout=WAIT_MS)
    row = tab.ledger.row(protocol)
    assert row is not None
    assert row.state == "received"

    tab.pages.setCurrentWidget(tab.reconcile)
    with qtbot.waitSignal(tab.reconcile.finished, timeout=WAIT_MS) as ended:
        qtbot.mouseClick(tab.reconcile.reconcile_button, Qt.MouseButton.LeftButton)
        assert tab.reconcile.busy_bar.isVisible()
        assert tab.reconcile.cancel_button.isVisible()
    assert ended.args == [False]
    assert "Confirmed: 1" in tab.reconcile.summary_label.text()
    assert tab.reconcile.model.rowCount() >= 1
    assert tab.reconcile.model.index(0, 1).data() == protocol

    for kind, button in (("csv", tab.reconcile.csv_button), ("pdf", tab.reconcile.pdf_button)):
        target = tmp_path / f"report.{kind}"
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, t=target: (str(t), ""))
        with qtbot.waitSignal(tab.reconcile.exported, timeout=WAIT_MS):
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert target.exists()
    header = (tmp_path / "report.csv").read_text(encoding="utf-8-sig").splitlines()[0].split(";")
    expected = {"pt": ["Situação", "Protocolo"], "en": ["Result", "Protocol"]}[report_language()]
    assert header[:2] == expected
    assert len(header) == 7
    assert (tmp_path / "report.pdf").read_bytes().startswith(b"%PDF")


def register_filled(tab: AttendanceTab, qtbot: QtBot) -> str:
    """Decode the code in the form, register with an amount; the result line once it came."""
    qtbot.keyClick(tab.form.code_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tab.form.code is not None, timeout=WAIT_MS)
    tab.form.amount_spin.setValue(10.0)
    tab.form.result_label.clear()
    qtbot.mouseClick(tab.form.register_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: (
            tab.form.result_label.text() not in ("", "Registering…") and tab.form.register_button.isEnabled()
        ),
        timeout=WAIT_MS,
    )
    return tab.form.result_label.text()


def test_a_reverted_registration_says_to_start_again(
    tab: AttendanceTab, qtbot: QtBot, context: AppContext
) -> None:
    start_model_2(tab, qtbot)
    url = context.overrides.base_url
    requests.post(f"{url}/_sandbox/ster/fail-next-register", json={"count": 1}, timeout=10).raise_for_status()
    text = register_filled(tab, qtbot)
    assert text.startswith("The operator reverted the registration; start a new attendance.")
    assert "estornad" in text
    assert "HTTP 500" in text
    assert tab.form.protocol_edit.text() == ""
    assert tab.messages.message("attendance.register") is not None


def test_a_refused_registration_shows_the_operators_message(tab: AttendanceTab, qtbot: QtBot) -> None:
    start_model_2(tab, qtbot)
    first = register_filled(tab, qtbot)
    assert first.startswith("Registered: protocol")
    again = register_filled(tab, qtbot)  # the same code a second time
    assert again.startswith("The operator refused the registration:")
    assert "utilizado" in again
    assert "HTTP 400" in again


def test_the_counter_is_hidden_outside_the_sandbox(qtbot: QtBot, bare_runner: TaskRunner) -> None:
    service = FakeAttendanceService(in_sandbox=True)
    tab = AttendanceTab(cast(AttendanceService, service), bare_runner, MessageArea())
    qtbot.addWidget(tab)
    tab.show()
    assert tab.counter.isVisible()
    service.in_sandbox = False
    tab.settings_changed()
    assert not tab.counter.isVisible()
    tab.hide()  # no more ledger reads
    qtbot.waitUntil(lambda: bare_runner.active_count == 0, timeout=WAIT_MS)


def test_the_ledger_refreshes_only_while_shown(tab: AttendanceTab, qtbot: QtBot) -> None:
    assert tab.ledger.timer.isActive()
    assert tab.ledger.timer.interval() == 2_000
    tab.hide()
    assert not tab.ledger.timer.isActive()
    tab.show()
    assert tab.ledger.timer.isActive()
    qtbot.waitUntil(lambda: not tab.ledger.loading, timeout=WAIT_MS)


def test_the_models_pass_the_model_tester(tab: AttendanceTab, qtbot: QtBot, qtmodeltester: Any) -> None:
    start_server(tab, qtbot)
    start_model_1(tab, qtbot)
    qtmodeltester.check(tab.ledger.model)
    qtmodeltester.check(tab.ledger.proxy)
    lines = {
        "day": "2026-11-24",
        "confirmed": [
            {
                "protocol": "26470000000001",
                "ledger_state": "confirmed",
                "operator_status": "F",
                "ledger_cents": 15990,
                "operator_cents": 15990,
                "note": "",
            }
        ],
    }
    tab.reconcile.model.set_items(report_lines(lines))
    qtmodeltester.check(tab.reconcile.model)
    assert tab.reconcile.model.index(0, 4).data() == "R$ 159,90"
    assert summary_text(lines) == "Confirmed: 1"


def test_states_and_the_label_read_in_portuguese(qapp: QCoreApplication) -> None:
    default = QLocale()
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        assert attendance_tab.label() == "Atendimentos"
        assert state_text("confirmed") == "Confirmado"
        assert state_text("not_confirmed") == "Não confirmado"
        assert state_text("reversed") == "Estornado"
        assert summary_text({"preview": True}).startswith("Prévia: executada antes das 22:00")
        assert report_language() == "pt"
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)
    assert state_text("confirmed") == "Confirmed"


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_every_page_has_unique_alt_letters(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, qapp: QCoreApplication, language: str
) -> None:
    with window_speaking(language, context, runner, qtbot, qapp) as window:
        index = TAB_FACTORIES.index(attendance_tab)
        window.tabs.setCurrentIndex(index)
        tab = window.built_tab(index)
        assert isinstance(tab, AttendanceTab)
        qtbot.waitUntil(lambda: not tab.partner.busy, timeout=WAIT_MS)
        for page in range(tab.pages.count()):
            tab.pages.setCurrentIndex(page)
            letters = window_letters(window) + shown_letters(tab)
            assert sorted(letters) == sorted(set(letters)), (page, sorted(letters))
        tab.hide()


class QuietRegistrationSystem:
    """A registration system that knows no attendance of the day."""

    def day(self, day: date) -> list[Any]:
        del day
        return []

    def details(self, protocol: str) -> Any:
        raise AssertionError(f"not asked: {protocol}")


class ClockedAttendanceService(FakeAttendanceService):
    """A real ledger on a clock the test sets, and a quiet registration system."""

    def __init__(self, ledger: Ledger) -> None:
        super().__init__()
        self._ledger = ledger
        self.source = QuietRegistrationSystem()  # type: ignore[assignment]  # same two calls

    def ledger(self) -> Ledger:  # type: ignore[override]  # the real one
        return self._ledger


def test_a_reconciliation_before_22h_says_it_is_a_preview(
    qtbot: QtBot, bare_runner: TaskRunner, tmp_path: Path
) -> None:
    moment = [datetime(2026, 11, 24, 20, 0, tzinfo=UTC)]  # 17:00 in Brasília
    ledger = Ledger(sqlite_url(tmp_path / "ledger.sqlite3"), clock=lambda: moment[0])
    try:
        _window, panel = alone(ReconcilePanel, qtbot, ClockedAttendanceService(ledger), bare_runner)
        panel.day_edit.setDate(qdate(date(2026, 11, 24)))
        top = panel.table.geometry().top()
        with qtbot.waitSignal(panel.finished, timeout=WAIT_MS):
            panel.reconcile()
        assert panel.summary_label.text().startswith("Preview: run before 22:00 (Brasília time)")
        assert "No attendances on this day." in panel.summary_label.text()
        assert panel.table.geometry().top() == top  # the note moves nothing below it
        assert ledger.reconciled_days() == set()

        moment[0] = datetime(2026, 11, 25, 1, 30, tzinfo=UTC)  # 22:30
        with qtbot.waitSignal(panel.finished, timeout=WAIT_MS):
            panel.reconcile()
        assert panel.summary_label.text() == "No attendances on this day."
        assert ledger.reconciled_days() == {date(2026, 11, 24)}
    finally:
        ledger.close()


def test_a_reconciliation_under_way_shows_busy_and_escape_cancels_it(
    qtbot: QtBot, bare_runner: TaskRunner
) -> None:
    _window, panel = alone(ReconcilePanel, qtbot, FakeAttendanceService(), bare_runner)
    panel.reconcile()
    assert panel.running
    assert panel.busy_bar.isVisible()
    assert not panel.reconcile_button.isEnabled()
    panel.table.setFocus()
    with qtbot.waitSignal(panel.finished, timeout=WAIT_MS) as ended:
        qtbot.keyClick(panel.table, Qt.Key.Key_Escape)
    assert ended.args == [True]
    assert panel.summary_label.text() == "Reconciliation cancelled."
    assert not panel.busy_bar.isVisible()
    assert panel.reconcile_button.isEnabled()
