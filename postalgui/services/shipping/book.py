"""The shipments book: every pre-posting the office registered, in the office database
(table ``shipment``), so every desk sees who registered what, and labels, declarations
and posting lists are drawn from the order as it was sent.

A pre-posting is recorded as soon as the operator answers its id (one transaction per
answer: a batch cut short keeps what was registered). The operator's later word (a
label issued, posted, cancelled, expired) updates its row; each write tells topic
``shipment``.

Desks write the same rows (one cancels, another issues labels, a third refreshes), so a
row carries a ``version``, grown by each write, and who wrote it last. A write is worked
out from the row as read and made only while the row still has that version (in the
``UPDATE``'s ``WHERE``), and a refresh names the versions it read before asking the
operator: a row another desk changed meanwhile keeps that desk's newer word (the next
refresh asks again) instead of getting the older answer written over it.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, insert, or_, select, update

from postalgui.api.models.prepostings import (
    Order,
    Preposting,
    PrepostingStatus,
    order_from_json,
    order_to_json,
)
from postalgui.api.values.dates import operator_utc
from postalgui.api.values.text import fold
from postalgui.services.office import topics
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.scoped import EnvironmentRows
from postalgui.services.shipping.records import EXPIRY_DAYS, OPEN_STATUSES, Shipment
from postalgui.store.tables import shipment

__all__ = ["TOPIC", "ShipmentBook", "ShippingError"]

TOPIC = topics.SHIPMENTS
ETICKET = "eticket"
"""The body's key for a return's authorization code: the order as sent plus the one thing of the
answer a customer needs (no column of its own: it is set once, at creation)."""


class ShippingError(OfficeDatabaseError):
    """The shipments book cannot be used (a newer schema, a damaged or refused database)."""


def _iso(moment: datetime | None) -> str | None:
    """Stored as UTC; a naive time is the operator's (Brasília's wall time), never this desk's."""
    return None if moment is None else operator_utc(moment).isoformat(timespec="seconds")


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def shipment_from_row(row: dict[str, Any]) -> Shipment:
    created = _moment(row["created_at"]) or datetime.now(UTC)
    number = str(row["status"] or "")
    body = json.loads(row["body"])
    return Shipment(
        prepost_id=row["prepost_id"],
        object_code=row["object_code"],
        status=PrepostingStatus.read(number),
        status_number=number,
        status_word=row.get("status_word") or "",
        order=order_from_json(body),
        created_by=row["created_by"],
        created_at=created,
        expires_at=_moment(row["expires_at"]),
        labelled_at=_moment(row.get("labelled_at")),
        cancelled_at=_moment(row.get("cancelled_at")),
        version=int(row.get("version") or 1),
        updated_by=row.get("updated_by") or row["created_by"],
        eticket=str(body.get(ETICKET) or ""),
    )


class ShipmentBook(EnvironmentRows):
    """The shipments of ``office``'s environment (``environment`` overrides it: tests)."""

    TOPIC = TOPIC
    ERROR = ShippingError

    def _mine(self) -> Any:
        return shipment.c.environment == self.environment

    # --- reading -------------------------------------------------------------------------

    def shipments(
        self,
        *,
        status: PrepostingStatus | None = None,
        search: str = "",
        labelled: bool | None = None,
        returns: bool | None = None,
    ) -> list[Shipment]:
        """Shipments newest first, of the operator's ``status`` when given, labelled here or
        not when ``labelled`` is given, return authorizations or not when ``returns`` is given,
        matching ``search`` (id, object code, recipient, city, CEP digits; case and accents
        aside)."""
        query = select(shipment).where(self._mine())
        if status is not None:
            query = query.where(shipment.c.status == status.value)
        if labelled is not None:
            mark = shipment.c.labelled_at
            query = query.where(mark.is_not(None) if labelled else mark.is_(None))
        query = query.order_by(shipment.c.created_at.desc(), shipment.c.id.desc())
        rows = self._run(lambda c: [dict(row) for row in c.execute(query).mappings()], write=False)
        found = [shipment_from_row(row) for row in rows]
        if returns is not None:
            found = [item for item in found if item.is_return is returns]
        needle = fold(search.strip())
        if not needle:
            return found
        return [item for item in found if needle in fold(_haystack(item))]

    def get(self, ids: Sequence[str]) -> list[Shipment]:
        """The shipments of ``ids`` (pre-posting ids or object codes), in that order."""
        keys = [key.strip().upper() for key in ids]
        query = select(shipment).where(
            self._mine(), or_(shipment.c.prepost_id.in_(keys), shipment.c.object_code.in_(keys))
        )
        rows = self._run(lambda c: [dict(row) for row in c.execute(query).mappings()], write=False)
        by_key: dict[str, Shipment] = {}
        for row in rows:
            item = shipment_from_row(row)
            by_key[item.prepost_id.upper()] = item
            if item.object_code:
                by_key[item.object_code] = item
        return [by_key[key] for key in keys if key in by_key]

    def open_ids(self) -> list[str]:
        """Pre-postings the operator may still change (pre-attended, pre-posted, pending,
        or a status number this version does not know)."""
        closed = [status.value for status in PrepostingStatus if status not in OPEN_STATUSES]
        query = select(shipment.c.prepost_id).where(self._mine(), shipment.c.status.not_in(closed))
        return self._run(lambda c: list(c.execute(query).scalars()), write=False)

    def sent_before(self, orders: Sequence[Order]) -> dict[int, Shipment]:
        """The shipments that look like ``orders`` sent before, by the order's index: the
        same recipient (name and CEP) and invoice number, or the same NF-e key."""
        names = {order.recipient.name for order in orders if order.invoice_number}
        keys = {order.nfe_key for order in orders if order.nfe_key}
        if not names and not keys:
            return {}
        query = select(shipment).where(
            self._mine(),
            or_(
                shipment.c.recipient_name.in_(sorted(names)),
                *(shipment.c.body.contains(key) for key in sorted(keys)),
            ),
        )
        query = query.order_by(shipment.c.created_at, shipment.c.id)
        rows = self._run(lambda c: [dict(row) for row in c.execute(query).mappings()], write=False)
        found = [shipment_from_row(row) for row in rows]
        matches: dict[int, Shipment] = {}
        for index, order in enumerate(orders):
            for item in found:  # the newest wins
                if _same_order(order, item.order):
                    matches[index] = item
        return matches

    # --- writing -------------------------------------------------------------------------

    def record(self, answer: Preposting, order: Order, now: datetime) -> Shipment:
        """Keep a pre-posting the operator just registered (its order as sent)."""
        expires = answer.expires_at or (answer.created_at or now) + timedelta(days=EXPIRY_DAYS)
        row = {
            "uid": uuid.uuid4().hex,
            "environment": self.environment,
            "prepost_id": answer.id,
            "object_code": answer.object_code,
            "status": answer.number or PrepostingStatus.PREPOSTED.value,
            "status_word": answer.status_word[:60],
            "service_code": order.service_code,
            "recipient_name": order.recipient.name,
            "recipient_cep": order.recipient.cep,
            "recipient_city": order.recipient.city,
            "recipient_state": order.recipient.state,
            "weight_g": order.weight_g,
            "declared_value": None if order.declared_value is None else str(order.declared_value),
            "body": json.dumps(_body(order, answer.eticket), ensure_ascii=False),
            "created_by": self.author,
            "created_at": _iso(answer.created_at or now),
            "expires_at": _iso(expires),
            "version": 1,
            "updated_by": self.author,
            "updated_at": _iso(now),
        }
        self._run(lambda c: c.execute(insert(shipment).values(row)))
        return shipment_from_row(row)

    def update(
        self,
        answers: Sequence[Preposting],
        now: datetime,
        *,
        labelled: bool = False,
        read: Mapping[str, int] | None = None,
    ) -> int:
        """The operator's word on these pre-postings (status, object code, expiry); with
        ``labelled`` their labels were issued here now (our mark). ``read``: the version of
        each row (by pre-posting id) when the operator was asked; a row written since by
        another desk keeps its newer word. Answers how many rows changed."""
        return self._answer(answers, now, labelled=labelled, read=read)[0]

    def label(self, answers: Sequence[Preposting], now: datetime) -> dict[str, Shipment]:
        """The operator's word on pre-postings whose labels were issued here now (our mark);
        answers each of them as its row stands after, by pre-posting id: read in the same
        transaction as it is written, so a print reads its shipments once."""
        rows = self._answer(answers, now, labelled=True)[1]
        return {key: shipment_from_row(row) for key, row in rows.items()}

    def _answer(
        self,
        answers: Sequence[Preposting],
        now: datetime,
        *,
        labelled: bool = False,
        read: Mapping[str, int] | None = None,
    ) -> tuple[int, dict[str, dict[str, Any]]]:
        """`update`'s work: how many rows changed, and every answered row as it stands after."""
        at = _iso(now)

        def work(connection: Connection) -> tuple[int, dict[str, dict[str, Any]]]:
            keys = [answer.id for answer in answers]
            query = select(shipment).where(self._mine(), shipment.c.prepost_id.in_(keys))
            known = {row["prepost_id"]: dict(row) for row in connection.execute(query).mappings()}
            changed = 0
            for answer in answers:
                row = known.get(answer.id)
                if row is None or (read or {}).get(answer.id, row["version"]) != row["version"]:
                    continue
                values = _changes(row, answer, at, labelled=labelled)
                if values and self._write(connection, row, values, at):
                    changed += 1
                    row.update(values, version=row["version"] + 1, updated_by=self.author, updated_at=at)
            return changed, known

        return self._run(work)

    def _write(
        self, connection: Connection, row: dict[str, Any], values: dict[str, Any], at: str | None
    ) -> int:
        """``values`` into ``row`` while it is still the version read (1), else nothing (0)."""
        id_, version = shipment.c.prepost_id, shipment.c.version
        mine = (self._mine(), id_ == row["prepost_id"], version == row["version"])
        newer = {**values, "version": version + 1, "updated_by": self.author, "updated_at": at}
        return connection.execute(update(shipment).where(*mine).values(newer)).rowcount


def _body(order: Order, eticket: str) -> dict[str, Any]:
    """What the ``body`` column keeps: the order as sent, and a return's authorization code."""
    body = order_to_json(order)
    if eticket:
        body[ETICKET] = eticket
    return body


def _same_order(order: Order, sent: Order) -> bool:
    if order.nfe_key and order.nfe_key == sent.nfe_key:
        return True
    return bool(order.invoice_number) and (
        order.invoice_number,
        fold(order.recipient.name.strip()),
        order.recipient.cep,
    ) == (sent.invoice_number, fold(sent.recipient.name.strip()), sent.recipient.cep)


def _changes(
    row: dict[str, Any], answer: Preposting, at: str | None, *, labelled: bool = False
) -> dict[str, Any]:
    """What the operator's word changes in ``row``; ``labelled``: the answer follows a label
    issued here (the office's mark), else an object code alone marks nothing."""
    values: dict[str, Any] = {}
    if answer.number and answer.number != row["status"]:
        values["status"] = answer.number
        if answer.status is PrepostingStatus.CANCELLED:
            values["cancelled_at"] = at
    if answer.number and answer.status_word[:60] != (row.get("status_word") or ""):
        values["status_word"] = answer.status_word[:60]
    if answer.object_code and answer.object_code != row["object_code"]:
        values["object_code"] = answer.object_code
    if labelled and row.get("labelled_at") is None:
        values["labelled_at"] = at
    expires = _iso(answer.expires_at)
    if expires and expires != row["expires_at"]:
        values["expires_at"] = expires
    return values


def _haystack(item: Shipment) -> str:
    recipient = item.order.recipient
    return " ".join(
        (
            item.prepost_id,
            item.object_code or "",
            recipient.name,
            recipient.city,
            recipient.state,
            recipient.cep,
        )
    )
