"""The Shipping tab in the real window: its Alt letters and its dialogs' letters unique in
both languages (Prices' "Ship this" too), its keys doing their thing from the page, and its
words in Portuguese."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from postalgui.gui import i18n
from postalgui.gui.main_window import MainWindow, mnemonic_letter
from postalgui.gui.tab_factories import TAB_FACTORIES, price_tab, shipping_tab
from postalgui.gui.tabs.price import PriceTab
from postalgui.gui.tabs.shipping import ShippingTab
from postalgui.gui.tabs.shipping.new_dialog import NewPrepostingDialog
from postalgui.gui.tabs.shipping.orders_dialog import OrdersDialog
from postalgui.gui.tabs.shipping.words import expiry_text, labelled_word, status_word
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from tests.gui.alt_letters import shown_letters, window_letters, window_speaking

WAIT_MS = 30_000


def shipping_of(window: MainWindow, qtbot: QtBot) -> ShippingTab:
    index = TAB_FACTORIES.index(shipping_tab)
    window.tabs.setCurrentIndex(index)
    tab = window.built_tab(index)
    assert isinstance(tab, ShippingTab)
    qtbot.waitUntil(lambda: tab.desk.runner.active_count == 0, timeout=WAIT_MS)
    return tab


def shown_window(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> MainWindow:
    """The whole window with every tab, shown and active (keys reach its focused widget)."""
    window = MainWindow(context, runner, tab_factories=TAB_FACTORIES)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    return window


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> ShippingTab:
    """A Shipping tab, never shown, held for the whole test (qtbot holds its widgets weakly:
    a tab collected early takes its open dialog with it)."""
    built = ShippingTab(context.shipping, runner, MessageArea())
    qtbot.addWidget(built)
    return built


def new_dialog(tab: ShippingTab, qtbot: QtBot) -> NewPrepostingDialog:
    """The tab's New… dialog, shown."""
    dialog = tab.new_preposting()
    qtbot.waitExposed(dialog)  # activating a window not yet exposed may be dropped
    return dialog


def unique(letters: list[str]) -> bool:
    return sorted(letters) == sorted(set(letters))


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_every_alt_letter_on_the_tab_and_its_dialogs_is_unique(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, qapp: QCoreApplication, language: str
) -> None:
    with window_speaking(language, context, runner, qtbot, qapp) as window:
        tab = shipping_of(window, qtbot)
        for page in range(tab.pages.count()):
            tab.pages.setCurrentIndex(page)
            letters = window_letters(window) + shown_letters(tab)
            assert unique(letters), f"page {page}: {' '.join(sorted(letters))}"
        assert len(shown_letters(tab)) >= 2  # the pages' own titles
        for opens in (tab.new_preposting, tab.orders_file, tab.new_return):
            dialog = opens()
            qtbot.waitUntil(dialog.isVisible)
            letters = shown_letters(dialog)
            assert unique(letters), (type(dialog).__name__, sorted(letters))
            dialog.close()
        prices = window.built_tab(TAB_FACTORIES.index(price_tab))
        assert isinstance(prices, PriceTab)
        window.tabs.setCurrentWidget(prices)
        letters = window_letters(window) + shown_letters(prices)
        assert prices.ship_this.button.isVisible()
        ship = mnemonic_letter(prices.ship_this.button.text())
        assert ship
        # the Prices page's older letters may take turns (README); Ship this's is its own
        assert letters.count(ship) == 1, " ".join(sorted(letters))


def test_the_new_dialog_gives_its_alt_letters_to_the_recipient(tab: ShippingTab, qtbot: QtBot) -> None:
    dialog = new_dialog(tab, qtbot)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    assert shown_letters(dialog.sender_fields) == []
    assert sorted(shown_letters(dialog.recipient_fields)) == ["E", "N", "U"]
    qtbot.keyClick(dialog.order_fields.weight_spin, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    assert dialog.recipient_fields.edits["name"].hasFocus()
    dialog.close()


def test_page_keys_open_the_dialogs_and_cancel_from_the_table(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    window = shown_window(context, runner, qtbot)
    tab = shipping_of(window, qtbot)
    page = tab.shipments
    page.table.setFocus()
    qtbot.waitUntil(page.table.hasFocus)
    qtbot.keyClick(page.table, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert isinstance(tab.dialog, NewPrepostingDialog)
    tab.dialog.close()
    page.search_edit.setFocus()
    qtbot.keyClick(page.search_edit, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert isinstance(tab.dialog, OrdersDialog)
    tab.dialog.close()
    assert page.cancel_action.shortcut().toString() == "Del"
    assert page.cancel_action in page.table.actions()  # Delete on the table; the search box deletes letters
    assert page.cancel_action not in page.actions()
    with qtbot.waitSignal(page.refresh_action.triggered):
        qtbot.keyClick(page.search_edit, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)
    window.close()


@pytest.fixture
def portuguese(qapp: QCoreApplication) -> Iterator[None]:
    default = QLocale()
    installed = i18n.install_translators(qapp, "pt_BR")
    yield
    i18n.remove_translators(qapp, installed)
    QLocale.setDefault(default)


@pytest.mark.usefixtures("portuguese")
def test_the_tab_speaks_the_shipping_office_words_in_portuguese() -> None:
    assert QCoreApplication.translate("ShippingTab", "Shipping") == "Envios"
    assert QCoreApplication.translate("ShippingTab", "P&re-postings") == "P&ré-postagens"
    assert QCoreApplication.translate("NewPrepostingDialog", "Recipient") == "Destinatário"
    assert QCoreApplication.translate("NewPrepostingDialog", "Sender") == "Remetente"
    assert QCoreApplication.translate("ContentLines", "Content declaration") == "Declaração de conteúdo"
    assert QCoreApplication.translate("ShipThis", "&Ship this…") == "Enviar este o&bjeto…"
    assert status_word("5") == "Cancelado"
    assert status_word("2") == "Pré-postado"
    assert status_word("9", "Em análise") == "Desconhecido (9): Em análise"  # never an error
    assert labelled_word(True) == "Emitida"  # under "Etiqueta": the office's mark, not a status
    assert expiry_text(7, "2") == "Expira em 7 dias"
    assert QCoreApplication.translate("ShippingOutcome", "Not sent") == "Não enviada"
    assert QApplication.translate("ShipmentModel", "Declared value") == "Valor declarado"


def test_the_content_column_has_room_at_the_dialogs_size(tab: ShippingTab, qtbot: QtBot) -> None:
    dialog = new_dialog(tab, qtbot)
    contents = dialog.order_fields.contents
    contents.add_line("Livros e cadernos escolares", 12, "1.234,56")
    header = contents.table.horizontalHeader()
    qtbot.waitUntil(lambda: header.sectionSize(0) > 0)
    assert header.sectionSize(0) >= max(header.sectionSize(1), header.sectionSize(2))
    assert not contents.table.horizontalScrollBar().isVisible()
    dialog.close()
