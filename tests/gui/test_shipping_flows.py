"""The Shipping tab's flows with the real task runner against the real sandbox over HTTP:
a new pre-posting created and listed with its expiry, F5 asking the operator, Cancel
asking first and a refused cancel said in the operator's words with its code, the orders
dialog sending its good rows with a result per row, and "Ship this" from a real Prices
quote switching the window to Shipping with the dialog prefilled."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import TabPlaceholder
from postalgui.gui.tab_factories import TAB_FACTORIES, price_tab, shipping_tab
from postalgui.gui.tabs.price import PriceTab
from postalgui.gui.tabs.shipping import ShippingTab
from postalgui.gui.tabs.shipping.new_dialog import CREATE_KEY, NewPrepostingDialog
from postalgui.gui.tabs.shipping.orders_dialog import RESULT, OrdersDialog
from postalgui.gui.tabs.shipping.shipment_model import ShipmentColumn
from postalgui.gui.tabs.shipping.shipment_page import CANCEL_KEY, REFRESH_KEY
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from postalgui.services.shipping.addresses import Address, AddressKind
from tests.e2e.test_shipping_flow import RECIPIENT, SENDER
from tests.gui.shipping_support import speaking
from tests.gui.test_price_tab import fill_package, wait_for_results
from tests.gui.test_shipping_tab import cells
from tests.gui.test_shipping_window import shown_window

WAIT_MS = 30_000


@pytest.fixture(autouse=True)
def english(qapp: QCoreApplication) -> Iterator[None]:
    """English as the app speaks it (its plural forms)."""
    with speaking(qapp, "en"):
        yield


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, shared_sandbox: str, qtbot: QtBot) -> Iterator[ShippingTab]:
    """The tab shown, its first list read; the address book's default sender is SENDER; the
    sandbox's labels ready at once."""
    requests.put(f"{shared_sandbox}/_sandbox/prepost/config", json={"rotulo_delay_s": 0}, timeout=5)
    context.shipping.addresses().save(Address(AddressKind.SENDER, is_default=True, **asdict(SENDER)))
    built = ShippingTab(context.shipping, runner, MessageArea())
    qtbot.addWidget(built)
    built.resize(1300, 700)
    with qtbot.waitSignal(built.shipments.shipmentsLoaded, timeout=WAIT_MS):
        built.show()
    built.activateWindow()  # keys reach the focused widget of the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is built)
    yield built
    built.close()


def message(tab: ShippingTab, key: str) -> str:
    bar = tab.messages.message(key)
    return bar.text() if bar is not None else ""


def press(qtbot: QtBot, widget: QWidget, key: Qt.Key) -> None:
    """``key`` pressed in ``widget``, its window active and the focus in it (as a clerk's click leaves it)."""
    widget.window().activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget.window())
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)
    qtbot.keyClick(widget, key)


def create_one(tab: ShippingTab, qtbot: QtBot, *, keep: bool = False) -> str:
    """New… filled as a clerk fills it, Create: the new pre-posting's id, once listed.
    ``keep``: "Save the recipient in the address book" ticked (and its saving waited for)."""
    dialog = tab.new_preposting()
    assert isinstance(dialog, NewPrepostingDialog)
    sender = dialog.sender_fields.edits["name"]
    qtbot.waitUntil(lambda: sender.text() == SENDER.name, timeout=WAIT_MS)  # the address book's default
    dialog.set_recipient(RECIPIENT)
    fields = dialog.order_fields
    fields.service_combo.setCurrentIndex(fields.service_combo.findData("03298"))
    fields.weight_spin.setValue(1500)
    for spin, value in zip(fields.size_spins.values(), (20, 15, 10), strict=True):
        spin.setValue(value)
    fields.contents.add_line("Livros", 2, "45,00")
    dialog.keep_check.setChecked(keep)
    signals = [dialog.created, dialog.recipientKept] if keep else [dialog.created]
    with qtbot.waitSignals(signals, timeout=WAIT_MS, order="strict"):
        dialog.create_button.click()
    created = [shipment.prepost_id for shipment in tab.desk.service.book().shipments()]
    qtbot.waitUntil(lambda: created[0] in cells(tab.shipments, ShipmentColumn.ID), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: tab.dialog is None, timeout=WAIT_MS)
    return str(created[0])


def test_new_pre_posting_appears_with_its_id_and_expiry(tab: ShippingTab, qtbot: QtBot) -> None:
    prepost_id = create_one(tab, qtbot)
    assert prepost_id.startswith("PR")
    page = tab.shipments
    assert cells(page, ShipmentColumn.STATUS) == {prepost_id: "Pre-posted"}
    assert cells(page, ShipmentColumn.EXPIRES)[prepost_id] in ("Expires in 7 days", "Expires in 6 days")
    assert cells(page, ShipmentColumn.RECIPIENT)[prepost_id] == "Maria da Silva"
    assert cells(page, ShipmentColumn.SERVICE)[prepost_id] == "PAC"
    said = message(tab, CREATE_KEY)
    assert said == f"Pre-posting {prepost_id} created for Maria da Silva: post it within 7 days."
    assert tab.dialog is None  # accepted and gone


def test_a_new_recipient_is_kept_in_the_address_book_once_when_asked(
    tab: ShippingTab, context: AppContext, qtbot: QtBot
) -> None:
    book = context.shipping.addresses()
    assert book.list(kind=AddressKind.RECIPIENT) == []
    prepost_id = create_one(tab, qtbot, keep=True)
    (kept,) = book.list(kind=AddressKind.RECIPIENT)
    assert kept.person() == RECIPIENT
    assert message(tab, CREATE_KEY) == (
        f"Pre-posting {prepost_id} created for Maria da Silva: post it within 7 days. "
        "Maria da Silva is now in the address book."
    )
    assert tab.keep_recipient  # the next dialog offers it ticked
    again = create_one(tab, qtbot, keep=True)
    assert [address.uid for address in book.list(kind=AddressKind.RECIPIENT)] == [kept.uid]  # not twice
    assert message(tab, CREATE_KEY).endswith(
        f"{again} created for Maria da Silva: post it within 7 days. "
        "Maria da Silva was already in the address book."
    )
    create_one(tab, qtbot)  # not ticked: nothing asked of the book
    assert not tab.keep_recipient


def test_refresh_cancel_asks_and_a_refused_cancel_shows_the_operators_words(
    tab: ShippingTab, context: AppContext, qtbot: QtBot
) -> None:
    kept, elsewhere = create_one(tab, qtbot), create_one(tab, qtbot)
    context.shipping.client().cancel(
        elsewhere, context.shipping.requester()
    )  # cancelled by another system: this desk does not know yet
    page = tab.shipments
    asked: list[str] = []

    def say_yes(question: str) -> bool:
        asked.append(question)
        return True

    page.confirm = say_yes
    page.select_ids([elsewhere])
    with qtbot.waitSignal(page.cancelled, timeout=WAIT_MS) as refused:
        press(qtbot, page.table, Qt.Key.Key_Delete)
    assert asked == ["Cancel 1 pre-posting with the operator? Its object code can no longer be posted."]
    ((prepost_id, words),) = refused.args[0]
    assert prepost_id == elsewhere
    assert words.startswith("PPN-021: ")
    said = message(tab, CANCEL_KEY)
    assert said.startswith(f"0 pre-postings cancelled; the operator refused 1: {elsewhere}: PPN-021: ")

    with qtbot.waitSignal(page.shipmentsLoaded, timeout=WAIT_MS):
        press(qtbot, page.search_edit, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: cells(page, ShipmentColumn.STATUS)[elsewhere] == "Cancelled", timeout=WAIT_MS)
    assert cells(page, ShipmentColumn.EXPIRES)[elsewhere] == ""
    assert message(tab, REFRESH_KEY) == "The operator was asked about 2 pre-postings."

    page.select_ids([kept])
    assert page.cancel_action.isEnabled()
    with qtbot.waitSignal(page.cancelled, timeout=WAIT_MS) as none_refused:
        page.cancel_action.trigger()
    assert none_refused.args[0] == []
    assert message(tab, CANCEL_KEY) == "1 pre-posting cancelled."
    qtbot.waitUntil(lambda: cells(page, ShipmentColumn.STATUS)[kept] == "Cancelled", timeout=WAIT_MS)
    page.select_ids([kept, elsewhere])
    assert not page.cancel_action.isEnabled()  # nothing left to cancel


def test_the_orders_dialog_sends_the_good_rows_and_says_each_rows_result(
    tab: ShippingTab, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "pedidos.csv"
    path.write_text(
        "nome;cep;numero;codigoServico;pesoInformado;comprimentoInformado;larguraInformada;alturaInformada;"
        "valorDeclarado;conteudo\n"
        "Ana Souza;01310-100;200;03220;800;20;15;10;150,00;Camiseta\n"
        "Bruno Lima;0131;10;03298;abc;20;15;10;;Livro\n"
        "Davi Reis;20040-020;7;03298;300;20;15;10;;Caneca\n",
        encoding="utf-8",
    )
    dialog = tab.orders_file()
    assert isinstance(dialog, OrdersDialog)
    qtbot.waitUntil(lambda: dialog.sender_person == SENDER, timeout=WAIT_MS)  # the address book's default
    dialog.ask_open = lambda: path
    dialog.file_button.click()
    qtbot.waitUntil(lambda: dialog.task is None and dialog.good_only.isEnabled(), timeout=WAIT_MS)
    assert dialog.table.item(0, 3).text() == "São Paulo/SP"  # completed from the CEP
    assert dialog.table.item(1, RESULT).text().startswith("Row 3: Field cep: CEP must have 8 digits")
    assert not dialog.create_button.isEnabled()
    dialog.good_only.setChecked(True)
    with qtbot.waitSignal(dialog.created, timeout=WAIT_MS) as made:
        dialog.create_button.click()
    report = made.args[0]
    assert (len(report.created), report.refused, report.not_sent) == (2, [], 0)
    first, last = (item.prepost_id for item in report.created)
    results = [dialog.table.item(row, RESULT).text() for row in range(3)]
    assert results[0] == f"Created: {first}"
    assert results[1].startswith("Row 3: ")  # not sent: its problems stay said
    assert results[2] == f"Created: {last}"
    assert dialog.summary_label.text() == "2 pre-postings created, 0 refused, 0 not sent."
    qtbot.waitUntil(lambda: set(cells(tab.shipments, ShipmentColumn.ID)) == {first, last}, timeout=WAIT_MS)


def test_the_orders_dialog_asks_before_sending_rows_sent_before(
    tab: ShippingTab, context: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "pedidos.csv"
    path.write_text(
        "nome;cep;numero;codigoServico;pesoInformado;comprimentoInformado;larguraInformada;alturaInformada;"
        "conteudo;valor;numeroNotaFiscal\n"
        "Ana Souza;01310-100;200;03220;800;20;15;10;Camiseta;50,00;701\n"
        "Davi Reis;20040-020;7;03298;300;20;15;10;Caneca;20,00;702\n",
        encoding="utf-8",
    )
    asked: list[list[int]] = []

    def read(dialog: OrdersDialog, answer: bool | None) -> None:
        dialog.ask_open = lambda: path
        dialog.ask_again = lambda rows: asked.append(rows) or answer
        dialog.file_button.click()
        qtbot.waitUntil(lambda: dialog.task is None and dialog.create_button.isEnabled(), timeout=WAIT_MS)

    first = tab.orders_file()
    assert isinstance(first, OrdersDialog)
    qtbot.waitUntil(lambda: first.sender_person == SENDER, timeout=WAIT_MS)
    read(first, None)
    with qtbot.waitSignal(first.created, timeout=WAIT_MS) as made:
        first.create_button.click()
    assert asked == []  # nothing sent before: nothing asked
    ids = [item.prepost_id for item in made.args[0].created]
    assert len(ids) == 2
    first.close()

    again = tab.orders_file()
    assert isinstance(again, OrdersDialog)
    qtbot.waitUntil(lambda: again.sender_person == SENDER, timeout=WAIT_MS)
    read(again, None)
    shown = [again.table.item(row, RESULT).text() for row in range(2)]
    assert all(text.startswith("Sent before by ") for text in shown)
    assert [ids[0] in shown[0], ids[1] in shown[1]] == [True, True]
    assert again.send() is None  # the clerk cancelled the question: nothing sent
    assert asked == [[2, 3]]
    assert again.summary_label.text() == "Nothing was sent."
    assert len(context.shipping.book().shipments()) == 2

    again.ask_again = lambda rows: asked.append(rows) or False  # skip them
    with qtbot.waitSignal(again.created, timeout=WAIT_MS) as skipped:
        again.create_button.click()
    assert skipped.args[0].created == []
    assert again.table.item(0, RESULT).text().startswith("Sent before by ")
    assert "2 were sent before, not sent again." in again.summary_label.text()
    assert len(context.shipping.book().shipments()) == 2
    again.close()

    on_purpose = tab.orders_file()
    assert isinstance(on_purpose, OrdersDialog)
    qtbot.waitUntil(lambda: on_purpose.sender_person == SENDER, timeout=WAIT_MS)
    read(on_purpose, True)
    with qtbot.waitSignal(on_purpose.created, timeout=WAIT_MS) as sent:
        on_purpose.create_button.click()
    assert len(sent.args[0].created) == 2
    assert on_purpose.table.item(0, RESULT).text().startswith("Created: PR")
    assert len(context.shipping.book().shipments()) == 4
    on_purpose.close()


def test_ship_this_on_a_prices_quote_opens_shipping_with_the_dialog_prefilled(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    window = shown_window(context, runner, qtbot)
    prices = window.built_tab(TAB_FACTORIES.index(price_tab))
    assert isinstance(prices, PriceTab)
    # Shipping was never shown: the window builds it, then opens the draft there.
    assert isinstance(window.tabs.widget(TAB_FACTORIES.index(shipping_tab)), TabPlaceholder)
    fill_package(prices, "20040-020")
    wait_for_results(prices, qtbot)
    prices.table.selectRow(0)
    quote = prices.model.result(prices.proxy.mapToSource(prices.proxy.index(0, 0)).row())
    assert prices.ship_this.button.isEnabled()
    prices.ship_this.button.click()
    assert window.tabs.currentIndex() == TAB_FACTORIES.index(shipping_tab)
    shipping = window.tabs.currentWidget()
    assert isinstance(shipping, ShippingTab)
    dialog = shipping.dialog
    assert isinstance(dialog, NewPrepostingDialog)
    assert dialog.isVisible()
    fields = dialog.order_fields
    assert fields.service_combo.currentData() == quote.query.coProduto
    assert fields.weight_spin.value() == 300
    assert [spin.value() for spin in fields.size_spins.values()] == [20, 20, 20]
    assert dialog.recipient_fields.edits["cep"].text() == "20040-020"
    assert dialog.recipient_fields.edits["name"].text() == ""  # only the recipient is left to pick
    assert dialog.draft_label.text().startswith("From a quote: ")
    street = dialog.recipient_fields.edits["street"]
    qtbot.waitUntil(lambda: street.text() != "", timeout=WAIT_MS)  # the CEP filled it
    dialog.close()
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)
    window.close()
