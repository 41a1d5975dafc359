"""The paged table (`gui/models/paged.py`, on the one `RowTableModel`) with no feature behind it."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import TaskControl
from postalgui.api.errors import ApiError
from postalgui.gui.models.paged import PagedTableModel
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.models.row_table import Column, RowTableModel
from postalgui.gui.tasks import TaskRunner

WAIT_MS = 5_000


@dataclass(frozen=True)
class Row:
    name: str
    amount: int


_COLUMNS: tuple[Column[Row], ...] = (
    Column("Name", lambda row: row.name),
    Column("Amount", lambda row: str(row.amount), lambda row: row.amount, numeric=True),
)


class RowModel(PagedTableModel[Row]):
    def __init__(
        self, runner: TaskRunner, key: str, page_size: int = 20, parent: QWidget | None = None
    ) -> None:
        super().__init__(runner, key, _COLUMNS, parent)
        self.page_size = page_size


@dataclass(frozen=True)
class FakePage:
    itens: list[Row]
    last: bool
    total: int | None


class Source:
    """``rows`` served ``size`` at a time; ``fail_on`` makes one page fail once."""

    def __init__(self, rows: int, *, state_total: bool = True, fail_on: int | None = None) -> None:
        self.rows = [Row(f"row {n:03}", n) for n in range(rows)]
        self.state_total = state_total
        self.fail_on = fail_on
        self.asked: list[tuple[str, int]] = []
        self._lock = threading.Lock()

    def __call__(self, task: TaskControl, label: str, page: int, size: int) -> FakePage:
        task.raise_if_cancelled()
        with self._lock:
            self.asked.append((label, page))
            if page == self.fail_on:
                self.fail_on = None
                raise ApiError("the page is not there")
        chunk = self.rows[page * size : (page + 1) * size]
        last = (page + 1) * size >= len(self.rows)
        return FakePage(chunk, last, len(self.rows) if self.state_total else None)


@pytest.fixture
def holder(qtbot: QtBot) -> QWidget:
    """The models' parent: pytest-qt deletes it before the runner shuts down, as a tab would go."""
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def test_record_model_answers_roles_from_its_hooks(
    runner: TaskRunner, holder: QWidget, qtmodeltester: ModelTester
) -> None:
    model = RowModel(runner, "test.rows", parent=holder)
    model.set_items([Row("b", 10), Row("A", 2)])
    assert model.rowCount() == 2
    assert model.columnCount() == 2
    assert model.index(0, 0).data() == "b"
    assert model.index(0, 0).data(SORT_ROLE) == "b"
    assert model.index(1, 0).data(SORT_ROLE) == "a"  # folded text
    assert model.index(1, 1).data(SORT_ROLE) == 2
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Amount"
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    assert model.index(0, 1).data(Qt.ItemDataRole.TextAlignmentRole) == right
    assert model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.TextAlignmentRole) == right
    assert model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) is None
    assert model.complete
    assert not model.canFetchMore(QModelIndex())
    model.append_items([Row("c", 3)])
    assert model.rowCount() == 3
    assert model.items()[-1] == Row("c", 3)
    qtmodeltester.check(model)
    assert isinstance(model, RowTableModel)


def test_pages_load_as_asked_and_a_new_source_starts_over(
    runner: TaskRunner, holder: QWidget, qtbot: QtBot, qtmodeltester: ModelTester
) -> None:
    source = Source(25)
    model = RowModel(runner, "test.rows", page_size=10, parent=holder)
    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS) as first:
        model.set_source(source, "a")
        assert model.loading
    assert first.args == [0]
    assert model.rowCount() == 10
    assert model.total() == 25
    assert model.canFetchMore(QModelIndex())
    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS):
        model.fetchMore(QModelIndex())
        model.fetchMore(QModelIndex())  # one page on its way: not asked twice
    assert source.asked == [("a", 0), ("a", 1)]
    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS) as third:
        model.fetchMore(QModelIndex())
    assert third.args == [2]
    assert model.complete
    assert not model.canFetchMore(QModelIndex())
    assert model.pages_loaded() == 3
    assert [row.amount for row in model.items()] == list(range(25))

    with qtbot.waitSignal(model.modelReset, timeout=WAIT_MS):
        model.set_source(source, "b", fetch=False)
    assert model.rowCount() == 0
    assert not model.loading
    assert model.canFetchMore(QModelIndex())
    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS):
        model.fetch_all()
    qtbot.waitUntil(lambda: model.complete and not model.loading, timeout=WAIT_MS)
    assert model.rowCount() == 25
    assert source.asked[3:] == [("b", 0), ("b", 1), ("b", 2)]
    qtmodeltester.check(model)  # last: the tester asks for more pages itself


def test_a_failed_page_stops_loading_until_retry(runner: TaskRunner, holder: QWidget, qtbot: QtBot) -> None:
    source = Source(15, state_total=False, fail_on=1)
    model = RowModel(runner, "test.rows", page_size=10, parent=holder)
    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS):
        model.set_source(source, "a")
    assert model.total() == 10  # not stated: what is here so far
    with qtbot.waitSignal(model.loadFailed, timeout=WAIT_MS) as failed:
        model.fetchMore(QModelIndex())
    assert "the page is not there" in failed.args[0]
    assert model.error == failed.args[0]
    assert not model.canFetchMore(QModelIndex())
    assert not model.loading
    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS):
        model.retry()
    assert model.error is None
    assert model.complete
    assert model.rowCount() == 15


@pytest.mark.parametrize("rows", [0, 10])
def test_an_empty_or_exact_last_page_ends_the_list(
    runner: TaskRunner, holder: QWidget, qtbot: QtBot, rows: int
) -> None:
    model = RowModel(runner, "test.rows", page_size=10, parent=holder)
    with qtbot.waitSignal(model.pageLoaded, timeout=WAIT_MS):
        model.set_source(Source(rows), "a")
    assert model.complete
    assert model.rowCount() == rows


def test_set_items_stops_the_page_on_its_way(runner: TaskRunner, holder: QWidget, qtbot: QtBot) -> None:
    model = RowModel(runner, "test.rows", page_size=10, parent=holder)
    loading: list[bool] = []
    model.loadingChanged.connect(loading.append)
    model.pageLoaded.connect(lambda number: pytest.fail(f"page {number} arrived after set_items"))
    model.set_source(Source(30), "a")
    model.set_items([Row("only", 1)])
    assert loading == [True, False]
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)
    assert model.rowCount() == 1
    assert model.complete
    assert model.total() == 1
