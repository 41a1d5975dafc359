"""Contract and card statuses, and fields beyond the spec, in words in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from pytestqt.qtbot import QtBot

from postalgui.api.models.contracts import Category, Contact
from postalgui.gui import i18n
from postalgui.gui.tabs.contracts.contacts_view import ContactCard, contact_fields, contact_text
from postalgui.gui.tabs.contracts.contract_model import (
    card_status_meaning,
    contract_status_meaning,
    status_line,
    status_tooltip,
    status_word,
)
from postalgui.gui.tabs.contracts.labels import field_label

CONTACT = Contact.model_validate(
    {"nome": "Ana Souza", "telefone": "(61) 5555-0101", "ramal": "2041", "horarioAtendimento": "08h às 17h"}
)


@pytest.fixture
def portuguese(qapp: QCoreApplication) -> Iterator[list[QTranslator]]:
    installed = i18n.install_translators(qapp, "pt_BR")
    yield installed
    i18n.remove_translators(qapp, installed)


def test_statuses_in_words() -> None:
    assert status_word("EM_DESENVOLVIMENTO") == "In development"
    assert status_word("ativo") == "Active"
    assert status_word("IRREGULAR") == "Irregular"
    assert status_word("NOVO_STATUS") == "NOVO_STATUS"  # one the spec does not name: as sent
    assert status_word(None) == ""
    assert (
        status_line("SUSPENSO", contract_status_meaning("SUSPENSO"))
        == "Suspended — suspended; can be reactivated"
    )
    assert status_tooltip("CANCELADO", card_status_meaning("CANCELADO")) == (
        "Cancelled — cancelled; cannot be reactivated (operator's code CANCELADO)"
    )
    assert status_tooltip("NOVO", "") == "NOVO (a status PostalGUI does not know)"


def test_statuses_in_portuguese(portuguese: list[QTranslator]) -> None:
    assert status_word("EM_DESENVOLVIMENTO") == "Em desenvolvimento"
    assert status_word("ATIVO") == "Ativo"
    assert status_word("SUSPENSO") == "Suspenso"
    assert status_word("CANCELADO") == "Cancelado"
    assert status_word("IRREGULAR") == "Irregular"
    assert status_tooltip("ATIVO", contract_status_meaning("ATIVO")).startswith("Ativo — ")
    assert "ATIVO" in status_tooltip("ATIVO", contract_status_meaning("ATIVO"))


def test_extra_fields_have_readable_labels() -> None:
    assert field_label("ramal") == "Extension"
    assert field_label("horarioAtendimento") == "Office hours"
    assert field_label("nivel") == "Level"
    assert field_label("dataCadastro") == "Data cadastro"  # unknown: split at its capitals
    assert field_label("codigoSRO") == "Codigo SRO"
    labels = [label for label, _value in contact_fields(CONTACT)]
    assert labels == ["Name", "Phone", "Extension", "Office hours"]
    assert "Extension: 2041" in contact_text(CONTACT)


def test_extra_fields_in_portuguese(portuguese: list[QTranslator], qtbot: QtBot) -> None:
    assert field_label("ramal") == "Ramal"
    assert field_label("horarioAtendimento") == "Horário de atendimento"
    assert field_label("nivel") == "Nível"
    assert "Horário de atendimento: 08h às 17h" in contact_text(CONTACT)
    card = ContactCard(CONTACT)
    qtbot.addWidget(card)
    assert "Ramal: 2041" in card.copy()
    category = Category.model_validate({"codigo": "4", "descricao": "Comércio", "nivel": "OURO"})
    assert [field_label(key) for key in category.extras] == ["Nível"]
