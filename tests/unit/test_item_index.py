"""The analytic statement's item index and its columns, without Qt: codes, sort permutations, filters.

Statements come from the sandbox's own generator (deterministic); the expected rows are
worked out here from the parsed items with plain Python sorts and comparisons.
"""

from __future__ import annotations

import random
from array import array
from decimal import Decimal
from pathlib import Path

import pytest

from postalgui.api.analytic import parse_analytic_csv
from postalgui.api.cancel import Cancelled, PlainTask
from postalgui.api.models.invoices import AnalyticItems, AnalyticStatement
from postalgui.sandbox.analytic_csv import analytic_csv
from postalgui.sandbox.invoice_data import large_invoice
from postalgui.services.columns import ordered_rows, word_filter
from postalgui.services.invoices.item_index import (
    ItemColumn,
    date_key,
    encode,
    filter_rows,
    index_items,
    load_indexed,
    sorted_rows,
)

ITEMS = 1500


@pytest.fixture(scope="module")
def sample() -> bytes:
    return analytic_csv(large_invoice(ITEMS))


@pytest.fixture(scope="module")
def parsed(sample: bytes) -> AnalyticStatement:
    return parse_analytic_csv(sample)


def test_filter_rows_combines_filters(parsed: AnalyticStatement) -> None:
    index = index_items(parsed.items)
    assert filter_rows(index) is None
    card = parsed.items[0].cartao
    service = parsed.items[0].codigo_servico
    rows = filter_rows(index, card=card, service=service, text=parsed.items[0].etiqueta)
    assert rows is not None
    assert 0 in rows
    assert all(
        parsed.items[row].cartao == card and parsed.items[row].codigo_servico == service for row in rows
    )
    nothing = filter_rows(index, card="no such card")
    assert nothing is not None
    assert len(nothing) == 0
    dated = filter_rows(
        index, first=date_key(parsed.items[0].data_postagem), last=date_key(parsed.items[0].data_postagem)
    )
    assert dated is not None
    assert [parsed.items[row] for row in dated] == [
        item for item in parsed.items if item.data_postagem == parsed.items[0].data_postagem
    ]
    assert index.items_at(range(len(parsed.items))) == parsed.items
    assert index.net_total == sum((item.valor_liquido for item in parsed.items), Decimal(0))


@pytest.mark.parametrize("size", [0, 1, 5000, 8193, 40_000])
@pytest.mark.parametrize("kind", ["few", "many", "text", "ascending", "descending"])
def test_sorted_rows_is_a_stable_sort(size: int, kind: str) -> None:
    generator = random.Random(f"{size}-{kind}")
    keys: list[object]
    if kind == "few":
        keys = [generator.randint(0, 3) for _ in range(size)]
    elif kind == "many":
        keys = [Decimal(generator.randint(0, 10**6)).scaleb(-2) for _ in range(size)]
    elif kind == "text":
        keys = [f"SL{generator.randint(0, 10**5):09d}BR" for _ in range(size)]
    elif kind == "ascending":
        keys = list(range(size))
    else:
        keys = list(range(size, 0, -1))
    expected = sorted(range(size), key=keys.__getitem__)
    assert list(sorted_rows(range(size), keys)) == expected


def test_columns_code_few_values_and_keep_many(parsed: AnalyticStatement) -> None:
    few = encode([item.codigo_servico for item in parsed.items])
    assert few.codes is not None
    assert list(few.values) == sorted({item.codigo_servico for item in parsed.items})
    labels = [f"L{n}" for n in range(2000)]
    many = encode(labels)
    assert many.codes is None
    assert many[5] == "L5"
    assert many.take([3, 1]) == ["L3", "L1"]
    assert few.take(range(3)) == [item.codigo_servico for item in parsed.items[:3]]


def test_date_key_reads_both_spellings() -> None:
    assert date_key("05/03/2026") == 20260305
    assert date_key("2026-03-05") == 20260305
    assert date_key("") is None
    assert date_key("31/13/2026") is None
    assert date_key("30/02/2026") is None
    assert date_key("aa/bb/cccc") is None


def test_ordered_rows_keeps_rows_without_a_value_last_and_filters_by_subset() -> None:
    order = array("I", [3, 0, 2, 1, 4])  # rows 1 and 4 have no value
    assert list(ordered_rows(order, 3)) == [3, 0, 2, 1, 4]
    assert list(ordered_rows(order, 3, descending=True)) == [2, 0, 3, 1, 4]
    assert list(ordered_rows(order, 3, descending=True, subset=[4, 0, 3])) == [0, 3, 4]
    assert list(ordered_rows(order, 0, descending=True)) == [3, 0, 2, 1, 4]


def test_word_filter_wants_every_word_in_a_row_s_text() -> None:
    search = ("sl1 01001-000 recife", "sl2 20000-000 rio", "sl3 01001-000 rio")
    assert word_filter(search, "") is None
    assert list(word_filter(search, "") or []) == []
    assert list(word_filter(search, "RIO") or []) == [1, 2]
    assert list(word_filter(search, "rio 01001") or []) == [2]
    assert list(word_filter(search, "rio", rows=[2, 0]) or []) == [2]
    assert word_filter(search, "", rows=[1]) == [1]


@pytest.mark.parametrize("column", [ItemColumn.NET_VALUE, ItemColumn.LABEL, ItemColumn.DATE, ItemColumn.CARD])
def test_index_orders_are_the_items_sorted(parsed: AnalyticStatement, column: int) -> None:
    index = index_items(parsed.items)
    expected = sorted(range(len(parsed.items)), key=lambda row: index.sort_value(column, row))
    assert list(index.ordered(column)) == expected
    subset = filter_rows(index, card=parsed.items[0].cartao)
    assert subset is not None
    assert list(index.ordered(column, subset=subset)) == [row for row in expected if row in set(subset)]
    descending = list(index.ordered(column, descending=True))
    assert [index.sort_value(column, row) for row in descending] == sorted(
        (index.sort_value(column, row) for row in expected), reverse=True
    )


def test_load_indexed_reads_reconciles_and_indexes(
    tmp_path: Path, sample: bytes, parsed: AnalyticStatement
) -> None:
    path = tmp_path / "analitico.csv"
    path.write_bytes(sample)
    loaded = load_indexed(PlainTask(), path)
    assert len(loaded.index) == len(parsed.items)
    assert loaded.statement.items == []  # handed over to the index
    assert loaded.reconciliation.balanced
    assert loaded.index.items_at([0, 1]) == parsed.items[:2]
    again = load_indexed(PlainTask(), path, previous=loaded.index)
    assert len(loaded.index) == 0  # the previous one was released
    assert len(again.index) == len(parsed.items)


def test_a_cancelled_load_raises(tmp_path: Path, sample: bytes) -> None:
    path = tmp_path / "analitico.csv"
    path.write_bytes(sample)
    task = PlainTask()
    task.cancel()
    with pytest.raises(Cancelled):
        load_indexed(task, path)


def test_a_parsed_statement_is_indexed_from_its_columns(
    monkeypatch: pytest.MonkeyPatch, parsed: AnalyticStatement
) -> None:
    """No `AnalyticItem` is made to index a parsed statement, and its columns stay as they were."""
    made = index_items(list(parsed.items))

    def no_item(*_: object) -> None:
        raise AssertionError("an AnalyticItem was made")

    monkeypatch.setattr(AnalyticItems, "__iter__", no_item)
    monkeypatch.setattr(AnalyticItems, "__getitem__", no_item)
    index = index_items(parsed.items)
    assert len(parsed.items) == ITEMS
    monkeypatch.undo()
    assert index.items_at(index.rows) == made.items_at(made.rows) == parsed.items
    assert [list(index.ordered(column)) for column in range(ItemColumn.COUNT)] == [
        list(made.ordered(column)) for column in range(ItemColumn.COUNT)
    ]
