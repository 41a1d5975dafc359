"""The sandbox's tracking histories: fates in their proportions, events in order at real
units, the delivery-time engine's expected date, pickup deadlines, check digits."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

import pytest

from postalgui.sandbox.branch_data import all_units
from postalgui.sandbox.deadline_engine import add_business_days, national_deadline
from postalgui.sandbox.invoice_data import object_label
from postalgui.sandbox.tracking import FATES, Fate, TrackedObject, valid_code
from postalgui.sandbox.tracking.history import PICKUP_DAYS, History, business_days_between, fate_of, history

SP, RIO_BRANCO, SP_INTERIOR = "01310100", "69900000", "13010000"
POSTED = datetime(2026, 11, 16, 10, 0)  # a Monday
SAMPLE = 4000
SHARES: dict[Fate, tuple[float, float]] = {  # expected share, tolerance (about 4 standard deviations)
    "on_time": (0.845, 0.025),
    "late": (0.08, 0.018),
    "awaiting_pickup": (0.05, 0.015),
    "returned": (0.02, 0.009),
    "lost": (0.005, 0.0045),
}


def _object(fate: Fate | None = None, serial: int = 12345678, **changes: object) -> TrackedObject:
    fields: dict[str, object] = {
        "code": object_label("AB", serial),
        "product": "03298",
        "origin_cep": SP,
        "destination_cep": RIO_BRANCO,
        "posted": POSTED,
        "fate": fate,
    }
    return TrackedObject(**(fields | changes))  # type: ignore[arg-type]


def _kinds(made: History) -> list[str]:
    return [f"{event.kind[0]} {event.kind[1]}" for event in made.events]


def test_check_digit_and_shape() -> None:
    assert valid_code("DG049186226BR")  # REFERENCE's manual example
    assert not valid_code("DG049186227BR")
    assert not valid_code("DG04918622BR")
    assert not valid_code("D1049186226BR")
    assert all(valid_code(object_label("QB", serial)) for serial in range(10_000_000, 10_000_500))


def test_fates_come_in_their_proportions() -> None:
    counts = Counter(fate_of(object_label("QB", 20_000_000 + 7 * n)) for n in range(SAMPLE))
    for fate, (share, tolerance) in SHARES.items():
        assert abs(counts[fate] / SAMPLE - share) <= tolerance, (fate, counts)
    assert set(counts) == set(FATES)


def test_the_same_code_always_has_the_same_history() -> None:
    first = history(_object())
    history.cache_clear()
    assert history(_object()) == first
    assert history(_object(serial=12345679)) != first


@pytest.mark.parametrize("fate", FATES)
def test_events_go_forward_from_the_posting(fate: Fate) -> None:
    made = history(_object(fate))
    assert made.fate == fate
    assert made.events[0].at == POSTED
    assert made.events[0].kind[:2] == ("PO", "01")
    times = [event.at for event in made.events]
    assert times == sorted(times)
    assert len(set(times)) == len(times)
    assert made.events[1].kind[:2] == ("RO", "01")
    assert made.events[1].destination is not None


def test_expected_date_is_the_deadline_engines() -> None:
    for product, destination in (("03298", RIO_BRANCO), ("03220", SP_INTERIOR), ("04227", SP)):
        made = history(_object(product=product, destination_cep=destination))
        assert made.expected == national_deadline(product, SP, destination, POSTED.date()).due


def test_on_time_is_delivered_by_the_expected_date() -> None:
    made = history(_object("on_time"))
    assert _kinds(made)[-2:] == ["OEC 01", "BDE 01"]
    assert POSTED.date() < made.events[-1].at.date() <= made.expected


def test_late_is_delivered_one_to_six_business_days_after() -> None:
    for serial in range(30):
        made = history(_object("late", serial=40_000_000 + serial))
        assert _kinds(made)[-1] == "BDE 01"
        assert 1 <= business_days_between(made.expected, made.events[-1].at.date()) <= 6


def test_waiting_at_a_branch_carries_its_pickup_deadline_then_returns() -> None:
    made = history(_object("awaiting_pickup"))
    assert _kinds(made)[-4:] == ["OEC 01", "BDE 20", "LDI 01", "BDE 23"]
    waiting = made.events[-2]
    assert waiting.pickup_until == waiting.at + timedelta(days=PICKUP_DAYS)
    assert made.events[-1].at > waiting.pickup_until
    assert waiting.unit.type_code in {"09", "15"}
    assert waiting.unit.uf == "AC"


def test_returned_and_lost_end_as_they_should() -> None:
    returned = history(_object("returned"))
    assert _kinds(returned).count("BDE 20") == 2
    assert _kinds(returned)[-1] == "BDE 23"
    assert returned.events[-1].unit == returned.events[0].unit  # back at the posting unit
    lost = history(_object("lost"))
    assert _kinds(lost)[-1] == "BDE 09"
    assert "OEC 01" not in _kinds(lost)
    assert lost.events[-1].at.date() == add_business_days(lost.expected, 3)


def test_events_happen_at_real_units_along_the_route() -> None:
    units = {unit["id"]: unit for unit in all_units()}
    made = history(_object("on_time"))
    for event in made.events:
        for unit in filter(None, (event.unit, event.destination)):
            record = units[unit.id]
            assert (record["nome"], record["endereco"]["cep"]) == (unit.name, unit.cep)
            assert record["tipoUnidade"]["descricao"] == unit.type_name
    assert made.events[0].unit.uf == "SP"
    assert made.events[0].unit.city == "SAO PAULO"
    assert made.events[-1].unit.uf == "AC"
    assert made.events[-1].unit.city == "RIO BRANCO"
    centres = [event.unit for event in made.events if event.kind[0] == "RO"][1:]
    assert [unit.uf for unit in centres] == ["SP", "AC"]
