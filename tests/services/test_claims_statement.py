"""A statement's claim candidates from the office's watchlist (SQLite, then PostgreSQL): the
statement's codes go to the database as one value, and only the untracked and the rows that
may be claimed come back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from postalgui.api.cancel import PlainTask
from postalgui.api.values.object_codes import check_digit
from postalgui.services.claims.service import ClaimsService
from postalgui.services.claims.use_cases import statement_candidates
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.ports import NewObject, NewObjects
from postalgui.services.tracking.claimable import statement_objects
from postalgui.services.tracking.offers import TrackingOffer
from postalgui.services.tracking.service import TrackingService
from postalgui.services.tracking.status import Problem, Status
from tests.ports_support import claims_ports, tracking_ports

NOW = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)
TODAY = NOW.astimezone().date()


def code(serial: int) -> str:
    digits = f"{serial:08d}"
    return f"QS{digits}{check_digit(digits)}BR"


def _day(days: int) -> str:
    return (TODAY + timedelta(days=days)).isoformat()


def _fate(serial: int) -> dict[str, Any]:
    """Late, lost, overdue, waiting or on time, by turns; each posted on its own day."""
    expected = -10 - serial
    values: dict[str, Any] = {"expected_on": _day(expected), "expected_source": "operator"}
    turn = serial % 5
    if turn == 0:  # delivered late
        return {**values, "status": "delivered", "final": 1, "arrived_on": _day(expected + 3)}
    if turn == 1:  # lost
        return {**values, "status": "problem", "problem": "lost", "final": 1, "last_at": NOW.isoformat()}
    if turn == 2:  # on its way past the expected day
        return {**values, "status": "in_transit", "final": 0}
    if turn == 3:  # on its way, within the expected day
        return {**values, "status": "in_transit", "final": 0, "expected_on": _day(2)}
    return {**values, "status": "delivered", "final": 1, "arrived_on": _day(expected)}


def _statement(office: OfficeDatabase) -> list[NewObject]:
    """30 lines: 26 followed and asked (every third without a net value), two followed and
    never asked, two never followed; the watchlist knows the postage of the first four."""
    watchlist = TrackingService(tracking_ports(office)).watchlist()
    lines = [
        NewObject(
            code(serial), co_produto="03220", invoice="RE 1", invoice_amount=Decimal(f"{10 + serial}.50")
        )
        if serial % 3
        else NewObject(code(serial), co_produto="03298", invoice="RE 1")
        for serial in range(30)
    ]
    known = [NewObject(line.code, invoice="RE 0", invoice_amount=Decimal("99.00")) for line in lines[:4]]
    watchlist.add([*known, *lines[4:28]], source="invoice")
    watchlist.record({code(serial): _fate(serial) for serial in range(26)})
    return lines


def test_a_statement_s_objects_are_the_ones_that_may_be_claimed_and_untracked(
    office: OfficeDatabase,
) -> None:
    codes = [line.code for line in _statement(office)]
    watchlist = TrackingService(tracking_ports(office)).watchlist()
    maybe, untracked = statement_objects(watchlist, codes)
    assert untracked == [code(26), code(27), code(28), code(29)]
    assert sorted(obj.code for obj in maybe) == [code(serial) for serial in range(26) if serial % 5 != 4]
    lost = next(obj for obj in maybe if obj.code == code(1))
    assert (lost.status, lost.problem, lost.invoice_amount) == (
        Status.PROBLEM,
        Problem.LOST,
        Decimal("99.00"),
    )


def test_a_code_given_twice_is_read_once_and_listed_as_given(office: OfficeDatabase) -> None:
    codes = [line.code for line in _statement(office)]
    watchlist = TrackingService(tracking_ports(office)).watchlist()
    maybe, untracked = statement_objects(watchlist, [*codes, code(0), code(29)])
    assert sorted(obj.code for obj in maybe) == [code(serial) for serial in range(26) if serial % 5 != 4]
    assert untracked == [code(26), code(27), code(28), code(29), code(29)]
    assert statement_objects(watchlist, []) == ([], [])


def test_a_statement_s_candidates_take_its_net_value_and_list_the_untracked(office: OfficeDatabase) -> None:
    lines = _statement(office)
    tracking = TrackingService(tracking_ports(office))
    service = ClaimsService(claims_ports(office, TrackingOffer(lambda: tracking), clock=lambda: NOW))
    found = statement_candidates(PlainTask(), service, lines)
    assert found.untracked == [code(26), code(27), code(28), code(29)]
    late_lost_overdue = [serial for serial in range(26) if serial % 5 in (0, 1, 2)]
    assert sorted(c.code for c in found.candidates) == [code(serial) for serial in late_lost_overdue]
    assert found.waiting == len([serial for serial in range(26) if serial % 5 == 3])
    postage = {c.code: c.postage for c in found.candidates}
    assert postage[code(0)] == Decimal("99.00")  # the watchlist's own
    assert postage[code(5)] == Decimal("15.50")  # the statement's net value
    assert postage[code(6)] is None  # neither knows it, nor the quote history


def test_a_statement_s_candidates_make_only_the_lines_the_watchlist_has_no_postage_for(
    office: OfficeDatabase,
) -> None:
    given = NewObjects.of(_statement(office))
    made: list[str] = []

    def line(code: str) -> NewObject:
        made.append(code)
        return given.by_code(code)

    tracking = TrackingService(tracking_ports(office))
    service = ClaimsService(claims_ports(office, TrackingOffer(lambda: tracking), clock=lambda: NOW))
    found = statement_candidates(PlainTask(), service, NewObjects(given.codes, line))
    assert found == statement_candidates(PlainTask(), service, list(given))
    unpriced = [serial for serial in range(4, 26) if serial % 3 == 0 and serial % 5 != 4]  # may be claimed
    assert sorted(made) == [code(serial) for serial in unpriced]
