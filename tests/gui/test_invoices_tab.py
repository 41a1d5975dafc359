"""The Invoices and slips tab against the embedded sandbox: list, documents, typed line, jobs."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
import requests
import shiboken6
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QStandardItem
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import PlainTask
from postalgui.api.models.invoices import Invoice, ProcessingKind, ProcessingRecord, ProcessingStatus
from postalgui.api.values import format_brl
from postalgui.api.values.boleto import verify_typed_line
from postalgui.gui import i18n
from postalgui.gui.tabs.invoices import InvoicesTab
from postalgui.gui.tabs.invoices.invoice_model import (
    InvoiceColumn,
    InvoiceFilterProxy,
    InvoiceModel,
    days_overdue,
    slip_available,
    status_kind,
)
from postalgui.gui.tabs.invoices.jobs_model import JobColumn, JobsModel
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.pdf_viewer import PdfViewerWindow
from postalgui.services.context import AppContext
from postalgui.services.invoices import following
from postalgui.services.invoices.documents import document_ref
from postalgui.services.invoices.following import stored_jobs
from postalgui.services.invoices.jobs import Job, JobState
from postalgui.services.invoices.use_cases import last_twelve_months

WAIT_MS = 20_000
POLL_S = 0.05


def set_processing_delay(context: AppContext, seconds: float) -> None:
    response = requests.put(
        f"{context.sandbox_url()}/_sandbox/config", json={"processing_delay_s": seconds}, timeout=5
    )
    response.raise_for_status()


def build_tab(context: AppContext, runner: TaskRunner, qtbot: QtBot, *, register: bool = True) -> InvoicesTab:
    """A shown tab whose list and stored jobs are loaded."""
    widget = InvoicesTab(context.invoices, runner, MessageArea())
    if register:
        qtbot.addWidget(widget)
    widget.jobs.poll_interval_s = POLL_S  # before the start timer resumes anything
    widget.resize(1300, 800)
    widget.show()
    with qtbot.waitSignals([widget.invoicesLoaded, widget.jobs.jobsLoaded], timeout=WAIT_MS):
        pass
    return widget


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> InvoicesTab:
    set_processing_delay(context, 0.2)
    return build_tab(context, runner, qtbot)


def load_two_years(tab: InvoicesTab, qtbot: QtBot) -> None:
    """The sandbox's special invoices (RZ, Estornada, ...) recur every 24 months."""
    tab.from_edit.setDate(tab.to_edit.date().addMonths(-25))
    with qtbot.waitSignal(tab.invoicesLoaded, timeout=WAIT_MS):
        assert tab.refresh() is not None


def zeroed(tab: InvoicesTab) -> Invoice:
    return next(invoice for invoice in tab.model.invoices() if invoice.tipoDocumento == "RZ")


def shown_invoices(tab: InvoicesTab) -> list[Invoice]:
    return tab.proxy.invoices()


def select(tab: InvoicesTab, invoice: Invoice) -> None:
    assert tab.select_invoice(invoice.id, invoice.itemFatura)
    assert tab.current_invoice() == invoice


def first(tab: InvoicesTab, kind: str) -> Invoice:
    return next(invoice for invoice in tab.model.invoices() if status_kind(invoice) == kind)


def wait_job_settled(tab: InvoicesTab, qtbot: QtBot, job_id: int) -> Job:
    def settled() -> None:
        job = tab.jobs.job(job_id)
        assert job is not None
        assert not job.pending

    qtbot.waitUntil(settled, timeout=WAIT_MS)
    job = tab.jobs.job(job_id)
    assert job is not None
    return job


# --- the list ------------------------------------------------------------------------------


def test_list_loads_with_the_profile_and_the_last_twelve_months(
    tab: InvoicesTab, context: AppContext
) -> None:
    profile = context.profile
    assert tab.windowTitle() == "Invoices and slips"
    assert tab.contract_edit.text() == profile.contract
    assert tab.dr_spin.value() == profile.dr
    start, end = last_twelve_months(date.today())
    assert tab.from_edit.date().toPython() == start
    assert tab.to_edit.date().toPython() == end
    assert tab.from_edit.displayFormat() == "dd/MM/yyyy"

    invoices = tab.model.invoices()
    assert len(invoices) >= 10
    assert all(invoice.contrato in (None, profile.contract) for invoice in invoices)
    assert {status_kind(invoice) for invoice in invoices} >= {"open", "paid"}

    open_total = sum(
        (i.valorEmAberto if i.valorEmAberto is not None else i.valor or Decimal(0))
        for i in invoices
        if i.open
    )
    paid_total = sum((i.valor or Decimal(0)) for i in invoices if i.paid)
    totals = tab.totals()
    assert totals.count == len(invoices)
    assert totals.open_total == open_total
    assert totals.paid_total == paid_total
    assert totals.open_count == sum(1 for i in invoices if i.open)
    summary = tab.summary.text()
    assert format_brl(Decimal(open_total)) in summary
    assert format_brl(Decimal(paid_total)) in summary
    assert tab.busy_bar.isHidden()


def test_cells_show_dates_money_status_colours_and_document_meanings(tab: InvoicesTab, qtbot: QtBot) -> None:
    load_two_years(tab, qtbot)
    model = tab.model
    today = date.today()
    rows = {
        ("overdue" if days_overdue(model.invoice(row), today) else status_kind(model.invoice(row))): row
        for row in range(model.rowCount())
    }
    # the sandbox's older open month is always overdue; the newer one is once past its day 20
    paid_row, overdue_row = rows["paid"], rows["overdue"]
    open_row = rows.get("open", overdue_row)
    invoice = model.invoice(open_row)
    assert invoice.vencimento is not None
    assert invoice.valor is not None
    due = model.index(open_row, InvoiceColumn.DUE).data()
    assert due == invoice.vencimento.strftime("%d/%m/%Y")
    assert model.index(open_row, InvoiceColumn.AMOUNT).data() == format_brl(invoice.valor)
    assert model.index(open_row, InvoiceColumn.STATUS).data() in {"Open", "Overdue"}
    assert model.index(paid_row, InvoiceColumn.STATUS).data() == "Paid"
    paid_colour = model.index(paid_row, InvoiceColumn.STATUS).data(Qt.ItemDataRole.ForegroundRole)
    open_colour = model.index(open_row, InvoiceColumn.STATUS).data(Qt.ItemDataRole.ForegroundRole)
    assert paid_colour is not None
    assert open_colour is not None
    assert paid_colour.color() != open_colour.color()
    # an open invoice past its due date: "Overdue" in red, the days in the tooltip
    late = model.invoice(overdue_row)
    assert late.vencimento is not None
    assert model.index(overdue_row, InvoiceColumn.STATUS).data() == "Overdue"
    overdue_colour = model.index(overdue_row, InvoiceColumn.STATUS).data(Qt.ItemDataRole.ForegroundRole)
    assert overdue_colour.color() != paid_colour.color()
    assert open_row == overdue_row or overdue_colour.color() != open_colour.color()
    days = (today - late.vencimento).days
    assert model.index(overdue_row, InvoiceColumn.STATUS).data(Qt.ItemDataRole.ToolTipRole) == (
        f"Overdue by {days} days (due {late.vencimento.strftime('%d/%m/%Y')})"
    )
    tab.status_combo.setCurrentIndex(tab.status_combo.findData("open"))
    assert late in shown_invoices(tab)  # still owed: the "open" filter keeps it
    tab.status_combo.setCurrentIndex(tab.status_combo.findData(""))
    tip = model.index(open_row, InvoiceColumn.DOCUMENT).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith(f"{invoice.tipoDocumento} ")
    zero = zeroed(tab)
    zero_row = model.invoices().index(zero)
    assert "Zeroed invoice" in model.index(zero_row, InvoiceColumn.DOCUMENT).data(Qt.ItemDataRole.ToolTipRole)


def test_sorting_and_filtering(tab: InvoicesTab, qtbot: QtBot) -> None:
    load_two_years(tab, qtbot)
    tab.table.sortByColumn(InvoiceColumn.AMOUNT, Qt.SortOrder.AscendingOrder)
    amounts = [invoice.valor or Decimal(0) for invoice in shown_invoices(tab)]
    assert amounts == sorted(amounts)
    tab.table.sortByColumn(InvoiceColumn.DUE, Qt.SortOrder.DescendingOrder)
    dues = [invoice.vencimento for invoice in shown_invoices(tab) if invoice.vencimento is not None]
    assert dues == sorted(dues, reverse=True)
    tab.table.sortByColumn(InvoiceColumn.NUMBER, Qt.SortOrder.AscendingOrder)
    numbers = [invoice.id for invoice in shown_invoices(tab)]
    assert numbers == sorted(numbers)

    total = tab.model.rowCount()
    tab.status_combo.setCurrentIndex(tab.status_combo.findData("paid"))
    paid = shown_invoices(tab)
    assert paid
    assert all(invoice.paid for invoice in paid)
    assert tab.totals().open_total == 0
    assert f"Showing {len(paid)} of {total} invoices" in tab.summary.text()

    tab.status_combo.setCurrentIndex(tab.status_combo.findData(""))
    numbers = [invoice.id for invoice in tab.model.invoices()]
    instalments = [invoice for invoice in tab.model.invoices() if numbers.count(invoice.id) > 1]
    assert instalments, "an RA instalment plan: one number, several items"
    tab.filter_edit.setText(str(instalments[0].id))
    plan = [invoice for invoice in instalments if invoice.id == instalments[0].id]
    assert sorted(i.itemFatura or "" for i in shown_invoices(tab)) == sorted(i.itemFatura or "" for i in plan)
    assert len(plan) > 1
    target = next(invoice for invoice in tab.model.invoices() if numbers.count(invoice.id) == 1)
    tab.filter_edit.setText(str(target.id))
    assert [invoice.id for invoice in shown_invoices(tab)] == [target.id]
    tab.filter_edit.setText("zeroed")  # the meaning of RZ is searchable too
    zeroed_shown = shown_invoices(tab)
    assert zeroed_shown
    assert {invoice.tipoDocumento for invoice in zeroed_shown} == {"RZ"}
    tab.filter_edit.clear()
    assert tab.proxy.rowCount() == total


def test_the_invoices_shown_export_as_a_workbook_or_csv(
    tab: InvoicesTab, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openpyxl import load_workbook
    from PySide6.QtWidgets import QFileDialog

    load_two_years(tab, qtbot)
    assert tab.list_page.export_button.isEnabled()
    tab.filter_edit.setText("no invoice says this")
    assert not tab.list_page.export_button.isEnabled()
    tab.filter_edit.clear()
    assert tab.list_page.export_button.isEnabled()
    tab.table.sortByColumn(InvoiceColumn.AMOUNT, Qt.SortOrder.DescendingOrder)
    shown = shown_invoices(tab)
    target = tmp_path / "faturas"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_: (str(target), "Excel workbook (*.xlsx)"))
    with qtbot.waitSignal(tab.saved.exported, timeout=WAIT_MS):
        tab.list_page.export_button.click()
    sheet = load_workbook(tmp_path / "faturas.xlsx").active
    assert sheet is not None
    assert sheet.freeze_panes == "A2"
    titles = [cell.value for cell in sheet[1]]
    rows = [dict(zip(titles, row, strict=True)) for row in sheet.iter_rows(min_row=2)]
    assert [row["fatura"].value for row in rows] == [str(invoice.id) for invoice in shown]
    first, invoice = rows[0], shown[0]
    assert first["contrato"].value == invoice.contrato
    assert first["contrato"].data_type == "s"  # leading zeros kept
    assert first["valor"].value == pytest.approx(float(invoice.valor or 0))
    assert first["valor"].number_format == '"R$" #,##0.00'
    assert invoice.vencimento is not None
    assert first["vencimento"].value.date() == invoice.vencimento
    assert first["vencimento"].number_format == "DD/MM/YYYY"

    csv_file = tmp_path / "faturas.csv"
    with qtbot.waitSignal(tab.saved.exported, timeout=WAIT_MS):
        tab.export_invoices(csv_file)
    lines = csv_file.read_text(encoding="utf-8-sig").splitlines()
    assert lines[0].startswith("fatura;itemFatura;drFatura;")
    assert len(lines) == len(shown) + 1
    assert f";{invoice.vencimento:%d/%m/%Y};" in lines[1]


def test_an_incomplete_query_sends_nothing_and_says_why(tab: InvoicesTab) -> None:
    tab.contract_edit.clear()
    tab.dr_spin.setValue(0)
    assert tab.refresh() is None
    bar = tab.messages.message("invoices.list")
    assert bar is not None
    assert "contract number" in bar.text()
    assert "DR" in bar.text()


def test_a_period_without_invoices_says_so(tab: InvoicesTab, qtbot: QtBot) -> None:
    tab.from_edit.setDate(tab.from_edit.date().addYears(-15))
    tab.to_edit.setDate(tab.from_edit.date().addMonths(2))
    with qtbot.waitSignal(tab.invoicesLoaded, timeout=WAIT_MS) as blocker:
        assert tab.refresh() is not None
    assert blocker.args == [0]
    assert tab.summary.text() == "No invoices in this period."
    assert not tab.synthetic_action.isEnabled()


# --- documents -----------------------------------------------------------------------------


def test_slip_actions_follow_the_invoice(tab: InvoicesTab, qtbot: QtBot) -> None:
    load_two_years(tab, qtbot)
    open_invoice = first(tab, "open")
    select(tab, open_invoice)
    assert tab.slip_action.isEnabled()
    assert tab.copy_line_action.isEnabled()
    select(tab, first(tab, "paid"))
    assert tab.synthetic_action.isEnabled()
    assert not tab.slip_action.isEnabled()
    assert not tab.copy_line_action.isEnabled()
    zero = zeroed(tab)
    assert not slip_available(zero)
    assert tab.open_document("slip", zero) is None
    bar = tab.messages.message("invoices.document")
    assert bar is not None
    assert "no payment slip" in bar.text()


def test_payment_slip_opens_in_a_viewer_window(tab: InvoicesTab, qtbot: QtBot) -> None:
    invoice = first(tab, "open")
    select(tab, invoice)
    with qtbot.waitSignal(tab.documentOpened, timeout=WAIT_MS) as blocker:
        tab.slip_action.trigger()
    window = blocker.args[0]
    assert isinstance(window, PdfViewerWindow)
    assert window.isVisible()
    assert window.viewer.page_count >= 1
    assert str(invoice.id) in window.windowTitle()
    assert tab.windows() == [window]
    with qtbot.waitSignal(window.closed, timeout=WAIT_MS):
        window.close()
    assert tab.windows() == []


def test_enter_opens_the_synthetic_statement(tab: InvoicesTab, qtbot: QtBot) -> None:
    invoice = first(tab, "paid")
    select(tab, invoice)
    tab.table.setFocus()
    with qtbot.waitSignal(tab.documentOpened, timeout=WAIT_MS) as blocker:
        qtbot.keyClick(tab.table, Qt.Key.Key_Return)
    window = blocker.args[0]
    assert window.viewer.page_count >= 1
    assert "Synthetic statement" in window.windowTitle()
    window.close()


def test_copy_typed_line_puts_a_verified_line_on_the_clipboard(tab: InvoicesTab, qtbot: QtBot) -> None:
    QApplication.clipboard().clear()
    invoice = first(tab, "open")
    select(tab, invoice)
    with qtbot.waitSignal(tab.typedLineCopied, timeout=WAIT_MS) as blocker:
        tab.copy_line_action.trigger()
    copied = QApplication.clipboard().text()
    assert copied == blocker.args[0]
    digits = verify_typed_line(copied)
    assert len(digits) == 47
    bar = tab.messages.message("invoices.typed_line")
    assert bar is not None
    if days_overdue(invoice, date.today()) is None:
        assert bar.text() == f"Typed line copied: {copied}"
    else:  # the sandbox's newest open invoice is overdue once past its day 20
        assert bar.text().startswith(f"Typed line copied: {copied}. Invoice {invoice.id} is overdue")


def test_copying_an_overdue_slips_line_warns_of_refusal_and_interest(tab: InvoicesTab, qtbot: QtBot) -> None:
    load_two_years(tab, qtbot)
    late = next(invoice for invoice in tab.model.invoices() if days_overdue(invoice, date.today()))
    select(tab, late)
    with qtbot.waitSignal(tab.typedLineCopied, timeout=WAIT_MS) as blocker:
        tab.copy_line_action.trigger()
    assert QApplication.clipboard().text() == blocker.args[0]
    bar = tab.messages.message("invoices.typed_line")
    assert bar is not None
    assert bar.kind is MessageKind.WARNING
    assert f"Invoice {late.id} is overdue" in bar.text()
    assert "banks may refuse this slip or charge interest" in bar.text()


# --- jobs ----------------------------------------------------------------------------------


def test_analytic_job_goes_from_requested_to_ready_and_opens(tab: InvoicesTab, qtbot: QtBot) -> None:
    invoice = first(tab, "paid")
    select(tab, invoice)
    states: list[JobState] = []
    tab.jobs.jobUpdated.connect(lambda job: states.append(job.state))  # test-side recorder
    with qtbot.waitSignal(tab.jobRequested, timeout=WAIT_MS) as blocker:
        tab.analytic_action.trigger()
    job = blocker.args[0]
    assert job.kind is ProcessingKind.EXTRATO_ANALITICO
    assert job.fatura == str(invoice.id)
    assert job.pending
    assert tab.jobs.model.row_of(job.id) == 0
    assert tab.jobs.is_following(job.id)
    assert tab.jobs.busy_rows() == [0]

    done = wait_job_settled(tab, qtbot, job.id)
    assert done.state is JobState.READY, done.error
    assert done.path is not None
    assert done.path.exists()
    assert states[-1] is JobState.READY
    assert tab.jobs.busy_rows() == []
    assert tab.jobs.model.index(0, JobColumn.STATE).data() == "Ready"
    assert tab.messages.message("invoices.job.ready") is not None

    tab.jobs.select_job(job.id)
    assert tab.jobs.open_action.isEnabled()
    assert not tab.jobs.again_action.isEnabled()
    with qtbot.waitSignal(tab.analytic.loaded, timeout=WAIT_MS) as loaded:
        tab.jobs.open_action.trigger()
    assert loaded.args[0] > 0
    assert tab.pages.currentWidget() is tab.analytic


def test_a_job_is_said_ready_though_the_office_feed_read_it_ready_first(
    tab: InvoicesTab, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """READY is committed before the follower keeps the statement and answers: a read of
    the office's jobs in between (another desk's news) must not take the news from it."""
    held = threading.Event()
    keep = following.keep_quietly

    def slow_keep(what: str, work: Callable[[], object]) -> None:
        held.wait(WAIT_MS / 1000)
        keep(what, work)

    monkeypatch.setattr(following, "keep_quietly", slow_keep)
    select(tab, first(tab, "paid"))
    with qtbot.waitSignal(tab.jobRequested, timeout=WAIT_MS) as blocker:
        tab.analytic_action.trigger()
    job = blocker.args[0]
    store = tab.service.jobs()
    try:
        qtbot.waitUntil(lambda: store.get(job.id).state is JobState.READY, timeout=WAIT_MS)
        tab.jobs.live.merge(stored_jobs(PlainTask(), tab.service))  # the feed's read, READY in it
        assert tab.jobs.job(job.id).pending  # still its follower's
    finally:
        held.set()
    done = wait_job_settled(tab, qtbot, job.id)
    assert done.state is JobState.READY
    assert tab.messages.message("invoices.job.ready") is not None


def test_a_pending_job_is_resumed_by_the_next_tab(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    set_processing_delay(context, 1.5)
    first_tab = build_tab(context, runner, qtbot, register=False)
    try:
        invoice = next(i for i in first_tab.model.invoices() if i.paid)
        with qtbot.waitSignal(first_tab.jobRequested, timeout=WAIT_MS) as blocker:
            assert first_tab.request_analytic(invoice) is not None
        job = blocker.args[0]
        following = first_tab.jobs.follow_handle(job.id)
        assert following is not None
    finally:
        first_tab.close()
        first_tab.deleteLater()
        qtbot.waitUntil(lambda: not shiboken6.isValid(first_tab), timeout=WAIT_MS)
    assert following.cancelled, "a destroyed tab stops following its jobs"
    stored = context.job_store().get(job.id)
    assert stored is not None
    assert stored.pending, "closing the app leaves the job pending"

    second = build_tab(context, runner, qtbot)
    assert second.jobs.job(job.id) is not None
    done = wait_job_settled(second, qtbot, job.id)
    assert done.state is JobState.READY, done.error
    assert context.job_store().get(job.id) == done


def test_asking_again_for_a_statement_in_preparation_follows_the_same_job(
    tab: InvoicesTab, context: AppContext, qtbot: QtBot
) -> None:
    set_processing_delay(context, 30)
    invoice = next(i for i in tab.model.invoices() if i.paid)
    before = requests.get(f"{context.sandbox_url()}/_sandbox/stats", timeout=5).json()["requests"]
    with qtbot.waitSignal(tab.jobRequested, timeout=WAIT_MS) as first:
        tab.request_analytic(invoice)
    with qtbot.waitSignal(tab.jobRequested, timeout=WAIT_MS) as second:
        tab.request_analytic(invoice)
    assert second.args[0].id == first.args[0].id
    after = requests.get(f"{context.sandbox_url()}/_sandbox/stats", timeout=5).json()["requests"]
    posts = [key for key in after if key.startswith("POST ") and "/faturas/" in key]
    assert sum(after[key] - before.get(key, 0) for key in posts) == 1, "one processing at the operator"
    bar = tab.messages.message("invoices.request")
    assert bar is not None
    assert "already requested" in bar.text()
    assert tab.jobs.model.rowCount() == 1


def invoice_posts(context: AppContext) -> int:
    counts = requests.get(f"{context.sandbox_url()}/_sandbox/stats", timeout=5).json()["requests"]
    return sum(n for key, n in counts.items() if key.startswith("POST ") and "/faturas/" in key)


def test_a_request_a_killed_run_sent_is_sent_again_only_when_the_user_says_so(
    tab: InvoicesTab, context: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run killed between its POST and storing the answer left its `sending` line: the
    operator may be preparing that file. The tab asks before sending it again."""
    set_processing_delay(context, 30)
    invoice = next(i for i in tab.model.invoices() if i.paid)
    ref = document_ref(tab.requests.desk.service, invoice)
    context.job_store().sending(context.env_key, ProcessingKind.EXTRATO_ANALITICO, ref.params())
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    asked: list[str] = []

    def question(_parent: QWidget, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    before = invoice_posts(context)
    handle = tab.request_analytic(invoice)
    assert handle is not None
    qtbot.waitUntil(lambda: bool(asked), timeout=WAIT_MS)
    assert "the operator may be preparing the file already" in asked[0]
    assert invoice_posts(context) == before, "No: nothing sent"
    bar = tab.messages.message("invoices.request")
    assert bar is not None
    assert "not sent again" in bar.text()

    with qtbot.waitSignal(tab.jobRequested, timeout=WAIT_MS):
        tab.request_analytic(invoice)  # asked again: Yes sends it
    assert len(asked) == 2
    assert invoice_posts(context) == before + 1


def test_an_expired_job_offers_a_new_request(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    set_processing_delay(context, 0.2)
    profile = context.profile
    # An analytic statement asked for 8 days ago and never fetched: the operator has
    # dropped its file (7 days), so the tab marks it EXPIRED when it starts.
    params = {"fatura": "0", "tipoDocumento": "RE", "drFatura": f"{profile.dr:05d}", "itemFatura": "001"}
    probe = build_tab(context, runner, qtbot)
    invoice = next(i for i in probe.model.invoices() if i.paid and i.tipoDocumento == "RE")
    params["fatura"] = str(invoice.id)
    if invoice.drFatura:
        params["drFatura"] = invoice.drFatura.zfill(5)
    params["itemFatura"] = invoice.itemFatura or "001"
    record = ProcessingRecord(id="expired-processing", status=ProcessingStatus.SOLICITADO)
    old = context.job_store().add(
        context.env_key,
        ProcessingKind.EXTRATO_ANALITICO,
        record,
        params,
        at=datetime.now(UTC) - timedelta(days=8),
    )

    tab = build_tab(context, runner, qtbot)
    expired = tab.jobs.job(old.id)
    assert expired is not None
    assert expired.state is JobState.EXPIRED
    row = tab.jobs.model.row_of(old.id)
    assert row is not None
    assert "request it again" in tab.jobs.model.index(row, JobColumn.STATE).data()
    assert not tab.jobs.is_following(old.id)
    tab.jobs.select_job(old.id)
    assert tab.jobs.again_action.isEnabled()
    assert tab.jobs.again_button.isEnabled()
    assert not tab.jobs.open_action.isEnabled()

    with qtbot.waitSignal(tab.jobs.jobFinished, timeout=WAIT_MS) as blocker:
        tab.jobs.again_action.trigger()
    renewed = blocker.args[0]
    assert renewed.id != old.id
    assert renewed.state is JobState.READY, renewed.error
    assert renewed.params == params
    assert tab.jobs.job(old.id) is None, "the expired job is replaced by the new one"
    qtbot.waitUntil(lambda: context.job_store().get(old.id) is None, timeout=WAIT_MS)


def test_preview_request_becomes_a_job(tab: InvoicesTab, qtbot: QtBot) -> None:
    from postalgui.api.models.invoices import PreviewKind

    with qtbot.waitSignal(tab.jobRequested, timeout=WAIT_MS) as blocker:
        assert tab.request_preview(PreviewKind.SINTETICO) is not None
    job = blocker.args[0]
    assert job.kind is ProcessingKind.PREVIA_SINTETICO
    done = wait_job_settled(tab, qtbot, job.id)
    assert done.state is JobState.READY, done.error
    with qtbot.waitSignal(tab.documentOpened, timeout=WAIT_MS) as opened:
        assert tab.jobs.open_job(done)
    assert opened.args[0].viewer.page_count >= 1
    opened.args[0].close()


# --- models --------------------------------------------------------------------------------


def sample_invoices() -> list[Invoice]:
    rows = [
        {"id": 3, "status": "Paga", "vencimento": "2026-01-20", "valor": "100.50", "tipoDocumento": "RE"},
        {"id": 1, "status": "Em aberto", "vencimento": "2026-03-20", "valor": "80", "tipoDocumento": "RA"},
        {"id": 2, "status": "Estornada", "vencimento": "2026-02-20", "valor": "12.34", "tipoDocumento": "RE"},
        {"id": 4, "status": "Paga", "valor": "0", "tipoDocumento": "RZ"},
        {"fatura": "5", "status": "Em aberto", "valor": "50", "valorEmAberto": "20", "tipoDocumento": "XX"},
    ]
    return [Invoice.model_validate(row) for row in rows]


def test_invoice_model_and_proxy_pass_the_model_tester(qtmodeltester: object) -> None:
    model = InvoiceModel()
    model.set_invoices(sample_invoices())
    qtmodeltester.check(model, force_py=False)  # type: ignore[attr-defined]
    proxy = InvoiceFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(InvoiceColumn.AMOUNT, Qt.SortOrder.DescendingOrder)
    proxy.set_status("open")
    qtmodeltester.check(proxy, force_py=False)  # type: ignore[attr-defined]
    assert [invoice.id for invoice in proxy.invoices()] == [1, 5]
    totals = model.totals()
    assert totals.open_total == Decimal("100")  # 80 + what is still open of 50
    assert totals.paid_total == Decimal("100.50")
    assert (totals.open_count, totals.paid_count) == (2, 2)


def test_invoice_model_sorts_missing_dates_and_reversed_status(qtmodeltester: object) -> None:
    del qtmodeltester
    model = InvoiceModel()
    model.set_invoices(sample_invoices())
    proxy = InvoiceFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(InvoiceColumn.DUE, Qt.SortOrder.AscendingOrder)
    dated = [invoice.id for invoice in proxy.invoices() if invoice.vencimento is not None]
    assert dated == [3, 2, 1]
    proxy.set_status("reversed")
    assert [invoice.id for invoice in proxy.invoices()] == [2]
    assert model.index(2, InvoiceColumn.STATUS).data() == "Reversed"


def test_overdue_is_an_open_invoice_past_its_due_date() -> None:
    invoices = sample_invoices()
    model = InvoiceModel(today=date(2026, 3, 21))
    model.set_invoices(invoices)
    assert [days_overdue(invoice, date(2026, 3, 21)) for invoice in invoices] == [None, 1, None, None, None]
    assert days_overdue(invoices[1], date(2026, 3, 20)) is None  # due today is not overdue
    assert model.index(1, InvoiceColumn.STATUS).data() == "Overdue"
    assert (
        model.index(1, InvoiceColumn.STATUS).data(Qt.ItemDataRole.ToolTipRole)
        == "Overdue by 1 day (due 20/03/2026)"
    )
    assert model.index(0, InvoiceColumn.STATUS).data() == "Paid"  # a paid one never is
    assert model.index(4, InvoiceColumn.STATUS).data() == "Open"  # no due date: cannot tell


def test_overdue_in_portuguese(qapp: QCoreApplication) -> None:
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        model = InvoiceModel(today=date(2026, 4, 1))
        model.set_invoices(sample_invoices())
        assert model.index(1, InvoiceColumn.STATUS).data() == "Vencida"
        assert model.index(1, InvoiceColumn.STATUS).data(Qt.ItemDataRole.ToolTipRole) == (
            "Vencida há 12 dias (vencimento 20/03/2026)"
        )
        assert model.index(4, InvoiceColumn.STATUS).data() == "Em aberto"
    finally:
        i18n.remove_translators(qapp, installed)


def a_job(number: int, state: JobState, operator_status: str | None = None) -> Job:
    """A job of invoice ``number``, requested ``number`` minutes ago."""
    now = datetime.now(UTC)
    return Job(
        id=number,
        environment="sandbox",
        kind=ProcessingKind.EXTRATO_ANALITICO,
        processing_id=f"p{number}",
        params={"fatura": str(number)},
        state=state,
        requested_at=now - timedelta(minutes=number),
        updated_at=now,
        finished_at=None if state.pending else now,
        file_path=None,
        error="gone" if state is JobState.FAILED else None,
        operator_status=operator_status,
    )


def test_jobs_model_passes_the_model_tester(qtmodeltester: object, qapp: QApplication) -> None:
    model = JobsModel()
    model.set_jobs([a_job(1, JobState.READY), a_job(2, JobState.PROCESSING), a_job(3, JobState.FAILED)])
    qtmodeltester.check(model, force_py=False)  # type: ignore[attr-defined]
    assert [model.job(row).id for row in range(model.rowCount())] == [1, 2, 3]
    model.put(a_job(4, JobState.REQUESTED))
    model.put(a_job(2, JobState.READY))
    model.remove(3)
    assert [model.job(row).id for row in range(model.rowCount())] == [4, 1, 2]
    assert model.index(2, JobColumn.STATE).data() == "Ready"
    assert model.index(0, JobColumn.SUBJECT).data() == "Invoice 4"


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "Unknown status (AGUARDANDO_FILA)"), ("pt_BR", "Situação desconhecida (AGUARDANDO_FILA)")],
)
def test_a_job_in_a_status_outside_the_known_ones_says_so_in_words(
    qapp: QApplication, language: str, shown: str
) -> None:
    waiting = a_job(7, JobState.UNKNOWN, "AGUARDANDO_FILA")
    installed = i18n.install_translators(qapp, language)
    try:
        model = JobsModel()
        model.set_jobs([waiting])
        assert waiting.pending
        assert model.index(0, JobColumn.STATE).data() == shown
        assert not model.index(0, JobColumn.STATE).data(Qt.ItemDataRole.DecorationRole).isNull()
    finally:
        i18n.remove_translators(qapp, installed)


def test_reloading_leaves_no_item_wrappers_behind(qapp: QApplication) -> None:
    """A QStandardItem wrapper that outlives its C++ item is handed out again by PySide
    for whatever object is next built at that address (a selection model, once)."""
    del qapp
    gc.collect()
    before = {id(obj) for obj in gc.get_objects() if isinstance(obj, QStandardItem)}
    model = InvoiceModel()
    model.set_invoices(sample_invoices())
    model.set_invoices(sample_invoices()[:2])
    model.clear()
    gc.collect()
    alive = [obj for obj in gc.get_objects() if isinstance(obj, QStandardItem) and id(obj) not in before]
    assert alive == []  # the model keeps no items at all
