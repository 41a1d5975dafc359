"""The shipments book: every pre-posting the office registered, in the office database
(table ``shipment``), so every desk sees who registered what, and labels, declarations
and posting lists are drawn from the order as it was sent.

A pre-posting is recorded as soon as the operator answers its id (one transaction per
answer: a batch cut short keeps what was registered). The operator's later word (a
label issued, posted, cancelled, expired) updates its row; each write tells topic
``shipment``.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
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
from postalgui.services.branches.index import fold
from postalgui.services.office import topics
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.scoped import EnvironmentRows
from postalgui.services.shipping.records import EXPIRY_DAYS, OPEN_STATUSES, Shipment
from postalgui.store.tables import shipment

__all__ = ["TOPIC", "ShipmentBook", "ShippingError"]

TOPIC = topics.SHIPMENTS


class ShippingError(OfficeDatabaseError):
    """The shipments book cannot be used (a newer schema, a damaged or refused database)."""


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat(timespec="seconds")


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def shipment_from_row(row: dict[str, Any]) -> Shipment:
    created = _moment(row["created_at"]) or datetime.now(UTC)
    return Shipment(
        prepost_id=row["prepost_id"],
        object_code=row["object_code"],
        status=PrepostingStatus.read(row["status"]),
        order=order_from_json(json.loads(row["body"])),
        created_by=row["created_by"],
        created_at=created,
        expires_at=_moment(row["expires_at"]),
        labelled_at=_moment(row.get("labelled_at")),
        cancelled_at=_moment(row.get("cancelled_at")),
    )


class ShipmentBook(EnvironmentRows):
    """The shipments of ``office``'s environment (``environment`` overrides it: tests)."""

    TOPIC = TOPIC
    ERROR = ShippingError

    def _mine(self) -> Any:
        return shipment.c.environment == self.environment

    # --- reading -------------------------------------------------------------------------

    def shipments(self, *, status: PrepostingStatus | None = None, search: str = "") -> list[Shipment]:
        """Shipments newest first, of ``status`` when given, matching ``search`` (id, object
        code, recipient, city, CEP digits; case and accents aside)."""
        query = select(shipment).where(self._mine())
        if status is not None:
            query = query.where(shipment.c.status == status.value)
        query = query.order_by(shipment.c.created_at.desc(), shipment.c.id.desc())
        rows = self._run(lambda c: [dict(row) for row in c.execute(query).mappings()], write=False)
        found = [shipment_from_row(row) for row in rows]
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
        """Pre-postings the operator may still change (pre-posted or labelled)."""
        query = select(shipment.c.prepost_id).where(
            self._mine(), shipment.c.status.in_([status.value for status in OPEN_STATUSES])
        )
        return self._run(lambda c: list(c.execute(query).scalars()), write=False)

    # --- writing -------------------------------------------------------------------------

    def record(self, answer: Preposting, order: Order, now: datetime) -> Shipment:
        """Keep a pre-posting the operator just registered (its order as sent)."""
        expires = answer.expires_at or (answer.created_at or now) + timedelta(days=EXPIRY_DAYS)
        row = {
            "uid": uuid.uuid4().hex,
            "environment": self.environment,
            "prepost_id": answer.id,
            "object_code": answer.object_code,
            "status": answer.status.value,
            "service_code": order.service_code,
            "recipient_name": order.recipient.name,
            "recipient_cep": order.recipient.cep,
            "recipient_city": order.recipient.city,
            "recipient_state": order.recipient.state,
            "weight_g": order.weight_g,
            "declared_value": None if order.declared_value is None else str(order.declared_value),
            "body": json.dumps(order_to_json(order), ensure_ascii=False),
            "created_by": self.author,
            "created_at": _iso(answer.created_at or now),
            "expires_at": _iso(expires),
        }
        self._run(lambda c: c.execute(insert(shipment).values(row)))
        return shipment_from_row(row)

    def update(self, answers: Sequence[Preposting], now: datetime) -> int:
        """The operator's word on these pre-postings (status, object code, expiry); answers
        how many rows changed."""
        at = _iso(now)

        def work(connection: Connection) -> int:
            keys = [answer.id for answer in answers]
            query = select(shipment).where(self._mine(), shipment.c.prepost_id.in_(keys))
            known = {row["prepost_id"]: dict(row) for row in connection.execute(query).mappings()}
            changed = 0
            for answer in answers:
                row = known.get(answer.id)
                if row is None:
                    continue
                values = _changes(row, answer, at)
                if values:
                    changed += 1
                    connection.execute(
                        update(shipment)
                        .where(self._mine(), shipment.c.prepost_id == answer.id)
                        .values(values)
                    )
            return changed

        return self._run(work)


def _changes(row: dict[str, Any], answer: Preposting, at: str | None) -> dict[str, Any]:
    values: dict[str, Any] = {}
    if answer.status.value != row["status"]:
        values["status"] = answer.status.value
        if answer.status is PrepostingStatus.CANCELLED:
            values["cancelled_at"] = at
    if answer.object_code and answer.object_code != row["object_code"]:
        values["object_code"] = answer.object_code
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
