"""The Contracts and cards tab against the embedded sandbox: list, detail, contacts, cards page by
page, services, the CON-011 answer, and the card used for quoting."""

from __future__ import annotations

import json
import re

import pytest
import requests
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow
from postalgui.gui.tab_factories import TAB_FACTORIES, contracts_tab, invoices_tab, price_tab
from postalgui.gui.tabs.contracts import ContractsTab
from postalgui.gui.tabs.contracts.card_model import CardColumn, CardModel
from postalgui.gui.tabs.contracts.contacts_view import contact_text
from postalgui.gui.tabs.contracts.contract_model import (
    EXPIRING_DAYS,
    ContractColumn,
    muted_colour,
    status_word,
    warning_colour,
)
from postalgui.gui.tabs.contracts.labels import field_label
from postalgui.gui.tabs.contracts.service_model import ServiceColumn, ServiceModel
from postalgui.gui.tabs.price import PriceTab
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext

WAIT_MS = 20_000
MAIN = "9912345678"
MAIN_CARD = "0074512345"
SMALL_CARD = "0074512346"  # PAC and Mini Envios only
IRREGULAR_CARD = "0074512347"
EXPIRING = "9912345680"
EXPIRING_CARD = "0074600001"


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> ContractsTab:
    """A shown tab with its contracts, the profile contract's detail and the token's APIs loaded."""
    widget = ContractsTab(context.contracts, runner, MessageArea())
    qtbot.addWidget(widget)
    widget.resize(1400, 900)
    with qtbot.waitSignals([widget.contractsLoaded, widget.detailLoaded, widget.apisLoaded], timeout=WAIT_MS):
        widget.show()
    return widget


def contract_row(tab: ContractsTab, number: str) -> int:
    row = tab.list_page.contract_model.row_of(number)
    assert row is not None, f"contract {number} is not listed"
    return row


def show_cards_page(tab: ContractsTab) -> None:
    tab.pages.setCurrentIndex(2)


def load_all_cards(tab: ContractsTab, qtbot: QtBot) -> None:
    """Scroll the card table to the bottom until every page is in."""

    def all_in() -> None:
        tab.cards_page.card_table.scrollToBottom()
        assert tab.cards_page.cards_model.complete
        assert not tab.cards_page.cards_model.loading

    qtbot.waitUntil(all_in, timeout=WAIT_MS)


def select_card(tab: ContractsTab, qtbot: QtBot, number: str) -> None:
    with qtbot.waitSignal(tab.cardServicesLoaded, timeout=WAIT_MS):
        assert tab.select_card(number)
    card = tab.current_card()
    assert card is not None
    assert card.nuCartaoPostagem == number


def wait_first_card_page(tab: ContractsTab, qtbot: QtBot) -> None:
    model = tab.cards_page.cards_model
    qtbot.waitUntil(lambda: model.pages_loaded() >= 1 and not model.loading, timeout=WAIT_MS)


# --- the contract list ------------------------------------------------------------------------


def test_the_tab_is_registered_after_invoices() -> None:
    assert TAB_FACTORIES.index(contracts_tab) == TAB_FACTORIES.index(invoices_tab) + 1


def test_list_shows_every_contract_and_selects_the_profile_contract(
    tab: ContractsTab, context: AppContext
) -> None:
    assert tab.windowTitle() == "Contracts and cards"
    model = tab.list_page.contract_model
    statuses = {c.status for c in model.contracts()}
    assert statuses == {"ATIVO", "SUSPENSO", "CANCELADO", "EM_DESENVOLVIMENTO"}
    current = tab.current_contract()
    assert current is not None
    assert current.nuContrato == context.profile.contract == MAIN

    row = contract_row(tab, MAIN)
    contract = model.contract(row)
    assert contract.dtInicioVigencia is not None
    assert model.index(row, ContractColumn.VALID_FROM).data() == contract.dtInicioVigencia.strftime(
        "%d/%m/%Y"
    )
    assert model.index(row, ContractColumn.STATUS).data() == "Active"
    assert (
        model.index(row, ContractColumn.STATUS).data(Qt.ItemDataRole.ToolTipRole)
        == "Active — usable normally (operator's code ATIVO)"
    )
    assert model.index(row, ContractColumn.NOTE).data() == ""
    assert model.index(row, ContractColumn.NUMBER).data(Qt.ItemDataRole.ForegroundRole) is None
    assert "APIs enabled for the current token:" in tab.apis_label.text()
    assert "34 Preço" in tab.apis_label.text()
    assert "76 Faturas" in tab.apis_label.text()  # every API of the demo card has its name
    assert not re.search(r"(^|, )\d+(,|$)", tab.apis_label.text().split(": ", 1)[1])
    assert MAIN_CARD in tab.active_label.text()


def test_without_a_contract_the_tab_names_the_setting_and_sends_nothing(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    """Spec 001, 5.2: the contract service takes a contract's token; none is set, so none is asked."""
    settings = context.saved_settings
    context.apply(
        settings.with_profile(
            settings.environment, context.profile.model_copy(update={"contract": "", "card": ""})
        )
    )
    widget = ContractsTab(context.contracts, runner, MessageArea())
    qtbot.addWidget(widget)
    with qtbot.waitSignal(widget.apisLoaded, timeout=WAIT_MS):
        widget.show()
    qtbot.waitUntil(lambda: widget.messages.message("contracts.list") is not None, timeout=WAIT_MS)
    bar = widget.messages.message("contracts.list")
    assert bar is not None
    assert "Settings (Contract)" in bar.text()
    assert widget.list_page.contracts_summary.text() == "No contract is set."
    qtbot.waitUntil(lambda: not widget.loading_contracts, timeout=WAIT_MS)
    sent = requests.get(f"{context.sandbox_url()}/_sandbox/stats", timeout=5).json()["requests"]
    assert not [route for route in sent if "/meucontrato" in route]
    # The warning takes a row of its own above the list: it covers nothing, and goes with its row.
    table = widget.list_page.contract_table
    qtbot.waitUntil(lambda: widget.messages.height() > 0, timeout=WAIT_MS)
    top = table.mapTo(widget, table.rect().topLeft()).y()
    assert top >= widget.messages.y() + widget.messages.height()
    bar.expire()
    qtbot.waitUntil(lambda: widget.messages.height() == 0, timeout=WAIT_MS)
    assert table.mapTo(widget, table.rect().topLeft()).y() < top


def test_expiring_and_inactive_contracts_are_marked(tab: ContractsTab) -> None:
    model = tab.list_page.contract_model
    row = contract_row(tab, EXPIRING)
    note = model.index(row, ContractColumn.NOTE).data()
    assert note.startswith("Expires in ")
    days = int(note.split()[2])
    assert 0 < days < EXPIRING_DAYS
    assert note == f"Expires in {days} days"
    assert model.index(row, ContractColumn.NOTE).data(Qt.ItemDataRole.ForegroundRole) == warning_colour()
    assert model.index(row, ContractColumn.NOTE).data(Qt.ItemDataRole.FontRole).bold()
    assert "expiring within 30 days" in tab.list_page.contracts_summary.text()

    for contract in model.contracts():
        if contract.status == "ATIVO":
            continue
        other = contract_row(tab, contract.nuContrato)
        colour = model.index(other, ContractColumn.NUMBER).data(Qt.ItemDataRole.ForegroundRole)
        assert isinstance(colour, QColor)
        assert colour == muted_colour()
        assert model.index(other, ContractColumn.NOTE).data() in {"Not active", "Expired"}
        tooltip = model.index(other, ContractColumn.STATUS).data(Qt.ItemDataRole.ToolTipRole)
        assert tooltip.startswith(f"{status_word(contract.status)} — ")
        assert tooltip.endswith(f"(operator's code {contract.status})")

    with_meaning = {
        model.contract(r).status: model.index(r, ContractColumn.STATUS).data(Qt.ItemDataRole.ToolTipRole)
        for r in range(model.rowCount())
    }
    assert with_meaning["CANCELADO"].startswith("Cancelled — cancelled; cannot be reactivated")
    assert with_meaning["SUSPENSO"].startswith("Suspended — suspended; can be reactivated")
    assert with_meaning["EM_DESENVOLVIMENTO"] == (
        "In development — being created, not yet active (operator's code EM_DESENVOLVIMENTO)"
    )
    words = {
        model.contract(r).status: model.index(r, ContractColumn.STATUS).data()
        for r in range(model.rowCount())
    }
    assert words["EM_DESENVOLVIMENTO"] == "In development"
    assert not any("_" in word for word in words.values())


def test_filters_by_status_and_validity(tab: ContractsTab, qtbot: QtBot) -> None:
    every = len(tab.list_page.contract_model.contracts())
    with qtbot.waitSignal(tab.contractsLoaded, timeout=WAIT_MS):
        tab.list_page.status_combo.setCurrentIndex(tab.list_page.status_combo.findData("SUSPENSO"))
    suspended = tab.list_page.contract_model.contracts()
    assert suspended
    assert {c.status for c in suspended} == {"SUSPENSO"}
    current = tab.current_contract()
    assert current is not None
    assert current.status == "SUSPENSO"  # the pages follow the list

    with qtbot.waitSignal(tab.contractsLoaded, timeout=WAIT_MS):
        tab.list_page.status_combo.setCurrentIndex(0)
    assert len(tab.list_page.contract_model.contracts()) == every

    with qtbot.waitSignal(tab.contractsLoaded, timeout=WAIT_MS):
        tab.list_page.valid_check.setChecked(True)
    valid = {c.nuContrato: c.status for c in tab.list_page.contract_model.contracts()}
    assert MAIN in valid
    assert EXPIRING in valid
    assert "CANCELADO" not in valid.values()
    assert "EM_DESENVOLVIMENTO" not in valid.values()
    assert len(valid) < every


# --- the contract's detail --------------------------------------------------------------------


def test_detail_shows_validity_status_meaning_combo_and_category(tab: ContractsTab, qtbot: QtBot) -> None:
    assert tab.detail_page.contract_title.text() == f"Contract {MAIN}"
    assert tab.detail_page.status_value.text() == "Active — usable normally"
    assert " to " in tab.detail_page.validity_value.text()
    assert tab.detail_page.combo_value.text() == "1052"
    assert tab.detail_page.category_value.text() not in {"", "—", "Loading…"}

    with qtbot.waitSignal(tab.detailLoaded, timeout=WAIT_MS):
        page = tab.list_page
        page.contract_table.selectRow(
            page.contract_proxy.mapFromSource(page.contract_model.index(contract_row(tab, EXPIRING), 0)).row()
        )
    assert "Expires in" in tab.detail_page.validity_value.text()
    cancelled = next(c for c in tab.list_page.contract_model.contracts() if c.status == "CANCELADO")
    with qtbot.waitSignal(tab.detailLoaded, timeout=WAIT_MS):
        assert tab.select_contract(cancelled.nuContrato)
    status = tab.detail_page.status_value.text()
    assert status.startswith("Cancelled — cancelled; cannot be reactivated")
    assert "not active" in status


def test_contacts_show_every_field_and_copy_as_text(tab: ContractsTab, qtbot: QtBot) -> None:
    management = tab.detail_page.management_view.cards()
    administration = tab.detail_page.administration_view.cards()
    assert management
    assert administration
    contact = management[0].contact
    assert contact.extras  # fields the spec does not name are kept ...
    texts = [label.text() for label in management[0].findChildren(type(tab.detail_page.status_value))]
    for value in contact.extras.values():
        assert str(value) in texts  # ... and shown
    assert contact.nome in texts

    QApplication.clipboard().clear()
    with qtbot.waitSignal(tab.contactCopied, timeout=WAIT_MS) as copied:
        qtbot.mouseClick(administration[0].copy_button, Qt.MouseButton.LeftButton)
    text = QApplication.clipboard().text()
    assert text == contact_text(administration[0].contact) == copied.args[0]
    assert f"Name: {administration[0].contact.nome}" in text
    for key in administration[0].contact.extras:
        assert f"{field_label(key)}: " in text
    extras = {key for card in [*management, *administration] for key in card.contact.extras}
    assert "ramal" in extras
    assert "horarioAtendimento" in extras
    labels = [label.text() for card in [*management, *administration] for label in card.findChildren(QLabel)]
    assert "Extension:" in labels
    assert "Office hours:" in labels
    assert "ramal:" not in labels
    assert "horarioAtendimento:" not in labels
    assert "Contact copied" in tab.messages.message("contracts.copy").text()

    management[0].copy_action.trigger()
    assert QApplication.clipboard().text() == contact_text(contact)


# --- services ---------------------------------------------------------------------------------


def test_contract_services_are_paged_and_searchable(tab: ContractsTab, qtbot: QtBot) -> None:
    panel = tab.services_panel
    tab.pages.setCurrentWidget(panel)
    model = tab.contract_services
    qtbot.waitUntil(lambda: model.rowCount() > 0 and not model.loading, timeout=WAIT_MS)
    with qtbot.waitSignal(model.modelReset, timeout=WAIT_MS):
        model.page_size = 5
        model.load_contract(tab.service, MAIN)
    qtbot.waitUntil(lambda: model.pages_loaded() >= 1 and not model.loading, timeout=WAIT_MS)
    total = model.total()
    assert total is not None
    assert total > 5

    panel.search_edit.setText("pac")  # a search loads every page, then filters
    qtbot.waitUntil(lambda: model.complete and not model.loading, timeout=WAIT_MS)
    assert model.rowCount() == total
    shown = [panel.proxy.index(r, ServiceColumn.DESCRIPTION).data() for r in range(panel.proxy.rowCount())]
    assert shown
    assert all("PAC" in text.upper() for text in shown)
    assert "match" in panel.summary.text()

    panel.table.selectRow(0)
    assert panel.detail.isVisible()
    assert panel.detail.text().startswith("Service: ")
    assert "Segment: " in panel.detail.text()


def test_card_services_and_the_con011_answer(tab: ContractsTab, qtbot: QtBot) -> None:
    show_cards_page(tab)
    wait_first_card_page(tab, qtbot)
    select_card(tab, qtbot, SMALL_CARD)
    codes = {service.codigo for service in tab.cards_page.detail.card_services.services()}
    assert codes == {"03298", "04227"}
    assert tab.cards_page.detail.card_number_value.text() == SMALL_CARD
    assert tab.cards_page.detail.card_status_value.text() == "Active — usable normally"

    panel = tab.cards_page.detail.card_services_panel
    with qtbot.waitSignal(panel.serviceChecked, timeout=WAIT_MS) as missing:
        assert panel.check_service("03204") is not None
    answer = missing.args[0]
    assert answer.startswith(f"Card {SMALL_CARD} does not have service 03204 (CON-011: ")
    assert panel.answer.text() == answer

    with qtbot.waitSignal(panel.serviceChecked, timeout=WAIT_MS) as found:
        panel.code_edit.setText("04227")
        qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    assert found.args[0].startswith(f"Card {SMALL_CARD} has service 04227 (")
    assert "Segment: " in found.args[0]  # the service's detail comes with it


def test_irregular_cards_are_highlighted_and_cannot_be_used(tab: ContractsTab, qtbot: QtBot) -> None:
    show_cards_page(tab)
    wait_first_card_page(tab, qtbot)
    row = tab.cards_page.cards_model.row_of(IRREGULAR_CARD)
    assert row is not None
    status = tab.cards_page.cards_model.index(row, CardColumn.STATUS)
    assert status.data() == "Irregular"
    assert status.data(Qt.ItemDataRole.FontRole).bold()
    assert status.data(Qt.ItemDataRole.ToolTipRole) == (
        "Irregular — irregular; the operator must be consulted (operator's code IRREGULAR)"
    )
    assert isinstance(status.data(Qt.ItemDataRole.ForegroundRole), QColor)
    holder = tab.cards_page.cards_model.index(row, CardColumn.HOLDER).data()
    assert "/" in holder  # 00.000.000/0000-00
    select_card(tab, qtbot, IRREGULAR_CARD)
    assert not tab.cards_page.detail.quote_button.isEnabled()
    select_card(tab, qtbot, SMALL_CARD)
    assert tab.cards_page.detail.quote_button.isEnabled()


# --- cards, page by page ----------------------------------------------------------------------


def test_card_model_loads_page_by_page(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, qtmodeltester: ModelTester
) -> None:
    model = CardModel(context.contracts, runner)
    model.page_size = 10
    assert not model.canFetchMore(QModelIndex())  # no contract yet
    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS) as first:
        model.load(MAIN)
        assert model.loading
    assert first.args == [0]
    assert model.rowCount() == 10
    assert model.canFetchMore(QModelIndex())
    total = model.total()
    assert total is not None
    assert total >= 30

    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS) as second:
        model.fetchMore(QModelIndex())
        model.fetchMore(QModelIndex())  # a page on its way: not asked twice
    assert second.args == [1]
    assert model.rowCount() == 20

    while model.canFetchMore(QModelIndex()):
        with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS):
            model.fetchMore(QModelIndex())
    numbers = [card.nuCartaoPostagem for card in model.cards()]
    assert len(numbers) == len(set(numbers)) == total
    assert model.complete
    qtmodeltester.check(model)

    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS):
        model.set_status("SUSPENSO")
    assert model.pages_loaded() == 1
    assert model.cards()
    assert {card.status for card in model.cards()} == {"SUSPENSO"}
    model.deleteLater()


def test_scrolling_loads_every_card_and_the_status_filter_reloads(tab: ContractsTab, qtbot: QtBot) -> None:
    show_cards_page(tab)
    tab.cards_page.cards_model.page_size = 10
    with qtbot.waitSignal(tab.cards_page.cards_model.pageLoaded, timeout=WAIT_MS):
        tab.cards_page.cards_model.load(MAIN)
    total = tab.cards_page.cards_model.total()
    assert total is not None
    assert total >= 30
    load_all_cards(tab, qtbot)
    assert tab.cards_page.cards_model.rowCount() == total
    assert tab.cards_page.cards_model.pages_loaded() >= 3
    assert tab.cards_page.cards_summary.text() == f"{total} card(s)"

    with qtbot.waitSignal(tab.cards_page.cards_model.pageLoaded, timeout=WAIT_MS) as reloaded:
        tab.cards_page.card_status_combo.setCurrentIndex(
            tab.cards_page.card_status_combo.findData("IRREGULAR")
        )
    assert reloaded.args == [0]
    load_all_cards(tab, qtbot)
    statuses = {card.status for card in tab.cards_page.cards_model.cards()}
    assert statuses == {"IRREGULAR"}
    assert tab.cards_page.cards_model.rowCount() < total


# --- the card used for quoting ----------------------------------------------------------------


def test_use_a_card_for_quoting(tab: ContractsTab, context: AppContext, qtbot: QtBot) -> None:
    assert tab.apis is not None
    assert 76 in tab.apis  # the main card's token enables the invoices API
    show_cards_page(tab)
    wait_first_card_page(tab, qtbot)
    select_card(tab, qtbot, SMALL_CARD)
    assert tab.cards_page.detail.quote_button.isEnabled()

    with qtbot.waitSignals([tab.settingsApplied, tab.tokenRenewed], timeout=WAIT_MS) as done:
        qtbot.mouseClick(tab.cards_page.detail.quote_button, Qt.MouseButton.LeftButton)
        assert not tab.cards_page.detail.quote_button.isEnabled()  # one switch at a time
    del done
    profile = context.settings.profile()
    assert profile.card == SMALL_CARD
    assert profile.contract == MAIN
    assert profile.dr == 72
    saved = json.loads(context.paths.settings_file.read_text(encoding="utf-8"))
    assert saved["prices"]["products"] == ["03298", "04227"]
    assert set(saved["prices"]["product_names"]) == {"03298", "04227"}
    assert context.settings.prices.products == ["03298", "04227"]

    message = tab.messages.message("contracts.quoting")
    assert message is not None
    assert f"Card {SMALL_CARD} of contract {MAIN} is now used for quoting" in message.text()
    assert "2 product(s)" in message.text()
    assert "Token renewed for the card" in message.text()
    assert SMALL_CARD in tab.active_label.text()
    assert "34 Preço" in tab.apis_label.text()
    assert tab.apis is not None
    assert 34 in tab.apis
    assert 76 not in tab.apis  # the small card's token opens quotes and tracking only
    assert "76 Faturas" not in tab.apis_label.text()
    row = tab.cards_page.cards_model.row_of(SMALL_CARD)
    assert row is not None
    assert tab.cards_page.cards_model.index(row, CardColumn.NUMBER).data(Qt.ItemDataRole.FontRole).bold()
    assert tab.cards_page.detail.quote_button.isEnabled()


def test_a_card_of_another_contract_moves_the_profile_and_the_list_follows_settings(
    tab: ContractsTab, context: AppContext, qtbot: QtBot
) -> None:
    with qtbot.waitSignal(tab.detailLoaded, timeout=WAIT_MS):
        assert tab.select_contract(EXPIRING)
    show_cards_page(tab)
    wait_first_card_page(tab, qtbot)
    select_card(tab, qtbot, EXPIRING_CARD)
    with qtbot.waitSignals([tab.settingsApplied, tab.tokenRenewed], timeout=WAIT_MS):
        tab.use_card_for_quoting()
    assert context.profile.contract == EXPIRING
    assert context.profile.card == EXPIRING_CARD
    assert context.profile.dr == 20

    # What the window does after settingsApplied: the tab made this change itself, so
    # its list stays; the token's APIs are asked again.
    with qtbot.waitSignal(tab.apisLoaded, timeout=WAIT_MS):
        tab.settings_changed()
    assert tab.loading_contracts is False

    # A change made elsewhere (the Settings dialog) to the profile's contract reloads the list.
    settings = context.saved_settings
    profile = settings.profile().model_copy(update={"contract": MAIN, "card": MAIN_CARD, "dr": 72})
    context.apply(settings.with_profile(settings.environment, profile))
    with qtbot.waitSignals([tab.contractsLoaded, tab.apisLoaded], timeout=WAIT_MS):
        tab.settings_changed()
    current = tab.current_contract()
    assert current is not None
    assert current.nuContrato == EXPIRING  # the shown contract stays shown
    assert tab.current_card() is not None
    assert MAIN_CARD in tab.active_label.text()


def test_the_prices_tab_follows_the_card(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    window = MainWindow(context, runner, tab_factories=[price_tab, contracts_tab])
    qtbot.addWidget(window)
    prices = window.tabs.widget(0)
    contracts = window.built_tab(1)  # tabs after the first are built when first shown
    assert isinstance(prices, PriceTab)
    assert isinstance(contracts, ContractsTab)
    with qtbot.waitSignals([contracts.contractsLoaded, contracts.detailLoaded], timeout=WAIT_MS):
        window.show()
    window.tabs.setCurrentWidget(contracts)
    show_cards_page(contracts)
    wait_first_card_page(contracts, qtbot)
    select_card(contracts, qtbot, SMALL_CARD)
    with qtbot.waitSignals([window.settingsApplied, contracts.tokenRenewed], timeout=WAIT_MS):
        contracts.use_card_for_quoting()
    assert prices.form.product_codes() == ["03298", "04227"]
    window.close()


# --- models -----------------------------------------------------------------------------------


def test_models_pass_the_model_tester(tab: ContractsTab, qtbot: QtBot, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(tab.list_page.contract_model)
    qtmodeltester.check(tab.list_page.contract_proxy)
    show_cards_page(tab)
    wait_first_card_page(tab, qtbot)
    select_card(tab, qtbot, SMALL_CARD)
    qtmodeltester.check(tab.cards_page.detail.card_services)
    qtmodeltester.check(tab.cards_page.detail.card_services_panel.proxy)
    standalone = ServiceModel(tab.runner, "test.services")
    standalone.set_items(tab.cards_page.detail.card_services.services())
    qtmodeltester.check(standalone)
    standalone.deleteLater()


def test_the_cards_list_shows_several_cards_at_1366x768(tab: ContractsTab, qtbot: QtBot) -> None:
    """The window's default size on a 1366x768 screen: the list must not shrink to three rows."""
    tab.resize(1080, 600)
    show_cards_page(tab)
    table = tab.cards_page.card_table
    qtbot.waitUntil(lambda: tab.cards_page.cards_model.rowCount() >= 7, timeout=WAIT_MS)
    rows_in_sight = table.viewport().height() // table.verticalHeader().defaultSectionSize()
    assert rows_in_sight >= 7


def test_the_contract_lists_last_column_is_readable_at_1366x768(tab: ContractsTab, qtbot: QtBot) -> None:
    """The tab at the window's default size on a 1366x768 screen: "Attention" is whole, no sideways scroll."""
    tab.resize(1080, 600)
    table = tab.list_page.contract_table
    header = table.horizontalHeader()

    def settled() -> None:
        note = ContractColumn.NOTE
        right = header.sectionViewportPosition(note) + header.sectionSize(note)
        assert right <= table.viewport().width()
        assert header.sectionSize(note) >= table.sizeHintForColumn(note)
        assert header.sectionSize(note) >= header.sectionSizeHint(note)
        assert not table.horizontalScrollBar().isVisible()

    qtbot.waitUntil(settled, timeout=WAIT_MS)
