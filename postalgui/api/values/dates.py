"""Dates and timestamps in the operator's formats, and in the UI's.

The operator mixes formats per operation: ``DD-MM-YYYY`` in price and invoice queries,
``YYYY-MM-DD`` in records and the additional-services query, ``YYYY-MM-DDThh:mm:ss``
(optionally ``.mmm``) timestamps with **no offset**, and a separate ``zoneOffset``
(``-03:00``) or ``fuso`` (``UTC-03:00``). The UI shows ``DD/MM/AAAA``. Each format has
its own parser so a day and a month are never swapped by guessing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from postalgui.api.values.errors import InvalidValue

BRASILIA = ZoneInfo("America/Sao_Paulo")
"""The operator's clock: its times without an offset are Brasília's (DESIGN.md, Time)."""


def operator_utc(moment: datetime) -> datetime:
    """``moment`` as aware UTC; a naive one is the operator's Brasília wall time."""
    return (moment if moment.tzinfo is not None else moment.replace(tzinfo=BRASILIA)).astimezone(UTC)


__all__ = [
    "BRASILIA",
    "DEFAULT_OFFSET",
    "combine_offset",
    "date_reader",
    "format_date_dmy",
    "format_date_iso",
    "format_date_ui",
    "format_timestamp",
    "operator_utc",
    "parse_date_dmy",
    "parse_date_iso",
    "parse_date_ui",
    "parse_timestamp",
    "parse_zone_offset",
]

DEFAULT_OFFSET = timezone(timedelta(hours=-3))
"""The operator's clock (Brasilia, -03:00), used when a response gives no zoneOffset."""

_DMY = re.compile(r"(?P<day>\d{2})-(?P<month>\d{2})-(?P<year>\d{4})", flags=re.ASCII)
_ISO = re.compile(r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})", flags=re.ASCII)
_UI = re.compile(r"(?P<day>\d{1,2})/(?P<month>\d{1,2})/(?P<year>\d{4})", flags=re.ASCII)
_TIMESTAMP = re.compile(
    r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})[T ]"
    r"(?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2})(?:\.(?P<fraction>\d{1,9}))?"
    r"(?P<zone>[Zz]|[+-]\d{2}:?\d{2})?",
    flags=re.ASCII,
)
_ZONE_COLON = re.compile(r"(?P<sign>[+-])(?P<hours>\d{1,2})(?::(?P<minutes>\d{2}))?", re.ASCII)
_ZONE_COMPACT = re.compile(r"(?P<sign>[+-])(?P<hours>\d{2})(?P<minutes>\d{2})", re.ASCII)
_UTC_NAMES = frozenset({"Z", "UTC", "GMT"})


def _date_from(match: re.Match[str] | None, text: object, pattern: str) -> date:
    if match is None:
        raise InvalidValue("date.format", text, pattern=pattern)
    try:
        return date(int(match["year"]), int(match["month"]), int(match["day"]))
    except ValueError:
        raise InvalidValue("date.invalid", text) from None


def _date_match(regex: re.Pattern[str], text: object) -> re.Match[str] | None:
    return regex.fullmatch(text.strip()) if isinstance(text, str) else None


def parse_date_dmy(text: str) -> date:
    """``"22-11-2026"``, the query format of prices and invoices."""
    return _date_from(_date_match(_DMY, text), text, "DD-MM-YYYY")


def format_date_dmy(value: date) -> str:
    """``date(2026, 11, 22)`` -> ``"22-11-2026"``."""
    return f"{value.day:02d}-{value.month:02d}-{value.year:04d}"


def parse_date_iso(text: str) -> date:
    """``"2026-11-22"``, the record and additional-services format."""
    return _date_from(_date_match(_ISO, text), text, "YYYY-MM-DD")


def format_date_iso(value: date) -> str:
    """``date(2026, 11, 22)`` -> ``"2026-11-22"``."""
    return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"


def parse_date_ui(text: str) -> date:
    """``"22/11/2026"`` (or ``"1/2/2026"``) as typed in the UI."""
    return _date_from(_date_match(_UI, text), text, "DD/MM/YYYY")


def format_date_ui(value: date) -> str:
    """``date(2026, 11, 22)`` -> ``"22/11/2026"`` (DD/MM/AAAA in the UI)."""
    return f"{value.day:02d}/{value.month:02d}/{value.year:04d}"


def parse_zone_offset(text: str | None) -> timezone:
    """``"-03:00"``, ``"UTC-03:00"``, ``"-0300"``, ``"Z"``, ``"+00:00"``; -03:00 when absent.

    The operator leaves ``zoneOffset`` out at times; its clock is Brasilia time then.
    """
    if text is None:
        return DEFAULT_OFFSET
    if not isinstance(text, str):
        raise InvalidValue("zone.format", text)
    spec = text.strip().upper()
    if not spec:
        return DEFAULT_OFFSET
    if spec in _UTC_NAMES:
        return UTC
    if spec.startswith(("UTC", "GMT")):
        spec = spec[3:]
    match = _ZONE_COLON.fullmatch(spec) or _ZONE_COMPACT.fullmatch(spec)
    if match is None:
        raise InvalidValue("zone.format", text)
    hours, minutes = int(match["hours"]), int(match["minutes"] or 0)
    if hours > 23 or minutes > 59:
        raise InvalidValue("zone.range", text)
    offset = timedelta(hours=hours, minutes=minutes)
    if not offset:
        return UTC
    return timezone(-offset if match["sign"] == "-" else offset)


def parse_timestamp(text: str) -> datetime:
    """``"2026-11-22T07:30:00"`` or ``"...T07:30:00.123"`` -> naive datetime.

    The operator's timestamps carry no offset: pass the result to
    :func:`combine_offset`. Should one carry an offset anyway (``Z``, ``-03:00``), the
    result is aware and :func:`combine_offset` keeps it. A space may stand for ``T``;
    fractions past microseconds are truncated.
    """
    match = _TIMESTAMP.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise InvalidValue("datetime.format", text)
    zone = parse_zone_offset(match["zone"]) if match["zone"] else None
    fraction = (match["fraction"] or "")[:6].ljust(6, "0")
    try:
        return datetime(
            int(match["year"]),
            int(match["month"]),
            int(match["day"]),
            int(match["hour"]),
            int(match["minute"]),
            int(match["second"]),
            int(fraction),
            tzinfo=zone,
        )
    except ValueError:
        raise InvalidValue("datetime.invalid", text) from None


def format_timestamp(value: datetime, zone_offset: str | None = None) -> str:
    """``"2026-11-22T07:30:00"`` for queries (``dhAlteracaoInicial``); no fraction, no offset.

    An aware value is first moved to ``zone_offset`` (default -03:00), the operator's clock.
    """
    if value.tzinfo is not None and value.utcoffset() is not None:
        value = value.astimezone(parse_zone_offset(zone_offset))
    return f"{format_date_iso(value)}T{value.hour:02d}:{value.minute:02d}:{value.second:02d}"


def combine_offset(naive_dt: datetime, zone_offset: str | None) -> datetime:
    """Attach the response's ``zoneOffset`` (default -03:00) to an offset-less timestamp.

    A value that already has an offset keeps it: an explicit offset beats the default.
    """
    if naive_dt.tzinfo is not None and naive_dt.utcoffset() is not None:
        return naive_dt
    return naive_dt.replace(tzinfo=parse_zone_offset(zone_offset))


def date_reader(parse: Callable[[str], date], pattern: str) -> Callable[[object], object]:
    """A field's reader of wire dates: text goes through ``parse``, a ``date`` passes
    untouched, anything else (a ``datetime`` too) is `InvalidValue` ``date.format`` naming
    ``pattern``. Run by the pydantic fields `DateDMY` and `DateISO` (:mod:`.fields`)."""

    def read(value: object) -> object:
        if isinstance(value, str):
            return parse(value)
        if isinstance(value, date) and not isinstance(value, datetime):
            return value
        raise InvalidValue("date.format", value, pattern=pattern)

    return read
