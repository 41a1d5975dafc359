"""The CLI's tracking times follow the one rule (issue 37): the operator's naive times are
Brasília's; text shows them on the desk's clock, JSON carries their zone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from postalgui.cli.track_watch import since_text, watched_json
from postalgui.services.tracking.records import WatchedObject

OPERATOR_TIME = datetime(2026, 11, 27, 23, 30)  # as the operator writes it: Brasília, no zone


def test_text_is_on_the_desks_clock(desk_zone: Callable[[str], None]) -> None:
    desk_zone("UTC")
    assert since_text(OPERATOR_TIME) == "28/11/2026 02:30"
    desk_zone("America/Manaus")
    assert since_text(OPERATOR_TIME) == "27/11/2026 22:30"


def test_json_times_carry_their_zone() -> None:
    watched = WatchedObject(
        code="OB186778398BR", last_at=OPERATOR_TIME, checked_at=datetime(2026, 11, 28, 3, 0, tzinfo=UTC)
    )
    data = watched_json(watched, OPERATOR_TIME.date())
    assert data["lastAt"] == "2026-11-28T02:30:00+00:00"
    assert data["checkedAt"] == "2026-11-28T03:00:00+00:00"
