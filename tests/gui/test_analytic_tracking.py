"""Track these objects: an analytic statement's lines become the objects the Tracking tab follows.

The Invoices feature follows them through its `Follow` port (the office's watchlist);
the Tracking tab reads them from the office database's change feed, and the window is
only asked to show it.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.analytic import parse_analytic_csv
from postalgui.api.models.invoices import AnalyticItem
from postalgui.gui.main_window import MainWindow, TabPlaceholder
from postalgui.gui.tab_factories import TAB_FACTORIES, invoices_tab, tracking_tab
from postalgui.gui.tabs.invoices import InvoicesTab
from postalgui.gui.tabs.invoices.analytic_view import AnalyticView
from postalgui.gui.tabs.tracking import TrackingTab
from postalgui.gui.tasks import TaskRunner
from postalgui.sandbox.analytic_csv import analytic_csv
from postalgui.sandbox.invoice_data import large_invoice
from postalgui.services.context import AppContext
from postalgui.services.invoices.item_index import date_key, key_date
from postalgui.services.ports import NewObject

LOAD_TIMEOUT_MS = 20_000


@pytest.fixture
def statement(tmp_path: Path) -> tuple[Path, list[AnalyticItem]]:
    data = analytic_csv(large_invoice(120))
    path = tmp_path / "EXTRATO_ANALITICO_40032119_001.csv"
    path.write_bytes(data)
    return path, parse_analytic_csv(data).items


@pytest.fixture
def view(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> AnalyticView:
    """The view alone, following through the office's watchlist (hidden: "Track these
    objects" needs no painting)."""
    widget = AnalyticView(runner, follow=context.invoices.follow)
    qtbot.addWidget(widget)
    return widget


def _load(view: AnalyticView, qtbot: QtBot, path: Path, invoice: str | None = "RE 40032119") -> None:
    with qtbot.waitSignal(view.loaded, timeout=LOAD_TIMEOUT_MS):
        view.load(path, "Invoice 40032119", invoice)


def _expected(item: AnalyticItem, invoice: str) -> NewObject:
    key = date_key(item.data_postagem)
    assert key is not None
    return NewObject(
        item.etiqueta,
        co_produto=item.codigo_servico,
        cep_destino=item.cep_destinatario,
        posted_on=key_date(key),
        invoice=invoice,
        invoice_amount=item.valor_liquido,
    )


def test_every_labelled_line_is_followed_with_its_product_posting_cep_invoice_and_amount(
    view: AnalyticView, context: AppContext, qtbot: QtBot, statement: tuple[Path, list[AnalyticItem]]
) -> None:
    path, items = statement
    _load(view, qtbot, path)
    assert view.track_button.isEnabled()
    with qtbot.waitSignal(view.objectsFollowed, timeout=LOAD_TIMEOUT_MS) as sent:
        view.track_button.click()
    objects = sent.args[0].objects
    labelled = [item for item in items if item.etiqueta]
    assert len(labelled) < len(items)  # the statement has unlabelled lines (letters billed apart)
    assert sorted(objects, key=lambda o: o.code) == sorted(
        (_expected(item, "RE 40032119") for item in labelled), key=lambda o: o.code
    )
    assert all(isinstance(found.invoice_amount, Decimal) for found in objects)
    followed = {watched.code: watched for watched in context.tracking.watchlist().objects()}
    assert set(followed) == {found.code for found in objects}  # in the office's watchlist
    assert {watched.source for watched in followed.values()} == {"invoice"}
    first = objects[0]
    assert (followed[first.code].invoice, followed[first.code].invoice_amount) == (
        "RE 40032119",
        first.invoice_amount,
    )
    bar = view.messages.message(view.tracking.TASK_KEY)
    assert bar is not None
    assert bar.text() == (
        f"{len(objects)} object(s) sent to the Tracking tab. "
        f"{len(items) - len(labelled)} line(s) without an object code left out."
    )


def test_the_selected_lines_only_and_the_header_number_without_a_document_type(
    view: AnalyticView, qtbot: QtBot, statement: tuple[Path, list[AnalyticItem]]
) -> None:
    path, _items = statement
    _load(view, qtbot, path, invoice=None)
    table, model = view.table, view.model
    picked = [row for row in range(10) if model.item(row).etiqueta][:2]
    for row in picked:
        table.selectionModel().select(
            model.index(row, 0),
            QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
        )
    with qtbot.waitSignal(view.objectsFollowed, timeout=LOAD_TIMEOUT_MS) as sent:
        view.tracking.action.trigger()  # the context menu's action
    objects = sent.args[0].objects
    assert objects == [_expected(model.item(row), "40032119") for row in picked]
    assert all(found.posted_on is not None and found.posted_on <= date.today() for found in objects)


def _pick(view: AnalyticView, count: int) -> list[str]:
    """Select the first ``count`` labelled lines; their codes."""
    model, table = view.model, view.table
    picked = [row for row in range(20) if model.item(row).etiqueta][:count]
    for row in picked:
        table.selectionModel().select(
            model.index(row, 0),
            QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
        )
    return [model.item(row).etiqueta for row in picked]


def _invoices(window: MainWindow) -> InvoicesTab:
    tab = window.built_tab(TAB_FACTORIES.index(invoices_tab))
    assert isinstance(tab, InvoicesTab)
    return tab


def _listed(tab: QWidget) -> set[str]:
    assert isinstance(tab, TrackingTab)
    return {watched.code for watched in tab.index.objects}


def _watching(tab: TrackingTab) -> bool:
    return tab.changes is not None and tab.changes.watching


@pytest.fixture
def whole_window(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[MainWindow]:
    window = MainWindow(context, runner, tab_factories=TAB_FACTORIES)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=LOAD_TIMEOUT_MS)


def test_tracked_from_an_invoice_they_are_listed_in_the_tracking_tab_built_then(
    whole_window: MainWindow, qtbot: QtBot, statement: tuple[Path, list[AnalyticItem]]
) -> None:
    view = _invoices(whole_window).analytic
    where = TAB_FACTORIES.index(tracking_tab)
    assert isinstance(whole_window.tabs.widget(where), TabPlaceholder)  # never shown yet
    _load(view, qtbot, statement[0])
    codes = _pick(view, 2)
    with qtbot.waitSignal(view.objectsFollowed, timeout=LOAD_TIMEOUT_MS):
        view.track_button.click()
    assert whole_window.tabs.currentIndex() == where  # the window showed it: navigation only
    tracking = whole_window.tabs.currentWidget()
    assert isinstance(tracking, TrackingTab)
    qtbot.waitUntil(lambda: set(codes) <= _listed(tracking), timeout=LOAD_TIMEOUT_MS)


def test_tracked_from_an_invoice_the_open_tracking_list_follows_the_office_and_asks_them(
    whole_window: MainWindow, context: AppContext, qtbot: QtBot, statement: tuple[Path, list[AnalyticItem]]
) -> None:
    where = TAB_FACTORIES.index(tracking_tab)
    whole_window.tabs.setCurrentIndex(where)
    tracking = whole_window.tabs.currentWidget()
    assert isinstance(tracking, TrackingTab)
    qtbot.waitUntil(lambda: _watching(tracking), timeout=LOAD_TIMEOUT_MS)
    view = _invoices(whole_window).analytic
    _load(view, qtbot, statement[0])
    codes = _pick(view, 2)
    with qtbot.waitSignal(view.objectsFollowed, timeout=LOAD_TIMEOUT_MS):
        view.track_button.click()
    qtbot.waitUntil(lambda: set(codes) <= _listed(tracking), timeout=LOAD_TIMEOUT_MS)
    watchlist = context.tracking.watchlist()

    def asked() -> bool:
        found = watchlist.known(codes)
        return len(found) == len(codes) and all(watched.checked_at is not None for watched in found.values())

    qtbot.waitUntil(asked, timeout=LOAD_TIMEOUT_MS)  # asked at once, as codes added in the tab are
