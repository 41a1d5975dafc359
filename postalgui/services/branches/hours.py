"""Opening hours of a unit: "open now, closes at 18:00", "closed, opens Monday at 09:00".

Everything is computed on the unit's own clock (its ``fuso``: ``UTC-03:00`` in most of
Brazil, ``UTC-04:00`` in AM, MT, MS, RO and RR, ``UTC-05:00`` in Acre, ``UTC-02:00`` on
Fernando de Noronha; no daylight saving since 2019), never the computer's: at 17:30 in
São Paulo a branch in Rio Branco that closes at 17:00 closed 2 h 30 min ago... in its
own time, 15:30, it is still open.

A unit's week is a tuple of intervals in *minutes of the week* (Monday 00:00 is 0, a
week is 10,080), built once per unit (`week_minutes`): weekdays from
``iniExpediente``-``fimExpediente`` less the lunch break, Saturday and Sunday from their
own keys. ``23:59`` as a closing time means midnight (a locker's "00:00-23:59" every day
is open all week), a closing time before the opening one runs past midnight. The same
intervals answer "open now" for one unit (`opening_state`) and, as plain integers, for
12,000 units per keystroke (`is_open_in`).

Hours alone do not make a unit open: only an operating unit (status ``2`` INSTALADO,
spec 001 2.3; a unit that sends no status is taken as operating) can be. A temporarily
closed, closed-down or closing-down unit keeps its hours in the record, and a clerk who
read "Open, closes 17:00" beside it would send someone to a shut door: `unit_opening`
answers "closed, by its status" for those (`OpeningState.status`), and the index masks
them out of "open now" and "open at" (`operating`).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import datetime, time, timedelta, timezone, tzinfo

from postalgui.api.models.branches import Hours, Unit, UnitStatusCode
from postalgui.api.values import InvalidValue, parse_zone_offset

__all__ = [
    "DEFAULT_ZONE",
    "STATE_ZONES",
    "WEEK",
    "OpeningState",
    "WeekTable",
    "is_open_in",
    "minute_of_week",
    "open_at",
    "opening_state",
    "operating",
    "unit_open_at",
    "unit_opening",
    "unit_zone",
    "week_minutes",
    "week_table",
]

WEEK = 7 * 1440
DEFAULT_ZONE = timezone(timedelta(hours=-3))
"""Brasília time, for a unit that names no ``fuso`` (most of the country)."""

Interval = tuple[int, int]


@dataclass(frozen=True)
class OpeningState:
    """Whether a unit is open at a moment, and until or from when (unit-local, aware)."""

    open: bool
    closes_at: datetime | None = None
    opens_at: datetime | None = None
    posting_until: datetime | None = None
    on_lunch: bool = False
    always_open: bool = False
    known: bool = True
    status: str | None = None
    """The status code that keeps the unit shut whatever its hours (``3``, ``4``, ``5``...);
    ``None`` for an operating unit."""


@dataclass(frozen=True)
class WeekTable:
    """The rows of a unit's hours table, ``(start, end)`` as the operator writes them."""

    weekdays: tuple[str, str] | None
    lunch: tuple[str, str] | None
    saturday: tuple[str, str] | None
    sunday: tuple[str, str] | None
    posting_until: str | None
    description: str | None
    always_open: bool


STATE_ZONES: dict[str, timezone] = dict.fromkeys(
    ("AM", "MT", "MS", "RO", "RR"), timezone(timedelta(hours=-4))
) | {"AC": timezone(timedelta(hours=-5))}
"""The states off Brasília time (all of each state; Fernando de Noronha, in PE, sends its ``fuso``)."""


def unit_zone(fuso: str | None, uf: str | None = None) -> tzinfo:
    """The unit's clock from its ``fuso`` (``UTC-04:00``); when absent or unreadable, its
    state's (``uf``), else Brasília time."""
    fallback = STATE_ZONES.get((uf or "").strip().upper(), DEFAULT_ZONE)
    if not fuso or not fuso.strip():
        return fallback
    try:
        return parse_zone_offset(fuso)
    except InvalidValue:
        return fallback


def _minutes(text: str | None) -> int | None:
    """``"09:30"`` as 570; ``"23:59"`` as 1440 (the end of the day); ``None`` when unreadable."""
    if not text:
        return None
    hour, _, minute = text.strip().partition(":")
    if not (hour.isdigit() and minute[:2].isdigit()):
        return None
    value = int(hour) * 60 + int(minute[:2])
    if not 0 <= value <= 1440:
        return None
    return 1440 if value == 1439 else value


def _span(start: str | None, end: str | None) -> Interval | None:
    """One day's opening as minutes from that day's midnight; past midnight when it ends earlier."""
    first, last = _minutes(start), _minutes(end)
    if first is None or last is None:
        return None
    if last == first:
        return (0, 1440) if first == 0 else None
    return (first, last) if last > first else (first, last + 1440)


def _pair(start: str | None, end: str | None) -> tuple[str, str] | None:
    if start is None or end is None or _span(start, end) is None:
        return None
    return start, end


def _day_spans(hours: Hours) -> list[list[Interval]]:
    """Monday..Sunday, each day's intervals (minutes from its midnight)."""
    weekday = _span(hours.iniExpediente, hours.fimExpediente)
    lunch = _span(hours.iniAlmoco, hours.fimAlmoco)
    weekdays: list[Interval] = []
    if weekday:
        if lunch and weekday[0] < lunch[0] < lunch[1] < weekday[1]:
            weekdays = [(weekday[0], lunch[0]), (lunch[1], weekday[1])]
        else:
            weekdays = [weekday]
    saturday = _span(hours.iniSabado, hours.fimSabado)
    sunday = _span(hours.iniDomingo, hours.fimDomingo)
    return [list(weekdays)] * 5 + [[saturday] if saturday else [], [sunday] if sunday else []]


def week_minutes(hours: Hours) -> tuple[Interval, ...]:
    """The unit's open intervals over a week, merged, in minutes of the week.

    An interval that crosses Sunday midnight is split at the week's end; touching
    intervals are merged, so a locker open every day 00:00-23:59 is ``((0, 10080),)``.
    """
    raw: list[Interval] = []
    for day, spans in enumerate(_day_spans(hours)):
        for start, end in spans:
            first, last = day * 1440 + start, day * 1440 + end
            if last > WEEK:
                raw.extend(((first, WEEK), (0, last - WEEK)))
            else:
                raw.append((first, last))
    merged: list[Interval] = []
    for start, end in sorted(raw):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return tuple(merged)


def minute_of_week(moment: datetime) -> int:
    """Minutes since Monday 00:00 of ``moment``'s own wall clock."""
    return moment.weekday() * 1440 + moment.hour * 60 + moment.minute


def is_open_in(intervals: tuple[Interval, ...], minute: int) -> bool:
    """Whether minute-of-week ``minute`` falls in one of ``intervals`` (sorted, merged)."""
    index = bisect_right(intervals, (minute, WEEK + 1)) - 1
    return index >= 0 and intervals[index][0] <= minute < intervals[index][1]


def _cyclic(intervals: tuple[Interval, ...]) -> list[Interval]:
    """The week's intervals with one that runs on through Monday 00:00 joined to its
    continuation, and the first repeated a week later, so "until" and "from" never wrap."""
    spans = list(intervals)
    if len(spans) > 1 and spans[0][0] == 0 and spans[-1][1] == WEEK:
        head = spans.pop(0)
        spans[-1] = (spans[-1][0], WEEK + head[1])
        spans.append((head[0] + WEEK, head[1] + WEEK))
    elif spans:
        spans.append((spans[0][0] + WEEK, spans[0][1] + WEEK))
    return spans


def opening_state(hours: Hours, fuso: str | None, now: datetime, uf: str | None = None) -> OpeningState:
    """Whether the unit is open at ``now`` (aware; any zone), on the unit's own clock
    (``fuso``, else its state's ``uf``)."""
    intervals = week_minutes(hours)
    if not intervals:
        return OpeningState(open=False, known=False)
    local = now.astimezone(unit_zone(fuso, uf)).replace(second=0, microsecond=0)
    if intervals == ((0, WEEK),):
        return OpeningState(open=True, always_open=True)
    minute = minute_of_week(local)
    spans = _cyclic(intervals)
    for start, end in spans:
        for here in (minute, minute + WEEK):
            if start <= here < end:
                posting = _posting_until(hours, local)
                return OpeningState(
                    open=True, closes_at=local + timedelta(minutes=end - here), posting_until=posting
                )
    start = next(start for start, _end in spans if start > minute)  # the week repeats: one is
    return OpeningState(
        open=False, opens_at=local + timedelta(minutes=start - minute), on_lunch=_on_lunch(hours, local)
    )


def operating(unit: Unit) -> bool:
    """Whether the unit works at all: status ``2`` (INSTALADO), or no status sent, and not
    marked inactive (``ativa`` false). Only an operating unit can be open."""
    if unit.ativa is False:
        return False
    status = (unit.status or "").strip()
    return not status or status == UnitStatusCode.INSTALADO.value


def unit_opening(unit: Unit, now: datetime) -> OpeningState:
    """`opening_state` of the unit's hours, unless its status keeps it shut."""
    if not operating(unit):
        return OpeningState(open=False, status=(unit.status or "").strip() or None)
    return opening_state(unit.horarios, unit.endereco.fuso, now, unit.endereco.uf)


def unit_open_at(unit: Unit, moment: datetime) -> bool:
    """Whether the unit is open at ``moment``'s wall clock read on the unit's own clock.

    ``moment`` is naive ("Saturday 28/11 at 10:00" wherever the unit is): a clerk asks
    who is open at 10:00 in each unit's own time, not at 10:00 in Brasília.
    """
    return operating(unit) and open_at(unit.horarios, moment.weekday(), moment.time())


def _posting_until(hours: Hours, local: datetime) -> datetime | None:
    """Today's posting deadline (weekdays only: ``limitePostagemSemana``)."""
    deadline = _minutes(hours.limitePostagemSemana)
    if deadline is None or local.weekday() >= 5:
        return None
    midnight = local.replace(hour=0, minute=0)
    return midnight + timedelta(minutes=deadline)


def _on_lunch(hours: Hours, local: datetime) -> bool:
    lunch = _span(hours.iniAlmoco, hours.fimAlmoco)
    if lunch is None or local.weekday() >= 5:
        return False
    return lunch[0] <= local.hour * 60 + local.minute < lunch[1]


def open_at(hours: Hours, weekday: int, at: time) -> bool:
    """Whether the unit opens at that day of the week (0 Monday) and wall time of its own clock."""
    return is_open_in(week_minutes(hours), weekday * 1440 + at.hour * 60 + at.minute)


def week_table(hours: Hours) -> WeekTable:
    """The hours as rows for a table: weekdays, lunch, Saturday, Sunday, posting deadline."""
    return WeekTable(
        weekdays=_pair(hours.iniExpediente, hours.fimExpediente),
        lunch=_pair(hours.iniAlmoco, hours.fimAlmoco),
        saturday=_pair(hours.iniSabado, hours.fimSabado),
        sunday=_pair(hours.iniDomingo, hours.fimDomingo),
        posting_until=hours.limitePostagemSemana
        if _minutes(hours.limitePostagemSemana) is not None
        else None,
        description=hours.funcionamento,
        always_open=week_minutes(hours) == ((0, WEEK),),
    )
