"""The divergences view: known fields formatted, every extra field kept, empty and error states."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.api.errors import OperatorError
from postalgui.api.models.invoices import Divergence
from postalgui.gui import i18n
from postalgui.gui.tabs.invoices.divergences_view import (
    DivergenceModel,
    DivergencesView,
    posting_date,
    reason_text,
    weight_text,
)
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from postalgui.services.invoices import documents as invoicing
from postalgui.services.invoices.service import InvoiceService

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


class FakeInvoices:
    """The `InvoiceService` calls the view makes (through `documents.divergences`): the client,
    whose ``divergences`` answers in turn with what a test appended, or raises it."""

    def __init__(self) -> None:
        self.answers: list[object] = []

    def client(self) -> FakeInvoices:
        return self

    def divergences(self, contrato: str, dr: int, start: date, end: date) -> list[Divergence]:
        del contrato, dr, start, end
        answer = self.answers.pop(0) if self.answers else []
        if isinstance(answer, BaseException):
            raise answer
        assert isinstance(answer, list)
        return answer


def shown_view(service: InvoiceService | FakeInvoices, runner: TaskRunner, qtbot: QtBot) -> DivergencesView:
    widget = DivergencesView(service, runner)  # type: ignore[arg-type]  # a fake has only what the view calls
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    widget.show()
    return widget


@pytest.fixture
def invoices() -> FakeInvoices:
    return FakeInvoices()


@pytest.fixture
def view(invoices: FakeInvoices, runner: TaskRunner, qtbot: QtBot) -> Iterator[DivergencesView]:
    widget = shown_view(invoices, runner, qtbot)
    yield widget
    widget.close()


@pytest.fixture
def fake_service(invoices: FakeInvoices) -> list[object]:
    """What the fake service answers with: append a list, or an exception to raise."""
    return invoices.answers


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
        "Reason",
        "Object code",
        "Posting date",
        "Charged",
        "Tariffed value",
        "Measured weight",
        "medidas",
        "reavaliado",
        "observacao",
    ]
    assert view.model.extra_fields() == ["medidas", "reavaliado", "observacao"]
    assert view.model.fields()[:6] == [
        "motivo",
        "codigoObjeto",
        "dataPostagem",
        "valorCobrado",
        "valorTarifadoSgpb",
        "pesoAferido",
    ]
    assert [cell(view, 0, column) for column in range(6)] == [
        "Different weight",
        "OB123456785BR",
        "05/03/2026",
        "R$ 25,50",
        "R$ 31,90",
        "1,2 kg",
    ]
    assert [cell(view, 1, column) for column in range(5)] == [
        "Different dimensions",
        "SL987654321BR",
        "02/03/2026",
        "",  # a field one record lacks is blank there, not dropped
        "R$ 112,40",
    ]
    assert cell(view, 2, 2) == ""
    assert cell(view, 1, 6) == '{"altura": 10, "largura": 20}'
    assert cell(view, 1, 7) == "Yes"
    tip = Qt.ItemDataRole.ToolTipRole
    assert view.proxy.data(view.proxy.index(0, 0), tip) == "PESO DIVERGENTE"  # the operator's words
    assert view.proxy.data(view.proxy.index(0, 5), tip) == "1.200 g"
    assert view.proxy.headerData(3, Qt.Orientation.Horizontal, tip).endswith("valorCobrado")
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    for column in (3, 4, 5):
        assert view.proxy.data(view.proxy.index(0, column), Qt.ItemDataRole.TextAlignmentRole) == right
    assert view.proxy.data(view.proxy.index(0, 0), Qt.ItemDataRole.TextAlignmentRole) != right
    # charged sums the records that carry it; the difference is tariffed minus charged
    assert view.count_label.text() == (
        "3 divergence(s) · charged R$ 25,50 · tariffed R$ 151,30 · difference R$ 125,80"
    )


def test_sorting_by_tariffed_value_and_date(
    view: DivergencesView, qtbot: QtBot, fake_service: list[object]
) -> None:
    fake_service.append(divergences_of(RECORDS))
    with qtbot.waitSignal(view.loaded, timeout=TIMEOUT_MS):
        view.set_query("9912345678", 72, *PERIOD)
    view.table.sortByColumn(view.model.column_of("valorTarifadoSgpb"), Qt.SortOrder.DescendingOrder)
    values = [divergence.valorTarifadoSgpb for divergence in view.divergences()]
    assert values == [Decimal("112.40"), Decimal("31.9"), Decimal("7")]
    view.table.sortByColumn(view.model.column_of("dataPostagem"), Qt.SortOrder.AscendingOrder)
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


def test_divergences_from_the_embedded_sandbox(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    view = shown_view(context.invoices, runner, qtbot)
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
        assert shown[0] == "Object code"
        assert "Tariffed value" in shown
        sent = {name for divergence in view.divergences() for name in (divergence.model_extra or {})}
        assert sent <= set(view.model.fields())  # every field the sandbox sends has a column
        assert view.model.extra_fields() == []  # and PostalGUI has words for all of them
        column = view.model.column_of
        for row in range(count):  # the three keys the operator's divergences are known to carry
            assert re.fullmatch(r"[A-Z]{2}\d{9}[A-Z]{2}", cell(view, row, column("codigoObjeto")))
            assert cell(view, row, column("valorTarifadoSgpb")).startswith("R$ ")
            assert len(cell(view, row, column("dataPostagem"))) == 10
        assert re.fullmatch(rf"{count} divergence\(s\) · tariffed R\$ [\d.]+,\d\d", view.count_label.text())
    else:
        assert view.stack.currentWidget() is view.empty_label
        assert "No tariff divergences" in view.empty_label.text()


def test_weights_and_reasons_read_as_words() -> None:
    assert weight_text(850) == "850 g"
    assert weight_text(1000) == "1 kg"
    assert weight_text(1200) == "1,2 kg"
    assert weight_text(19600) == "19,6 kg"
    assert weight_text(1234) == "1,234 kg"
    assert reason_text("PESO DIVERGENTE") == "Different weight"  # no translator: English
    assert reason_text("CEP DE DESTINO DIVERGENTE") == "Different destination CEP"
    assert reason_text("COBRANCA EM DUPLICIDADE") == "Cobranca em duplicidade"
    assert reason_text("Peso aferido maior") == "Peso aferido maior"
    assert reason_text(None) == ""


def test_divergence_columns_in_portuguese(qapp: QCoreApplication) -> None:
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        model = DivergenceModel()
        model.set_divergences(divergences_of(RECORDS))
        shown = [model.headerData(column, Qt.Orientation.Horizontal) for column in range(6)]
        assert shown == [
            "Motivo",
            "Código do objeto",
            "Data de postagem",
            "Cobrado",
            "Valor tarifado",
            "Peso aferido",
        ]
        assert model.headerData(6, Qt.Orientation.Horizontal) == "medidas"  # the operator's own name
        assert model.data(model.index(1, 7)) == "Sim"
    finally:
        i18n.remove_translators(qapp, installed)
