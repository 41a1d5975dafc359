"""`BranchIndex`: the loaded units filtered locally, per keystroke, off the network.

The operator filters by state, municipality, neighbourhood, name, types, statuses and
CEP; the tab sends those as a query. Everything else (the search box, "open now",
"open at", Clique e Retire, lockers) filters the loaded set here, and so does
everything when the whole country is loaded and offline.

Built once per loaded set on a worker: one folded text per unit (name, municipality,
neighbourhood, street, CEP digits, MCU; no accents, case-folded), the columns the
filters compare, each unit's week in minutes (`hours.week_minutes`) and its clock's
offset. A keystroke is then C loops over 12,000 short strings (`columns.word_filter`)
and small comparisons: measured in tests/benchmarks/bench_branch_filter.py.
"Open now" is worked out once per minute and per clock, not once per unit and keystroke.
Only an operating unit can be open (`hours.operating`): a unit whose status keeps it
shut is masked out of "open now" and "open at" whatever its hours say.
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta

from postalgui.api.models.branches import LOCKER_TYPE, Unit
from postalgui.api.values.text import fold
from postalgui.services.branches.hours import is_open_in, minute_of_week, operating, unit_zone, week_minutes
from postalgui.services.columns import ROWS, word_filter

__all__ = ["BranchIndex", "LocalCriteria"]

EARTH_RADIUS_KM = 6371.0088


@dataclass(frozen=True)
class LocalCriteria:
    """What the loaded set is narrowed by; empty fields filter nothing.

    ``open_at`` is a day of the week (0 Monday) and a wall time, read on each unit's own
    clock ("who opens Saturday at 10:00"), as ``open_now`` is read on each unit's clock now.
    """

    text: str = ""
    uf: str | None = None
    municipio: str | None = None
    bairro: str | None = None
    type_codes: frozenset[str] = field(default_factory=frozenset)
    statuses: frozenset[str] = field(default_factory=frozenset)
    ceps: frozenset[str] = field(default_factory=frozenset)
    open_now: bool = False
    open_at: tuple[int, time] | None = None
    clique_retire: bool = False
    lockers_only: bool = False


class BranchIndex:
    """The units of one loaded set, with the columns the local filters read."""

    def __init__(self, units: Sequence[Unit]) -> None:
        self.units: tuple[Unit, ...] = tuple(units)
        self.search: list[str] = []
        self.uf: list[str] = []
        self.municipio: list[str] = []
        self.bairro: list[str] = []
        self.type_code: list[str] = []
        self.status: list[str] = []
        self.cep: list[str] = []
        self.clique_retire = bytearray()
        self.operating = bytearray()
        self.weeks: list[tuple[tuple[int, int], ...]] = []
        self.offsets: list[int] = []
        self.lons = array("d")
        self.lats = array("d")
        self._positions: dict[str, int] = {}
        # Units share a few hundred distinct weeks and four clocks: "open at" is worked
        # out once per distinct (week, clock), then spread to the units in one C loop.
        self._schedules: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self._schedule_of: list[int] = []
        known: dict[tuple[tuple[tuple[int, int], ...], int], int] = {}
        for position, unit in enumerate(self.units):
            self._add(position, unit)
            key = (self.weeks[position], self.offsets[position])
            number = known.get(key)
            if number is None:
                number = known[key] = len(self._schedules)
                self._schedules.append(key)
            self._schedule_of.append(number)
        self._open_cache: tuple[int, bytearray] | None = None

    def _add(self, position: int, unit: Unit) -> None:
        address = unit.endereco
        cep = address.cep or ""
        self.search.append(
            fold(
                " ".join(
                    part or ""
                    for part in (
                        unit.nome,
                        address.municipio,
                        address.localidade,
                        address.bairro,
                        address.logradouro,
                        cep,
                        unit.id,
                    )
                )
            )
        )
        self.uf.append((address.uf or "").upper())
        self.municipio.append(fold(address.municipio or address.localidade))
        self.bairro.append(fold(address.bairro))
        self.type_code.append(unit.type_code or "")
        self.status.append(unit.status or "")
        self.cep.append(cep)
        self.clique_retire.append(1 if unit.clique_retire else 0)
        self.operating.append(1 if operating(unit) else 0)
        self.weeks.append(week_minutes(unit.horarios))
        offset = unit_zone(address.fuso, address.uf).utcoffset(None)
        self.offsets.append(int(offset.total_seconds() // 60) if offset is not None else -180)
        self.lons.append(address.lon if address.lon is not None else math.nan)
        self.lats.append(address.lat if address.lat is not None else math.nan)
        self._positions.setdefault(unit.id, position)

    def __len__(self) -> int:
        return len(self.units)

    def position(self, mcu: str) -> int | None:
        """Where the unit with this MCU is in `units`."""
        return self._positions.get(mcu)

    def select(self, criteria: LocalCriteria, now: datetime) -> Sequence[int]:
        """Positions of the units that meet every criterion, in `units` order (``now`` aware)."""
        rows: Sequence[int] | None = None
        for wanted, column in (
            ((criteria.uf or "").upper(), self.uf),
            (fold(criteria.municipio), self.municipio),
            (fold(criteria.bairro), self.bairro),
        ):
            if wanted:
                rows = _keep(rows, len(self), lambda i, w=wanted, c=column: c[i] == w)  # type: ignore[misc]
        for wanted_set, column in (
            (criteria.type_codes, self.type_code),
            (criteria.statuses, self.status),
            (criteria.ceps, self.cep),
        ):
            if wanted_set:
                rows = _keep(rows, len(self), lambda i, w=wanted_set, c=column: c[i] in w)  # type: ignore[misc]
        if criteria.lockers_only:
            rows = _keep(rows, len(self), lambda i: self.type_code[i] == LOCKER_TYPE)
        if criteria.clique_retire:
            rows = _keep(rows, len(self), self.clique_retire.__getitem__)
        if criteria.open_now:
            mask = self.open_mask(now)
            rows = _keep(rows, len(self), mask.__getitem__)
        if criteria.open_at is not None:
            day, at = criteria.open_at
            minute = day * 1440 + at.hour * 60 + at.minute
            by_schedule = [is_open_in(week, minute) for week, _offset in self._schedules]
            rows = _keep(rows, len(self), lambda i: self.operating[i] and by_schedule[self._schedule_of[i]])
        rows = word_filter(self.search, fold(criteria.text), rows)
        return range(len(self)) if rows is None else rows

    def open_mask(self, now: datetime) -> bytearray:
        """One byte per unit, 1 where it is open at ``now`` on its own clock (kept for the minute);
        0 for a unit that is not operating, whatever its hours."""
        stamp = int(now.timestamp() // 60)
        if self._open_cache is not None and self._open_cache[0] == stamp:
            return self._open_cache[1]
        utc = now.astimezone(UTC).replace(tzinfo=None)
        by_schedule = [
            1 if is_open_in(week, minute_of_week(utc + timedelta(minutes=offset))) else 0
            for week, offset in self._schedules
        ]
        mask = bytearray(map(int.__and__, map(by_schedule.__getitem__, self._schedule_of), self.operating))
        self._open_cache = (stamp, mask)
        return mask

    def distances_km(self, lon: float, lat: float) -> array[float]:
        """Great-circle distance from (lon, lat) to every unit; NaN where a unit has no coordinates."""
        lat0, cos0 = math.radians(lat), math.cos(math.radians(lat))
        lon0 = math.radians(lon)
        out = array("d", bytes(8 * len(self)))
        radians, sin, cos, asin, sqrt = math.radians, math.sin, math.cos, math.asin, math.sqrt
        for i, (x, y) in enumerate(zip(self.lons, self.lats, strict=True)):
            phi = radians(y)
            a = sin((phi - lat0) / 2) ** 2 + cos0 * cos(phi) * sin((radians(x) - lon0) / 2) ** 2
            out[i] = 2 * EARTH_RADIUS_KM * asin(sqrt(min(1.0, a)))
        return out


def _keep(rows: Sequence[int] | None, count: int, test: Callable[[int], object]) -> array[int]:
    """The rows (default all ``count``) that pass ``test``."""
    source = range(count) if rows is None else rows
    return array(ROWS, itertools.compress(source, map(test, source)))
