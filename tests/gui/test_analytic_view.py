"""The analytic statement view: load, filters, sorting, reconciliation, export, errors.

Statements come from the sandbox's own generator (deterministic; its items add up to
its service totals and its invoice total), written to ``tmp_path``; the expected
figures are worked out here from the parsed items, not from the view.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, QModelIndex, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.api.analytic import parse_analytic_csv
from postalgui.api.models.invoices import AnalyticItem, AnalyticStatement
from postalgui.gui import i18n
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.tabs.invoices.analytic_view import FETCH_BLOCK, AnalyticItemsModel, AnalyticView
from postalgui.gui.tasks import TaskRunner
from postalgui.sandbox.analytic_csv import analytic_csv
from postalgui.sandbox.invoice_data import large_invoice
from postalgui.services.invoices.item_index import ItemColumn, date_key, filter_rows, index_items

ITEMS = 1500  # more than one fetch block
LOAD_TIMEOUT_MS = 20_000


def statement_bytes(count: int = ITEMS) -> bytes:
    return analytic_csv(large_invoice(count))


def altered(data: bytes, add: str = "1,00") -> bytes:
    """The same statement with the first item's VALOR LIQUIDO raised by ``add``."""
    lines = data.decode("utf-8").split("\n")
    first = next(n for n, line in enumerate(lines) if line.startswith("CARTAO POSTAGEM")) + 1
    fields = lines[first].split(";")
    net = Decimal(fields[14].replace(",", ".")) + Decimal(add.replace(",", "."))
    fields[14] = f"{net:.2f}".replace(".", ",")
    lines[first] = ";".join(fields)
    return "\n".join(lines).encode("utf-8")


@pytest.fixture(scope="module")
def sample() -> bytes:
    return statement_bytes()


@pytest.fixture(scope="module")
def parsed(sample: bytes) -> AnalyticStatement:
    return parse_analytic_csv(sample)


@pytest.fixture
def sample_file(tmp_path: Path, sample: bytes) -> Path:
    path = tmp_path / "EXTRATO_ANALITICO_40032119_001.csv"
    path.write_bytes(sample)
    return path


@pytest.fixture
def view(runner: TaskRunner, qtbot: QtBot) -> Iterator[AnalyticView]:
    widget = AnalyticView(runner)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    yield widget
    widget.close()


def load(view: AnalyticView, qtbot: QtBot, path: Path) -> int:
    with qtbot.waitSignal(view.loaded, timeout=LOAD_TIMEOUT_MS) as blocker:
        view.load(path, "Invoice 40032119")
    count = blocker.args[0] if blocker.args else -1
    assert isinstance(count, int)
    return count


def net_sum(items: list[AnalyticItem]) -> Decimal:
    return sum((item.valor_liquido for item in items), Decimal(0))


def brl(amount: Decimal) -> str:
    from postalgui.api.values import format_brl

    return format_brl(amount)


def select_data(combo: object, value: str) -> None:
    from PySide6.QtWidgets import QComboBox

    assert isinstance(combo, QComboBox)
    position = combo.findData(value)
    assert position >= 0, value
    combo.setCurrentIndex(position)


# --- loading --------------------------------------------------------------------------------------


def test_load_shows_items_header_and_totals(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, parsed: AnalyticStatement
) -> None:
    assert view.stack.currentWidget() is view.empty_label
    assert load(view, qtbot, sample_file) == ITEMS
    assert view.stack.currentWidget() is view._content
    assert view.filtered_count() == ITEMS
    assert view.filtered_net() == net_sum(parsed.items)
    assert view.title_label.text() == "Invoice 40032119"
    assert view.header_labels["invoice"].text() == "40032119"
    assert "9912345678" in view.header_labels["contract"].text()
    assert view.header_labels["status"].text() == "Paid"  # the operator's "Paga", in the UI's words
    assert view.header_labels["due"].text() == parsed.header.get("DATA VENCIMENTO")
    assert "11.222.333/0001-81" in view.header_labels["company"].text()
    # Lazy rows: one block first, the rest on demand.
    assert view.model.rowCount() == FETCH_BLOCK
    assert view.model.canFetchMore(QModelIndex())
    view.model.fetchMore(QModelIndex())
    assert view.model.rowCount() == ITEMS
    assert not view.model.canFetchMore(QModelIndex())
    # Block 4 beside the items (one row per service and a total), block 5 as written.
    services = {total.codigo_servico for total in parsed.service_totals}
    assert view.services_model.rowCount() == len(services) + 1
    assert view.totals_model.rowCount() == len(parsed.invoice_totals)
    last = view.totals_model.rowCount() - 1
    assert view.totals_model.index(last, 2).data() == brl(parsed.invoice_totals[-1].valor)
    assert view.count_label.text().endswith(brl(net_sum(parsed.items)))
    assert view.export_button.isEnabled()


def test_cells_are_formatted_and_money_right_aligned(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, parsed: AnalyticStatement
) -> None:
    load(view, qtbot, sample_file)
    model = view.model
    first = parsed.items[0]

    def cell(column: int, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        return model.data(model.index(0, column), role)

    assert cell(ItemColumn.CARD) == first.cartao
    assert cell(ItemColumn.SERVICE) == f"{first.codigo_servico} {first.servico}"
    assert cell(ItemColumn.DATE) == first.data_postagem
    assert cell(ItemColumn.LABEL) == first.etiqueta
    assert cell(ItemColumn.CEP) == f"{first.cep_destinatario[:5]}-{first.cep_destinatario[5:]}"
    assert cell(ItemColumn.WEIGHT) == f"{first.peso:,} g".replace(",", ".")
    assert cell(ItemColumn.NET_VALUE) == brl(first.valor_liquido)
    assert cell(ItemColumn.UNIT_VALUE) == brl(first.valor_unitario)
    assert cell(ItemColumn.NET_VALUE, SORT_ROLE) == first.valor_liquido
    assert cell(ItemColumn.DATE, SORT_ROLE) == date_key(first.data_postagem)
    alignment = cell(ItemColumn.NET_VALUE, Qt.ItemDataRole.TextAlignmentRole)
    assert alignment == Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    header = model.headerData(ItemColumn.NET_VALUE, Qt.Orientation.Horizontal)
    assert header == "Net value"


def test_items_model_passes_the_model_tester(parsed: AnalyticStatement, qtmodeltester: ModelTester) -> None:
    # A model of its own: the tester stays connected, and a view's handlers would
    # fetch rows too (the model fetches nothing while it announces a reset or an order).
    model = AnalyticItemsModel()
    index = index_items(parsed.items)
    model.set_index(index)
    qtmodeltester.check(model)  # stays connected: every change below is checked
    model.fetchMore(QModelIndex())
    assert model.rowCount() == ITEMS
    model.sort(ItemColumn.NET_VALUE, Qt.SortOrder.DescendingOrder)
    model.set_subset(filter_rows(index, card=parsed.items[0].cartao))
    model.sort(ItemColumn.DATE, Qt.SortOrder.AscendingOrder)
    model.set_subset(filter_rows(index, text=parsed.items[0].etiqueta))
    model.sort(-1)
    model.set_index(None)
    assert model.rowCount() == 0


def test_the_view_s_model_passes_the_model_tester_while_used(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, qtmodeltester: ModelTester
) -> None:
    load(view, qtbot, sample_file)
    qtmodeltester.check(view.model)
    view.table.sortByColumn(ItemColumn.NET_VALUE, Qt.SortOrder.DescendingOrder)
    select_data(view.card_combo, parse_card(view))
    view.table.scrollToBottom()  # the view fetches the next block
    view.table.sortByColumn(ItemColumn.LABEL, Qt.SortOrder.AscendingOrder)
    view.card_combo.setCurrentIndex(0)
    view.table.scrollToBottom()
    qtbot.waitUntil(lambda: view.model.rowCount() > FETCH_BLOCK)


def test_empty_items_model_passes_the_model_tester(qtmodeltester: ModelTester) -> None:
    model = AnalyticItemsModel()
    qtmodeltester.check(model)  # Qt's C++ tester: nothing to fetch
    model.sort(ItemColumn.CARD)


def parse_card(view: AnalyticView) -> str:
    index = view.model.item_index()
    assert index is not None
    return sorted(index.by_card)[0]


# --- filters -------------------------------------------------------------------------------------


def test_card_and_service_filters_change_count_and_sum(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, parsed: AnalyticStatement
) -> None:
    load(view, qtbot, sample_file)
    cards = sorted({item.cartao for item in parsed.items})
    services = sorted({item.codigo_servico for item in parsed.items})
    assert len(cards) >= 2
    assert len(services) >= 2
    assert view.card_combo.count() == len(cards) + 1
    assert view.service_combo.count() == len(services) + 1

    card = cards[1]
    select_data(view.card_combo, card)
    expected = [item for item in parsed.items if item.cartao == card]
    assert 0 < view.filtered_count() == len(expected) < ITEMS
    assert view.filtered_net() == net_sum(expected)
    assert view.model.items() == expected
    assert f"{len(expected):,}".replace(",", "") in view.count_label.text().replace(",", "").replace(".", "")
    assert view.count_label.text().endswith(brl(net_sum(expected)))

    service = services[0]
    select_data(view.service_combo, service)
    both = [item for item in expected if item.codigo_servico == service]
    assert view.filtered_count() == len(both)
    assert view.filtered_net() == net_sum(both)

    view.card_combo.setCurrentIndex(0)  # "All cards"
    only_service = [item for item in parsed.items if item.codigo_servico == service]
    assert view.filtered_count() == len(only_service)
    assert view.filtered_net() == net_sum(only_service)

    view.service_combo.setCurrentIndex(0)
    assert view.filtered_count() == ITEMS
    assert view.filtered_net() == net_sum(parsed.items)


def test_search_and_dates_filter_after_a_pause(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, parsed: AnalyticStatement
) -> None:
    load(view, qtbot, sample_file)
    label = next(item.etiqueta for item in parsed.items if item.etiqueta)
    view.search_edit.setText(label.lower())
    assert view.filtered_count() == ITEMS  # debounced: nothing yet
    qtbot.waitUntil(lambda: view.filtered_count() == 1)
    assert view.model.item(0).etiqueta == label

    view.search_edit.clear()
    last_day = max(date_key(item.data_postagem) or 0 for item in parsed.items)
    view.date_from.setDate(QDate(last_day // 10000, last_day // 100 % 100, last_day % 100))
    view.apply_filters()
    on_last_day = [item for item in parsed.items if date_key(item.data_postagem) == last_day]
    assert view.filtered_count() == len(on_last_day)
    assert view.filtered_net() == net_sum(on_last_day)

    view.date_from.setDate(view.date_from.minimumDate())
    view.apply_filters()
    assert view.filtered_count() == ITEMS


# --- sorting -------------------------------------------------------------------------------------


def test_sort_by_net_value_both_ways_and_with_a_filter(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, parsed: AnalyticStatement
) -> None:
    load(view, qtbot, sample_file)
    view.table.sortByColumn(ItemColumn.NET_VALUE, Qt.SortOrder.DescendingOrder)
    nets = [item.valor_liquido for item in view.model.items()]
    assert len(nets) == ITEMS
    assert nets == sorted((item.valor_liquido for item in parsed.items), reverse=True)
    top = view.model.data(view.model.index(0, ItemColumn.NET_VALUE))
    assert top == brl(max(nets))

    view.table.sortByColumn(ItemColumn.NET_VALUE, Qt.SortOrder.AscendingOrder)
    nets = [item.valor_liquido for item in view.model.items()]
    assert nets == sorted(nets)

    # A filter keeps the order; both the small-subset and the mask paths.
    card = parse_card(view)
    select_data(view.card_combo, card)
    shown = view.model.items()
    assert {item.cartao for item in shown} == {card}
    assert [item.valor_liquido for item in shown] == sorted(item.valor_liquido for item in shown)
    view.search_edit.setText(shown[0].etiqueta or shown[0].data_postagem)
    view.apply_filters()
    few = view.model.items()
    assert 0 < len(few) < ITEMS // 64
    assert [item.valor_liquido for item in few] == sorted(item.valor_liquido for item in few)

    view.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # back to file order
    view.search_edit.clear()
    view.card_combo.setCurrentIndex(0)
    assert view.model.items() == parsed.items


def test_sort_keeps_the_selected_row(view: AnalyticView, qtbot: QtBot, sample_file: Path) -> None:
    load(view, qtbot, sample_file)
    view.table.selectRow(3)
    chosen = view.model.item(3)
    view.table.sortByColumn(ItemColumn.WEIGHT, Qt.SortOrder.AscendingOrder)
    current = view.table.currentIndex()
    if current.isValid():  # the row moved within the rows fetched so far
        assert view.model.item(current.row()) == chosen


def test_unreadable_dates_sort_last(
    view: AnalyticView, qtbot: QtBot, tmp_path: Path, sample: bytes, parsed: AnalyticStatement
) -> None:
    lines = sample.decode("utf-8").split("\n")
    first = next(n for n, line in enumerate(lines) if line.startswith("CARTAO POSTAGEM")) + 1
    fields = lines[first].split(";")
    fields[4] = ""
    lines[first] = ";".join(fields)
    path = tmp_path / "blank-date.csv"
    path.write_bytes("\n".join(lines).encode("utf-8"))
    load(view, qtbot, path)
    for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
        view.table.sortByColumn(ItemColumn.DATE, order)
        shown = view.model.items()
        assert shown[-1].data_postagem == ""
        keys = [date_key(item.data_postagem) for item in shown[:-1]]
        assert keys == sorted(keys, reverse=order == Qt.SortOrder.DescendingOrder)  # type: ignore[type-var]


# --- reconciliation ------------------------------------------------------------------------------


def test_reconciliation_of_a_consistent_statement_is_green(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, parsed: AnalyticStatement
) -> None:
    load(view, qtbot, sample_file)
    text = view.reconciliation_label.text()
    total = brl(net_sum(parsed.items))
    assert text == f"Items {total} · services {total} · invoice total {total} · difference R$ 0,00"
    assert view.reconciliation_label.property("balanced") is True
    reconciliation = view.reconciliation()
    assert reconciliation is not None
    assert reconciliation.balanced
    last = view.services_model.rowCount() - 1
    assert view.services_model.index(last, 6).data() == "R$ 0,00"


def test_reconciliation_shows_the_difference_of_an_altered_item(
    view: AnalyticView, qtbot: QtBot, tmp_path: Path, sample: bytes, parsed: AnalyticStatement
) -> None:
    path = tmp_path / "altered.csv"
    path.write_bytes(altered(sample, "1,00"))
    load(view, qtbot, path)
    text = view.reconciliation_label.text()
    assert "difference +R$ 1,00" in text
    code = parsed.items[0].codigo_servico
    assert f"service {code}: items +R$ 1,00" in text
    assert "items against the invoice total: +R$ 1,00" in text
    assert view.reconciliation_label.property("balanced") is False
    rows = [view.services_model.index(row, 0).data() for row in range(view.services_model.rowCount())]
    row = next(n for n, name in enumerate(rows) if name.startswith(code))
    assert view.services_model.index(row, 6).data() == "R$ 1,00"
    assert view.services_model.index(row, 6).data(Qt.ItemDataRole.ForegroundRole) == error_colour()
    assert view.services_model.index(row, 5).data(Qt.ItemDataRole.ForegroundRole) is None
    total = view.services_model.index(view.services_model.rowCount() - 1, 0)
    assert total.data(Qt.ItemDataRole.FontRole).bold()
    assert not view.services_model.index(0, 0).data(Qt.ItemDataRole.FontRole)
    assert view.filtered_net() == net_sum(parsed.items) + Decimal("1.00")


def test_totals_tables_pass_the_model_tester_and_sort_by_amount(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, qtmodeltester: ModelTester
) -> None:
    load(view, qtbot, sample_file)
    qtmodeltester.check(view.services_model, force_py=False)
    qtmodeltester.check(view.totals_model, force_py=False)
    model = view.totals_model
    model.sort(2, Qt.SortOrder.DescendingOrder)
    values = [model.index(row, 2).data(SORT_ROLE) for row in range(model.rowCount())]
    assert values == sorted(values, reverse=True)  # Decimal, not the text "R$ 9" > "R$ 10"
    assert all(isinstance(value, Decimal) for value in values)


def test_reconciliation_counts_the_invoices_other_rows(
    view: AnalyticView, qtbot: QtBot, tmp_path: Path
) -> None:
    """An R6 invoice has no items and one DEBITOS row (sandbox invoice 40032115): it adds up."""
    from postalgui.sandbox.invoice_data import contract_invoices

    r6 = next(inv for inv in contract_invoices("9912345678", date(2026, 11, 25)) if inv.doc_type == "R6")
    path = tmp_path / "r6.csv"
    path.write_bytes(analytic_csv(r6))
    load(view, qtbot, path)
    text = view.reconciliation_label.text()
    assert text == (
        "Items R$ 0,00 · services R$ 0,00 · other invoice rows +R$ 2.450,00 · "
        "invoice total R$ 2.450,00 · difference R$ 0,00"
    )
    assert view.reconciliation_label.property("balanced") is True


# --- export --------------------------------------------------------------------------------------


def test_export_items_as_an_excel_workbook_from_the_dialog(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openpyxl import load_workbook
    from PySide6.QtWidgets import QFileDialog

    load(view, qtbot, sample_file)
    target = tmp_path / "itens.xlsx"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_: (str(target), "Excel workbook (*.xlsx)"))
    with qtbot.waitSignal(view.exported, timeout=LOAD_TIMEOUT_MS):
        view.export_button.click()
    sheet = load_workbook(target).active
    assert sheet is not None
    assert sheet.freeze_panes == "A2"
    assert sheet.max_row == view.filtered_count() + 1
    first = dict(zip([cell.value for cell in sheet[1]], sheet[2], strict=True))
    assert first["CEP DESTINATARIO"].data_type == "s"
    assert len(str(first["CEP DESTINATARIO"].value)) == 8
    assert first["VALOR LIQUIDO"].number_format == '"R$" #,##0.00'
    assert first["DATA POSTAGEM"].number_format == "DD/MM/YYYY"


def test_export_writes_the_filtered_rows_in_the_order_shown(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, tmp_path: Path, parsed: AnalyticStatement
) -> None:
    load(view, qtbot, sample_file)
    card = parse_card(view)
    select_data(view.card_combo, card)
    view.table.sortByColumn(ItemColumn.NET_VALUE, Qt.SortOrder.DescendingOrder)
    expected = sorted(
        (item for item in parsed.items if item.cartao == card),
        key=lambda item: item.valor_liquido,
        reverse=True,
    )
    target = tmp_path / "out" / "items.csv"
    with qtbot.waitSignal(view.exported, timeout=LOAD_TIMEOUT_MS) as blocker:
        view.export_csv(target)
    assert blocker.args == [target]
    with target.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle, delimiter=";"))
    assert rows[0][0] == "CARTAO POSTAGEM"
    assert len(rows) == len(expected) + 1
    assert {row[0] for row in rows[1:]} == {card}
    assert [Decimal(row[14].replace(",", ".")) for row in rows[1:]] == [
        item.valor_liquido for item in expected
    ]
    message = view.messages.message(view.EXPORT_TASK_KEY)
    assert message is not None
    assert str(target) in message.text()


def test_export_failure_is_a_message(
    view: AnalyticView, qtbot: QtBot, sample_file: Path, tmp_path: Path
) -> None:
    load(view, qtbot, sample_file)
    blocker_file = tmp_path / "not-a-folder"
    blocker_file.write_text("x")
    view.export_csv(blocker_file / "items.csv")
    qtbot.waitUntil(lambda: view.messages.message(view.EXPORT_TASK_KEY) is not None)
    message = view.messages.message(view.EXPORT_TASK_KEY)
    assert message is not None
    assert message.text().startswith("Could not save the file")


# --- errors --------------------------------------------------------------------------------------


def test_a_malformed_statement_names_the_line(
    view: AnalyticView, qtbot: QtBot, tmp_path: Path, sample: bytes
) -> None:
    lines = sample.decode("utf-8").split("\n")
    detail = next(n for n, line in enumerate(lines) if line.startswith("CARTAO POSTAGEM"))
    bad = detail + 5
    fields = lines[bad].split(";")
    fields[14] = "doze reais"
    lines[bad] = ";".join(fields)
    path = tmp_path / "broken.csv"
    path.write_bytes("\n".join(lines).encode("utf-8"))
    with qtbot.waitSignal(view.loadFailed, timeout=LOAD_TIMEOUT_MS) as blocker:
        view.load(path, "broken")
    text = blocker.args[0] if blocker.args else ""
    assert f"line {bad + 1}" in text
    assert "VALOR LIQUIDO" in text
    bar = view.messages.message(view.TASK_KEY)
    assert bar is not None
    assert bar.text() == text
    assert view.stack.currentWidget() is view.empty_label


def test_a_missing_file_is_a_message(view: AnalyticView, qtbot: QtBot, tmp_path: Path) -> None:
    with qtbot.waitSignal(view.loadFailed, timeout=LOAD_TIMEOUT_MS) as blocker:
        view.load(tmp_path / "absent.csv", "absent")
    assert "absent.csv" in str(blocker.args[0])


def test_a_busy_page_stands_in_while_loading_and_cancel_leaves_it(
    view: AnalyticView, qtbot: QtBot, sample_file: Path
) -> None:
    load(view, qtbot, sample_file)
    handle = view.load(sample_file, "again")
    assert view.stack.currentWidget() is view.busy_page
    assert view.model.rowCount() == 0  # no Python model paints while the worker runs
    assert not view.export_button.isEnabled()
    assert "EXTRATO_ANALITICO_40032119_001.csv" in view.busy_label.text()
    with qtbot.assertNotEmitted(view.loaded, wait=200):
        view.cancel_button.click()
    assert handle.cancelled
    assert view.stack.currentWidget() is view.empty_label
    qtbot.waitUntil(handle.finished_event.is_set)


def test_a_newer_load_replaces_the_older(
    view: AnalyticView, qtbot: QtBot, tmp_path: Path, sample_file: Path
) -> None:
    small = tmp_path / "small.csv"
    small.write_bytes(statement_bytes(40))
    with qtbot.waitSignal(view.loaded, timeout=LOAD_TIMEOUT_MS) as blocker:
        view.load(sample_file, "big")
        view.load(small, "small")
    assert blocker.args == [40]
    assert view.title_label.text() == "small"
    assert view.filtered_count() == 40


@pytest.mark.parametrize("language", ["pt_BR", "en"])
def test_column_titles_are_never_cut(
    runner: TaskRunner, qtbot: QtBot, qapp: QApplication, language: str
) -> None:
    """ "Data de postage" and "uantidade" were what a bookkeeper read in Portuguese."""
    installed = i18n.install_translators(qapp, language)
    try:
        view = AnalyticView(runner)
        qtbot.addWidget(view)
        header = view.table.horizontalHeader()
        metrics = header.fontMetrics()
        for column in range(view.model.columnCount()):
            title = str(view.model.headerData(column, Qt.Orientation.Horizontal))
            assert view.table.columnWidth(column) >= metrics.horizontalAdvance(title) + 8, title
    finally:
        i18n.remove_translators(qapp, installed)
