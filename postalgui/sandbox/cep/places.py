"""The city of a CEP: the per-municipality CEP ranges are the operator's paid database,
so the sandbox places a CEP in the city of the branch unit (`branch_data`, real
municipalities) nearest to it in its state: same 5-digit prefix first, then same 3-digit
prefix, then the whole state, else the state's capital. A CEP in its state capital's range
(`price_catalog.capital_of`, what prices and deadlines call capital) is in the capital,
and one outside it never is. The index is built once per process, on the first lookup
(after the units themselves, about 0.3 s)."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import cache

from postalgui.sandbox.branch_data import CAPITALS, all_units, load_municipalities
from postalgui.sandbox.price_catalog import capital_of


@dataclass(frozen=True)
class Place:
    """Where a CEP is: its city and the CEP of the unit that placed it there."""

    uf: str
    city: str
    city_number: int
    """The city's number in the sandbox's locality table (DNE's ``LOC_NU`` stand-in)."""
    unit_cep: str


@dataclass(frozen=True)
class _Unit:
    cep: int
    city: str
    ibge: str


class PlaceIndex:
    """Units by state and side (capital or not), sorted by CEP, and the capitals."""

    def __init__(self) -> None:
        municipalities = load_municipalities()
        self._numbers = {m.ibge: number for number, m in enumerate(municipalities, start=1)}
        names = {m.ibge: m.name for m in municipalities}
        self._capitals = {uf: (names[ibge], ibge) for uf, ibge in CAPITALS.items()}
        pools: dict[tuple[str, bool], list[_Unit]] = {}
        for unit in all_units():
            address = unit["endereco"]
            item = _Unit(int(address["cep"]), address["localidade"], address["codigoIbge"])
            side = CAPITALS[address["uf"]] == item.ibge
            pools.setdefault((address["uf"], side), []).append(item)
        self._units = {key: sorted(units, key=lambda u: u.cep) for key, units in pools.items()}
        self._keys = {key: [u.cep for u in units] for key, units in self._units.items()}

    def place(self, cep: str, uf: str) -> Place:
        """The place of an existing 8-digit CEP of state `uf`."""
        number = int(cep)
        pool = (uf, capital_of(cep) == uf)
        for width in (1000, 100_000, 100_000_000):
            low = number - number % width
            unit = self._nearest(pool, number, low, low + width - 1)
            if unit is not None:
                return Place(uf, unit.city, self._numbers[unit.ibge], f"{unit.cep:08d}")
        city, ibge = self._capitals[uf]
        return Place(uf, city, self._numbers[ibge], cep)

    def _nearest(self, pool: tuple[str, bool], number: int, low: int, high: int) -> _Unit | None:
        keys, units = self._keys.get(pool, []), self._units.get(pool, [])
        start, stop = bisect_left(keys, low), bisect_left(keys, high + 1)
        if start == stop:
            return None
        return min(units[start:stop], key=lambda u: (abs(u.cep - number), u.cep))


@cache
def place_index() -> PlaceIndex:
    """The index of this process, built on first use (two first lookups at once may both
    build it: the same index, the units under them built once)."""
    return PlaceIndex()
