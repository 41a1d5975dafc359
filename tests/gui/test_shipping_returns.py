"""Returns in the window, with the real task runner against the real sandbox over HTTP: a
delivered parcel's return authorized from its pre-filled dialog with one key, its code shown
large and handed over at once (PDF printed and saved, e-mail text copied); bad input named
in the form with nothing sent; the Returns page listing, refreshing and cancelling; and from
Tracking, "Authorize a return…" on a delivered object opening the Shipping tab's dialog, the
return then followed in Tracking with its mark."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import PlainTask
from postalgui.api.models.prepostings import ContentLine, Order, Person, PrepostingStatus, ReturnTerms
from postalgui.gui.tab_factories import TAB_FACTORIES, shipping_tab, tracking_tab
from postalgui.gui.tabs.contract import Handoffs
from postalgui.gui.tabs.shipping import ShippingTab
from postalgui.gui.tabs.shipping.return_dialog import AUTHORIZE_KEY, ReturnDialog
from postalgui.gui.tabs.shipping.return_model import ReturnColumn, ReturnModel
from postalgui.gui.tabs.shipping.returns_page import CANCEL_KEY, REFRESH_KEY, ReturnsPage
from postalgui.gui.tabs.tracking import TrackingTab
from postalgui.gui.tabs.tracking.object_index import RETURN_SOURCE
from postalgui.gui.tabs.tracking.object_model import ObjectColumn
from postalgui.gui.tabs.tracking.words import return_mark
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from postalgui.services.shipping import returns
from postalgui.services.shipping.addresses import Address, AddressKind
from postalgui.services.shipping.records import Shipment
from postalgui.services.shipping.return_records import ReturnAuthorization, ReturnState
from postalgui.services.shipping.use_cases import create_prepostings, issue_labels
from tests.e2e.test_shipping_flow import ORDER, RECIPIENT, SENDER
from tests.gui.shipping_support import speaking
from tests.gui.test_shipping_window import shown_window
from tests.gui.test_tracking_tab import register, sandbox_now

WAIT_MS = 30_000


@pytest.fixture(autouse=True)
def english(qapp: QCoreApplication) -> Iterator[None]:
    with speaking(qapp, "en"):
        yield


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, shared_sandbox: str, qtbot: QtBot) -> Iterator[ShippingTab]:
    """The tab on its Returns page, its first list read; the office is SENDER (the book's
    default sender); the sandbox's labels ready at once."""
    requests.put(f"{shared_sandbox}/_sandbox/prepost/config", json={"rotulo_delay_s": 0}, timeout=5)
    context.shipping.addresses().save(Address(AddressKind.SENDER, is_default=True, **asdict(SENDER)))
    built = ShippingTab(context.shipping, runner, MessageArea())
    qtbot.addWidget(built)
    built.resize(1300, 700)
    built.pages.setCurrentWidget(built.returns)
    with qtbot.waitSignal(built.returns.returnsLoaded, timeout=WAIT_MS):
        built.show()
    built.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is built)
    yield built
    built.close()


def delivered_parcel(context: AppContext, url: str) -> str:
    """A parcel the office shipped to RECIPIENT, labelled and delivered 12 days after posting: its code."""
    service = context.shipping
    (shipment,) = create_prepostings(PlainTask(), service, [ORDER]).created
    (labelled,) = issue_labels(PlainTask(), service, [shipment.prepost_id]).shipments
    assert labelled.object_code is not None
    register(url, labelled.object_code, sandbox_now(url) - timedelta(days=12), "on_time")
    return labelled.object_code


def cells(page: ReturnsPage, column: ReturnColumn) -> dict[str, str]:
    model = page.model
    return {
        model.item(row).code: str(model.data(model.index(row, column))) for row in range(model.rowCount())
    }


def next_tab(widget: QWidget) -> QWidget:
    """The widget Tab goes to from ``widget`` (an editor's own buttons and calendar aside)."""
    found = widget.nextInFocusChain()
    while not found.focusPolicy() & Qt.FocusPolicy.TabFocus or found.parentWidget() is widget:
        found = found.nextInFocusChain()
    return found


def drafted(dialog: ReturnDialog, qtbot: QtBot) -> None:
    qtbot.waitUntil(lambda: dialog.task is None and dialog.authorize_button.isEnabled(), timeout=WAIT_MS)


def test_a_delivered_parcels_return_is_authorized_with_one_key_and_handed_over_at_once(
    tab: ShippingTab, context: AppContext, shared_sandbox: str, qtbot: QtBot, tmp_path: Path
) -> None:
    outbound = delivered_parcel(context, shared_sandbox)
    dialog = tab.new_return(outbound)
    assert tab.pages.currentWidget() is tab.returns
    assert dialog.busy_bar.isVisible()  # the draft is being read
    drafted(dialog, qtbot)
    assert (
        dialog.customer_fields.edits["name"].text() == RECIPIENT.name
    )  # the parcel's recipient sends it back
    assert dialog.office_fields.edits["name"].text() == SENDER.name
    fields = dialog.fields
    assert fields.outbound_edit.text() == outbound
    assert fields.service_combo.currentText() == "PAC Reverso"
    assert fields.weight_spin.value() == ORDER.weight_g
    assert [spin.value() for spin in fields.size_spins.values()] == [20, 15, 10]
    assert fields.contents_edit.text() == "Livros"  # what the outbound declared
    today = context.shipping.today()
    assert fields.valid_until() == today + timedelta(days=30)  # the setting's default
    assert fields.valid_edit.maximumDate().toPython() == today + timedelta(days=90)
    assert dialog.focusWidget() is dialog.authorize_button  # everything known: Enter authorizes
    customer = dialog.customer_fields
    assert next_tab(dialog.customer_picker) is customer.edits["name"]  # as the eye reads
    assert next_tab(customer.edits["street"]) is customer.edits["number"]
    assert next_tab(customer.edits["cpf_cnpj"]) is dialog.office_picker
    assert next_tab(dialog.fields.valid_edit) is dialog.authorize_button
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    with qtbot.waitSignal(dialog.authorized, timeout=WAIT_MS) as made:
        qtbot.keyClick(dialog.authorize_button, Qt.Key.Key_Return)
    authorization: ReturnAuthorization = made.args[0]
    qtbot.waitUntil(lambda: not dialog.busy_bar.isVisible(), timeout=WAIT_MS)
    assert authorization.outbound_code == outbound
    assert authorization.state is ReturnState.AUTHORIZED
    assert dialog.result_box.isVisible()
    assert dialog.code_label.text() == authorization.code
    assert dialog.code_label.font().pointSizeF() > dialog.font().pointSizeF() * 2
    assert not dialog.authorize_button.isVisible()  # sent once: nothing to send again
    valid = (today + timedelta(days=30)).strftime("%d/%m/%Y")
    bar = tab.messages.message(AUTHORIZE_KEY)
    assert bar is not None
    assert (
        bar.text()
        == f"Return authorization {authorization.code} created for Maria da Silva, valid until {valid}."
    )
    qtbot.waitUntil(lambda: authorization.code in cells(tab.returns, ReturnColumn.CODE), timeout=WAIT_MS)
    assert cells(tab.returns, ReturnColumn.STATE)[authorization.code] == "Authorized"
    assert cells(tab.returns, ReturnColumn.CUSTOMER)[authorization.code] == "Maria da Silva"
    assert cells(tab.returns, ReturnColumn.OUTBOUND)[authorization.code] == outbound
    assert cells(tab.returns, ReturnColumn.VALID_UNTIL)[authorization.code] == valid

    print_button, save_button, copy_button = dialog.document_buttons
    copy_button.click()
    clipboard = QApplication.clipboard().text()
    assert authorization.code in clipboard
    assert valid in clipboard
    target = tmp_path / "autorizacao.pdf"
    dialog.documents.ask_save = lambda stem: target
    with qtbot.waitSignal(dialog.documents.saved.exported, timeout=WAIT_MS):
        save_button.click()
    assert target.read_bytes().startswith(b"%PDF")
    with qtbot.waitSignal(dialog.documents.dialogOpened) as opened:
        print_button.click()
    preview = opened.args[0]
    qtbot.waitUntil(lambda: preview.viewer.page_count == 1, timeout=WAIT_MS)
    assert preview.print_button.isEnabled()
    preview.close()

    followed = context.tracking.watchlist().detail(authorization.object_code or "")
    assert followed is not None
    assert followed.source == RETURN_SOURCE == returns.RETURN_SOURCE
    dialog.close()
    qtbot.waitUntil(lambda: tab.dialog is None, timeout=WAIT_MS)


def test_bad_input_is_named_in_the_form_and_nothing_is_sent(
    tab: ShippingTab, context: AppContext, qtbot: QtBot
) -> None:
    tab.returns.new_action.trigger()
    dialog = tab.dialog
    assert isinstance(dialog, ReturnDialog)
    drafted(dialog, qtbot)
    assert dialog.office_fields.edits["name"].text() == SENDER.name
    assert (
        dialog.focusWidget() is dialog.customer_fields.edits["name"]
    )  # no object: the clerk starts with the customer
    assert dialog.send() is None
    assert dialog.problem_label.text() == "Nothing was sent. Field Customer ▸ Name is required"
    dialog.customer_fields.fill(Person(**{**asdict(RECIPIENT), "cep": "0131"}))
    assert dialog.send() is None
    assert dialog.problem_label.text().startswith("Nothing was sent. Field Customer ▸ CEP")
    assert dialog.customer_fields.edits["cep"].hasFocus()
    dialog.customer_fields.fill(RECIPIENT)
    assert dialog.send() is None
    assert dialog.problem_label.text().startswith(
        "Nothing was sent. Field Return ▸ Contents: a content declaration"
    )
    assert dialog.fields.contents_edit.hasFocus()
    dialog.fields.contents_edit.setText("Camiseta")
    dialog.fields.outbound_edit.setText("AB123")
    assert dialog.send() is None
    assert dialog.problem_label.text().startswith("Nothing was sent. Field Return ▸ Outbound object")
    assert dialog.fields.outbound_edit.hasFocus()
    assert returns.list_returns(PlainTask(), context.shipping, refresh=False) == []
    assert context.shipping.book().shipments() == []
    dialog.close()


def test_with_no_default_sender_the_dialog_says_so_and_the_clerk_starts_there(
    tab: ShippingTab, qtbot: QtBot
) -> None:
    tab.returns.new_action.trigger()
    dialog = tab.dialog
    assert isinstance(dialog, ReturnDialog)
    drafted(dialog, qtbot)
    draft = returns.return_draft(PlainTask(), tab.desk.service)
    dialog.office_fields.fill(Person("", ""))
    dialog.fill(replace(draft, customer=RECIPIENT, office=None))  # as a book without a default sender gives
    assert dialog.note_label.text().endswith(
        "No default sender in Addresses: fill the office in, or pick it from the address book."
    )
    assert dialog.focusWidget() is dialog.office_fields.edits["name"]  # not Enter yet: the office first
    dialog.close()


def authorized(context: AppContext, name: str) -> ReturnAuthorization:
    """A return authorized as the CLI would (not through this window)."""
    customer = Person(**{**asdict(RECIPIENT), "name": name})
    order = Order(
        customer, SENDER, "03301", 800, length_cm=20, width_cm=15, height_cm=10,
        contents=(ContentLine("Camiseta", 1, Decimal("50.00")),),
        reverse=ReturnTerms(context.shipping.today() + timedelta(days=10)),
    )  # fmt: skip
    return returns.authorize_return(PlainTask(), context.shipping, order)


def test_the_returns_page_lists_refreshes_and_cancels_after_asking(
    tab: ShippingTab, context: AppContext, qtbot: QtBot
) -> None:
    page = tab.returns
    kept, gone = authorized(context, "Ana Souza"), authorized(context, "Bruno Lima")
    qtbot.waitUntil(lambda: len(cells(page, ReturnColumn.CODE)) == 2, timeout=WAIT_MS)  # another desk's, live
    assert page.summary_label.text() == "2 of 2 returns shown (2 not posted by the customers yet)"
    page.search_edit.setText("bruno")
    assert list(cells(page, ReturnColumn.CODE)) == [gone.code]
    page.search_edit.clear()
    asked: list[str] = []
    page.confirm = lambda question: asked.append(question) or True
    page.select_codes([gone.code])
    assert page.cancel_action.isEnabled()
    assert page.documents.copy_action.isEnabled()
    with qtbot.waitSignal(page.cancelled, timeout=WAIT_MS) as refused:
        page.cancel_action.trigger()
    assert refused.args[0] == []
    assert asked == ["Cancel 1 return authorization with the operator? The customer can no longer post it."]
    bar = tab.messages.message(CANCEL_KEY)
    assert bar is not None
    assert bar.text() == "1 return authorization cancelled."
    qtbot.waitUntil(lambda: cells(page, ReturnColumn.STATE).get(gone.code) == "Cancelled", timeout=WAIT_MS)
    page.select_codes([gone.code])
    assert not page.cancel_action.isEnabled()
    page.state_combo.setCurrentIndex(page.state_combo.findData(ReturnState.AUTHORIZED.value))
    assert list(cells(page, ReturnColumn.CODE)) == [kept.code]
    page.refresh_action.trigger()
    qtbot.waitUntil(lambda: tab.messages.message(REFRESH_KEY) is not None, timeout=WAIT_MS)
    bar = tab.messages.message(REFRESH_KEY)
    assert bar is not None
    assert bar.text() == "The operator was asked about 2 returns."
    assert list(cells(page, ReturnColumn.CODE)) == [kept.code]  # the filter stays
    with qtbot.waitSignal(tab.shipments.shipmentsLoaded, timeout=WAIT_MS) as read:
        tab.pages.setCurrentWidget(tab.shipments)  # read once shown
    assert read.args == [0]  # returns are this page's, not the pre-postings'


def test_authorize_a_return_from_tracking_opens_the_shipping_dialog_and_the_return_is_marked(
    context: AppContext, runner: TaskRunner, shared_sandbox: str, qtbot: QtBot
) -> None:
    requests.put(f"{shared_sandbox}/_sandbox/prepost/config", json={"rotulo_delay_s": 0}, timeout=5)
    context.shipping.addresses().save(Address(AddressKind.SENDER, is_default=True, **asdict(SENDER)))
    outbound = delivered_parcel(context, shared_sandbox)
    window = shown_window(context, runner, qtbot)
    tracking = window.show_tab(tracking_tab)
    assert isinstance(tracking, TrackingTab)
    with qtbot.waitSignal(tracking.refresher.finished, timeout=WAIT_MS):
        tracking.refresh([outbound])
    qtbot.waitUntil(
        lambda: tracking.select_code(outbound) and tracking.actions_.return_action.isEnabled(),
        timeout=WAIT_MS,
    )
    assert tracking.actions_.return_action in tracking.context_menu().actions()  # the list's right click
    tracking.actions_.return_action.trigger()  # click 2
    shipping = window.tabs.currentWidget()
    assert window.tabs.currentIndex() == TAB_FACTORIES.index(shipping_tab)
    assert isinstance(shipping, ShippingTab)
    assert shipping.pages.currentWidget() is shipping.returns
    dialog = shipping.dialog
    assert isinstance(dialog, ReturnDialog)
    drafted(dialog, qtbot)
    assert dialog.customer_fields.edits["name"].text() == RECIPIENT.name
    with qtbot.waitSignal(dialog.authorized, timeout=WAIT_MS) as made:
        dialog.authorize_button.click()  # click 3
    code = made.args[0].object_code
    assert code
    dialog.close()
    window.tabs.setCurrentWidget(tracking)
    tags = tracking.model

    def tag_of(object_code: str) -> str | None:
        row = tags.row_of_code(object_code)
        return None if row is None else str(tags.data(tags.index(row, ObjectColumn.TAG)))

    qtbot.waitUntil(
        lambda: tag_of(code) == "↩ Return · Maria da Silva", timeout=WAIT_MS
    )  # the customer, tagged
    assert tag_of(outbound) == "Maria da Silva"  # going out: no mark
    assert tracking.select_code(code)
    assert not tracking.actions_.return_action.isEnabled()  # coming back, not delivered: no return of it
    tracking.table.selectAll()
    assert not tracking.actions_.return_action.isEnabled()  # one object at a time
    combo = tracking.filters.tag_combo
    combo.setCurrentIndex(combo.findText("↩ Returns"))
    assert [tracking.model.watched(row).code for row in range(tracking.model.rowCount())] == [code]
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)
    window.close()


def test_handoffs_carry_the_object_to_authorize_a_return_of(qtbot: QtBot) -> None:
    handoffs = Handoffs()
    with qtbot.waitSignal(handoffs.returnRequested) as asked:
        handoffs.open_return("AB123456789BR")
    assert asked.args == ["AB123456789BR"]


def made(state: ReturnState, name: str, code: str) -> ReturnAuthorization:
    order = Order(
        Person(name, "20040020"),
        SENDER,
        "03247",
        500,
        reverse=ReturnTerms(date(2026, 12, 30), "QB314159265BR"),
    )
    shipment = Shipment(
        f"PR{code}",
        code,
        PrepostingStatus.PREPOSTED,
        order,
        "clerk",
        datetime(2026, 11, 28, 15, 0).astimezone(),
        None,
    )
    return ReturnAuthorization(shipment, code, date(2026, 12, 30), "QB314159265BR", state, code)


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ["Authorized", "Expired"]), ("pt_BR", ["Autorizada", "Expirada"])],
)
def test_the_return_model_words_states_in_the_windows_language(
    qapp: QCoreApplication, qtmodeltester: ModelTester, language: str, words: list[str]
) -> None:
    with speaking(qapp, language):
        model = ReturnModel()
        model.set_all(
            [
                made(ReturnState.AUTHORIZED, "Ana", "AA000000001BR"),
                made(ReturnState.EXPIRED, "Davi", "AA000000002BR"),
            ]
        )
        qtmodeltester.check(model)
        states = [str(model.data(model.index(row, ReturnColumn.STATE))) for row in range(2)]
        assert states == words
        assert model.data(model.index(0, ReturnColumn.SERVICE)) == "SEDEX Reverso"
        assert model.data(model.index(0, ReturnColumn.VALID_UNTIL)) == "30/12/2026"
        model.set_filter(ReturnState.EXPIRED.value, "")
        assert model.rowCount() == 1
        assert model.text_row(0).failed  # past its validity: it stands out
        assert return_mark() == {"en": "↩ Return", "pt_BR": "↩ Devolução"}[language]
