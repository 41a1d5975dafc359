"""The results and history table models: Qt's model checks, texts, sorting and filters."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import QModelIndex, Qt
from pytestqt.qtbot import QtBot

from postalgui.api.models.price import ItemError, PriceQuery, PriceResponse, QuoteResult
from postalgui.gui.models.key_sorted import SortKeyProxy
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.tabs.price.history_panel import HistoryColumn, HistoryModel
from postalgui.gui.tabs.price.results_model import Column, QuoteFilterProxy, QuoteResultsModel
from postalgui.services.price.history import HistoryEntry

ALL_COLUMNS = tuple(Column)


def _query(
    product: str = "03220", destination: str = "01310100", grams: int = 300, **extra: object
) -> PriceQuery:
    return PriceQuery.model_validate(
        {"coProduto": product, "cepOrigem": "70002900", "cepDestino": destination, "psObjeto": grams, **extra}
    )


def _ok(
    index: int, final: str, *, product: str = "03220", charged: str = "300", cubic: str = "N"
) -> QuoteResult:
    response = PriceResponse.model_validate(
        {
            "coProduto": product,
            "pcProduto": final,
            "pcTotalServicosAdicionais": "0,00",
            "pcFinal": final,
            "psCobrado": charged,
            "inPesoCubico": cubic,
        }
    )
    return QuoteResult(index, _query(product), response)


def _failed(index: int, product: str = "03298") -> QuoteResult:
    return QuoteResult(
        index,
        _query(product, "20040020"),
        None,
        ItemError(code="PRC-104", text="CEP de destino não atendido pelo serviço"),
    )


def _sample() -> list[QuoteResult]:
    return [
        _ok(0, "19,92"),
        _failed(1),
        _ok(2, "1.234,56", product="04227", charged="12500", cubic="S"),
        _ok(3, "7,50", product="03298"),
        _failed(4, "03220"),
    ]


def _column(proxy: QuoteFilterProxy | SortKeyProxy, column: int) -> list[str]:
    return [proxy.index(row, column).data() for row in range(proxy.rowCount())]


def test_results_model_passes_the_model_tester(qtmodeltester: object) -> None:
    model = QuoteResultsModel(ALL_COLUMNS)
    model.set_results(_sample())
    qtmodeltester.check(model, force_py=False)  # type: ignore[attr-defined]
    model.append_results([_ok(5, "3,00"), _failed(6)])
    model.clear()
    model.append_results(_sample())
    assert model.rowCount() == 5


def test_filter_proxy_passes_the_model_tester(qtmodeltester: object) -> None:
    model = QuoteResultsModel(ALL_COLUMNS)
    proxy = QuoteFilterProxy()
    proxy.setSourceModel(model)
    model.set_results(_sample())
    proxy.sort(Column.FINAL, Qt.SortOrder.AscendingOrder)
    proxy.set_status("failed")
    qtmodeltester.check(proxy, force_py=False)  # type: ignore[attr-defined]
    model.append_results([_failed(7)])
    assert proxy.rowCount() == 3


def test_cells_read_like_the_office_writes_them() -> None:
    model = QuoteResultsModel(ALL_COLUMNS)
    model.set_results(_sample())

    def text(row: int, column: Column) -> str:
        return str(model.index(row, column).data())

    assert text(0, Column.LINE) == "1"
    assert text(0, Column.PRODUCT) == "03220 SEDEX"
    assert text(2, Column.PRODUCT) == "04227 Mini Envios"
    assert text(0, Column.DESTINATION) == "01310-100"
    assert text(0, Column.WEIGHT) == "300 g"
    assert text(2, Column.FINAL) == "R$ 1.234,56"
    assert text(2, Column.PRODUCT_PRICE) == "R$ 1.234,56"
    assert text(2, Column.SERVICES) == "R$ 0,00"
    assert text(2, Column.CHARGED_WEIGHT) == "12.500 g"
    assert text(2, Column.CUBIC) == "Yes"
    assert text(0, Column.CUBIC) == "No"
    assert text(0, Column.ERROR) == ""
    assert text(1, Column.ERROR) == "PRC-104: CEP de destino não atendido pelo serviço"
    assert text(1, Column.FINAL) == ""
    assert model.index(1, Column.FINAL).data(Qt.ItemDataRole.ToolTipRole) == text(1, Column.ERROR)
    assert model.index(0, Column.FINAL).data(Qt.ItemDataRole.ToolTipRole) is None
    assert model.index(1, Column.ERROR).data(Qt.ItemDataRole.ForegroundRole) is not None
    assert model.index(0, Column.ERROR).data(Qt.ItemDataRole.ForegroundRole) is None
    alignment = model.index(0, Column.FINAL).data(Qt.ItemDataRole.TextAlignmentRole)
    assert Qt.AlignmentFlag(alignment) & Qt.AlignmentFlag.AlignRight
    assert model.index(0, Column.FINAL).data(SORT_ROLE) == 19.92  # a float Qt sorts in C++
    assert model.index(1, Column.FINAL).data(SORT_ROLE) is None
    assert model.index(0, Column.WEIGHT).data(SORT_ROLE) == 300
    assert model.headerData(Column.FINAL, Qt.Orientation.Horizontal) == "Final price"
    assert model.failed_count() == 2


def test_a_view_picks_its_columns() -> None:
    model = QuoteResultsModel([Column.PRODUCT, Column.FINAL])
    model.set_results(_sample())
    assert model.columnCount() == 2
    assert model.column_of(Column.FINAL) == 1
    assert model.column_of(Column.ERROR) is None
    assert model.index(0, 1).data() == "R$ 19,92"
    assert model.result(2).index == 2
    assert [result.index for result in model.results()] == [0, 1, 2, 3, 4]


def test_append_adds_rows_at_the_end(qtbot: QtBot) -> None:
    model = QuoteResultsModel(ALL_COLUMNS)
    model.set_results(_sample()[:2])
    with qtbot.waitSignals([model.rowsInserted] * 3):
        model.append_results(_sample()[2:])
    with qtbot.assertNotEmitted(model.rowsInserted):
        model.append_results([])
    assert model.rowCount() == 5
    assert [model.result(row).index for row in range(5)] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("order", [Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder])
def test_failed_quotes_sort_after_every_price(order: Qt.SortOrder) -> None:
    model = QuoteResultsModel(ALL_COLUMNS)
    model.set_results(_sample())
    proxy = QuoteFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(Column.FINAL, order)
    prices = _column(proxy, Column.FINAL)
    expected = ["R$ 7,50", "R$ 19,92", "R$ 1.234,56"]
    if order == Qt.SortOrder.DescendingOrder:
        expected.reverse()
    assert prices == [*expected, "", ""]


def test_sorting_by_text_and_numbers() -> None:
    model = QuoteResultsModel(ALL_COLUMNS)
    model.set_results(_sample())
    proxy = QuoteFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(Column.LINE, Qt.SortOrder.DescendingOrder)
    assert _column(proxy, Column.LINE) == ["5", "4", "3", "2", "1"]
    proxy.sort(Column.PRODUCT, Qt.SortOrder.AscendingOrder)
    assert _column(proxy, Column.PRODUCT)[0].startswith("03220")
    assert _column(proxy, Column.PRODUCT)[-1] == "04227 Mini Envios"
    proxy.sort(Column.CHARGED_WEIGHT, Qt.SortOrder.DescendingOrder)
    assert _column(proxy, Column.CHARGED_WEIGHT)[0] == "12.500 g"
    # Text without a value (no error) comes last ascending, first descending.
    proxy.sort(Column.ERROR, Qt.SortOrder.AscendingOrder)
    assert _column(proxy, Column.ERROR)[-1] == ""


def test_filter_by_text_and_status() -> None:
    model = QuoteResultsModel(ALL_COLUMNS)
    model.set_results(_sample())
    proxy = QuoteFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_text("sedex")
    assert _column(proxy, Column.LINE) == ["1", "5"]
    proxy.set_text("PRC-104")
    assert _column(proxy, Column.LINE) == ["2", "5"]
    proxy.set_text("20040-020")  # formatted CEP
    assert _column(proxy, Column.LINE) == ["2", "5"]
    proxy.set_text("01310100 mini")  # every word, CEP without hyphen
    assert _column(proxy, Column.LINE) == ["3"]
    proxy.set_text("")
    proxy.set_status("ok")
    assert _column(proxy, Column.LINE) == ["1", "3", "4"]
    proxy.set_status("failed")
    assert _column(proxy, Column.LINE) == ["2", "5"]
    proxy.set_text("pac")
    assert _column(proxy, Column.LINE) == ["2"]
    proxy.set_status("all")
    assert _column(proxy, Column.LINE) == ["2", "4"]
    with pytest.raises(ValueError, match="status"):
        proxy.set_status("pending")


def test_sorting_and_filtering_a_thousand_rows() -> None:
    """Decimal prices sort numerically (Qt cannot compare them itself); timing: bench_price_gui."""
    rng = random.Random(7)
    results = [
        _failed(index)
        if rng.random() < 0.05
        else _ok(index, f"{rng.randint(500, 99999) / 100:.2f}".replace(".", ","))
        for index in range(1000)
    ]
    model = QuoteResultsModel(ALL_COLUMNS)
    model.set_results(results)
    proxy = QuoteFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(Column.FINAL, Qt.SortOrder.DescendingOrder)
    prices = [proxy.index(row, Column.FINAL).data(SORT_ROLE) for row in range(proxy.rowCount())]
    priced = [price for price in prices if price is not None]
    assert priced == sorted(priced, reverse=True)
    assert prices[len(priced) :] == [None] * (len(prices) - len(priced)), "failures last"
    proxy.set_text("sedex")
    proxy.set_status("ok")
    assert 0 < proxy.rowCount() < 1000
    proxy.sort(Column.FINAL, Qt.SortOrder.AscendingOrder)
    prices = [proxy.index(row, Column.FINAL).data(SORT_ROLE) for row in range(proxy.rowCount())]
    assert prices == sorted(prices)


# --- history -----------------------------------------------------------------------------------


def _entries() -> list[HistoryEntry]:
    now = datetime(2025, 3, 10, 15, 30, tzinfo=UTC)
    results = _sample()
    return [
        HistoryEntry(
            id=index + 1,
            at=now - timedelta(minutes=10 * index),
            environment="sandbox" if index % 2 == 0 else "custom-0123456789",
            source=("form", "batch", "history")[index % 3],
            query=result.query,
            response=result.response,
            failure=result.failure,
        )
        for index, result in enumerate(results)
    ]


def test_history_model_passes_the_model_tester(qtmodeltester: object) -> None:
    model = HistoryModel()
    model.set_entries(_entries())
    qtmodeltester.check(model, force_py=False)  # type: ignore[attr-defined]
    proxy = SortKeyProxy()
    proxy.setSourceModel(model)
    proxy.sort(HistoryColumn.FINAL, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy, force_py=False)  # type: ignore[attr-defined]


def test_history_cells() -> None:
    model = HistoryModel()
    model.set_entries(_entries())
    local = datetime(2025, 3, 10, 15, 30, tzinfo=UTC).astimezone()
    assert model.index(0, HistoryColumn.DATE).data() == local.strftime("%d/%m/%Y %H:%M")
    assert model.index(0, HistoryColumn.ENVIRONMENT).data() == "Sandbox"
    assert model.index(1, HistoryColumn.ENVIRONMENT).data() == "Custom URL"
    assert model.index(0, HistoryColumn.SOURCE).data() == "Form"
    assert model.index(1, HistoryColumn.SOURCE).data() == "Batch"
    assert model.index(0, HistoryColumn.PRODUCT).data() == "03220 SEDEX"
    assert model.index(0, HistoryColumn.ORIGIN).data() == "70002-900"
    assert model.index(0, HistoryColumn.DESTINATION).data() == "01310-100"
    assert model.index(0, HistoryColumn.WEIGHT).data() == "300 g"
    assert model.index(2, HistoryColumn.FINAL).data() == "R$ 1.234,56"
    assert model.index(1, HistoryColumn.FINAL).data() == ""
    assert model.index(1, HistoryColumn.ERROR).data().startswith("PRC-104: ")
    assert model.index(1, HistoryColumn.ERROR).data(Qt.ItemDataRole.ForegroundRole) is not None
    assert model.index(0, HistoryColumn.FINAL).data(SORT_ROLE) == Decimal("19.92")
    assert model.rowCount(model.index(0, 0)) == 0
    assert model.index(0, 0).parent() == QModelIndex()


def test_history_rows_shown_again_keep_their_cells_and_new_ones_are_worded() -> None:
    model = HistoryModel()
    entries = _entries()
    model.set_entries(entries[:3])
    shown = {model.entry(row).id: model.text_row(row) for row in range(model.rowCount())}
    changed = replace(entries[2], source="cli")  # the same quote, another entry: worded again
    model.set_entries([entries[1], entries[0], changed, entries[3]])
    rows = {model.entry(row).id: model.text_row(row) for row in range(model.rowCount())}
    assert rows[1] is shown[1]
    assert rows[2] is shown[2]
    assert rows[3] is not shown[3]
    assert rows[3].texts[HistoryColumn.SOURCE] == "Command line"
    assert rows[4].texts[HistoryColumn.WEIGHT] == "300 g"
    assert [model.entry(row).id for row in range(model.rowCount())] == [2, 1, 3, 4]


def test_history_sorts_newest_first_and_failures_last() -> None:
    model = HistoryModel()
    entries = _entries()
    model.set_entries(list(reversed(entries)))
    proxy = SortKeyProxy()
    proxy.setSourceModel(model)
    proxy.sort(HistoryColumn.DATE, Qt.SortOrder.DescendingOrder)
    ids = [model.entry(proxy.mapToSource(proxy.index(row, 0)).row()).id for row in range(proxy.rowCount())]
    assert ids == [1, 2, 3, 4, 5]
    proxy.sort(HistoryColumn.FINAL, Qt.SortOrder.DescendingOrder)
    assert _column(proxy, HistoryColumn.FINAL) == ["R$ 1.234,56", "R$ 19,92", "R$ 7,50", "", ""]
