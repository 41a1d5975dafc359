"""The address book in the office database (SQLite and PostgreSQL): saving checks the
fields, one default sender at a time, search without accents or case, groups."""

from __future__ import annotations

from dataclasses import replace

import pytest

from postalgui.api.values import InvalidValue
from postalgui.services.office import topics
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.shipping.addresses import Address, AddressBook, AddressBookError, AddressKind, Kept

SENDER = Address(
    AddressKind.SENDER, "Loja Exemplo Ltda", "01310-100", "Avenida Paulista", "1000", "", "Bela Vista",
    "São Paulo", "sp", "loja@exemplo.com.br", "(11) 98765-4321", "", logo=b"\x89PNG logo",
)  # fmt: skip
RECIPIENT = Address(
    AddressKind.RECIPIENT, "José Araújo", "20040-020", "Rua da Assembleia", "10", "sala 2", "Centro",
    "Rio de Janeiro", "RJ", "jose@example.com", group="Clientes VIP",
)  # fmt: skip


@pytest.fixture
def book(office: OfficeDatabase) -> AddressBook:
    return AddressBook(office)


def test_save_keeps_every_field_tidied_and_the_logo(book: AddressBook) -> None:
    saved = book.save(SENDER)

    assert saved.uid
    assert saved.created_by == "clerk.a"
    assert saved.created_at
    [kept] = book.list()
    assert kept == saved
    assert (kept.cep, kept.state, kept.phone, kept.logo) == ("01310100", "SP", "11987654321", b"\x89PNG logo")
    assert kept.city == "São Paulo"


def test_save_again_updates_the_same_address(book: AddressBook) -> None:
    saved = book.save(RECIPIENT)

    book.save(replace(saved, number="12", group=""))

    [kept] = book.list()
    assert (kept.uid, kept.number, kept.group, kept.created_at) == (saved.uid, "12", "", saved.created_at)


def test_a_bad_field_is_named_and_nothing_is_written(book: AddressBook) -> None:
    with pytest.raises(InvalidValue) as raised:
        book.save(replace(RECIPIENT, cep="2004-020"))

    assert raised.value.params.get("field") == "destinatario.endereco.cep"
    assert str(raised.value) == "Field destinatario.endereco.cep: CEP must have 8 digits (got 7)"
    assert book.list() == []


def test_one_default_sender_at_a_time(book: AddressBook) -> None:
    first = book.save(SENDER)
    second = book.save(replace(SENDER, name="Filial Campinas", cep="13010-000", city="Campinas"))
    recipient = book.save(replace(RECIPIENT, is_default=True))

    assert first.is_default  # the first sender saved is the default
    assert not second.is_default
    assert not recipient.is_default  # a recipient never is

    book.set_default_sender(second.uid)

    assert book.default_sender() == replace(second, is_default=True)
    assert {item.uid: item.is_default for item in book.list(kind=AddressKind.SENDER)} == {
        first.uid: False,
        second.uid: True,
    }
    book.save(replace(first, is_default=True))
    assert book.default_sender().uid == first.uid  # type: ignore[union-attr]
    assert sum(item.is_default for item in book.list()) == 1
    with pytest.raises(AddressBookError):
        book.set_default_sender(recipient.uid)  # not a sender: nothing changes
    assert book.default_sender().uid == first.uid  # type: ignore[union-attr]


def test_search_ignores_accents_and_case_and_finds_cep_digits(book: AddressBook) -> None:
    sender, recipient = book.save(SENDER), book.save(RECIPIENT)

    assert book.list(search="sao PAULO") == [sender]
    assert book.list(search="jose araujo") == [recipient]
    assert book.list(search="20040-0") == [recipient]
    assert book.list(search="01310100") == [sender]
    assert book.list(search="vip") == [recipient]
    assert book.list(search="EXEMPLO.COM") == [sender]
    assert book.list(search="Curitiba") == []
    assert book.list(kind=AddressKind.RECIPIENT) == [recipient]
    assert book.list(group="Clientes VIP") == [recipient]
    assert book.list(group="") == [sender]


def test_groups_delete_and_add_many(book: AddressBook, office: OfficeDatabase) -> None:
    told: list[str] = []
    stop = office.store().subscribe(told.append)
    try:
        saved = book.add([RECIPIENT, replace(RECIPIENT, name="Ana", group="atacado"), SENDER])
        assert saved == 3
        assert book.groups() == ["atacado", "Clientes VIP"]
        assert book.default_sender() is not None  # the book had none: the imported sender is it
        uids = [item.uid for item in book.list(kind=AddressKind.RECIPIENT)]

        assert book.delete([*uids, "gone"]) == 2
        assert [item.kind for item in book.list()] == [AddressKind.SENDER]
    finally:
        stop()
    assert topics.ADDRESSES in told


def test_add_checks_every_address_before_writing(book: AddressBook) -> None:
    with pytest.raises(InvalidValue):
        book.add([RECIPIENT, replace(RECIPIENT, name="")])

    assert book.list() == []


def test_keep_adds_a_person_once_and_updates_them_after(book: AddressBook) -> None:
    """A pre-posting's recipient saved each time the clerk ticks it: one entry per person."""
    first, how = book.keep(replace(RECIPIENT, group="Atacado"))
    assert how is Kept.ADDED
    same, how = book.keep(replace(RECIPIENT, name="jose araujo", group=""))  # accents and case aside
    assert (how, same.uid, same.name, same.group) == (Kept.UPDATED, first.uid, "jose araujo", "Atacado")
    book.keep(RECIPIENT)
    moved, how = book.keep(replace(RECIPIENT, number="99"))
    assert (how, moved.uid, moved.number, moved.group) == (Kept.UPDATED, first.uid, "99", "Atacado")
    assert book.keep(replace(RECIPIENT, number="99")) == (moved, Kept.UNCHANGED)
    other, how = book.keep(replace(RECIPIENT, cpf_cnpj="52998224725"))  # no CPF before: the same person
    assert (how, other.uid) == (Kept.UPDATED, first.uid)
    stranger, how = book.keep(replace(RECIPIENT, cpf_cnpj="11144477735"))  # another CPF: another person
    assert how is Kept.ADDED
    assert stranger.uid != first.uid
    assert len(book.list(kind=AddressKind.RECIPIENT)) == 2
