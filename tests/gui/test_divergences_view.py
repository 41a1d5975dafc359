"""The divergences view: known fields formatted, every extra field kept, empty and error states."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import TaskControl
from postalgui.api.errors import OperatorError
from postalgui.api.models.invoices import Divergence
from postalgui.gui.tabs.invoices.divergences_view import (
    KNOWN_FIELDS,
    DivergenceModel,
    DivergencesView,
    posting_date,
)
from postalgui.services.context import AppContext
from postalgui.services.invoices import documents as invoicing
from postalgui.services.invoices.service import InvoiceService
from postalgui.services.tasks import TaskRunner

TIMEOUT_MS = 60_000
PERIOD = (date(2026, 1, 1), date(2026, 3, 31))

RECORDS: list[dict[str, Any]] = [
    {
        "codigoObjeto": "OB123456785BR",
        "dataPostagem": "2026-03-05",
        "valorTarifadoSgpb": 31.9,
        "valorCobrado": 25.5,
        "motivo": "PESO DIVERGENTE",
        "pesoAferido": 1200,
    },
    {
        "codigoObjeto": "SL987654321BR",
        "dataPostagem": "02/03/2026",
        "valorTarifadoSgpb": "112,40",
        "motivo": "DIMENSOES DIVERGENTES",
        "medidas": {"altura": 10, "largura": 20},
        "reavaliado": True,
    },
    {"codigoObjeto": "NB111111119BR", "valorTarifadoSgpb": 7, "observacao": None},
]


def divergences_of(records: list[dict[str, Any]]) -> list[Divergence]:
    return [Divergence.model_validate(record) for record in records]


@pytest.fixture
def view(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[DivergencesView]:
    widget = DivergencesView(context, runner)
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    widget.show()
    yield widget
    widget.close()


@pytest.fixture
def fake_service(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Replaces the service call; append a list to answer with, or an exception to raise."""
    answers: list[object] = []

    def fake(
        task: TaskControl, service: InvoiceService, contrato: str, dr: int, start: date, end: date
    ) -> list[Divergence]:
        del task, service, contrato, dr, start, end
        answer = answers.pop(0) if answers else []
        if isinstance(answer, BaseException):
            raise answer
        assert isinstance(answer, list)
        return answer

    monkeypatch.setattr(invoicing, "divergences", fake)
    return answers


def headers(view: DivergencesView) -> list[str]:
    model = view.proxy
    return [str(model.headerData(column, Qt.Orientation.Horizontal)) for column in range(model.columnCount())]


def cell(view: DivergencesView, row: int, column: int) -> str:
    return str(view.proxy.data(view.proxy.index(row, column)))


def test_empty_before_a_query(view: DivergencesView) -> None:
    assert view.refresh() is None
    assert view.stack.currentWidget() is view.empty_label
    assert "Choose a contract" in view.empty_label.text()


def test_known_fields_are_formatted_and_extra_fields_kept(
    view: DivergencesView, qtbot: QtBot, fake_service: list[object]
) -> None:
    fake_service.append(divergences_of(RECORDS))
    with qtbot.waitSignal(view.loaded, timeout=TIMEOUT_MS) as blocker:
        view.set_query("9912345678", 72, *PERIOD)
    assert blocker.args == [3]
    assert view.stack.currentWidget() is view.table
    assert "9912345678" in view.query_label.text()
    assert "01/01/2026" in view.query_label.text()
    assert headers(view) == [
        "Object code",
        "Posting date",
        "Tariffed value",
        "valorCobrado",
        "motivo",
        "pesoAferido",
        "medidas",
        "reavaliado",
        "observacao",
    ]
    assert view.model.extra_fields() == [
        "valorCobrado",
        "motivo",
        "pesoAferido",
        "medidas",
        "reavaliado",
        "observacao",
    ]
    assert [cell(view, 0, column) for column in range(3)] == ["OB123456785BR", "05/03/2026", "R$ 31,90"]
    assert [cell(view, 1, column) for column in range(3)] == ["SL987654321BR", "02/03/2026", "R$ 112,40"]
    assert cell(view, 2, 1) == ""
    assert cell(view, 0, 3) == "25.5"
    assert cell(view, 1, 3) == ""  # a field one record lacks is blank there, not dropped
    assert cell(view, 1, 6) == '{"altura": 10, "largura": 20}'
    assert cell(view, 1, 7) == "Yes"
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    assert view.proxy.data(view.proxy.index(0, 2), Qt.ItemDataRole.TextAlignmentRole) == right
    assert view.proxy.data(view.proxy.index(0, 3), Qt.ItemDataRole.TextAlignmentRole) == right
    assert view.proxy.data(view.proxy.index(0, 4), Qt.ItemDataRole.TextAlignmentRole) != right
    assert "R$ 151,30" in view.count_label.text()


def test_sorting_by_tariffed_value_and_date(
    view: DivergencesView, qtbot: QtBot, fake_service: list[object]
) -> None:
    fake_service.append(divergences_of(RECORDS))
    with qtbot.waitSignal(view.loaded, timeout=TIMEOUT_MS):
        view.set_query("9912345678", 72, *PERIOD)
    view.table.sortByColumn(KNOWN_FIELDS.index("valorTarifadoSgpb"), Qt.SortOrder.DescendingOrder)
    values = [divergence.valorTarifadoSgpb for divergence in view.divergences()]
    assert values == [Decimal("112.40"), Decimal("31.9"), Decimal("7")]
    view.table.sortByColumn(KNOWN_FIELDS.index("dataPostagem"), Qt.SortOrder.AscendingOrder)
    codes = [divergence.codigoObjeto for divergence in view.divergences()]
    assert codes == ["SL987654321BR", "OB123456785BR", "NB111111119BR"]  # no date goes last


def test_no_divergences_is_the_empty_state(
    view: DivergencesView, qtbot: QtBot, fake_service: list[object]
) -> None:
    fake_service.append([])
    with qtbot.waitSignal(view.loaded, timeout=TIMEOUT_MS) as blocker:
        view.set_query("9912345678", 72, *PERIOD)
    assert blocker.args == [0]
    assert view.stack.currentWidget() is view.empty_label
    assert (
        view.empty_label.text()
        == "No tariff divergences for contract 9912345678 from 01/01/2026 to 31/03/2026."
    )


def test_an_error_is_a_message_and_try_again_asks_again(
    view: DivergencesView, qtbot: QtBot, fake_service: list[object]
) -> None:
    fake_service.append(OperatorError(["FAT-010: Contrato não pertence ao usuário"], status=403))
    fake_service.append(divergences_of(RECORDS[:1]))
    view.set_query("9912345678", 72, *PERIOD)
    qtbot.waitUntil(lambda: view.messages.message(view.TASK_KEY) is not None, timeout=TIMEOUT_MS)
    bar = view.messages.message(view.TASK_KEY)
    assert bar is not None
    assert "FAT-010" in bar.text()
    assert view.stack.currentWidget() is view.empty_label
    qtbot.waitUntil(lambda: view.refresh_button.isEnabled())
    assert bar.action_button is not None
    with qtbot.waitSignal(view.loaded, timeout=TIMEOUT_MS) as blocker:
        bar.action_button.click()
    assert blocker.args == [1]
    assert view.messages.message(view.TASK_KEY) is None


def test_set_query_without_run_waits_for_refresh(
    view: DivergencesView, qtbot: QtBot, fake_service: list[object]
) -> None:
    assert view.set_query("9912345678", 72, *PERIOD, run=False) is None
    assert view.query() == ("9912345678", 72, *PERIOD)
    fake_service.append(divergences_of(RECORDS))
    with qtbot.waitSignal(view.loaded, timeout=TIMEOUT_MS):
        view.refresh_button.click()
    assert view.model.rowCount() == 3


def test_divergence_model_passes_the_model_tester(qtmodeltester: ModelTester) -> None:
    model = DivergenceModel()
    qtmodeltester.check(model)
    model.set_divergences(divergences_of(RECORDS))
    model.sort(2, Qt.SortOrder.DescendingOrder)
    model.sort(5, Qt.SortOrder.AscendingOrder)
    model.set_divergences(divergences_of(RECORDS[2:]))
    model.clear()


def test_posting_date_spellings() -> None:
    assert posting_date("2026-03-05") == date(2026, 3, 5)
    assert posting_date("2026-03-05T10:11:12") == date(2026, 3, 5)
    assert posting_date("05/03/2026") == date(2026, 3, 5)
    assert posting_date("05-03-2026") == date(2026, 3, 5)
    assert posting_date("ontem") is None
    assert posting_date(None) is None


def test_divergences_from_the_embedded_sandbox(
    view: DivergencesView, qtbot: QtBot, context: AppContext
) -> None:
    profile = context.profile
    assert profile.contract
    assert profile.dr is not None
    start, end = invoicing.last_twelve_months(date.today())
    with qtbot.waitSignal(view.loaded, timeout=TIMEOUT_MS) as blocker:
        view.set_query(profile.contract, profile.dr, start, end)
    count = blocker.args[0]
    assert view.messages.message(view.TASK_KEY) is None
    if count:
        assert view.stack.currentWidget() is view.table
        assert view.proxy.rowCount() == count
        shown = headers(view)
        assert shown[:3] == ["Object code", "Posting date", "Tariffed value"]
        sent = {name for divergence in view.divergences() for name in (divergence.model_extra or {})}
        assert sent <= set(shown[3:])  # every extra field the sandbox sends has a column
        assert all(cell(view, row, 2).startswith("R$ ") for row in range(count))
        assert all(len(cell(view, row, 1)) == 10 for row in range(count))
    else:
        assert view.stack.currentWidget() is view.empty_label
        assert "No tariff divergences" in view.empty_label.text()
