"""What the watchlist holds per object, as the tab, the CLI and the exports read it.

A row of ``tracked_object`` becomes a `WatchedObject`; an operator's answer becomes the
row's new values (`answer_values`). Operator times are its local time, kept naive; the
row's own times (added, checked, archived) are UTC.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from functools import cached_property
from typing import Any, NamedTuple

from postalgui.api.models.tracking import TrackedObject, TrackingEvent, TrackingUnit
from postalgui.api.values.states import STATES, uf_of_cep
from postalgui.services.tracking.lateness import ARRIVED, Lateness, assess
from postalgui.services.tracking.status import Problem, Status, classify, is_final, object_status

__all__ = ["Kept", "WatchedObject", "answer_values", "arrival", "object_from_row"]


@dataclass(frozen=True)
class WatchedObject:
    code: str
    tag: str = ""
    source: str = ""
    added_by: str = ""
    added_at: datetime | None = None
    archived_at: datetime | None = None
    status: Status | None = None
    """``None`` until the operator was first asked."""
    problem: Problem | None = None
    final: bool = False
    event_code: str = ""
    """``"BDE 01"``: the last event's code and type."""
    last_event: str = ""
    last_place: str = ""
    last_at: datetime | None = None
    arrived_on: date | None = None
    expected_on: date | None = None
    expected_source: str | None = None
    """``"operator"`` (its ``dtPrevista``) or ``"deadline"`` (the delivery-time service)."""
    pickup_until: datetime | None = None
    product: str = ""
    message: str = ""
    checked_at: datetime | None = None
    co_produto: str | None = None
    cep_origem: str | None = None
    cep_destino: str | None = None
    posted_on: date | None = None
    invoice: str | None = None
    invoice_amount: Decimal | None = None
    answer_json: str | None = field(default=None, repr=False)

    def lateness(self, today: date) -> Lateness:
        status = self.status if self.status is not None else Status.NOT_FOUND
        return assess(status, self.expected_on, self.arrived_on, today)

    @cached_property
    def answer(self) -> TrackedObject | None:
        """The operator's last answer (the timeline), read when first asked for."""
        if not self.answer_json:
            return None
        return TrackedObject.model_validate_json(self.answer_json)

    @property
    def events(self) -> tuple[TrackingEvent, ...]:
        answer = self.answer
        return answer.eventos if answer is not None else ()


class Kept(NamedTuple):
    """What a refresh compares an answer with, as the row stores it (text): a tuple, not a
    `WatchedObject`, for the 10,000 a refresh reads (making each a `WatchedObject` cost
    more of the refresh's CPU than parsing their answers); `watched` makes one when needed."""

    code: str
    status: str | None
    event_code: str | None
    last_at: str | None
    expected_on: str | None
    expected_source: str | None
    co_produto: str | None
    cep_origem: str | None
    cep_destino: str | None
    posted_on: str | None

    def watched(self) -> WatchedObject:
        return object_from_row(self._asdict())


def _day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def object_from_row(row: dict[str, Any]) -> WatchedObject:
    """The object of a ``tracked_object`` row (its columns by name, ``answer`` optional)."""
    status = row.get("status") or None
    problem = row.get("problem") or None
    amount = row.get("invoice_amount")
    return _made(
        {
            "code": row["code"],
            "tag": row.get("tag") or "",
            "source": row.get("source") or "",
            "added_by": row.get("created_by") or "",
            "added_at": _moment(row.get("added_at")),
            "archived_at": _moment(row.get("archived_at")),
            "status": Status(status) if status else None,
            "problem": Problem(problem) if problem else None,
            "final": bool(row.get("final")),
            "event_code": row.get("event_code") or "",
            "last_event": row.get("last_event") or "",
            "last_place": row.get("last_place") or "",
            "last_at": _moment(row.get("last_at")),
            "arrived_on": _day(row.get("arrived_on")),
            "expected_on": _day(row.get("expected_on")),
            "expected_source": row.get("expected_source"),
            "pickup_until": _moment(row.get("pickup_until")),
            "product": row.get("product") or "",
            "message": row.get("message") or "",
            "checked_at": _moment(row.get("checked_at")),
            "co_produto": row.get("co_produto"),
            "cep_origem": row.get("cep_origem"),
            "cep_destino": row.get("cep_destino"),
            "posted_on": _day(row.get("posted_on")),
            "invoice": row.get("invoice"),
            "invoice_amount": Decimal(amount) if amount else None,
            "answer_json": row.get("answer"),
        }
    )


def _made(values: dict[str, Any]) -> WatchedObject:
    """A `WatchedObject` of ``values`` (every field, by name) set in one step: the frozen
    dataclass's ``__init__`` sets each of its 27 fields by ``object.__setattr__``, 3.7 us an
    object, 40 % of `object_from_row`, which a statement's claim candidates run 13,600 times
    (bench_claims_candidates); so 0.6 us. A test holds ``values`` to the class's fields."""
    made = object.__new__(WatchedObject)
    made.__dict__.update(values)
    return made


def arrival(found: TrackedObject) -> date | None:
    """The day of the first event that delivered it, left it at a branch or tried to."""
    for event in reversed(found.eventos):  # oldest first
        status, _ = classify(event)
        if status in ARRIVED and event.dtHrCriado is not None:
            return event.dtHrCriado.date()
    return None


def posting_day(found: TrackedObject) -> date | None:
    """The day of its posting event (``PO``), else of its first event."""
    for event in reversed(found.eventos):
        if event.key[0] == "PO" and event.dtHrCriado is not None:
            return event.dtHrCriado.date()
    first = found.eventos[-1] if found.eventos else None
    return first.dtHrCriado.date() if first is not None and first.dtHrCriado is not None else None


def _unit_uf(unit: TrackingUnit | None) -> str | None:
    uf = (unit.endereco.uf or "").strip().upper() if unit is not None and unit.endereco is not None else ""
    return uf if uf in STATES else None


def origin_state(found: TrackedObject, cep_origem: str | None = None) -> str | None:
    """The state it left from: its origin CEP's, else its posting unit's (``PO``)."""
    known = uf_of_cep(cep_origem)
    if known is not None:
        return known
    for event in reversed(found.eventos):  # oldest first
        if event.key[0] == "PO":
            return _unit_uf(event.unidade)
    return None


def destination_state(found: TrackedObject, cep_destino: str | None = None) -> str | None:
    """The state it goes to: its destination CEP's, else the unit's of the first event that
    delivered it, left it at a branch or tried to; ``None`` while it is on its way (the
    units it passes are not where it goes)."""
    known = uf_of_cep(cep_destino)
    if known is not None:
        return known
    for event in reversed(found.eventos):
        status, _ = classify(event)
        if status in ARRIVED:
            return _unit_uf(event.unidade)
    return None


def answer_values(
    found: TrackedObject,
    *,
    now: datetime | None = None,
    cep_origem: str | None = None,
    cep_destino: str | None = None,
) -> dict[str, Any]:
    """The row values an operator's answer sets (the expected date only when it sends one;
    the states only when known: a state never becomes unknown again). ``cep_origem`` and
    ``cep_destino`` are the row's, which say the states first."""
    status, problem = object_status(found)
    last = found.last_event
    pickup = next((event.dtLimiteRetirada for event in found.eventos if event.dtLimiteRetirada), None)
    values: dict[str, Any] = {
        "status": status.value,
        "problem": problem.value if problem is not None else None,
        "final": int(is_final(status, problem)),
        "event_code": f"{last.key[0]} {last.key[1]}".strip() if last is not None else None,
        "last_event": (last.descricao or "")[:200] if last is not None else None,
        "last_place": (last.unidade.place if last is not None and last.unidade is not None else "")[:120],
        "last_at": last.dtHrCriado.isoformat() if last is not None and last.dtHrCriado else None,
        "arrived_on": _iso(arrival(found)),
        "pickup_until": pickup.isoformat()
        if pickup is not None and status is Status.AWAITING_PICKUP
        else None,
        "product": (found.tipoPostal.descricao or "")[:120] if found.tipoPostal is not None else "",
        "message": (found.mensagem or "")[:200] or None,
        "checked_at": (now or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds"),
        "answer": found.model_dump_json(exclude_none=True),
    }
    if found.dtPrevista is not None:
        values["expected_on"] = found.dtPrevista.date().isoformat()
        values["expected_source"] = "operator"
    posted = posting_day(found)
    if posted is not None:
        values["posted_on"] = posted.isoformat()
    states = {
        "origin_uf": origin_state(found, cep_origem),
        "destination_uf": destination_state(found, cep_destino),
    }
    values.update({name: uf for name, uf in states.items() if uf is not None})
    return values


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day is not None else None
