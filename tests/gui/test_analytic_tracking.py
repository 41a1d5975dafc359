"""Track these objects: an analytic statement's lines become the objects the Tracking tab follows."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel
from pytestqt.qtbot import QtBot

from postalgui.api.analytic import parse_analytic_csv
from postalgui.api.models.invoices import AnalyticItem
from postalgui.gui.tabs.invoices.analytic_view import AnalyticView
from postalgui.gui.tasks import TaskRunner
from postalgui.sandbox.analytic_csv import analytic_csv
from postalgui.sandbox.invoice_data import large_invoice
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
def view(runner: TaskRunner, qtbot: QtBot) -> AnalyticView:
    """The view alone (hidden: "Track these objects" needs no painting)."""
    widget = AnalyticView(runner)
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


def test_every_labelled_line_is_sent_with_its_product_posting_cep_invoice_and_amount(
    view: AnalyticView, qtbot: QtBot, statement: tuple[Path, list[AnalyticItem]]
) -> None:
    path, items = statement
    _load(view, qtbot, path)
    assert view.track_button.isEnabled()
    with qtbot.waitSignal(view.trackRequested, timeout=LOAD_TIMEOUT_MS) as sent:
        view.track_button.click()
    objects = sent.args[0]
    labelled = [item for item in items if item.etiqueta]
    assert len(labelled) < len(items)  # the statement has unlabelled lines (letters billed apart)
    assert sorted(objects, key=lambda o: o.code) == sorted(
        (_expected(item, "RE 40032119") for item in labelled), key=lambda o: o.code
    )
    assert all(isinstance(found.invoice_amount, Decimal) for found in objects)
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
    with qtbot.waitSignal(view.trackRequested, timeout=LOAD_TIMEOUT_MS) as sent:
        view.tracking.action.trigger()  # the context menu's action
    assert sent.args[0] == [_expected(model.item(row), "40032119") for row in picked]
    assert all(found.posted_on is not None and found.posted_on <= date.today() for found in sent.args[0])
