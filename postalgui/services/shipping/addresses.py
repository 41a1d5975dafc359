"""The office's address book (table ``address``): senders and recipients every desk shares.

Office-wide, not per environment: an address is the office's, not the operator's. A
sender may carry the company's logo (for the labels); one sender is the default (the
sender of an orders file): setting one clears the others in the same transaction, and
the first sender saved becomes it. Every save checks the fields as a pre-posting will
send them (`check_person`), so what the book holds can be sent. The book is small (a few
thousand addresses): search reads it and compares folded text (no accents, any case),
so "sao paulo" finds São Paulo and "01310" its CEPs. Writes tell every desk topic
``address``.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, and_, delete, insert, select, update

from postalgui.api.said import Said
from postalgui.services.branches.index import fold
from postalgui.services.office import topics
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.scoped import OfficeRows
from postalgui.store.tables import address as table

if TYPE_CHECKING:
    from postalgui.api.models.prepostings import Person

__all__ = [
    "GROUP_LIMIT",
    "PERSON_FIELDS",
    "Address",
    "AddressBook",
    "AddressBookError",
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


@dataclass(frozen=True)
class Address:
    """A sender or a recipient; ``uid`` is ``""`` until saved."""

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

    def person(self) -> Person:
        """The address as a pre-posting sends it."""
        from postalgui.api.models.prepostings import Person

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
    from postalgui.api.values.shipping import check_person

    check_person(address.person(), role_of(address.kind) if role is None else role, complete=complete)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _from_row(row: Any) -> Address:
    return Address(
        kind=AddressKind(row.kind), name=row.name, cep=row.cep, street=row.street, number=row.number,
        complement=row.complement, district=row.district, city=row.city, state=row.state,
        email=row.email, phone=row.phone, cpf_cnpj=row.cpf_cnpj, group=row.grp,
        logo=bytes(row.logo) if row.logo is not None else None, is_default=bool(row.is_default),
        uid=row.uid, created_by=row.created_by, created_at=row.created_at,
    )  # fmt: skip


def _values(address: Address) -> dict[str, Any]:
    return {
        "kind": address.kind.value, "name": address.name, "grp": address.group, "cep": address.cep,
        "street": address.street, "number": address.number, "complement": address.complement,
        "district": address.district, "city": address.city, "state": address.state,
        "email": address.email, "phone": address.phone, "cpf_cnpj": address.cpf_cnpj,
        "logo": address.logo, "is_default": int(address.is_default),
    }  # fmt: skip


def _senders() -> Any:
    return table.c.kind == AddressKind.SENDER.value


def _has_default(connection: Connection, *, besides: str = "") -> bool:
    """Whether a sender other than ``besides`` is the default."""
    query = select(table.c.uid).where(_senders(), table.c.is_default == 1, table.c.uid != besides)
    return connection.execute(query.limit(1)).first() is not None


class AddressBook(OfficeRows):
    """The address book of ``office`` (any thread; each call one transaction)."""

    TOPIC = topics.ADDRESSES
    ERROR = AddressBookError

    def save(self, address: Address) -> Address:
        """Keep ``address`` (a new one when its uid is ``""``), checked first (`InvalidValue`
        names the field, nothing written); the saved address."""
        address = tidied(address)
        check_address(address)
        now = _now()
        if not address.uid:
            address = replace(address, uid=uuid.uuid4().hex, created_by=self.author, created_at=now)

        def work(connection: Connection) -> Address:
            saved = address
            if saved.kind is AddressKind.SENDER and not saved.is_default:
                saved = replace(saved, is_default=not _has_default(connection, besides=saved.uid))
            if saved.is_default:
                connection.execute(update(table).where(_senders()).values(is_default=0))
            values = _values(saved)
            changed = connection.execute(
                update(table).where(table.c.uid == saved.uid).values(**values, updated_at=now)
            ).rowcount
            if not changed:  # new, or deleted by another desk meanwhile: kept again
                saved = replace(
                    saved, created_by=saved.created_by or self.author, created_at=saved.created_at or now
                )
                created = {"created_by": saved.created_by, "created_at": saved.created_at}
                connection.execute(insert(table).values(uid=saved.uid, **values, **created))
            return saved

        return self._run(work)

    def keep(self, address: Address) -> tuple[Address, Kept]:
        """Keep a person typed for a pre-posting without making a second entry of them: an
        entry of the same kind, name (accents and case aside) and CEP, with no other
        CPF/CNPJ, is that person, updated with what was typed (its group, logo and uid
        stay) or left alone when nothing differs; else ``address`` is added. Checked first
        (`InvalidValue`, nothing written)."""
        address = tidied(address)
        check_address(address)
        same = self._same(address)
        if same is None:
            return self.save(replace(address, uid="")), Kept.ADDED
        typed = replace(same, **{name: getattr(address, name) for name in PERSON_FIELDS})
        if typed == same:
            return same, Kept.UNCHANGED
        return self.save(typed), Kept.UPDATED

    def _same(self, address: Address) -> Address | None:
        """The book's entry of the person ``address`` names (see `keep`), if any."""
        name = fold(address.name)

        def work(connection: Connection) -> list[Address]:
            query = select(table).where(table.c.kind == address.kind.value, table.c.cep == address.cep)
            return [_from_row(row) for row in connection.execute(query)]

        for found in sorted(self._run(work, write=False), key=lambda item: item.created_at):
            other_id = found.cpf_cnpj and address.cpf_cnpj and found.cpf_cnpj != address.cpf_cnpj
            if fold(found.name) == name and not other_id:
                return found
        return None

    def add(self, addresses: Sequence[Address]) -> int:
        """Keep new ``addresses`` (an import's) in one transaction, each checked first
        (`InvalidValue`, nothing written); how many. A sender becomes the default when
        the book has none."""
        now, author = _now(), self.author
        kept = [tidied(replace(address, uid=uuid.uuid4().hex)) for address in addresses]
        for address in kept:
            check_address(address)
        rows = [{**_values(item), "uid": item.uid, "created_by": author, "created_at": now} for item in kept]

        def work(connection: Connection) -> int:
            senders = [row for row in rows if row["kind"] == AddressKind.SENDER.value]
            if senders and not _has_default(connection) and not any(row["is_default"] for row in senders):
                senders[0]["is_default"] = 1
            for start in range(0, len(rows), _CHUNK):
                connection.execute(insert(table), rows[start : start + _CHUNK])
            return len(rows)

        return self._run(work) if rows else 0

    def delete(self, uids: Sequence[str]) -> int:
        """Remove the addresses ``uids``; how many were there."""

        def work(connection: Connection) -> int:
            removed = 0
            for start in range(0, len(uids), _CHUNK):
                chunk = list(uids[start : start + _CHUNK])
                removed += connection.execute(delete(table).where(table.c.uid.in_(chunk))).rowcount
            return removed

        return self._run(work) if uids else 0

    def default_sender(self) -> Address | None:
        def work(connection: Connection) -> Address | None:
            row = connection.execute(
                select(table).where(_senders(), table.c.is_default == 1).limit(1)
            ).first()
            return _from_row(row) if row is not None else None

        return self._run(work, write=False)

    def set_default_sender(self, uid: str) -> None:
        """Make sender ``uid`` the default (the others stop being it), in one transaction."""

        def work(connection: Connection) -> None:
            mine = and_(_senders(), table.c.uid == uid)
            if connection.execute(select(table.c.uid).where(mine)).first() is None:
                raise AddressBookError(Said("That sender is no longer in the address book"))
            connection.execute(update(table).where(_senders(), table.c.uid != uid).values(is_default=0))
            connection.execute(update(table).where(mine).values(is_default=1, updated_at=_now()))

        self._run(work)

    def groups(self) -> list[str]:
        """The groups in use, sorted (folded)."""

        def work(connection: Connection) -> list[str]:
            query = select(table.c.grp).where(table.c.grp != "").distinct()
            return [row[0] for row in connection.execute(query)]

        return sorted(self._run(work, write=False), key=fold)

    def list(
        self, *, kind: AddressKind | None = None, search: str = "", group: str | None = None
    ) -> list[Address]:
        """Addresses of ``kind`` (``None``: both) in ``group`` (``None``: any, ``""``: none)
        whose name, city, CEP, e-mail or group holds ``search``; by kind, then name."""
        where = []
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
