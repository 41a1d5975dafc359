"""The address book refuses what a pre-posting would not send (issue 38): a recipient saved
with a control character would go to the operator later, so it is refused at save, naming
the field and the character, and nothing is written (SQLite and PostgreSQL)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from postalgui.api.values import InvalidValue
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.shipping.addresses import Address, AddressBook, AddressKind

RECIPIENT = Address(
    AddressKind.RECIPIENT, "José Araújo", "20040-020", "Rua da Assembleia", "10", "sala 2", "Centro",
    "Rio de Janeiro", "RJ", "jose@example.com",
)  # fmt: skip


@pytest.fixture
def book(office: OfficeDatabase) -> AddressBook:
    return AddressBook(office)


@pytest.mark.parametrize(
    ("changes", "field", "char"),
    [
        ({"name": "José\u202e Araújo"}, "destinatario.nome", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ({"street": "Rua\x00 da Assembleia"}, "destinatario.endereco.logradouro", "U+0000 (NULL)"),
        ({"complement": "sala\x1b[31m 2"}, "destinatario.endereco.complemento", "U+001B (ESCAPE)"),
        ({"email": "jose@example.com\u2066"}, "destinatario.email", "U+2066 (LEFT-TO-RIGHT ISOLATE)"),
    ],
)
def test_saving_a_control_character_is_refused_and_nothing_is_written(
    book: AddressBook, changes: dict[str, str], field: str, char: str
) -> None:
    with pytest.raises(InvalidValue) as raised:
        book.save(replace(RECIPIENT, **changes))
    assert str(raised.value) == f"Field {field}: control character {char} is not accepted"
    with pytest.raises(InvalidValue):
        book.keep(replace(RECIPIENT, **changes))
    with pytest.raises(InvalidValue):
        book.add([RECIPIENT, replace(RECIPIENT, **changes)])
    assert book.list() == []
