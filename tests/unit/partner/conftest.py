"""Ledger fixtures: every ledger test runs on SQLite and on a real PostgreSQL.

PostgreSQL comes from ``POSTALGUI_TEST_POSTGRES_URL`` (`tests.office_fixtures`, which
the office store's tests share): without it those cases skip, saying so; each test starts
from an empty database.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from postalgui.partner.ledger.store import Ledger, sqlite_url
from tests.office_fixtures import postgres_or_skip


@pytest.fixture(params=["sqlite", "postgresql"])
def ledger_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "ledger.sqlite3")
    return postgres_or_skip()


@pytest.fixture
def ledger(ledger_url: str) -> Iterator[Ledger]:
    opened = Ledger(ledger_url)
    yield opened
    opened.close()
