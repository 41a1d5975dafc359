"""The objects of the demo contracts' analytic statements, indexed by label code.

Every parcel line (`invoice_data.analytic_items`) of every invoice `all_invoices` lists
for the sandbox clock's month. The labels of closed invoices do not change within a month
(their items are seeded by invoice number and cycle), so the index is built once per month
and demo data, in the process, under a lock, and shared by every app (apps keep only their
registered objects). Measured: 66 invoices, 27,097 labels, about 0.5 s to build (plus the
branch units' 0.3 s on first use). The open month's preview is left out: its items are
re-drawn every day, so its labels would not stay trackable.

Origin: the posting unit named on the line, mapped to a branch of the contract's city
(São Paulo for the main contract, Campinas for the branch office), whose CEP is the
origin CEP. The posting time is the line's day at a business hour drawn from the code.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from postalgui.sandbox.demo import DEMO, DemoData
from postalgui.sandbox.invoice_data import all_invoices, analytic_items, month_start
from postalgui.sandbox.tracking.route_units import RouteUnits, pick, route_units

CONTRACT_CITIES: Mapping[str, tuple[str, str]] = {
    "9912345678": ("SP", "SAO PAULO"),
    "9912345679": ("SP", "CAMPINAS"),
}
"""Where each billing profile posts (its posting units' city); others post from São Paulo."""
DEFAULT_CITY = ("SP", "SAO PAULO")


@dataclass(frozen=True, slots=True)
class KnownObject:
    """One labelled parcel of a statement: what its tracking history is made from."""

    product: str
    posted: datetime
    origin_cep: str
    destination_cep: str
    contract: str
    weight_g: int


@dataclass(frozen=True)
class LabelIndex:
    """The labels of one month's statements, and what building them cost."""

    month: date
    objects: Mapping[str, KnownObject]
    seconds: float


def posting_time(code: str, day: date) -> datetime:
    """The line's posting day at a business hour (08:00-16:59) drawn from the code."""
    minutes = 8 * 60 + zlib.crc32(code.encode()) % (9 * 60)
    return datetime.combine(day, datetime.min.time()) + timedelta(minutes=minutes)


def _origin_ceps(units: RouteUnits, contract: str, names: tuple[str, ...]) -> dict[str, str]:
    uf, city = CONTRACT_CITIES.get(contract, DEFAULT_CITY)
    branches = units.city_branches(uf, city) or units.city_branches(*DEFAULT_CITY)
    return {name: pick(branches, name).cep for name in names}


def build_index(month: date, demo: DemoData = DEMO) -> LabelIndex:
    """Every parcel label of the month's statements (the sandbox's invoices as of `month`)."""
    started = time.perf_counter()
    units = route_units()
    objects: dict[str, KnownObject] = {}
    for invoice in all_invoices(month, demo):
        origins = _origin_ceps(units, invoice.contract, invoice.units or ("",))
        fallback = next(iter(origins.values()))
        for item in analytic_items(invoice):
            if not item.label:
                continue
            objects[item.label] = KnownObject(
                product=item.service.code,
                posted=posting_time(item.label, item.posted),
                origin_cep=origins.get(item.unit, fallback),
                destination_cep=item.cep,
                contract=invoice.contract,
                weight_g=item.weight_g,
            )
    return LabelIndex(month, objects, time.perf_counter() - started)


_lock = threading.Lock()
_cache: dict[date, tuple[DemoData, LabelIndex]] = {}


def label_index(today: date, demo: DemoData = DEMO) -> LabelIndex:
    """The index of `today`'s month, built on first use (one build at a time; two months kept).

    Asked once per object of every answer: the demo data is recognised by identity, since
    hashing it (every contract, card and unit) cost more than the rest of the lookup.
    """
    month = month_start(today)
    with _lock:
        cached = _cache.get(month)
        if cached is not None and cached[0] is demo:
            return cached[1]
        found = build_index(month, demo)
        if len(_cache) >= 2:
            _cache.clear()
        _cache[month] = (demo, found)
        return found
