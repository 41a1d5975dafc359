"""The office's address book (table ``address``): senders and recipients every desk shares.

Office-wide, not per environment: an address is the office's, not the operator's. A
sender may carry the company's logo (for the labels); one sender is the default (the
sender of an orders file): setting one clears the others in the same transaction, and
the first sender saved becomes it. Every save checks the fields as a pre-posting will
send them (`check_person`), so what the book holds can be sent. The book is small (a few
thousand addresses): search reads it and compares folded text (no accents, any case),
so "sao paulo" finds São Paulo and "01310" its CEPs. Writes tell every desk topic
``address``.

Every desk edits the same book, so an address carries the ``version`` it was read at (as
presets do, `services.price.preset_store`): a save or a delete names it, and the
comparison is in the ``UPDATE``'s ``WHERE`` (atomic on both engines). A newer version in
the table writes nothing and raises `AddressConflictError` saying who changed it and when;
an address deleted meanwhile is never revived by a stale save (`AddressDeletedError`):
a deletion leaves a mark (its uid, who and when; the person's fields emptied) that every
read leaves out. Overwriting is a save that names the newer version the conflict told.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from functools import partial
from typing import Any

from sqlalchemy import Connection, and_, insert, select, update

from postalgui.api.models.prepostings import Person
from postalgui.api.said import Said
from postalgui.api.values.shipping import check_person
from postalgui.api.values.text import fold
from postalgui.services.office import topics
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.scoped import OfficeRows
from postalgui.store.errors import Change
from postalgui.store.tables import address as table

__all__ = [
    "GROUP_LIMIT",
    "PERSON_FIELDS",
    "Address",
    "AddressBook",
    "AddressBookError",
    "AddressConflictError",
    "AddressDeletedError",
    "AddressKind",
    "Kept",
    "matches",
    "role_of",
]

GROUP_LIMIT = 60
"""Characters of a group's name kept (the table's width)."""
_CEP_SPELLING = re.compile(r"[\d.\- ]+")
"""A CEP kept as its digits; anything else is kept as typed, for the check to name."""
_CHUNK = 500  # uids per IN (...): well under SQLite's bound-parameter limit


PERSON_FIELDS = (
    "name", "cep", "street", "number", "complement", "district", "city", "state", "email", "phone",
    "cpf_cnpj",
)  # fmt: skip
"""The fields an `Address` shares with the pre-posting's `Person`."""


class AddressKind(StrEnum):
    SENDER = "sender"
    RECIPIENT = "recipient"


class Kept(StrEnum):
    """What `AddressBook.keep` did with a person typed for a pre-posting."""

    ADDED = "added"
    UPDATED = "updated"
    UNCHANGED = "unchanged"


def role_of(kind: AddressKind) -> str:
    """The role `check_person` names the fields by ("remetente", "destinatario")."""
    return "remetente" if kind is AddressKind.SENDER else "destinatario"


class AddressBookError(OfficeDatabaseError):
    """The address book cannot be used, or an address is no longer in it."""


def _moment(at: datetime) -> str:
    return at.astimezone().strftime("%d/%m/%Y %H:%M")


class AddressConflictError(AddressBookError):
    """Someone else saved the address after it was read; nothing was written.

    ``current`` is their change (its version is what an overwrite names). The message is
    a `Said`; the window asks instead whether to reload or overwrite."""

    def __init__(self, address: Address, current: Change) -> None:
        super().__init__(
            Said(
                "The address “{name}” was changed by {by} on {at} after you opened it",
                name=address.name,
                by=current.by or Said("someone"),
                at=_moment(current.at),
            )
        )
        self.address = address
        self.current = current


class AddressDeletedError(AddressBookError):
    """The address was deleted after it was read; nothing was written (a stale copy never
    brings it back). ``deletion`` says who and when, ``None`` when the book does not know
    (deleted before it kept marks). Saving it as a new address is the user's choice."""

    def __init__(self, address: Address, deletion: Change | None) -> None:
        if deletion is None:
            said = Said("The address “{name}” was deleted after you opened it", name=address.name)
        else:
            said = Said(
                "The address “{name}” was deleted by {by} on {at} after you opened it",
                name=address.name,
                by=deletion.by or Said("someone"),
                at=_moment(deletion.at),
            )
        super().__init__(said)
        self.address = address
        self.deletion = deletion


@dataclass(frozen=True)
class Address:
    """A sender or a recipient; ``uid`` is ``""`` until saved, ``version`` the one read
    (what a save names; 0 until saved)."""

    kind: AddressKind
    name: str
    cep: str
    street: str = ""
    number: str = ""
    complement: str = ""
    district: str = ""
    city: str = ""
    state: str = ""
    email: str = ""
    phone: str = ""
    cpf_cnpj: str = ""
    group: str = ""
    logo: bytes | None = None
    is_default: bool = False
    uid: str = ""
    created_by: str = ""
    created_at: str = ""
    version: int = 0
    updated_by: str = ""
    updated_at: str = ""

    def person(self) -> Person:
        """The address as a pre-posting sends it."""

        return Person(
            name=self.name, cep=self.cep, street=self.street, number=self.number,
            complement=self.complement, district=self.district, city=self.city, state=self.state,
            email=self.email, phone=self.phone, cpf_cnpj=self.cpf_cnpj,
        )  # fmt: skip

    def search_text(self) -> str:
        """What a search looks in: name, city, e-mail and group, folded."""
        return fold(" ".join((self.name, self.city, self.email, self.group)))


def matches(address: Address, search: str) -> bool:
    """Whether ``address``'s name, city, e-mail or group holds ``search`` (folded: no
    accents, any case), or its CEP the digits of ``search`` (``01310-1``)."""
    term = fold(search)
    cep_term = term.replace("-", "").replace(".", "")
    return term in address.search_text() or (cep_term.isdigit() and cep_term in address.cep)


def _digits(text: str) -> str:
    return "".join(char for char in text if char.isdigit())


def _bare(text: str, separators: str) -> str:
    """``text`` without ``separators`` (what people type between digits); the rest is kept
    for the check to name."""
    return "".join(char for char in text if char not in separators)


def tidied(address: Address) -> Address:
    """``address`` as the book keeps it: spaces trimmed, CEP, phone and CPF/CNPJ without
    separators,
    the state in capitals; a recipient is never the default sender."""

    def text(value: str) -> str:
        return " ".join(value.split())

    return replace(
        address,
        name=text(address.name),
        street=text(address.street),
        number=text(address.number),
        complement=text(address.complement),
        district=text(address.district),
        city=text(address.city),
        email=text(address.email),
        cep=_digits(address.cep) if _CEP_SPELLING.fullmatch(address.cep.strip()) else address.cep.strip(),
        state=address.state.strip().upper(),
        phone=_bare(address.phone, " ()-+"),
        cpf_cnpj=_bare(address.cpf_cnpj, " .-/").upper(),
        group=" ".join(address.group.split())[:GROUP_LIMIT],
        logo=address.logo or None,
        is_default=address.is_default and address.kind is AddressKind.SENDER,
    )


def check_address(address: Address, *, role: str | None = None, complete: bool = True) -> None:
    """Raise `InvalidValue` for the first field a pre-posting would refuse, naming it as the
    API does (``destinatario.endereco.cep``; ``role`` ``""``: the file's column, ``cep``).
    ``complete``: street, district, city and state are required (else the CEP fills them)."""

    check_person(address.person(), role_of(address.kind) if role is None else role, complete=complete)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _from_row(row: Any) -> Address:
    return Address(
        kind=AddressKind(row.kind), name=row.name, cep=row.cep, street=row.street, number=row.number,
        complement=row.complement, district=row.district, city=row.city, state=row.state,
        email=row.email, phone=row.phone, cpf_cnpj=row.cpf_cnpj, group=row.grp,
        logo=bytes(row.logo) if row.logo is not None else None, is_default=bool(row.is_default),
        uid=row.uid, created_by=row.created_by, created_at=row.created_at, version=row.version,
        updated_by=row.updated_by, updated_at=row.updated_at or row.created_at,
    )  # fmt: skip


def _values(address: Address) -> dict[str, Any]:
    return {
        "kind": address.kind.value, "name": address.name, "grp": address.group, "cep": address.cep,
        "street": address.street, "number": address.number, "complement": address.complement,
        "district": address.district, "city": address.city, "state": address.state,
        "email": address.email, "phone": address.phone, "cpf_cnpj": address.cpf_cnpj,
        "logo": address.logo, "is_default": int(address.is_default),
    }  # fmt: skip


def _kept() -> Any:
    """Rows that are addresses (not the marks of deleted ones)."""
    return table.c.deleted_at.is_(None)


def _senders() -> Any:
    return and_(table.c.kind == AddressKind.SENDER.value, _kept())


def _has_default(connection: Connection, *, besides: str = "") -> bool:
    """Whether a sender other than ``besides`` is the default."""
    query = select(table.c.uid).where(_senders(), table.c.is_default == 1, table.c.uid != besides)
    return connection.execute(query.limit(1)).first() is not None


def _at(text: str | None) -> datetime:
    try:
        return datetime.fromisoformat(text or "")
    except ValueError:
        return datetime.fromtimestamp(0, UTC)


def _stale(connection: Connection, address: Address) -> AddressBookError:
    """Why a write naming ``address.version`` changed nothing: deleted, or a newer version."""
    row = connection.execute(select(table).where(table.c.uid == address.uid)).first()
    if row is None:
        return AddressDeletedError(address, None)
    if row.deleted_at is not None:
        return AddressDeletedError(address, Change(row.version, row.deleted_by or "", _at(row.deleted_at)))
    return AddressConflictError(address, Change(row.version, row.updated_by, _at(row.updated_at)))


_EMPTIED = {
    "name": "", "grp": "", "street": "", "number": "", "complement": "", "district": "", "city": "",
    "state": "", "email": "", "phone": "", "cpf_cnpj": "", "logo": None, "is_default": 0,
}  # fmt: skip
"""A deleted address's mark keeps none of the person (kind and CEP stay: both are required)."""


class AddressBook(OfficeRows):
    """The address book of ``office`` (any thread; each call one transaction)."""

    TOPIC = topics.ADDRESSES
    ERROR = AddressBookError

    def save(self, address: Address) -> Address:
        """Keep ``address`` (a new one when its uid is ``""``), checked first (`InvalidValue`
        names the field, nothing written); the saved address, at its new version.

        An address read before names its ``version``: `AddressConflictError` when the
        book holds a newer one, `AddressDeletedError` when it was deleted meanwhile
        (nothing written either way)."""
        address = tidied(address)
        check_address(address)
        return self._run(partial(self._save, address=address, now=_now()))

    def _save(self, connection: Connection, address: Address, now: str) -> Address:
        if address.kind is AddressKind.SENDER and not address.is_default:
            address = replace(address, is_default=not _has_default(connection, besides=address.uid))
        values = {**_values(address), "updated_by": self.author, "updated_at": now}
        if not address.uid:
            address = replace(address, uid=uuid.uuid4().hex)
            created = {"created_by": self.author, "created_at": now, "version": 1}
            connection.execute(insert(table).values(uid=address.uid, **values, **created))
        else:
            mine = (table.c.uid == address.uid, table.c.version == address.version, _kept())
            changed = connection.execute(
                update(table).where(*mine).values(**values, version=table.c.version + 1)
            )
            if changed.rowcount != 1:
                raise _stale(connection, address)
        if address.is_default:
            self._undefault(connection, besides=address.uid, now=now)
        return self._read(connection, address.uid)

    def _undefault(self, connection: Connection, *, besides: str, now: str) -> None:
        """The senders other than ``besides`` stop being the default: a change of theirs
        (a newer version), so a stale copy saved later cannot take the default back."""
        connection.execute(
            update(table)
            .where(_senders(), table.c.is_default == 1, table.c.uid != besides)
            .values(is_default=0, version=table.c.version + 1, updated_by=self.author, updated_at=now)
        )

    @staticmethod
    def _read(connection: Connection, uid: str) -> Address:
        return _from_row(connection.execute(select(table).where(table.c.uid == uid)).one())

    def get(self, uid: str) -> Address | None:
        """The address ``uid`` as the book holds it now (``None``: deleted)."""

        def work(connection: Connection) -> Address | None:
            row = connection.execute(select(table).where(table.c.uid == uid, _kept())).first()
            return _from_row(row) if row is not None else None

        return self._run(work, write=False)

    def keep(self, address: Address) -> tuple[Address, Kept]:
        """Keep a person typed for a pre-posting without making a second entry of them: an
        entry of the same kind, name (accents and case aside) and CEP, with no other
        CPF/CNPJ, is that person, updated with what was typed (its group, logo and uid
        stay) or left alone when nothing differs; else ``address`` is added. Checked first
        (`InvalidValue`, nothing written). The update names the version just read, so a
        desk that changed the entry in between is told (`AddressConflictError`), not
        overwritten."""
        address = tidied(address)
        check_address(address)
        same = self._same(address)
        if same is None:
            return self.save(replace(address, uid="", version=0)), Kept.ADDED
        typed = replace(same, **{name: getattr(address, name) for name in PERSON_FIELDS})
        if typed == same:
            return same, Kept.UNCHANGED
        return self.save(typed), Kept.UPDATED

    def _same(self, address: Address) -> Address | None:
        """The book's entry of the person ``address`` names (see `keep`), if any."""
        name = fold(address.name)

        def work(connection: Connection) -> list[Address]:
            query = select(table).where(
                table.c.kind == address.kind.value, table.c.cep == address.cep, _kept()
            )
            return [_from_row(row) for row in connection.execute(query)]

        for found in sorted(self._run(work, write=False), key=lambda item: item.created_at):
            other_id = found.cpf_cnpj and address.cpf_cnpj and found.cpf_cnpj != address.cpf_cnpj
            if fold(found.name) == name and not other_id:
                return found
        return None

    def add(self, addresses: Sequence[Address]) -> int:
        """Keep new ``addresses`` (an import's) in one transaction, each checked first
        (`InvalidValue`, nothing written); how many. A sender becomes the default when
        the book has none. New rows only: an import never writes over an address."""
        now, author = _now(), self.author
        kept = [tidied(replace(address, uid=uuid.uuid4().hex)) for address in addresses]
        for address in kept:
            check_address(address)
        made = {
            "created_by": author,
            "created_at": now,
            "updated_by": author,
            "updated_at": now,
            "version": 1,
        }
        rows = [{**_values(item), "uid": item.uid, **made} for item in kept]

        def work(connection: Connection) -> int:
            senders = [row for row in rows if row["kind"] == AddressKind.SENDER.value]
            if senders and not _has_default(connection) and not any(row["is_default"] for row in senders):
                senders[0]["is_default"] = 1
            for start in range(0, len(rows), _CHUNK):
                connection.execute(insert(table), rows[start : start + _CHUNK])
            return len(rows)

        return self._run(work) if rows else 0

    def delete(self, addresses: Sequence[Address]) -> int:
        """Delete ``addresses``, each at the version read, in one transaction; how many.

        One changed since it was read raises `AddressConflictError` and deletes nothing
        (the user is told, never loses a change silently); one already deleted is no
        error. Deleting over the newer version is a delete naming it."""
        now = _now()

        def work(connection: Connection) -> int:
            removed = 0
            mark: dict[str, Any] = {**_EMPTIED, "deleted_by": self.author, "deleted_at": now}
            mark |= {"updated_by": self.author, "updated_at": now, "version": table.c.version + 1}
            for address in addresses:
                mine = (table.c.uid == address.uid, table.c.version == address.version, _kept())
                if connection.execute(update(table).where(*mine).values(mark)).rowcount == 1:
                    removed += 1
                    continue
                stale = _stale(connection, address)
                if isinstance(stale, AddressConflictError):
                    raise stale
            return removed

        return self._run(work) if addresses else 0

    def default_sender(self) -> Address | None:
        def work(connection: Connection) -> Address | None:
            row = connection.execute(
                select(table).where(_senders(), table.c.is_default == 1).limit(1)
            ).first()
            return _from_row(row) if row is not None else None

        return self._run(work, write=False)

    def set_default_sender(self, uid: str) -> None:
        """Make sender ``uid`` the default (the others stop being it), in one transaction;
        each sender whose mark changed is at a new version."""
        now = _now()

        def work(connection: Connection) -> None:
            mine = and_(_senders(), table.c.uid == uid)
            row = connection.execute(select(table.c.is_default).where(mine)).first()
            if row is None:
                raise AddressBookError(Said("That sender is no longer in the address book"))
            self._undefault(connection, besides=uid, now=now)
            if not row.is_default:
                connection.execute(
                    update(table)
                    .where(mine)
                    .values(is_default=1, version=table.c.version + 1, updated_by=self.author, updated_at=now)
                )

        self._run(work)

    def groups(self) -> list[str]:
        """The groups in use, sorted (folded)."""

        def work(connection: Connection) -> list[str]:
            query = select(table.c.grp).where(table.c.grp != "", _kept()).distinct()
            return [row[0] for row in connection.execute(query)]

        return sorted(self._run(work, write=False), key=fold)

    def list(
        self, *, kind: AddressKind | None = None, search: str = "", group: str | None = None
    ) -> list[Address]:
        """Addresses of ``kind`` (``None``: both) in ``group`` (``None``: any, ``""``: none)
        whose name, city, CEP, e-mail or group holds ``search``; by kind, then name."""
        where = [_kept()]
        if kind is not None:
            where.append(table.c.kind == kind.value)
        if group is not None:
            where.append(table.c.grp == group)

        def work(connection: Connection) -> list[Address]:
            return [_from_row(row) for row in connection.execute(select(table).where(*where))]

        found = self._run(work, write=False)
        if search.strip():
            found = [item for item in found if matches(item, search)]
        return sorted(found, key=lambda item: (item.kind != AddressKind.SENDER, fold(item.name), item.uid))
