"""Operator and UI date formats, timestamps and zone offsets."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from postalgui.api.values import (
    DEFAULT_OFFSET,
    DateDMY,
    DateISO,
    InvalidValue,
    combine_offset,
    format_date_dmy,
    format_date_iso,
    format_date_ui,
    format_timestamp,
    parse_date_dmy,
    parse_date_iso,
    parse_date_ui,
    parse_timestamp,
    parse_zone_offset,
)

PROPERTY = settings(database=None, deadline=None)
BRT = timezone(timedelta(hours=-3))


def test_examples() -> None:
    assert parse_date_dmy("22-11-2026") == date(2026, 11, 22)
    assert format_date_dmy(date(2026, 11, 22)) == "22-11-2026"
    assert parse_date_iso("2026-11-22") == date(2026, 11, 22)
    assert format_date_iso(date(2026, 11, 22)) == "2026-11-22"
    assert format_date_ui(date(2026, 11, 22)) == "22/11/2026"
    assert parse_date_ui("22/11/2026") == date(2026, 11, 22)
    assert parse_date_ui(" 1/2/2026 ") == date(2026, 2, 1)
    assert format_date_dmy(date(7, 1, 2)) == "02-01-0007"


@pytest.mark.parametrize(
    ("parse", "text", "rule"),
    [
        (parse_date_dmy, "2026-11-22", "date.format"),
        (parse_date_dmy, "22/11/2026", "date.format"),
        (parse_date_dmy, "2-11-2026", "date.format"),
        (parse_date_dmy, "", "date.format"),
        (parse_date_dmy, "31-02-2026", "date.invalid"),
        (parse_date_dmy, "29-02-2025", "date.invalid"),
        (parse_date_dmy, "00-01-2026", "date.invalid"),
        (parse_date_iso, "22-11-2026", "date.format"),
        (parse_date_iso, "20261122", "date.format"),
        (parse_date_iso, "2026-11-22T00:00:00", "date.format"),
        (parse_date_iso, "2026-13-01", "date.invalid"),
        (parse_date_iso, "0000-01-01", "date.invalid"),
        (parse_date_ui, "22-11-2026", "date.format"),
        (parse_date_ui, "31/04/2026", "date.invalid"),
    ],
)
def test_date_rejects(parse: object, text: str, rule: str) -> None:
    assert callable(parse)
    with pytest.raises(InvalidValue) as caught:
        parse(text)
    assert caught.value.rule == rule


def test_date_format_message_names_the_pattern() -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_date_dmy("2026-11-22")
    assert str(caught.value) == "Date must be written DD-MM-YYYY (got '2026-11-22')"


@PROPERTY
@given(st.dates())
def test_date_round_trips(value: date) -> None:
    assert parse_date_dmy(format_date_dmy(value)) == value
    assert parse_date_iso(format_date_iso(value)) == value
    assert parse_date_ui(format_date_ui(value)) == value
    assert format_date_iso(value) == value.isoformat()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-11-22T07:30:00", datetime(2026, 11, 22, 7, 30)),
        ("2026-11-22T07:30:00.123", datetime(2026, 11, 22, 7, 30, 0, 123000)),
        ("2026-11-22T07:30:00.1", datetime(2026, 11, 22, 7, 30, 0, 100000)),
        ("2026-11-22T07:30:00.123456789", datetime(2026, 11, 22, 7, 30, 0, 123456)),
        ("2026-11-22 07:30:00", datetime(2026, 11, 22, 7, 30)),
        (" 2026-11-22T23:59:59 ", datetime(2026, 11, 22, 23, 59, 59)),
    ],
)
def test_parse_timestamp_naive(text: str, expected: datetime) -> None:
    result = parse_timestamp(text)
    assert result.tzinfo is None
    assert result == expected


def test_parse_timestamp_with_its_own_offset_stays_aware() -> None:
    assert parse_timestamp("2026-11-22T10:30:00Z") == datetime(2026, 11, 22, 10, 30, tzinfo=UTC)
    explicit = parse_timestamp("2026-11-22T07:30:00-02:00")
    assert explicit.utcoffset() == timedelta(hours=-2)
    assert combine_offset(explicit, "-03:00") is explicit


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("22-11-2026 07:30:00", "datetime.format"),
        ("2026-11-22T07:30", "datetime.format"),
        ("2026-11-22", "datetime.format"),
        ("2026-11-22T07:30:00.", "datetime.format"),
        ("2026-11-22T07:30:00 BRT", "datetime.format"),
        ("2026-02-30T07:30:00", "datetime.invalid"),
        ("2026-11-22T24:00:00", "datetime.invalid"),
        ("2026-11-22T07:60:00", "datetime.invalid"),
        ("2026-11-22T07:30:00+25:00", "zone.range"),
    ],
)
def test_parse_timestamp_rejects(text: str, rule: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_timestamp(text)
    assert caught.value.rule == rule


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        ("-03:00", timedelta(hours=-3)),
        ("UTC-03:00", timedelta(hours=-3)),
        ("utc-3", timedelta(hours=-3)),
        ("GMT-0300", timedelta(hours=-3)),
        ("-02:00", timedelta(hours=-2)),
        ("-05:00", timedelta(hours=-5)),
        ("+05:30", timedelta(hours=5, minutes=30)),
        ("Z", timedelta(0)),
        ("UTC", timedelta(0)),
        ("+00:00", timedelta(0)),
        ("-00:00", timedelta(0)),
        (None, timedelta(hours=-3)),
        ("", timedelta(hours=-3)),
        ("  ", timedelta(hours=-3)),
    ],
)
def test_parse_zone_offset(text: str | None, offset: timedelta) -> None:
    assert parse_zone_offset(text).utcoffset(None) == offset


def test_utc_forms_are_the_utc_singleton() -> None:
    assert parse_zone_offset("Z") is UTC
    assert parse_zone_offset("+00:00") is UTC


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("America/Sao_Paulo", "zone.format"),
        ("-3:0", "zone.format"),
        ("-030", "zone.format"),
        ("03:00", "zone.format"),
        ("UTCGMT-03:00", "zone.format"),
        ("+24:00", "zone.range"),
        ("-03:60", "zone.range"),
    ],
)
def test_parse_zone_offset_rejects(text: str, rule: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_zone_offset(text)
    assert caught.value.rule == rule


@PROPERTY
@given(st.integers(-(23 * 60 + 59), 23 * 60 + 59), st.sampled_from(["", "UTC", "GMT"]))
def test_zone_offset_round_trip(minutes: int, prefix: str) -> None:
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    for text in (f"{prefix}{sign}{hours:02d}:{rest:02d}", f"{prefix}{sign}{hours:02d}{rest:02d}"):
        assert parse_zone_offset(text).utcoffset(None) == timedelta(minutes=minutes)


def test_combine_offset_defaults_to_brasilia() -> None:
    expires = combine_offset(parse_timestamp("2026-11-22T07:30:00"), None)
    assert expires.utcoffset() == timedelta(hours=-3)
    assert expires == datetime(2026, 11, 22, 10, 30, tzinfo=UTC)
    assert DEFAULT_OFFSET.utcoffset(None) == timedelta(hours=-3)
    assert combine_offset(datetime(2026, 11, 22, 7, 30), "") == expires
    assert combine_offset(datetime(2026, 11, 22, 7, 30), "-02:00") == datetime(
        2026, 11, 22, 9, 30, tzinfo=UTC
    )


@PROPERTY
@given(st.datetimes(), st.integers(0, 999))
def test_timestamp_round_trips(value: datetime, millis: int) -> None:
    whole = value.replace(microsecond=0)
    text = format_timestamp(value)
    assert text == whole.isoformat(timespec="seconds")
    assert parse_timestamp(text) == whole
    assert parse_timestamp(f"{text}.{millis:03d}") == whole.replace(microsecond=millis * 1000)


def test_format_timestamp_moves_aware_values_to_the_operator_clock() -> None:
    aware = datetime(2026, 11, 22, 10, 30, tzinfo=UTC)
    assert format_timestamp(aware) == "2026-11-22T07:30:00"
    assert format_timestamp(aware, "UTC-02:00") == "2026-11-22T08:30:00"
    assert format_timestamp(datetime(2026, 11, 22, 7, 30, 5, 999)) == "2026-11-22T07:30:05"
    assert combine_offset(datetime(2026, 11, 22, 7, 30), None).tzinfo == BRT


class _Query(BaseModel):
    dtEvento: DateDMY
    vencimento: DateISO


def test_pydantic_fields() -> None:
    query = _Query.model_validate_json('{"dtEvento": "22-11-2026", "vencimento": "2026-12-10"}')
    assert query.dtEvento == date(2026, 11, 22)
    assert query.vencimento == date(2026, 12, 10)
    assert query.model_dump_json() == '{"dtEvento":"22-11-2026","vencimento":"2026-12-10"}'
    assert query.model_dump() == {"dtEvento": date(2026, 11, 22), "vencimento": date(2026, 12, 10)}
    assert _Query(dtEvento=date(2026, 1, 2), vencimento=date(2026, 1, 3)).dtEvento == date(2026, 1, 2)


@pytest.mark.parametrize(
    ("data", "rule"),
    [
        ({"dtEvento": "2026-11-22", "vencimento": "2026-12-10"}, "date.format"),
        ({"dtEvento": "31-11-2026", "vencimento": "2026-12-10"}, "date.invalid"),
        ({"dtEvento": "22-11-2026", "vencimento": "10-12-2026"}, "date.format"),
        ({"dtEvento": 20261122, "vencimento": "2026-12-10"}, "date.format"),
        ({"dtEvento": datetime(2026, 11, 22), "vencimento": "2026-12-10"}, "date.format"),
    ],
)
def test_pydantic_field_errors(data: dict[str, object], rule: str) -> None:
    with pytest.raises(ValidationError) as caught:
        _Query.model_validate(data)
    assert caught.value.errors()[0]["ctx"]["error"].rule == rule
