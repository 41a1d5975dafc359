"""Reconciliation on SQLite and PostgreSQL against a registration system that says what a test
tells it: the operator's later reversal wins over a confirmation, a refused form the
operator confirmed is flagged, and only a run after 22:00 (Brasília) closes its day."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from postalgui.api.errors import NotFoundError
from postalgui.api.models.ster import AttendanceDetail
from postalgui.partner.ledger.migrate import MIGRATIONS
from postalgui.partner.ledger.store import FormRecord, Ledger, Reply, operator_day
from postalgui.partner.reconcile import reconcilable_days, reconcile
from postalgui.partner.states import AttendanceState

PROTOCOL = "26470000000042"
DAY = date(2026, 11, 24)
MORNING = datetime(2026, 11, 24, 13, 0, tzinfo=UTC)  # 10:00 in Brasília
AFTERNOON = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)  # 17:00
NIGHT = datetime(2026, 11, 25, 1, 30, tzinfo=UTC)  # 22:30 on the 24th


class Operator:
    """The registration system's reading calls, answering what `status` holds."""

    def __init__(self) -> None:
        self.status: dict[str, tuple[str, str]] = {}

    def day(self, day: date) -> list[AttendanceDetail]:
        del day
        return [self.details(protocol) for protocol in self.status]

    def details(self, protocol: str) -> AttendanceDetail:
        if protocol not in self.status:
            raise NotFoundError(["Recurso não encontrado"], status=404)
        situation, cents = self.status[protocol]
        return AttendanceDetail(protocol=protocol, statusAtendimento=situation, valorServico=cents)


class Clock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock() -> Clock:
    return Clock(MORNING)


@pytest.fixture
def clocked(ledger_url: str, clock: Clock) -> Iterator[Ledger]:
    opened = Ledger(ledger_url, clock=clock)
    yield opened
    opened.close()


def _form(status: int = 200) -> Callable[[], tuple[Reply, FormRecord]]:
    state = AttendanceState.RECEIVED if status == 200 else AttendanceState.CANCELLED
    code = "00" if status == 200 else "10"

    def handle() -> tuple[Reply, FormRecord]:
        return Reply(status, {"codigo_retorno": code}), FormRecord(1, state, amount_cents=2500)

    return handle


def _concluded(ledger: Ledger, clock: Clock, *callbacks: str, operator_says: str) -> Operator:
    """An attendance received and called back with `callbacks`; the operator's situation; 22:30."""
    operator = Operator()
    ledger.receive_form(PROTOCOL, {}, _form())
    for code in callbacks:
        ledger.confirm(PROTOCOL, code, {})
    operator.status[PROTOCOL] = (operator_says, "2500")
    clock.moment = NIGHT
    return operator


def _protocols(lines: list) -> list[str]:
    return [line.protocol for line in lines]


def test_a_confirmed_attendance_the_operator_reversed_is_booked_reversed(
    clocked: Ledger, clock: Clock
) -> None:
    operator = _concluded(clocked, clock, "00", operator_says="E")  # reversed at the counter, no callback

    report = reconcile(clocked, operator, DAY)

    assert _protocols(report.reversed) == [PROTOCOL]
    assert report.confirmed == []
    assert report.flagged == []
    assert report.reversed[0].ledger_state == "reversed"
    assert "reversed after confirmation" in report.reversed[0].note
    row = clocked.get(PROTOCOL)
    assert row is not None
    assert (row.state, row.operator_status) == ("reversed", "E")
    stored = clocked.report(DAY)
    assert stored is not None
    assert (len(stored["confirmed"]), len(stored["reversed"])) == (0, 1)


def test_a_late_reversal_reopens_a_closed_day_and_the_next_run_lists_it(
    clocked: Ledger, clock: Clock
) -> None:
    operator = _concluded(clocked, clock, "00", operator_says="F")
    assert _protocols(reconcile(clocked, operator, DAY).confirmed) == [PROTOCOL]
    assert DAY in clocked.reconciled_days()

    operator.status[PROTOCOL] = ("E", "2500")
    assert clocked.confirm(PROTOCOL, "99", {}).status == 200
    assert DAY not in clocked.reconciled_days()
    assert reconcilable_days(clocked, NIGHT, operator_day) == [DAY]
    report = reconcile(clocked, operator, DAY)
    assert (report.confirmed, _protocols(report.reversed)) == ([], [PROTOCOL])
    assert report.clean
    assert DAY in clocked.reconciled_days()


def test_a_reversed_attendance_the_operator_still_calls_concluded_is_flagged(
    clocked: Ledger, clock: Clock
) -> None:
    operator = _concluded(clocked, clock, "00", "99", operator_says="F")
    report = reconcile(clocked, operator, DAY)
    assert _protocols(report.reversed) == [PROTOCOL]
    assert _protocols(report.flagged) == [PROTOCOL]
    assert "ledger reversed, operator F" in report.flagged[0].note
    assert not report.clean


def test_a_00_for_a_refused_form_is_reported_flagged(clocked: Ledger, clock: Clock) -> None:
    operator = Operator()
    clocked.receive_form(PROTOCOL, {}, _form(400))
    assert clocked.confirm(PROTOCOL, "00", {}).status == 400
    operator.status[PROTOCOL] = ("F", "2500")
    clock.moment = NIGHT
    report = reconcile(clocked, operator, DAY)
    assert report.confirmed == []
    assert _protocols(report.cancelled) == [PROTOCOL]
    assert PROTOCOL in _protocols(report.flagged)
    notes = " ".join(line.note for line in report.flagged)
    assert "00 for an attendance the ledger holds cancelled" in notes
    row = clocked.get(PROTOCOL)
    assert row is not None
    assert row.state == "cancelled"


def test_a_run_before_22h_is_a_preview_and_leaves_the_day_open(clocked: Ledger, clock: Clock) -> None:
    operator = Operator()
    clocked.receive_form(PROTOCOL, {}, _form())
    operator.status[PROTOCOL] = ("F", "2500")
    clock.moment = AFTERNOON
    preview = reconcile(clocked, operator, DAY)
    assert preview.preview
    assert preview.as_json()["preview"] is True
    assert _protocols(preview.confirmed) == [PROTOCOL]
    assert clocked.reconciled_days() == set()

    # Concluded after the preview: the nightly run still reconciles the day.
    clock.moment = datetime(2026, 11, 24, 23, 0, tzinfo=UTC)  # 20:00
    late = "26470000000043"
    clocked.receive_form(late, {}, _form())
    operator.status[late] = ("F", "2500")
    assert reconcilable_days(clocked, NIGHT, operator_day) == [DAY]
    clock.moment = NIGHT
    closing = reconcile(clocked, operator, DAY)
    assert not closing.preview
    assert sorted(_protocols(closing.confirmed)) == [PROTOCOL, late]
    assert clocked.reconciled_days() == {DAY}
    assert reconcilable_days(clocked, NIGHT, operator_day) == []


def test_reports_stored_before_the_closed_column_are_closed_only_after_22h(ledger_url: str) -> None:
    """Migration 0002: a report of a day stored before 22:00 was a preview."""
    engine = create_engine(ledger_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        insert = text("INSERT INTO reconciliations (day, ran_at, report) VALUES (:day, :ran_at, '{}')")
        connection.execute(insert, {"day": date(2026, 11, 23), "ran_at": datetime(2026, 11, 24, 1, 5)})
        connection.execute(insert, {"day": DAY, "ran_at": datetime(2026, 11, 24, 20, 0)})
    engine.dispose()
    migrated = Ledger(ledger_url)
    try:
        assert migrated.reconciled_days() == {date(2026, 11, 23)}
    finally:
        migrated.close()
