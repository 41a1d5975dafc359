"""This desk's office file: a new file opened by several processes at once, tables changed by hand."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import text

from postalgui.store.errors import StoreOpenError
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url

ROOT = Path(__file__).resolve().parents[3]
FILES = 6
"""New files every child opens in turn: the race is on the first opening (the migration) of each."""

# Each child imports first, then waits for the parent's word on stdin, so that the
# openings and first writes of every child happen together on each new file.
CHILD = """
import sys
from pathlib import Path
from sqlalchemy import text
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url

folder, worker, files = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
sys.stdin.read()
for number in range(files):
    store = OfficeStore(sqlite_url(folder / f"new-{number}.sqlite3"))
    insert = text("INSERT INTO store_meta (key, value) VALUES (:k, 'x')")
    store.run(lambda c: c.execute(insert, {"k": str(worker)}))
    store.close()
print("recorded", worker)
"""


def test_processes_opening_a_new_file_together_lose_nothing(tmp_path: Path) -> None:
    """Six processes create and migrate the same new file at once: six rows, no error."""
    folder = tmp_path / "data"
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(folder), str(worker), str(FILES)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for worker in range(6)
    ]
    for child in children:  # every child is started and importing; now let them all go
        assert child.stdin is not None
        child.stdin.close()
    for child in children:
        child.wait(timeout=180)  # raises TimeoutExpired if a child hangs
    for child in children:
        assert child.stdout is not None
        assert child.stderr is not None
        out, err = child.stdout.read(), child.stderr.read()
        child.stdout.close()
        child.stderr.close()
        assert child.returncode == 0, err
        assert out.startswith("recorded"), err
    for number in range(FILES):
        conn = sqlite3.connect(folder / f"new-{number}.sqlite3")
        workers = sorted(int(row[0]) for row in conn.execute("SELECT key FROM store_meta"))
        conn.close()
        assert (number, workers) == (number, list(range(6)))


def test_a_new_file_is_in_wal_mode(tmp_path: Path) -> None:
    store = OfficeStore(sqlite_url(tmp_path / "a.sqlite3"))
    try:
        assert store.run(lambda c: c.execute(text("PRAGMA journal_mode")).scalar_one()) == "wal"
        assert store.set_aside_path is None
    finally:
        store.close()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("DROP TABLE store_meta", "no such table: store_meta"),
        ("ALTER TABLE store_meta DROP COLUMN value", "no such column: value"),
    ],
)
def test_tables_changed_by_hand_are_named_with_what_to_do(tmp_path: Path, change: str, reason: str) -> None:
    path = tmp_path / "a.sqlite3"
    made = OfficeStore(sqlite_url(path))
    made.run(lambda c: c.execute(text("INSERT INTO store_meta (key, value) VALUES ('k', 'v')")))
    made.close()
    conn = sqlite3.connect(path)
    conn.execute(change)
    conn.commit()
    conn.close()
    store = OfficeStore(sqlite_url(path))
    with pytest.raises(StoreOpenError) as caught:
        store.run(lambda c: c.execute(text("SELECT key, value FROM store_meta")).all(), read=True)
    store.close()
    assert f"does not have the tables of its schema ({reason})" in str(caught.value)
    assert "move it away or restore a backup" in str(caught.value)
    assert path.exists()  # not set aside: the rows may still be wanted
    assert store.set_aside_path is None


def _open(store: OfficeStore, start: threading.Barrier, failures: list[BaseException]) -> None:
    start.wait()
    try:
        store.open()
    except BaseException as exc:  # noqa: BLE001 -- collected for the test's assertion
        failures.append(exc)


def test_stores_migrated_at_once_by_threads_each_get_their_own_tables(tmp_path: Path) -> None:
    """The history's store, the branch cache and another office file opened at the same time
    by three tasks (as the tabs' first tasks do): each is migrated, none meets another's."""
    from postalgui.services.branches.store import BranchCache

    for round_ in range(10):
        folder = tmp_path / str(round_)
        stores = [
            OfficeStore(sqlite_url(folder / "office.sqlite3")),
            BranchCache(folder / "branches.sqlite3"),
            OfficeStore(sqlite_url(folder / "other.sqlite3")),
        ]
        failures: list[BaseException] = []
        start = threading.Barrier(len(stores))
        threads = [threading.Thread(target=_open, args=(store, start, failures)) for store in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        for store in stores:
            store.close()
        assert failures == []
        for name, table in (
            ("office.sqlite3", "quote"),
            ("branches.sqlite3", "query"),
            ("other.sqlite3", "quote"),
        ):
            conn = sqlite3.connect(folder / name)
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            conn.close()
            assert table in tables, (round_, name, tables)
