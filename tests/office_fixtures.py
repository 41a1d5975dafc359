"""Office database fixtures: each store test runs on a SQLite file and on a real PostgreSQL.

PostgreSQL comes from ``POSTALGUI_TEST_POSTGRES_URL`` (CI starts one with
``.ci/postgres.sh``); without it those cases skip, saying so. Each test starts from an
empty database: the schema of an earlier test is dropped first.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL

from postalgui.store.office import VERSION_TABLE, OfficeStore
from postalgui.store.urls import office_url, sqlite_url

POSTGRES_ENV = "POSTALGUI_TEST_POSTGRES_URL"
POSTGRES_URL = os.environ.get(POSTGRES_ENV, "").strip()
"""Read when the tests are collected: every test's environment is cleared of ``POSTALGUI_*``."""


def empty_postgres(url: str) -> None:
    """Drop every table of the test server's database (ledger and office alike)."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(text("DROP SCHEMA public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
    finally:
        engine.dispose()


def postgres_or_skip() -> str:
    """The test server's URL (emptied), or skip the test saying how to get one."""
    if not POSTGRES_URL:
        pytest.skip(f"no PostgreSQL server: set {POSTGRES_ENV} (.ci/postgres.sh starts one)")
    empty_postgres(POSTGRES_URL)
    return POSTGRES_URL


def stamp_newer(office_file: Path) -> None:
    """An office file as a newer PostalGUI leaves it: a schema revision this one does not ship."""
    office_file.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(office_file)) as db, db:
        db.execute(f"CREATE TABLE {VERSION_TABLE} (version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
        db.execute(f"INSERT INTO {VERSION_TABLE} VALUES ('9999_from_the_future')")  # noqa: S608 -- a constant


@pytest.fixture(params=["sqlite", "postgresql"])
def office_url_for_test(request: pytest.FixtureRequest, tmp_path: Path) -> URL:
    """An empty office database's URL: a SQLite file, then the PostgreSQL test server."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "office.sqlite3")
    return office_url(postgres_or_skip(), allow_password=True)


@pytest.fixture
def office_store(office_url_for_test: URL) -> Iterator[OfficeStore]:
    """An `OfficeStore` on `office_url_for_test` written by "clerk.a", closed after the test."""
    store = OfficeStore(office_url_for_test, author="clerk.a")
    yield store
    store.close()
