"""The PostgreSQL listener sleeps while the office is quiet (issue 40: an idle window sleeps).

It waited for notices 0.2 s at a time to hear `close`, five wake-ups a second on every desk
(0.3-0.45 % of a core); it now sleeps on its connection and a wake-up pair `close` writes
to, so it wakes for a notice, for `close` and for nothing else.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from postalgui.store import feed
from postalgui.store.office import OfficeStore
from postalgui.store.urls import office_url
from tests.office_fixtures import postgres_or_skip


def test_the_listener_wakes_for_a_notice_and_for_close_only(monkeypatch: pytest.MonkeyPatch) -> None:
    url = office_url(postgres_or_skip(), allow_password=True)
    sleeps = threading.Semaphore(0)  # one release per sleep
    count: list[int] = []

    def wait_readable(*sources: Any) -> None:
        count.append(1)
        sleeps.release()
        feed.select.select(sources, [], [])

    monkeypatch.setattr(feed, "wait_readable", wait_readable)
    here, there = OfficeStore(url), OfficeStore(url)
    heard = threading.Event()
    try:
        here.subscribe(lambda topic: heard.set() if topic == "quote" else None)
        here.open()
        assert sleeps.acquire(timeout=10)  # listening, asleep
        there.run(lambda connection: None, topics=("quote",))
        assert heard.wait(10)
        assert sleeps.acquire(timeout=10)  # asleep again after the notice
    finally:
        here.close()
        there.close()
    assert len(count) == 2  # nothing woke it but the notice; `close` ended the second sleep
