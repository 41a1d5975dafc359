"""Two stores open on one SQLite file in one process hear each other's commits (issue 25:
"Live across desks", on SQLite the same process's signal), as a server's desks do."""

from __future__ import annotations

from pathlib import Path

from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url


def test_a_commit_through_one_store_is_told_to_every_store_on_the_file(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "office.sqlite3")
    here, there = OfficeStore(url, author="clerk.a"), OfficeStore(url, author="clerk.b")
    elsewhere = OfficeStore(sqlite_url(tmp_path / "other.sqlite3"))
    heard: list[str] = []
    unheard: list[str] = []
    here.subscribe(heard.append)
    elsewhere.subscribe(unheard.append)
    try:
        there.run(lambda connection: None, topics=("quote",))
        here.run(lambda connection: None, topics=("job",))
    finally:
        for store in (here, there, elsewhere):
            store.close()
    assert heard == ["quote", "job"]
    assert unheard == []
