"""Opening hours on the unit's own clock: time zones, lunch, weekends, midnight, lockers."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta, timezone

import pytest

from postalgui.api.models.branches import Hours, Unit
from postalgui.services.branches.hours import (
    WEEK,
    is_open_in,
    open_at,
    opening_state,
    unit_open_at,
    unit_opening,
    unit_zone,
    week_minutes,
    week_table,
)

BRANCH = Hours(
    funcionamento="SEGUNDA A SEXTA",
    iniExpediente="09:00",
    fimExpediente="17:00",
    iniAlmoco="12:00",
    fimAlmoco="13:00",
    limitePostagemSemana="16:00",
    iniSabado="09:00",
    fimSabado="13:00",
)
WEEKDAYS_ONLY = Hours(iniExpediente="09:00", fimExpediente="18:00", limitePostagemSemana="17:00")
LOCKER = Hours(
    iniExpediente="00:00",
    fimExpediente="23:59",
    iniSabado="00:00",
    fimSabado="23:59",
    iniDomingo="00:00",
    fimDomingo="23:59",
)
NIGHT = Hours(iniExpediente="22:00", fimExpediente="06:00")


def utc(day: int, hour: int, minute: int = 0) -> datetime:
    """A moment in November 2026 (the 23rd is a Monday), in UTC."""
    return datetime(2026, 11, day, hour, minute, tzinfo=UTC)


def test_open_now_is_read_on_the_units_clock_not_the_computers() -> None:
    moment = utc(23, 20, 30)  # Monday 17:30 in São Paulo, 16:30 in Manaus, 15:30 in Rio Branco
    tokyo = moment.astimezone(timezone(timedelta(hours=9)))  # the same moment, another computer
    assert opening_state(WEEKDAYS_ONLY, "UTC-03:00", tokyo) == opening_state(
        WEEKDAYS_ONLY, "UTC-03:00", moment
    )
    assert opening_state(WEEKDAYS_ONLY, "UTC-03:00", moment).open
    assert (
        opening_state(Hours(iniExpediente="09:00", fimExpediente="17:00"), "UTC-03:00", moment).open is False
    )
    manaus = opening_state(Hours(iniExpediente="09:00", fimExpediente="17:00"), "UTC-04:00", moment)
    assert manaus.open
    assert manaus.closes_at is not None
    assert (manaus.closes_at.hour, manaus.closes_at.minute) == (17, 0)
    assert manaus.closes_at.utcoffset() == timedelta(hours=-4)
    assert opening_state(Hours(iniExpediente="09:00", fimExpediente="17:00"), "UTC-05:00", moment).open


def test_closes_at_and_posting_deadline_of_a_weekday() -> None:
    state = opening_state(BRANCH, "UTC-03:00", utc(24, 17))  # Tuesday 14:00 local
    assert state.open
    assert state.closes_at == datetime(2026, 11, 24, 17, 0, tzinfo=unit_zone("UTC-03:00"))
    assert state.posting_until == datetime(2026, 11, 24, 16, 0, tzinfo=unit_zone("UTC-03:00"))


def test_the_lunch_break_closes_the_unit_until_it_ends() -> None:
    state = opening_state(BRANCH, "UTC-03:00", utc(24, 15, 20))  # Tuesday 12:20 local
    assert not state.open
    assert state.on_lunch
    assert state.opens_at == datetime(2026, 11, 24, 13, 0, tzinfo=unit_zone("UTC-03:00"))
    morning = opening_state(BRANCH, "UTC-03:00", utc(24, 14))  # 11:00 local
    assert morning.closes_at is not None
    assert morning.closes_at.hour == 12


def test_after_hours_on_friday_the_next_opening_is_saturday_then_monday() -> None:
    friday_night = opening_state(BRANCH, "UTC-03:00", utc(27, 23))  # Friday 20:00 local
    assert friday_night.opens_at == datetime(2026, 11, 28, 9, 0, tzinfo=unit_zone("UTC-03:00"))
    saturday = opening_state(BRANCH, "UTC-03:00", utc(28, 14))  # Saturday 11:00 local
    assert saturday.open
    assert saturday.posting_until is None  # the weekday deadline does not apply
    weekend = opening_state(WEEKDAYS_ONLY, "UTC-03:00", utc(28, 14))
    assert weekend.opens_at == datetime(2026, 11, 30, 9, 0, tzinfo=unit_zone("UTC-03:00"))


def test_midnight_is_crossed_on_the_units_day_not_the_utc_day() -> None:
    # Tuesday 01:30 UTC is still Monday 21:30 in São Paulo (and 20:30 in Manaus).
    late = opening_state(WEEKDAYS_ONLY, "UTC-03:00", utc(24, 1, 30))
    assert not late.open
    assert late.opens_at == datetime(2026, 11, 24, 9, 0, tzinfo=unit_zone("UTC-03:00"))
    sunday_in_acre = opening_state(WEEKDAYS_ONLY, "UTC-05:00", utc(30, 3))  # Sunday 22:00 in Acre
    assert sunday_in_acre.opens_at == datetime(2026, 11, 30, 9, 0, tzinfo=unit_zone("UTC-05:00"))


def test_a_unit_open_past_midnight_and_through_the_end_of_the_week() -> None:
    assert opening_state(NIGHT, "UTC-03:00", utc(24, 1)).open  # Monday 22:00 local
    after = opening_state(NIGHT, "UTC-03:00", utc(24, 8))  # Tuesday 05:00 local
    assert after.open
    assert after.closes_at == datetime(2026, 11, 24, 6, 0, tzinfo=unit_zone("UTC-03:00"))
    # Friday 22:00 runs into Saturday 06:00; Saturday afternoon it is closed until Monday 22:00.
    assert opening_state(NIGHT, "UTC-03:00", utc(28, 8)).open
    closed = opening_state(NIGHT, "UTC-03:00", utc(28, 18))
    assert closed.opens_at == datetime(2026, 11, 30, 22, 0, tzinfo=unit_zone("UTC-03:00"))
    sunday_night = Hours(iniDomingo="20:00", fimDomingo="02:00")
    monday_early = opening_state(sunday_night, "UTC-03:00", utc(30, 4))  # Monday 01:00 local
    assert monday_early.open
    assert monday_early.closes_at == datetime(2026, 11, 30, 2, 0, tzinfo=unit_zone("UTC-03:00"))


def test_a_locker_is_open_all_week_and_a_unit_without_hours_is_unknown() -> None:
    assert week_minutes(LOCKER) == ((0, WEEK),)
    state = opening_state(LOCKER, "UTC-02:00", utc(29, 3, 59))
    assert state.open
    assert state.always_open
    assert state.closes_at is None
    unknown = opening_state(Hours(funcionamento="SEGUNDA A SEXTA"), "UTC-03:00", utc(24, 15))
    assert not unknown.known
    assert not unknown.open


@pytest.mark.parametrize("fuso", [None, "", "Brasília", "UTC+99:00"])
def test_an_unreadable_fuso_means_brasilia_time(fuso: str | None) -> None:
    assert unit_zone(fuso).utcoffset(None) == timedelta(hours=-3)


def test_open_at_a_day_and_time_and_the_fast_form() -> None:
    assert open_at(BRANCH, 5, time(10, 0))
    assert not open_at(BRANCH, 5, time(14, 0))
    assert not open_at(BRANCH, 1, time(12, 30))
    intervals = week_minutes(BRANCH)
    assert is_open_in(intervals, 9 * 60)
    assert not is_open_in(intervals, 9 * 60 - 1)
    assert not is_open_in(intervals, 17 * 60)


def test_the_week_table_keeps_the_operators_times() -> None:
    table = week_table(BRANCH)
    assert table.weekdays == ("09:00", "17:00")
    assert table.lunch == ("12:00", "13:00")
    assert table.saturday == ("09:00", "13:00")
    assert table.sunday is None
    assert table.posting_until == "16:00"
    assert not table.always_open
    assert week_table(LOCKER).always_open


def _unit(status: str | None, **changes: object) -> Unit:
    record: dict[str, object] = {
        "id": "00000001",
        "nome": "AC CENTRAL",
        "status": status,
        "endereco": {"uf": "SP", "fuso": "UTC-03:00"},
        "horarios": BRANCH.model_dump(exclude_none=True),
    }
    return Unit.model_validate(record | changes)


@pytest.mark.parametrize("status", ["1", "3", "4", "5", "6", "9"])
def test_only_an_operating_unit_can_be_open_whatever_its_hours(status: str) -> None:
    monday_ten = utc(23, 13)  # 10:00 in São Paulo: inside the hours
    assert unit_opening(_unit("2"), monday_ten).open
    assert unit_opening(_unit(None), monday_ten).open  # no status sent: taken as operating
    shut = unit_opening(_unit(status), monday_ten)
    assert shut.open is False
    assert shut.status == status
    assert shut.closes_at is None
    assert shut.opens_at is None
    assert not unit_opening(_unit("2", ativa=False), monday_ten).open
    assert not unit_open_at(_unit(status), datetime(2026, 11, 28, 10, 0))  # Saturday 10:00
    assert unit_open_at(_unit("2"), datetime(2026, 11, 28, 10, 0))


def test_open_at_is_read_on_the_units_own_wall_clock() -> None:
    acre = _unit("2", endereco={"uf": "AC", "fuso": "UTC-05:00"})
    assert unit_open_at(acre, datetime(2026, 11, 28, 9, 0))  # Saturday 09:00 in Rio Branco
    assert not unit_open_at(acre, datetime(2026, 11, 28, 13, 0))
    assert not unit_open_at(acre, datetime(2026, 11, 29, 10, 0))  # Sunday


def test_a_unit_without_fuso_keeps_its_states_clock() -> None:
    assert unit_zone(None, "AC") == timezone(timedelta(hours=-5))
    assert unit_zone("", "am") == timezone(timedelta(hours=-4))
    assert unit_zone(None, "SP") == timezone(timedelta(hours=-3))
    assert unit_zone("UTC-02:00", "PE") == timezone(timedelta(hours=-2))
    # Monday 13:30 UTC: 10:30 in São Paulo, 08:30 in Rio Branco (opens at 09:00).
    acre = _unit("2", endereco={"uf": "AC"})
    assert unit_opening(acre, utc(23, 13, 30)).open is False
    assert unit_opening(_unit("2", endereco={"uf": "SP"}), utc(23, 13, 30)).open
