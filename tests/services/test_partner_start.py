"""The partner server's start and a quit meanwhile, with a bare child app instead of the partner's."""

from __future__ import annotations

import threading

import pytest

from postalgui.api.cancel import Cancelled
from postalgui.api.errors import ApiError
from postalgui.services.attendance import service as attendance
from tests.child_servers import SLOW, LaunchedChild
from tests.feature_ports import attendance_service


def test_quitting_while_the_partner_server_starts_stops_it_and_cancels_the_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(attendance, "PARTNER_START_TIMEOUT_S", 110.0)  # longer than the guards below
    service = attendance_service()
    new_partner = LaunchedChild(SLOW, "partner server")
    monkeypatch.setattr(service, "_new_partner", new_partner)
    outcome: list[BaseException] = []

    def task() -> None:
        try:
            service.start_partner()
        except (Cancelled, ApiError) as exc:  # what the task runner would get
            outcome.append(exc)

    starter = threading.Thread(target=task, name="test-partner-start")
    starter.start()
    assert new_partner.launched.wait(60)
    assert not service.partner_status().running  # still starting: no URL to show yet
    closer = threading.Thread(target=service.close, name="test-attendance-close")
    closer.start()
    closer.join(60)  # a guard against a hang: the lock was held for the whole start
    starter.join(60)
    assert not closer.is_alive()
    assert not starter.is_alive()
    assert len(outcome) == 1
    assert isinstance(outcome[0], Cancelled)  # stopped by the user or the quit: nothing to report
