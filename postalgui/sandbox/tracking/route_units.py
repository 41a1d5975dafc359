"""The real branch units a parcel passes through: where it is posted, the treatment centre
of each state, the delivery unit and the pickup branch of the destination city.

Built once per process from `branch_data.all_units()` (active units only) on the first
tracking answer, under a lock. A CEP's city is the capital for the capital's CEP band, else
the city of the unit whose CEP is nearest in the same state; among several candidates a
unit is chosen by a stable hash of the object code, so an object always passes through
the same units.
"""

from __future__ import annotations

import bisect
import threading
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from postalgui.sandbox.branch_data import CAPITALS, CEP_RANGES, all_units
from postalgui.sandbox.price_catalog import uf_of

AGENCIES = ("09", "15")
"""Branches and franchises: where parcels are posted and wait for pickup."""
DELIVERY = ("16", "18")
"""Home-delivery centres (CDD, CEE)."""
CENTRES = ("20", "21", "18", "16")
"""Treatment centres (CTCE) first, then the other back-office units, for a state's hub."""


@dataclass(frozen=True, slots=True)
class RouteUnit:
    """One branch unit as tracking events name it (`codSro` is the branch record's `id`)."""

    id: str
    type_code: str
    type_name: str
    name: str
    cep: str
    street: str
    number: str
    district: str
    city: str
    uf: str
    ibge: str

    def record(self) -> dict[str, Any]:
        """The event's `unidade` (or `unidadeDestino`)."""
        return {
            "codSro": self.id,
            "tipo": self.type_name,
            "nome": self.name,
            "endereco": {
                "cep": self.cep,
                "logradouro": self.street,
                "numero": self.number,
                "bairro": self.district,
                "cidade": self.city,
                "uf": self.uf,
            },
        }


def _route_unit(record: Mapping[str, Any]) -> RouteUnit:
    address = record["endereco"]
    return RouteUnit(
        id=record["id"],
        type_code=record["tipoUnidade"]["codigo"],
        type_name=record["tipoUnidade"]["descricao"],
        name=record["nome"],
        cep=address["cep"],
        street=address["logradouro"],
        number=address["numero"],
        district=address["bairro"],
        city=address["municipio"],
        uf=address["uf"],
        ibge=address["codigoIbge"],
    )


def pick(units: Sequence[RouteUnit], key: str) -> RouteUnit:
    """One of `units`, the same for the same key."""
    return units[zlib.crc32(key.encode()) % len(units)]


def _of_types(units: Iterable[RouteUnit], types: Sequence[str]) -> list[RouteUnit]:
    """The units of the first type group that has any (types in order of preference)."""
    found = list(units)
    for type_code in types:
        chosen = [unit for unit in found if unit.type_code == type_code]
        if chosen:
            return chosen
    return []


class RouteUnits:
    """The active units indexed by state (sorted by CEP), city and CEP."""

    def __init__(self, records: Iterable[Mapping[str, Any]]) -> None:
        units = sorted((_route_unit(r) for r in records if r.get("ativa")), key=lambda u: (u.cep, u.id))
        self.by_cep: dict[str, RouteUnit] = {}
        self.by_city: dict[str, list[RouteUnit]] = {}
        self._by_uf: dict[str, list[RouteUnit]] = {}
        for unit in units:
            self.by_cep.setdefault(unit.cep, unit)
            self.by_city.setdefault(unit.ibge, []).append(unit)
            self._by_uf.setdefault(unit.uf, []).append(unit)
        self._ceps = {uf: [int(u.cep) for u in found] for uf, found in self._by_uf.items()}
        self._centres = {uf: self._centre(uf) for uf in self._by_uf}

    def _centre(self, uf: str) -> RouteUnit:
        capital = self.by_city.get(CAPITALS.get(uf, ""), [])
        for pool in (capital, self._by_uf[uf]):
            chosen = _of_types(pool, CENTRES)
            if chosen:
                return chosen[0]
        return (capital or self._by_uf[uf])[0]

    def nearest(self, cep: str) -> RouteUnit:
        """The unit of the CEP's state whose CEP is nearest (KeyError: no unit in that state)."""
        uf = uf_of(cep) or ""
        ceps, units = self._ceps[uf], self._by_uf[uf]
        index = bisect.bisect_left(ceps, int(cep))
        around = [i for i in (index - 1, index) if 0 <= i < len(units)]
        return units[min(around, key=lambda i: abs(ceps[i] - int(cep)))]

    def centre(self, uf: str) -> RouteUnit:
        """The state's treatment centre (a CTCE of the capital when there is one)."""
        return self._centres[uf]

    def city_of(self, cep: str) -> str:
        """The IBGE code of the CEP's city: the capital for the capital's CEP band (the
        lowest quarter of the state's first range, as `branch_data` gives capital units),
        else the city of the nearest unit."""
        uf = uf_of(cep) or ""
        low, high = CEP_RANGES[uf][0]
        capital = CAPITALS.get(uf, "")
        if low <= int(cep[:5]) <= low + max((high - low) // 4, 1) and capital in self.by_city:
            return capital
        return self.nearest(cep).ibge

    def in_city_of(self, cep: str, types: Sequence[str], key: str) -> RouteUnit:
        """A unit of one of `types` in the CEP's city, else the nearest unit."""
        chosen = _of_types(self.by_city.get(self.city_of(cep), ()), types)
        return pick(chosen, key) if chosen else self.nearest(cep)

    def posting(self, cep: str, key: str) -> RouteUnit:
        """The unit at this very CEP, else a branch of its city."""
        return self.by_cep.get(cep) or self.in_city_of(cep, AGENCIES, key)

    def city_branches(self, uf: str, city: str) -> list[RouteUnit]:
        """The branches (AGENCIES) of a city named as `municipio` (upper case, no accents)."""
        return [u for u in self._by_uf.get(uf, ()) if u.city == city and u.type_code in AGENCIES]


_lock = threading.Lock()
_units: RouteUnits | None = None


def route_units() -> RouteUnits:
    """The process's index of units, built on first use."""
    global _units
    with _lock:
        if _units is None:
            _units = RouteUnits(all_units())
        return _units
