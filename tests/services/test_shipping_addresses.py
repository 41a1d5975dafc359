"""The address book in the office database (SQLite and PostgreSQL): saving checks the
fields, one default sender at a time, search without accents or case, groups."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from postalgui.api.values import InvalidValue
from postalgui.services.office import topics
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.shipping.addresses import (
    Address,
    AddressBook,
    AddressBookError,
    AddressConflictError,
    AddressDeletedError,
    AddressKind,
    Kept,
)

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

    default = book.default_sender()
    assert default is not None
    assert (default.uid, default.version) == (second.uid, second.version + 1)
    assert {item.uid: item.is_default for item in book.list(kind=AddressKind.SENDER)} == {
        first.uid: False,
        second.uid: True,
    }
    with pytest.raises(AddressConflictError):  # read as the default, then it stopped being it
        book.save(replace(first, is_default=True))
    book.save(replace(book.get(first.uid), is_default=True))  # type: ignore[arg-type]
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
        recipients = book.list(kind=AddressKind.RECIPIENT)

        assert book.delete([*recipients, replace(recipients[0], uid="gone")]) == 2
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


# --- two desks on one address book -------------------------------------------------------


@pytest.fixture
def desks(office: OfficeDatabase, tmp_path: Path) -> Iterator[tuple[AddressBook, AddressBook]]:
    """Two desks (clerk.a and clerk.b) on the same office database."""
    other = OfficeDatabase(
        tmp_path, "sandbox", office.url, author=lambda: "clerk.b", allow_password_in_url=True
    )
    yield AddressBook(office), AddressBook(other)
    other.close()


def test_a_save_over_another_desks_change_is_refused_naming_who_and_keeps_theirs(
    desks: tuple[AddressBook, AddressBook],
) -> None:
    """A changes the phone and saves; B, who opened the same recipient before, changes the
    e-mail and saves: B is told who changed it and when, and A's phone is still there."""
    a, b = desks
    saved = a.save(RECIPIENT)
    opened_by_a, opened_by_b = a.get(saved.uid), b.get(saved.uid)
    assert opened_by_a is not None
    assert opened_by_b is not None
    theirs = a.save(replace(opened_by_a, phone="21988887777"))

    with pytest.raises(AddressConflictError) as raised:
        b.save(replace(opened_by_b, email="jose@novo.com.br"))

    current = raised.value.current
    assert (current.by, current.version) == ("clerk.a", theirs.version)
    assert current.at == datetime.fromisoformat(theirs.updated_at)
    at = current.at.astimezone().strftime("%d/%m/%Y %H:%M")
    assert (
        str(raised.value) == f"The address “José Araújo” was changed by clerk.a on {at} after you opened it"
    )
    [kept] = b.list()
    assert (kept.phone, kept.email, kept.version) == ("21988887777", "jose@example.com", 2)

    mine = b.save(replace(opened_by_b, email="jose@novo.com.br", version=current.version))  # overwrite

    assert (mine.email, mine.version, mine.updated_by) == ("jose@novo.com.br", 3, "clerk.b")
    with pytest.raises(AddressConflictError):  # overwrite names that version only: changed again, asked again
        a.save(replace(theirs, city="Niterói", version=current.version))


def test_an_address_deleted_on_one_desk_is_not_revived_by_a_stale_save(
    desks: tuple[AddressBook, AddressBook],
) -> None:
    a, b = desks
    saved = a.save(RECIPIENT)
    stale = b.get(saved.uid)
    assert stale is not None

    assert a.delete([saved]) == 1
    with pytest.raises(AddressDeletedError) as raised:
        b.save(replace(stale, email="jose@novo.com.br"))

    deletion = raised.value.deletion
    assert deletion is not None
    assert deletion.by == "clerk.a"
    assert "was deleted by clerk.a on" in str(raised.value)
    assert a.list() == b.list() == []
    assert b.get(saved.uid) is None
    assert a.groups() == []
    again = b.save(replace(stale, uid="", version=0, email="jose@novo.com.br"))  # "save as new"
    assert again.uid != saved.uid
    assert [(item.uid, item.email, item.version) for item in a.list()] == [(again.uid, "jose@novo.com.br", 1)]


def test_deleting_an_address_changed_since_it_was_read_tells_and_deletes_nothing(
    desks: tuple[AddressBook, AddressBook],
) -> None:
    a, b = desks
    saved = a.save(RECIPIENT)
    other = a.save(replace(RECIPIENT, name="Ana", uid=""))
    theirs = b.save(replace(saved, phone="21988887777"))

    with pytest.raises(AddressConflictError) as raised:
        a.delete([other, saved])

    assert raised.value.current.by == "clerk.b"
    assert sorted(item.name for item in a.list()) == ["Ana", "José Araújo"]  # not even Ana
    assert a.delete([other, replace(saved, version=raised.value.current.version)]) == 2  # delete anyway
    assert a.list() == []
    assert a.delete([theirs]) == 0  # already gone: no error


def test_keep_does_not_write_over_a_change_made_after_it_read(
    desks: tuple[AddressBook, AddressBook], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pre-posting's recipient kept while another desk edits the same entry."""
    a, b = desks
    saved = a.save(RECIPIENT)
    read = AddressBook._same

    def same_then_b_edits(book: AddressBook, address: Address) -> Address | None:
        found = read(book, address)
        b.save(replace(saved, phone="21988887777"))
        return found

    monkeypatch.setattr(AddressBook, "_same", same_then_b_edits)
    with pytest.raises(AddressConflictError):
        a.keep(replace(RECIPIENT, number="99"))
    [kept] = a.list()
    assert (kept.phone, kept.number) == ("21988887777", "10")
