"""Ledger fixtures: every ledger test runs on SQLite and on a real PostgreSQL.

PostgreSQL comes from ``POSTALGUI_TEST_POSTGRES_URL`` (CI starts one with
``.ci/postgres.sh``); without it those cases skip, saying so. Each test starts from an
empty database: the tables of an earlier test are dropped first.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from postalgui.partner.ledger.store import Ledger, sqlite_url

POSTGRES_ENV = "POSTALGUI_TEST_POSTGRES_URL"
POSTGRES_URL = os.environ.get(POSTGRES_ENV, "").strip()
"""Read when the tests are collected: every test's environment is cleared of ``POSTALGUI_*``."""


def _empty_postgres(url: str) -> None:
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(text("DROP SCHEMA public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def ledger_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "ledger.sqlite3")
    url = POSTGRES_URL
    if not url:
        pytest.skip(f"no PostgreSQL server: set {POSTGRES_ENV} (.ci/postgres.sh starts one)")
    _empty_postgres(url)
    return url


@pytest.fixture
def ledger(ledger_url: str) -> Iterator[Ledger]:
    opened = Ledger(ledger_url)
    yield opened
    opened.close()
