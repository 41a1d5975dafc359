"""The Shipping tab over the real shipping service and office database: pre-postings listed
with their status and expiry in words, the new pre-posting dialog naming a bad field with
nothing sent, the orders file's problems named by row and column, and "Ship this" from a
Prices result opening the dialog prefilled."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot

from postalgui.api.models.prepostings import Order, Person, Preposting, PrepostingStatus
from postalgui.api.models.price import PriceQuery, PriceResponse, QuoteResult
from postalgui.gui.tabs.price.ship_this import ShipThis, draft_of
from postalgui.gui.tabs.shipping.new_dialog import NewPrepostingDialog
from postalgui.gui.tabs.shipping.orders_dialog import RECIPIENT as RECIPIENT_COLUMN
from postalgui.gui.tabs.shipping.orders_dialog import RESULT, OrdersDialog
from postalgui.gui.tabs.shipping.shipment_model import ShipmentColumn
from postalgui.gui.tabs.shipping.shipment_page import ShipmentPage
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from tests.gui.claims_support import holder
from tests.gui.shipping_support import speaking

WAIT_MS = 30_000
SENDER = Person(
    name="Loja Exemplo", cep="01310100", street="Avenida Paulista", number="1000",
    district="Bela Vista", city="São Paulo", state="SP",
)  # fmt: skip
RECIPIENT = Person(
    name="Maria Souza", cep="20040002", street="Rua da Assembleia", number="10",
    district="Centro", city="Rio de Janeiro", state="RJ",
)  # fmt: skip


def order(weight: int = 1500) -> Order:
    return Order(
        sender=SENDER, recipient=RECIPIENT, service_code="03298", weight_g=weight,
        length_cm=20, width_cm=15, height_cm=10, declared_value=Decimal("150.00"),
    )  # fmt: skip


def record(context: AppContext, prepost_id: str, status: PrepostingStatus, age_days: int) -> None:
    now = context.shipping.now()
    made = now - timedelta(days=age_days)
    answer = Preposting(prepost_id, None, status, made, made + timedelta(days=7), None)
    context.shipping.book().record(answer, order(), now)


@pytest.fixture(autouse=True)
def english(qapp: QCoreApplication) -> Iterator[None]:
    """English as the app speaks it (its plural forms)."""
    with speaking(qapp, "en"):
        yield


@pytest.fixture
def page(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[ShipmentPage]:
    record(context, "PR000000000000000000001A", PrepostingStatus.PREPOSTED, 0)
    record(context, "PR000000000000000000002B", PrepostingStatus.PREPOSTED, 6)
    record(context, "PR000000000000000000003C", PrepostingStatus.CANCELLED, 2)
    box, desk = holder(context, runner, qtbot)
    built = ShipmentPage(desk, box)  # type: ignore[arg-type]  # the holder's desk is the claims'
    built.desk = type(desk)(context.shipping, runner, desk.messages)
    box.layout().addWidget(built)
    with qtbot.waitSignal(built.shipmentsLoaded, timeout=WAIT_MS):
        box.show()
    yield built
    box.close()


def cells(page: ShipmentPage, column: ShipmentColumn) -> dict[str, str]:
    model = page.model
    return {
        model.shipment(row).prepost_id: str(model.data(model.index(row, column)))
        for row in range(model.rowCount())
    }


def test_pre_postings_show_status_expiry_and_values_in_words(page: ShipmentPage) -> None:
    assert cells(page, ShipmentColumn.STATUS) == {
        "PR000000000000000000001A": "Pre-posted",
        "PR000000000000000000002B": "Pre-posted",
        "PR000000000000000000003C": "Cancelled",
    }
    expires = cells(page, ShipmentColumn.EXPIRES)
    assert expires["PR000000000000000000001A"] == "Expires in 7 days"
    assert expires["PR000000000000000000002B"] == "Expires tomorrow"
    assert expires["PR000000000000000000003C"] == ""
    row = page.model.row_of_id("PR000000000000000000002B")
    assert row is not None
    assert page.model.urgent(row)  # due within a day stands out
    assert cells(page, ShipmentColumn.CEP)["PR000000000000000000001A"] == "20040-002"
    assert cells(page, ShipmentColumn.CITY)["PR000000000000000000001A"] == "Rio de Janeiro/RJ"
    assert cells(page, ShipmentColumn.WEIGHT)["PR000000000000000000001A"] == "1,500 g"  # English numbers
    assert cells(page, ShipmentColumn.DECLARED)["PR000000000000000000001A"] == "R$ 150,00"
    assert cells(page, ShipmentColumn.SERVICE)["PR000000000000000000001A"] == "PAC"


def test_an_unknown_status_reads_unknown_and_the_labelled_mark_is_apart_from_the_status(
    context: AppContext, page: ShipmentPage, qtbot: QtBot
) -> None:
    now = context.shipping.now()
    odd = Preposting("PR000000000000000000004D", None, None, now, None, None, "9", "Em análise")
    context.shipping.book().record(odd, order(), now)
    labelled = Preposting(
        "PR000000000000000000001A", "QA123456785BR", PrepostingStatus.PREPOSTED, None, None, None
    )
    context.shipping.book().update([labelled], now, labelled=True)
    page.reload()
    qtbot.waitUntil(
        lambda: (
            cells(page, ShipmentColumn.LABEL).get("PR000000000000000000001A") == "Labelled"
            and "PR000000000000000000004D" in cells(page, ShipmentColumn.ID)
        ),
        timeout=WAIT_MS,
    )
    assert cells(page, ShipmentColumn.STATUS)["PR000000000000000000004D"] == "Unknown (9): Em análise"
    assert (
        cells(page, ShipmentColumn.STATUS)["PR000000000000000000001A"] == "Pre-posted"
    )  # a label is no status
    assert cells(page, ShipmentColumn.LABEL) == {
        "PR000000000000000000001A": "Labelled",
        "PR000000000000000000002B": "",
        "PR000000000000000000003C": "",
        "PR000000000000000000004D": "",
    }
    page.status_combo.setCurrentIndex(page.status_combo.findText("Labelled here"))
    assert list(cells(page, ShipmentColumn.ID)) == ["PR000000000000000000001A"]
    page.status_combo.setCurrentIndex(page.status_combo.findText("Not labelled yet"))
    assert "PR000000000000000000001A" not in cells(page, ShipmentColumn.ID)
    page.status_combo.setCurrentIndex(page.status_combo.findData("2"))
    assert set(cells(page, ShipmentColumn.ID)) == {"PR000000000000000000001A", "PR000000000000000000002B"}
    page.status_combo.setCurrentIndex(0)
    page.select_ids(["PR000000000000000000004D"])
    assert page.cancel_action.isEnabled()  # a status not known here: the operator decides


def test_status_filter_search_and_cancel_asks(page: ShipmentPage, qtbot: QtBot) -> None:
    page.status_combo.setCurrentIndex(page.status_combo.findData("5"))  # the operator's number
    assert list(cells(page, ShipmentColumn.ID)) == ["PR000000000000000000003C"]
    page.status_combo.setCurrentIndex(0)
    qtbot.keyClicks(page.search_edit, "2B")
    assert list(cells(page, ShipmentColumn.ID)) == ["PR000000000000000000002B"]
    page.table.selectRow(0)
    assert page.selected_ids() == ["PR000000000000000000002B"]
    asked: list[str] = []
    page.confirm = lambda question: asked.append(question) or False
    assert page.cancel_selected() is None  # the clerk said no: nothing sent
    assert asked == ["Cancel 1 pre-posting with the operator? Its object code can no longer be posted."]


def test_the_dialog_names_the_bad_field_and_sends_nothing(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    box, desk = holder(context, runner, qtbot)
    dialog = NewPrepostingDialog(type(desk)(context.shipping, runner, desk.messages), box)
    dialog.set_sender(SENDER)
    dialog.set_recipient(RECIPIENT)
    dialog.recipient_fields.set_state("XX")  # an old entry's
    dialog.order_fields.weight_spin.setValue(500)
    assert dialog.send() is None
    assert dialog.task is None
    assert dialog.problem_label.text() == (
        "Nothing was sent. Field Recipient \N{BLACK RIGHT-POINTING SMALL TRIANGLE} State must be a "
        "state's two letters, such as SP (got 'XX')"
    )
    dialog.recipient_fields.set_state("RJ")
    dialog.order_fields.weight_spin.setValue(0)
    assert dialog.send() is None
    assert (
        dialog.problem_label.text()
        == "Nothing was sent. Field Object \N{BLACK RIGHT-POINTING SMALL TRIANGLE} Weight must be 1 to "
        "30000 g (got '0')"
    )


def test_ship_this_turns_a_quote_into_a_prefilled_dialog(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    query = PriceQuery(
        coProduto="03220", cepOrigem="01310100", cepDestino="20040002", psObjeto=1200, tpObjeto="2",
        comprimento="20,5", largura="15", altura="10", vlDeclarado="250,00", servicosAdicionais="001,019",
    )  # fmt: skip
    quote = QuoteResult(index=0, query=query, response=PriceResponse(pcFinal="33,09"), failure=None)
    box, desk = holder(context, runner, qtbot)
    button = ShipThis(box)
    button.show_result(quote)
    assert button.button.isEnabled()
    with qtbot.waitSignal(button.shipRequested) as asked:
        button.button.click()
    draft = asked.args[0] if asked.args else None
    assert draft == draft_of(quote)
    dialog = NewPrepostingDialog(type(desk)(context.shipping, runner, desk.messages), box, draft)
    fields = dialog.order_fields
    assert fields.service_combo.currentText() == "SEDEX"
    assert fields.weight_spin.value() == 1200
    assert [spin.value() for spin in fields.size_spins.values()] == [21, 15, 10]
    assert fields.declared_spin.value() == 250.0
    assert fields.service_boxes["001"].isChecked()
    assert not fields.service_boxes["002"].isChecked()
    assert dialog.recipient_fields.edits["cep"].text() == "20040-002"
    assert dialog.recipient_fields.edits["name"].text() == ""  # only the recipient is left
    button.show_result(None)
    assert not button.button.isEnabled()


def test_the_orders_file_names_the_columns_it_did_not_read(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, tmp_path: Path
) -> None:
    """A column nobody knows (a fax number) is said under the summary, never dropped in
    silence; ``telefone`` is read as the phone it is."""
    path = tmp_path / "orders.csv"
    path.write_text(
        "nome;cep;numero;telefone;Fax;codigoServico;pesoInformado;comprimentoInformado;"
        "larguraInformada;alturaInformada\n"
        "Maria Souza;20040-002;10;21987654321;2133334444;03298;1500;20;15;10\n",
        encoding="utf-8",
    )
    box, desk = holder(context, runner, qtbot)
    dialog = OrdersDialog(type(desk)(context.shipping, runner, desk.messages), box)
    dialog.set_sender(SENDER)
    with qtbot.waitSignal(dialog.previewed, timeout=WAIT_MS):
        dialog.open_file(path)
    qtbot.waitUntil(lambda: dialog.task is None and dialog.file_button.isEnabled(), timeout=WAIT_MS)
    assert dialog.summary_label.text().endswith("\nColumns not read (not known): Fax.")
    (row,) = dialog.rows
    assert row.recipient is not None
    assert row.recipient.phone == "21987654321"


def test_the_orders_file_names_each_problem_by_row_and_column(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "orders.csv"
    path.write_text(
        "nome;cep;numero;codigoServico;pesoInformado;comprimentoInformado;larguraInformada;alturaInformada;"
        "conteudo\n"
        "Maria Souza;20040-002;10;03298;1500;20;15;10;Livros\n"
        "João Lima;2004;5;03298;abc;20;15;10;Livros\n",
        encoding="utf-8",
    )
    box, desk = holder(context, runner, qtbot)
    dialog = OrdersDialog(type(desk)(context.shipping, runner, desk.messages), box)
    assert dialog.open_file(path) is None  # no default sender yet
    assert "default sender" in dialog.summary_label.text()
    dialog.set_sender(SENDER)
    with qtbot.waitSignal(dialog.previewed, timeout=WAIT_MS):
        dialog.open_file(path)
    qtbot.waitUntil(lambda: dialog.task is None and dialog.file_button.isEnabled(), timeout=WAIT_MS)
    problems = dialog.table.item(1, RESULT)
    assert problems is not None
    assert problems.text().startswith("Row 3: Field cep: CEP must have 8 digits")
    whose = dialog.table.item(1, RECIPIENT_COLUMN)
    assert whose is not None
    assert whose.text() == "João Lima"  # a bad row says whose it is
    assert not dialog.create_button.isEnabled()  # a row has problems: nothing sent unless chosen
    first = dialog.table.item(0, RESULT)
    assert first is not None
    assert first.text() == ""
    dialog.good_only.setChecked(True)
    assert dialog.create_button.isEnabled()
