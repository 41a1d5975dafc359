"""A control character typed in a form that sends to the operator (issue 38): the form names
the field as it shows it (``Recipient ▸ Name``), says the character, puts nothing in the
air, in English and in Portuguese."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTableWidgetItem, QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.models.prepostings import Person
from postalgui.gui.tabs.claims.filing_form import FilingForm
from postalgui.gui.tabs.shipping.new_dialog import NewPrepostingDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.services.claims.candidates import Candidate, Kind
from postalgui.services.claims.settings import ClaimsSettings
from postalgui.services.context import AppContext
from tests.gui.claims_support import holder
from tests.gui.shipping_support import speaking

RLO = "\u202e"
SENDER = Person(
    name="Loja Exemplo", cep="01310100", street="Avenida Paulista", number="1000",
    district="Bela Vista", city="São Paulo", state="SP",
)  # fmt: skip
RECIPIENT = Person(
    name=f"Maria {RLO}azuoS", cep="20040002", street="Rua da Assembleia", number="10",
    district="Centro", city="Rio de Janeiro", state="RJ",
)  # fmt: skip


@pytest.fixture
def english(qapp: QCoreApplication) -> Iterator[None]:
    with speaking(qapp, "en"):
        yield


def new_dialog(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> tuple[QWidget, NewPrepostingDialog]:
    """The dialog, and the widget holding it (kept alive by the test)."""
    box, desk = holder(context, runner, qtbot)
    dialog = NewPrepostingDialog(type(desk)(context.shipping, runner, desk.messages), box)  # type: ignore[arg-type]
    dialog.set_sender(SENDER)
    dialog.set_recipient(RECIPIENT)
    fields = dialog.order_fields
    fields.weight_spin.setValue(500)
    for name, size in (("length", 20), ("width", 15), ("height", 10)):
        fields.size_spins[name].setValue(size)
    fields.invoice_edit.setText("1234")
    return box, dialog


def test_the_shipping_form_names_the_field_and_the_character_and_sends_nothing(
    english: None, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    _box, dialog = new_dialog(context, runner, qtbot)
    assert dialog.send() is None
    assert dialog.task is None
    assert dialog.problem_label.text() == (
        "Nothing was sent. Field Recipient ▸ Name: control character U+202E (RIGHT-TO-LEFT OVERRIDE) "
        "is not accepted"
    )
    dialog.recipient_fields.edits["name"].setText("Maria Souza")
    dialog.sender_fields.edits["complement"].setText("loja\x001")
    assert dialog.send() is None
    assert dialog.problem_label.text() == (
        "Nothing was sent. Field Sender ▸ Complement: control character U+0000 (NULL) is not accepted"
    )
    dialog.sender_fields.edits["complement"].setText("")
    dialog.order_fields.observation_edit.setText("\x1b[31mfrágil")
    assert dialog.send() is None
    assert dialog.problem_label.text() == (
        "Nothing was sent. Field Object ▸ Observation: control character U+001B (ESCAPE) is not accepted"
    )
    assert dialog.task is None  # nothing went to the operator


def test_the_shipping_form_says_it_in_portuguese(
    portuguese: object, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    _box, dialog = new_dialog(context, runner, qtbot)
    assert dialog.send() is None
    assert dialog.problem_label.text() == (
        "Nada foi enviado. Campo Destinatário ▸ Nome: caractere de controle U+202E "
        "(RIGHT-TO-LEFT OVERRIDE) não é aceito"
    )


def candidate(code: str) -> Candidate:
    day = date(2026, 3, 2)
    return Candidate(code, Kind.LATE, 135, 4, day, day, day)


def test_the_claims_form_names_the_field_and_the_character(english: None, qtbot: QtBot) -> None:
    form = FilingForm(
        [candidate("DG049186226BR")], ClaimsSettings(reply_email="sac@loja.com.br", phone="11987654321")
    )
    qtbot.addWidget(form)
    form.names_table.setItem(0, 1, QTableWidgetItem(f"Maria{RLO} Souza"))
    text, widget = form.problem()
    assert text == (
        "DG049186226BR: Field Recipient's name: control character U+202E (RIGHT-TO-LEFT OVERRIDE) "
        "is not accepted"
    )
    assert widget is form.names_table
    form.email_edit.setText("sac@loja.com.br\u2066")
    text, widget = form.problem()
    assert text == "Field Reply e-mail: control character U+2066 (LEFT-TO-RIGHT ISOLATE) is not accepted"
    assert widget is form.email_edit
