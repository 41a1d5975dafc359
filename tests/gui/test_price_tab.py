"""The Prices tab's quote page against the embedded sandbox: compare, breakdown, form rules."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from decimal import Decimal

import pytest
import requests
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from postalgui.api.models.price import PriceQuery
from postalgui.gui.main_window import MainWindow
from postalgui.gui.tabs.price import PriceTab
from postalgui.gui.tabs.price.quote_form import DECLARED
from postalgui.gui.tabs.price.results_model import Column
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext

WAIT_MS = 20_000


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[PriceTab]:
    widget = PriceTab(context.price, runner, MessageArea())
    qtbot.addWidget(widget)
    widget.resize(1300, 760)
    widget.show()
    qtbot.waitUntil(lambda: widget.form.services_list.count() > 0, timeout=WAIT_MS)
    return widget


def price_requests(context: AppContext) -> int:
    stats = requests.get(f"{context.sandbox_url()}/_sandbox/stats", timeout=5).json()
    return sum(count for route, count in stats["requests"].items() if " /preco/v1/nacional" in route)


def fill_package(tab: PriceTab, destination: str = "05311-900") -> None:
    form = tab.form
    form.origin_edit.setText("01310-100")
    form.destination_edit.setText(destination)
    form.weight_spin.setValue(300)
    form.format_combo.setCurrentIndex(form.format_combo.findData("2"))
    for spin in (form.length_spin, form.width_spin, form.height_spin):
        spin.setValue(20)


def check_service(tab: PriceTab, key: str) -> None:
    items = tab.form.services_list
    for row in range(items.count()):
        if items.item(row).data(Qt.ItemDataRole.UserRole) == key:
            items.item(row).setCheckState(Qt.CheckState.Checked)
            return
    raise AssertionError(f"service {key} not offered")


def compared_products(tab: PriceTab) -> list[str]:
    column = tab.model.column_of(Column.PRODUCT)
    return [tab.proxy.index(row, column or 0).data() for row in range(tab.proxy.rowCount())]


def wait_for_results(tab: PriceTab, qtbot: QtBot) -> None:
    with qtbot.waitSignal(tab.quoteFinished, timeout=WAIT_MS):
        assert tab.quote()


def test_compare_prices_every_product_cheapest_first(tab: PriceTab, qtbot: QtBot) -> None:
    fill_package(tab)
    wait_for_results(tab, qtbot)

    results = [
        tab.model.result(tab.proxy.mapToSource(tab.proxy.index(row, 0)).row())
        for row in range(tab.proxy.rowCount())
    ]
    assert len(results) == len(tab.form.product_codes())
    priced = [r.response.pcFinal for r in results if r.ok and r.response is not None]
    assert priced == sorted(priced), "sorted by final price"
    failed = [r for r in results if not r.ok]
    assert failed, "Mini Envios cannot take a 20 cm box"
    assert results[-len(failed) :] == failed, "failures after every price"
    # Mini Envios only takes small packages: the operator's own item error, not a crash.
    mini = next(r for r in results if r.query.coProduto == "04227")
    assert mini.failure is not None
    assert mini.failure.code
    assert mini.failure.code.startswith("PRC-")
    assert "Cheapest:" in tab.summary.text()
    # The cheapest row is selected and its breakdown shown as a ladder.
    assert tab.breakdown.table.rowCount() > 5
    assert "Final price" in tab.breakdown.steps_text()


def test_official_example_breakdown_reaches_19_92(tab: PriceTab, qtbot: QtBot) -> None:
    """REFERENCE.md: SEDEX 300 g, 20x20x20, AR + declared value 200 -> R$ 19,92."""
    fill_package(tab)
    tab.form.declared_spin.setValue(200)
    check_service(tab, "001")
    assert DECLARED in tab.form.checked_services(), "a declared value checks the declared-value service"
    for row in range(tab.form.products_list.count()):
        item = tab.form.products_list.item(row)
        on = item.data(Qt.ItemDataRole.UserRole) in {"03220", "03298"}
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
    wait_for_results(tab, qtbot)

    sedex = next(r for r in tab.model.results() if r.query.coProduto == "03220")
    assert sedex.query.servicosAdicionais == ("001", "019")
    assert sedex.response is not None
    assert sedex.response.pcFinal == Decimal("19.92")
    pac = next(r for r in tab.model.results() if r.query.coProduto == "03298")
    assert pac.query.servicosAdicionais == ("001", "064"), "PAC uses its own declared-value service"

    source_row = tab.model.results().index(sedex)
    tab.table.selectRow(tab.proxy.mapFromSource(tab.model.index(source_row, 0)).row())
    text = tab.breakdown.steps_text()
    for expected in (
        "R$ 10,68",
        "R$ 11,13",
        "R$ 1,79",
        "R$ 7,00",
        "R$ 8,79",
        "= R$ 19,92",
        "1,00%",
        "R$ 21,00",
    ):
        assert expected in text
    tab.breakdown.copy_action.trigger()
    assert "R$ 19,92" in QApplication.clipboard().text()


def test_bad_input_names_the_field_and_sends_nothing(tab: PriceTab, context: AppContext) -> None:
    before = price_requests(context)
    fill_package(tab, destination="0531")
    tab.form.weight_spin.setValue(0)

    assert tab.quote() is False
    problems = tab.form.problems_label.text()
    assert "Destination CEP: CEP must have 8 digits (got 4)" in problems
    assert "Weight: Required for pricing" in problems
    assert "Nothing was sent" in tab.summary.text()
    assert price_requests(context) == before


def test_declared_value_needs_an_amount_and_respects_product_limits(tab: PriceTab, qtbot: QtBot) -> None:
    fill_package(tab)
    check_service(tab, DECLARED)
    assert tab.quote() is False
    assert "Declared value" in tab.form.problems_label.text()

    # R$ 500 is within SEDEX's limit but above Mini Envios' R$ 100: Mini Envios is
    # explained locally, the others are priced.
    tab.form.declared_spin.setValue(500)
    for row in range(tab.form.products_list.count()):
        item = tab.form.products_list.item(row)
        on = item.data(Qt.ItemDataRole.UserRole) in {"03220", "04227"}
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
    wait_for_results(tab, qtbot)
    mini = next(r for r in tab.model.results() if r.query.coProduto == "04227")
    assert mini.response is None
    assert mini.failure is not None
    assert "R$ 100,00" in mini.failure.text
    sedex = next(r for r in tab.model.results() if r.query.coProduto == "03220")
    assert sedex.ok


def test_international_mode_quotes_by_country(tab: PriceTab, qtbot: QtBot) -> None:
    tab.form.international_radio.setChecked(True)
    assert tab.form.country_combo.isVisibleTo(tab)
    assert not tab.form.destination_edit.isVisibleTo(tab)
    assert set(tab.form.product_codes()) == {"45110", "45128", "45209"}
    tab.form.country_combo.setCurrentIndex(tab.form.country_combo.findData("PT"))
    tab.form.origin_edit.setText("01310-100")
    tab.form.weight_spin.setValue(1500)
    tab.form.length_spin.setValue(30)
    tab.form.width_spin.setValue(20)
    tab.form.height_spin.setValue(10)
    wait_for_results(tab, qtbot)

    results = tab.model.results()
    assert {r.query.sgPaisDestino for r in results} == {"PT"}
    assert all(r.ok for r in results)
    assert any(r.response and r.response.nomeProduto for r in results)


def test_enter_quotes_and_origin_is_remembered(tab: PriceTab, context: AppContext, qtbot: QtBot) -> None:
    fill_package(tab)
    tab.form.destination_edit.setFocus()
    with qtbot.waitSignal(tab.quoteFinished, timeout=WAIT_MS):
        qtbot.keyClick(tab.form.destination_edit, Qt.Key.Key_Return)
    assert context.saved_settings.prices.origin_cep == "01310100"
    assert context.store.load().prices.origin_cep == "01310100"
    again = PriceTab(context.price, tab.runner, MessageArea())
    qtbot.addWidget(again)
    assert again.form.origin_edit.text() == "01310-100"


def test_package_preset_fills_the_form_and_new_ones_are_saved(
    tab: PriceTab, context: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    form = tab.form
    qtbot.waitUntil(lambda: form.package_combo.findText("Caixa tipo 2") > 0, timeout=WAIT_MS)
    index = form.package_combo.findText("Caixa tipo 2")
    form.package_combo.setCurrentIndex(index)
    form.package_combo.activated.emit(index)
    assert (form.length_spin.value(), form.width_spin.value(), form.height_spin.value()) == (27, 18, 9)
    assert form.weight_spin.value() == 1000

    form.weight_spin.setValue(750)
    monkeypatch.setattr(
        "PySide6.QtWidgets.QInputDialog.getText", lambda *args, **kwargs: ("Caixa loja", True)
    )
    form.save_package_button.click()
    # The save comes back as a read of the presets; one begun before it committed (another
    # desk's change, the subscription's first read) leaves the clerk's choice as it was.
    qtbot.waitUntil(lambda: form.package_combo.currentText() == "Caixa loja", timeout=WAIT_MS)
    saved = context.preset_store().list("package")  # office data, not the settings file
    assert (saved[-1].name, saved[-1].preset.weight_g) == ("Caixa loja", 750)
    assert saved[-1].preset.name not in [p.name for p in context.store.load().prices.package_presets]


def test_history_rerun_loads_the_form_and_quotes(tab: PriceTab, qtbot: QtBot) -> None:
    query = PriceQuery(
        coProduto="03220",
        cepOrigem="01310100",
        cepDestino="20040020",
        psObjeto=1200,
        tpObjeto="2",
        comprimento=30,
        largura=20,
        altura=10,
    )
    with qtbot.waitSignal(tab.quoteFinished, timeout=WAIT_MS):
        tab.history.rerunRequested.emit([query])
    assert tab.form.destination_edit.text() == "20040-020"
    (result,) = tab.model.results()  # only the product re-run is quoted
    assert result.ok
    assert result.query.coProduto == "03220"
    assert result.query.psObjeto == 1200
    assert tab.form.checked_products() == tab.form.product_codes()  # the list is not narrowed


def test_history_rerun_keeps_the_saved_product_selection(
    tab: PriceTab, context: AppContext, qtbot: QtBot
) -> None:
    items = tab.form.products_list
    for row in range(items.count()):
        if items.item(row).data(Qt.ItemDataRole.UserRole) in ("04227", "03158"):
            items.item(row).setCheckState(Qt.CheckState.Unchecked)
    chosen = context.store.load().prices.compare_products
    assert chosen
    assert "03298" in chosen
    query = PriceQuery(coProduto="04227", cepOrigem="01310100", cepDestino="20040020", psObjeto=300)
    with qtbot.waitSignal(tab.quoteFinished, timeout=WAIT_MS):
        tab.history.rerunRequested.emit([query])
    assert [result.query.coProduto for result in tab.model.results()] == ["04227"]
    assert tab.form.checked_products() == chosen
    # the next change starts from the saved selection, not from the product re-run
    for row in range(items.count()):
        if items.item(row).data(Qt.ItemDataRole.UserRole) == "03298":
            items.item(row).setCheckState(Qt.CheckState.Unchecked)
    assert context.store.load().prices.compare_products == [code for code in chosen if code != "03298"]


def test_prices_tab_is_the_first_tab_of_the_window(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    window = MainWindow(context, runner)
    qtbot.addWidget(window)
    window.show()
    assert isinstance(window.tabs.widget(0), PriceTab)
    assert window.tabs.tabText(0) == "&Prices"  # Alt+P
    qtbot.waitUntil(lambda: window.tabs.widget(0).form.services_list.count() > 0, timeout=WAIT_MS)
    window.close()


def test_enter_in_the_product_list_quotes_too(tab: PriceTab, qtbot: QtBot) -> None:
    fill_package(tab)
    tab.form.products_list.setFocus()
    with qtbot.waitSignal(tab.quoteFinished, timeout=WAIT_MS):
        qtbot.keyClick(tab.form.products_list, Qt.Key.Key_Return)


def test_declared_value_limits_are_summed_up_in_one_line(tab: PriceTab) -> None:
    tab.form.declared_spin.setValue(150)
    hint = tab.form.declared_hint
    assert hint.isVisibleTo(tab)
    assert hint.text() == "Limits: R$ 25,50 to R$ 10.000,00, by product"
    assert "R$ 25,50 to R$ 100,00: Mini Envios" in hint.toolTip()


def test_the_compared_products_are_kept(tab: PriceTab, context: AppContext) -> None:
    items = tab.form.products_list
    for row in range(items.count()):
        if items.item(row).data(Qt.ItemDataRole.UserRole) == "04227":
            items.item(row).setCheckState(Qt.CheckState.Unchecked)
    kept = context.store.load().prices.compare_products
    assert "04227" not in kept
    assert "03220" in kept


def test_the_product_list_follows_new_settings(tab: PriceTab, context: AppContext, qtbot: QtBot) -> None:
    prices = context.settings.prices.model_copy(
        update={"products": ["03298", "04227"], "product_names": {"03298": "PAC CONTRATO AG"}}
    )
    context.apply(context.saved_settings.model_copy(update={"prices": prices}))
    tab.settings_changed()
    assert tab.form.product_codes() == ["03298", "04227"]
    assert tab.form.products_list.item(0).text() == "03298 PAC CONTRATO AG"
    qtbot.waitUntil(lambda: tab.form.services_list.count() > 0, timeout=WAIT_MS)


def test_cancelling_a_comparison_gives_the_form_back(
    tab: PriceTab, context: AppContext, qtbot: QtBot
) -> None:
    """Cancel ends the task with ``finished(cancelled=True)``: Quote is enabled, Cancel hidden."""
    url = context.sandbox_url()
    answer = requests.put(f"{url}/_sandbox/faults", json={"latency_ms": 3000, "paths": ["/preco"]}, timeout=5)
    assert answer.ok
    fill_package(tab)
    assert tab.quote()
    assert not tab.form.quote_button.isEnabled()
    assert tab.cancel_button.isVisible()
    qtbot.mouseClick(tab.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.form.quote_button.isEnabled(), timeout=WAIT_MS)
    assert not tab.cancel_button.isVisible()
    assert tab.summary.text() == tab.tr("Cancelled.")


def test_typing_another_cep_while_quoting_stops_the_old_quote(
    tab: PriceTab, context: AppContext, qtbot: QtBot
) -> None:
    """Prices of the old route would arrive beside the new CEP: the quote is cancelled."""
    url = context.sandbox_url()
    answer = requests.put(f"{url}/_sandbox/faults", json={"latency_ms": 3000, "paths": ["/preco"]}, timeout=5)
    assert answer.ok
    fill_package(tab)
    assert tab.quote()
    qtbot.keyClicks(tab.form.destination_edit, "1")
    qtbot.waitUntil(lambda: tab.form.quote_button.isEnabled(), timeout=WAIT_MS)
    assert tab.model.rowCount() == 0


def test_the_form_never_edits_the_settings_it_was_given(
    tab: PriceTab, context: AppContext, qtbot: QtBot
) -> None:
    """The remembered origin comes back as a new value that the tab saves; the saved object
    every other tab reads is never changed behind the context's back."""
    from postalgui.services.settings import SettingsStore

    before = context.saved_settings
    shown_before = context.settings
    assert before.prices.origin_cep != "01310100"
    fill_package(tab)
    wait_for_results(tab, qtbot)
    assert before.prices.origin_cep != "01310100"
    assert shown_before.prices.origin_cep != "01310100"
    assert context.saved_settings.prices.origin_cep == "01310100"
    assert SettingsStore(context.paths.settings_file).load().prices.origin_cep == "01310100"


def test_batch_and_history_pages_are_built_when_first_shown(tab: PriceTab, qtbot: QtBot) -> None:
    """The Quote page comes first and alone; a quote made before the History page was ever
    opened is listed there when it is."""
    from postalgui.gui.tabs.price.batch_panel import BatchPanel
    from postalgui.gui.tabs.price.history_panel import HistoryPanel

    assert tab.findChild(BatchPanel) is None
    assert tab.findChild(HistoryPanel) is None
    fill_package(tab)
    wait_for_results(tab, qtbot)
    assert tab.findChild(HistoryPanel) is None
    tab.pages.setCurrentIndex(1)
    assert tab.findChild(BatchPanel) is tab.batch
    assert tab.batch.isVisible()
    tab.pages.setCurrentIndex(2)
    history = tab.findChild(HistoryPanel)
    assert history is tab.history
    qtbot.waitUntil(lambda: history.model.rowCount() == len(tab.model.results()), timeout=WAIT_MS)


def test_a_new_route_clears_the_old_prices_and_the_old_errors(tab: PriceTab, qtbot: QtBot) -> None:
    fill_package(tab)
    wait_for_results(tab, qtbot)
    assert tab.model.rowCount() > 0
    qtbot.keyClicks(tab.form.destination_edit, "0")  # editing the CEP: those prices are another route's
    assert tab.model.rowCount() == 0
    assert tab.summary.text() == ""

    tab.form.destination_edit.setText("0131")
    assert not tab.quote()
    assert tab.form.destination_edit.property("invalid")
    assert tab.form.problems_label.isVisibleTo(tab)
    qtbot.keyClicks(tab.form.destination_edit, "0100")
    assert not tab.form.destination_edit.property("invalid"), "the field's old error went with the edit"
    assert not tab.form.problems_label.isVisibleTo(tab)

    fill_package(tab)
    wait_for_results(tab, qtbot)
    tab.form.international_radio.setChecked(True)  # national prices beside a country: stale
    assert tab.model.rowCount() == 0


@pytest.mark.parametrize("language", ["pt_BR", "en"])
def test_price_and_error_columns_are_in_sight_at_1366x768(
    tab: PriceTab, qtbot: QtBot, qapp: QApplication, language: str
) -> None:
    """The window's default size fits a 1366x768 screen; its Prices tab is about 1080x560 there."""
    from postalgui.gui import i18n
    from postalgui.gui.tabs.price.history_panel import HistoryColumn

    fill_package(tab)
    wait_for_results(tab, qtbot)  # a quote in the history too, so its table shows
    installed = i18n.install_translators(qapp, language)
    try:
        tab.resize(1080, 560)
        batch = tab.batch
        pages = [
            (tab.table, [tab.model.column_of(Column.FINAL), tab.model.column_of(Column.ERROR)]),
            (batch.table, [batch.model.column_of(Column.FINAL), batch.model.column_of(Column.ERROR)]),
            (tab.history.table, [HistoryColumn.FINAL, HistoryColumn.ERROR]),
        ]
        for page, (table, columns) in enumerate(pages):
            tab.pages.setCurrentIndex(page)
            qtbot.waitUntil(table.isVisible)
            for column in columns:
                assert column is not None
                start = table.columnViewportPosition(column)
                width = table.viewport().width()
                assert 0 <= start <= width - 80, (page, column, start, width)
    finally:
        i18n.remove_translators(qapp, installed)


def test_the_summary_says_how_long_the_quote_took_not_how_long_ago(
    tab: PriceTab, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rebuilt later (must arrive by changed), the summary keeps the duration measured once."""
    import time
    from types import SimpleNamespace

    from postalgui.gui.tabs.price import tab as tab_module

    fill_package(tab)
    wait_for_results(tab, qtbot)
    took = re.search(r"\((\d+) ms\)", tab.summary.text())
    assert took is not None, tab.summary.text()
    later = time.perf_counter() + 30.0  # half a minute after the quote
    monkeypatch.setattr(tab_module, "time", SimpleNamespace(perf_counter=lambda: later))
    tab.form.arrive_check.setChecked(True)
    tab.form.arrive_check.setChecked(False)
    assert f"({took[1]} ms)" in tab.summary.text()


def test_a_reload_keeps_the_package_preset_chosen(tab: PriceTab, qtbot: QtBot) -> None:
    """Another desk's change reloads the presets; the clerk's choice stays on screen."""
    form = tab.form
    qtbot.waitUntil(lambda: form.package_combo.findText("Caixa tipo 2") > 0, timeout=WAIT_MS)
    index = form.package_combo.findText("Caixa tipo 2")
    form.package_combo.setCurrentIndex(index)
    form.package_combo.activated.emit(index)
    with qtbot.waitSignal(form.presets.presetsLoaded, timeout=WAIT_MS):
        form.presets.reload()  # what a change on another desk does
    assert form.package_combo.currentText() == "Caixa tipo 2"


def test_a_read_begun_before_the_save_committed_keeps_the_choice_until_the_save_shows(
    tab: PriceTab, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The busy-core run caught a read of the presets that had begun before the save
    committed blanking the package menu: the saved name was not in it yet."""
    from postalgui.services.price import preset_tasks

    form = tab.form
    qtbot.waitUntil(lambda: form.package_combo.findText("Caixa tipo 2") > 0, timeout=WAIT_MS)
    index = form.package_combo.findText("Caixa tipo 2")
    form.package_combo.setCurrentIndex(index)
    form.package_combo.activated.emit(index)
    release = threading.Event()
    save = preset_tasks.save_preset

    def held_save(*args: object, **kwargs: object) -> object:
        assert release.wait(WAIT_MS / 1000)
        return save(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(preset_tasks, "save_preset", held_save)
    monkeypatch.setattr(
        "PySide6.QtWidgets.QInputDialog.getText", lambda *args, **kwargs: ("Caixa loja", True)
    )
    form.save_package_button.click()  # the save waits; a read of the presets comes back first
    try:
        with qtbot.waitSignal(form.presets.presetsLoaded, timeout=WAIT_MS):
            form.presets.reload()
        assert form.package_combo.currentText() == "Caixa tipo 2"
    finally:
        release.set()
    qtbot.waitUntil(lambda: form.package_combo.currentText() == "Caixa loja", timeout=WAIT_MS)


def test_the_services_load_after_the_forms_first_paint(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    """Not from the tab's constructor: the task's thread would compete with the window's
    first picture. A tab built but not yet on screen asks for nothing; shown, it asks once."""
    started: list[str] = []
    run = runner.run

    def recording_run(fn, *args, **options):  # type: ignore[no-untyped-def]  # a spy on the runner
        started.append(options.get("key", ""))
        return run(fn, *args, **options)

    runner.run = recording_run  # type: ignore[method-assign]  # the spy
    widget = PriceTab(context.price, runner, MessageArea())
    qtbot.addWidget(widget)
    qtbot.wait(50)  # event-loop turns: a zero timer from the constructor would fire here
    assert "price.services" not in started
    widget.resize(1300, 760)
    widget.show()
    qtbot.waitUntil(lambda: widget.form.services_list.count() > 0, timeout=WAIT_MS)
    assert started.count("price.services") == 1
