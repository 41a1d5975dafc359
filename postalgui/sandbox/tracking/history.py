"""What happened to an object: its fate and its events, deterministic from its code.

Fate (drawn from the code): 84.5 % delivered on time, 8 % late (1-6 business days after
the expected date), 5 % waiting at a branch (LDI 01 with `dtLimiteRetirada` 7 days later;
once that passes, BDE 23 returned), 2 % returned to sender after two failed attempts,
0.5 % lost (BDE 09). Some delivered ones (8 %) have a failed attempt first (BDE 20).

The expected date is the delivery-time engine's (`national_deadline`) for the product,
origin, destination and posting day. Events: PO 01 at the posting unit, RO 01 to the
origin state's treatment centre, RO 01 to the destination state's centre (another state
only), RO 01 to the destination city's delivery unit (each RO with `descricao` "Objeto em
trânsito", `detalhe` "Por favor, aguarde" and `unidadeDestino`, as the manual shows),
OEC 01 out for delivery, BDE 01 delivered; each at a business hour after the one before.
The whole history is made at once (and cached); an answer shows the events up to the
sandbox clock's now.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta

from postalgui.sandbox.deadline_engine import DeadlineError, add_business_days, national_deadline
from postalgui.sandbox.price_catalog import uf_of
from postalgui.sandbox.tracking.objects import FATES, Fate, TrackedObject
from postalgui.sandbox.tracking.route_units import AGENCIES, DELIVERY, RouteUnit, route_units

FATE_WEIGHTS = (1690, 160, 100, 40, 10)
"""Per 2000: 84.5 %, 8 %, 5 %, 2 %, 0.5 %."""
FAILED_ATTEMPT_SHARE = 0.08
PICKUP_DAYS = 7
FALLBACK_DAYS = 5
"""Business days to the expected date when the delivery-time engine has none for the route."""

Kind = tuple[str, str, str]
POSTED: Kind = ("PO", "01", "Objeto postado")
TRANSIT: Kind = ("RO", "01", "Objeto em trânsito")
OUT: Kind = ("OEC", "01", "Objeto saiu para entrega ao destinatário")
DELIVERED: Kind = ("BDE", "01", "Objeto entregue ao destinatário")
NOBODY_HOME: Kind = ("BDE", "20", "Carteiro não atendido")
AWAITING: Kind = ("LDI", "01", "Objeto aguardando retirada no endereço indicado")
RETURNING: Kind = ("FC", "01", "Objeto será devolvido ao remetente")
RETURNED: Kind = ("BDE", "23", "Objeto devolvido ao remetente")
LOST: Kind = ("BDE", "09", "Objeto extraviado")

TRANSIT_DETAIL = "Por favor, aguarde"
"""An RO event's `detalhe`, apart from its `descricao`, as the manual's example writes it."""
NOBODY_HOME_DETAIL = "Ausência do destinatário. Será realizada nova tentativa de entrega"
AWAITING_DETAIL = (
    "Para retirá-lo, é preciso informar o código do objeto e apresentar documentação que "
    "comprove ser o destinatário ou pessoa por ele oficialmente autorizada."
)


@dataclass(frozen=True, slots=True)
class Event:
    """One tracking event, in local time (the operator's, no zone)."""

    at: datetime
    kind: Kind
    unit: RouteUnit
    destination: RouteUnit | None = None
    """Where the object travels to (RO): `unidadeDestino`."""
    detail: str = ""
    pickup_until: datetime | None = None
    """Until when it waits at the branch (LDI): `dtLimiteRetirada`."""


@dataclass(frozen=True, slots=True)
class History:
    """An object's fate, expected date and every event it will ever have, oldest first."""

    fate: Fate
    expected: date
    events: tuple[Event, ...]


def fate_of(code: str) -> Fate:
    """The fate the code draws (84.5 % on time, 8 % late, 5 % waiting, 2 % returned, 0.5 % lost)."""
    fate: Fate = random.Random(f"fate/{code}").choices(FATES, weights=FATE_WEIGHTS)[0]
    return fate


def expected_date(obj: TrackedObject) -> date:
    """The delivery-time engine's date for the object's product, route and posting day."""
    try:
        return national_deadline(obj.product, obj.origin_cep, obj.destination_cep, obj.posted.date()).due
    except DeadlineError:
        return add_business_days(obj.posted.date(), FALLBACK_DAYS)


def previous_business_day(day: date) -> date:
    probe = day - timedelta(days=1)
    while add_business_days(probe, 0) != probe:
        probe -= timedelta(days=1)
    return probe


def business_days_between(first: date, last: date) -> int:
    """Business days after `first` up to and including `last` (0 when `last` <= `first`)."""
    count, day = 0, first
    while day < last:
        day += timedelta(days=1)
        count += add_business_days(day, 0) == day
    return count


class _Timeline:
    """Events in order: each at a business hour of its day, never before the one before."""

    def __init__(self, rng: random.Random, first: Event) -> None:
        self.rng = rng
        self.events = [first]

    @property
    def last(self) -> Event:
        return self.events[-1]

    def add(
        self,
        kind: Kind,
        unit: RouteUnit,
        day: date | None = None,
        hours: tuple[int, int] = (8, 18),
        *,
        destination: RouteUnit | None = None,
        detail: str = "",
    ) -> Event:
        rng = self.rng
        start = datetime.combine(day or self.last.at.date(), time(hours[0]))
        at = start + timedelta(minutes=rng.randrange((hours[1] - hours[0]) * 60), seconds=rng.randrange(60))
        at = max(at, self.last.at + timedelta(minutes=rng.randint(7, 90), seconds=rng.randrange(60)))
        event = Event(at, kind, unit, destination, detail or (TRANSIT_DETAIL if kind == TRANSIT else ""))
        self.events.append(event)
        return event


@dataclass(frozen=True, slots=True)
class _Route:
    posting: RouteUnit
    origin_centre: RouteUnit
    destination_centre: RouteUnit | None
    delivery: RouteUnit
    branch: RouteUnit

    @classmethod
    def of(cls, obj: TrackedObject) -> _Route:
        units = route_units()
        origin_uf, destination_uf = uf_of(obj.origin_cep) or "", uf_of(obj.destination_cep) or ""
        return cls(
            posting=units.posting(obj.origin_cep, obj.code),
            origin_centre=units.centre(origin_uf),
            destination_centre=units.centre(destination_uf) if destination_uf != origin_uf else None,
            delivery=units.in_city_of(obj.destination_cep, DELIVERY, obj.code),
            branch=units.in_city_of(obj.destination_cep, AGENCIES, obj.code),
        )

    @property
    def hub(self) -> RouteUnit:
        """The last treatment centre on the way."""
        return self.destination_centre or self.origin_centre


def _transit(line: _Timeline, route: _Route, arrival: date, *, to_delivery: bool = True) -> None:
    """RO 01 from the posting unit to the centres and to the delivery unit, by `arrival`."""
    posted = line.last.at.date()
    line.add(TRANSIT, route.posting, hours=(17, 21), destination=route.origin_centre)
    days = business_days_between(posted, arrival)
    if route.destination_centre is not None:
        middle = add_business_days(posted, max(1, days // 2)) if days >= 2 else posted
        line.add(TRANSIT, route.origin_centre, middle, (6, 20), destination=route.destination_centre)
    if to_delivery:
        last_night = previous_business_day(arrival) if days >= 2 else arrival
        hours = (18, 22) if days >= 2 else (5, 7)
        line.add(TRANSIT, route.hub, max(last_night, line.last.at.date()), hours, destination=route.delivery)


def _attempts(line: _Timeline, route: _Route, days: list[date]) -> None:
    """OEC 01 then BDE 20 (nobody home) on each day."""
    for day in days:
        line.add(OUT, route.delivery, day, (8, 10))
        line.add(NOBODY_HOME, route.delivery, day, (10, 17), detail=NOBODY_HOME_DETAIL)


def _delivered(line: _Timeline, route: _Route, attempts: list[date]) -> None:
    _attempts(line, route, attempts[:-1])
    line.add(OUT, route.delivery, attempts[-1], (8, 10))
    line.add(DELIVERED, route.delivery, attempts[-1], (10, 18))


def _awaiting_pickup(line: _Timeline, route: _Route, attempts: list[date]) -> None:
    """A failed attempt, LDI 01 at a branch until its pickup limit, then BDE 23 (returned)."""
    _attempts(line, route, attempts)
    next_day = add_business_days(attempts[-1], 1)
    waiting = line.add(AWAITING, route.branch, next_day, (9, 12), detail=AWAITING_DETAIL)
    limit = waiting.at + timedelta(days=PICKUP_DAYS)
    line.events[-1] = replace(waiting, pickup_until=limit)
    line.add(RETURNED, route.branch, add_business_days(limit.date() + timedelta(days=1), 0), (8, 12))


def _returned(line: _Timeline, route: _Route, attempts: list[date], trip_days: int) -> None:
    """Two failed attempts, back through the hub, BDE 23 at the posting unit."""
    _attempts(line, route, attempts)
    line.add(RETURNING, route.delivery, attempts[-1], (17, 19))
    line.add(TRANSIT, route.delivery, add_business_days(attempts[-1], 1), (6, 12), destination=route.hub)
    line.add(RETURNED, route.posting, add_business_days(attempts[-1], max(2, trip_days)), (9, 17))


def _plan(fate: Fate, expected: date, posted: date, rng: random.Random) -> list[date]:
    """The delivery attempts' days (the last one delivers, when the fate delivers)."""
    first = max(expected, add_business_days(posted, 1))
    if fate == "late":
        return [add_business_days(first, rng.randint(1, 6))]
    if fate == "returned":
        return [first, add_business_days(first, 1)]
    if fate != "on_time":
        return [first]
    if business_days_between(posted, first) >= 3 and rng.random() < 0.3:
        first = previous_business_day(first)
    if business_days_between(posted, first) >= 2 and rng.random() < FAILED_ATTEMPT_SHARE:
        return [previous_business_day(first), first]
    return [first]


@functools.lru_cache(maxsize=65_536)
def history(obj: TrackedObject) -> History:
    """Every event the object will have, made once from its code and route."""
    rng = random.Random(f"history/{obj.code}")
    fate = obj.fate or fate_of(obj.code)
    expected = expected_date(obj)
    route = _Route.of(obj)
    posted = obj.posted.date()
    attempts = _plan(fate, expected, posted, rng)
    line = _Timeline(rng, Event(obj.posted, POSTED, route.posting))
    _transit(line, route, attempts[0], to_delivery=fate != "lost")
    if fate in ("on_time", "late"):
        _delivered(line, route, attempts)
    elif fate == "awaiting_pickup":
        _awaiting_pickup(line, route, attempts)
    elif fate == "returned":
        _returned(line, route, attempts, business_days_between(posted, expected))
    else:
        line.add(LOST, route.hub, add_business_days(attempts[0], 3), (9, 17))
    return History(fate, expected, tuple(line.events))
