"""The operator's timestamp style: local time at UTC-03:00, written without offset.

The token service writes `emissao`/`expiraEm` this way and sends the offset apart in
`zoneOffset`; error bodies use the same clock so the two read alike.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

ZONE_OFFSET = "-03:00"
OPERATOR_TZ = timezone(timedelta(hours=-3))


def local_datetime(ts: float) -> datetime:
    """A POSIX timestamp as an aware datetime at the operator's offset."""
    return datetime.fromtimestamp(ts, tz=OPERATOR_TZ)


def format_local(ts: float, *, millis: bool = False) -> str:
    """`YYYY-MM-DDThh:mm:ss[.mmm]` at UTC-03:00, with no offset suffix."""
    moment = local_datetime(ts)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    if millis:
        text += f".{moment.microsecond // 1000:03d}"
    return text


def parse_local(text: str) -> datetime:
    """Read a `YYYY-MM-DDThh:mm:ss` operator timestamp as an aware datetime."""
    return datetime.fromisoformat(text).replace(tzinfo=OPERATOR_TZ)
