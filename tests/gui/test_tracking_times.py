"""Tracking shows the operator's times on the user's clock (issue 37: one rule for times).

The operator writes Brasília's wall-clock time without a zone; a desk in another zone
must see it converted, or "delivered today" and the event order across midnight lie.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from postalgui.gui.tabs.tracking.words import moment_text


@pytest.mark.parametrize(
    ("zone", "shown"),
    [
        ("UTC", "28/11/2026 02:30"),  # past midnight: the next day on a UTC desk
        ("America/Manaus", "27/11/2026 22:30"),
        ("America/Sao_Paulo", "27/11/2026 23:30"),
    ],
)
def test_an_event_at_2330_in_brasilia_reads_on_the_users_clock(
    desk_zone: Callable[[str], None], zone: str, shown: str
) -> None:
    desk_zone(zone)
    assert moment_text(datetime(2026, 11, 27, 23, 30)) == shown


def test_an_aware_time_is_converted_not_reread(desk_zone: Callable[[str], None]) -> None:
    desk_zone("America/Sao_Paulo")
    assert moment_text(datetime(2026, 11, 28, 2, 30, tzinfo=UTC)) == "27/11/2026 23:30"
