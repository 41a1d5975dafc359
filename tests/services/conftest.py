"""Feature-store fixtures: the office database each store test runs on, SQLite then PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from postalgui.services.office.database import OfficeDatabase
from tests.office_fixtures import postgres_or_skip


@pytest.fixture(params=["sqlite", "postgresql"])
def office(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[OfficeDatabase]:
    """The sandbox environment's `OfficeDatabase` written by "clerk.a": on a SQLite file in
    the test's folder, then on the PostgreSQL test server; closed after the test."""
    url = "" if request.param == "sqlite" else postgres_or_skip()
    database = OfficeDatabase(tmp_path, "sandbox", url, author=lambda: "clerk.a", allow_password_in_url=True)
    yield database
    database.close()
