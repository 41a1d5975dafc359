"""The SQLite file helper: a new file opened by several processes at once, a corrupt one set aside."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from postalgui.store.sqlite_file import SqliteFile

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = "CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, worker INTEGER NOT NULL);\n"

FILES = 12
"""New files every child opens in turn: the race is on the first opening of each."""

# Each child imports first, then waits for the parent's word on stdin, so that the
# openings and first writes of every child happen together on each new file.
CHILD = """
import sys
from pathlib import Path
from postalgui.store.sqlite_file import SqliteFile

folder, worker, files, schema = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
sys.stdin.read()
for number in range(files):
    store = SqliteFile(
        folder / f"new-{number}.sqlite3", schema=schema, version=1, probe="item", label="test file",
        newer_error=RuntimeError,
    )
    store.run(lambda conn: conn.execute("INSERT INTO item (worker) VALUES (?)", (worker,)))
    store.close()
print("recorded", worker)
"""


class Newer(Exception):  # noqa: N818  # a test stand-in for a store's own error
    pass


def _file(path: Path) -> SqliteFile:
    return SqliteFile(path, schema=SCHEMA, version=1, probe="item", label="test file", newer_error=Newer)


def _at_version(path: Path, version: int, migrations: dict[int, str]) -> SqliteFile:
    """The test file at schema ``version``, reached from 1 by ``migrations``."""
    return SqliteFile(
        path,
        schema=SCHEMA,
        version=version,
        probe="item",
        label="test file",
        newer_error=Newer,
        migrations=migrations,
    )


def test_processes_opening_a_new_file_together_lose_nothing(tmp_path: Path) -> None:
    """Eight processes create the same new file at once: eight rows, no error (issue 10)."""
    folder = tmp_path / "data"
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(folder), str(worker), str(FILES), SCHEMA],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for worker in range(8)
    ]
    for child in children:  # every child is started and importing; now let them all go
        assert child.stdin is not None
        child.stdin.close()
    for child in children:
        assert child.wait(timeout=120) is not None
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
        workers = sorted(row[0] for row in conn.execute("SELECT worker FROM item"))
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        conn.close()
        assert (number, workers, version) == (number, list(range(8)), 1)


def test_a_new_file_gets_its_schema_and_version(tmp_path: Path) -> None:
    store = _file(tmp_path / "a.sqlite3")
    try:
        store.run(lambda conn: conn.execute("INSERT INTO item (worker) VALUES (1)"))
        assert store.run(lambda conn: conn.execute("PRAGMA user_version").fetchone()[0]) == 1
        assert store.run(lambda conn: conn.execute("PRAGMA journal_mode").fetchone()[0]) == "wal"
        assert store.set_aside_path is None
    finally:
        store.close()


def test_a_newer_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 7")
    conn.close()
    store = _file(path)
    with pytest.raises(Newer, match="newer"):
        store.run(lambda conn: conn.execute("SELECT 1"))
    store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 7
    conn.close()


def test_a_corrupt_file_is_set_aside_and_its_path_told(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    path.write_bytes(b"not a database at all " * 200)
    seen: list[Path] = []
    store = _file(path)
    store.on_set_aside = seen.append
    try:
        assert store.run(lambda conn: conn.execute("SELECT count(*) FROM item").fetchone()[0]) == 0
    finally:
        store.close()
    aside = store.set_aside_path
    assert aside is not None
    assert aside.name.startswith("a.sqlite3.bad-")
    assert aside.read_bytes().startswith(b"not a database")
    assert seen == [aside]


def test_an_older_file_is_migrated_once_keeping_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = _file(path)
    old.run(lambda conn: conn.execute("INSERT INTO item (worker) VALUES (7)"))
    old.close()
    newer_schema = SCHEMA + "ALTER TABLE item ADD COLUMN note TEXT;\nCREATE TABLE extra (id INTEGER);\n"
    migrations = {2: "ALTER TABLE item ADD COLUMN note TEXT;\nCREATE TABLE extra (id INTEGER);\n"}

    def opened(target: Path) -> SqliteFile:
        return SqliteFile(
            target,
            schema=newer_schema,
            version=2,
            probe="item",
            label="test file",
            newer_error=Newer,
            migrations=migrations,
        )

    migrated = opened(path)
    rows = migrated.run(lambda conn: conn.execute("SELECT worker, note FROM item").fetchall())
    assert rows == [(7, None)]
    assert migrated.run(lambda conn: conn.execute("PRAGMA user_version").fetchone()[0]) == 2
    migrated.close()
    again = opened(path)  # a second opening finds version 2: nothing runs twice
    assert again.run(lambda conn: conn.execute("SELECT count(*) FROM extra").fetchone()[0]) == 0
    again.close()
    fresh = opened(tmp_path / "new.sqlite3")
    assert fresh.run(lambda conn: conn.execute("PRAGMA user_version").fetchone()[0]) == 2
    fresh.close()


def test_a_missing_migration_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = _file(path)
    old.run(lambda conn: conn.execute("INSERT INTO item (worker) VALUES (7)"))
    old.close()
    skipping = _at_version(path, 3, {3: "CREATE TABLE extra (id INTEGER);"})
    with pytest.raises(RuntimeError, match="no migration to schema 2"):
        skipping.run(lambda conn: None)
    skipping.close()
    assert _file(path).run(lambda conn: conn.execute("PRAGMA user_version").fetchone()[0]) == 1


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("DROP TABLE item", "no such table: item"),
        ("ALTER TABLE item DROP COLUMN worker", "no such column: worker"),
    ],
)
def test_tables_changed_by_hand_are_named_with_what_to_do(tmp_path: Path, change: str, reason: str) -> None:
    path = tmp_path / "a.sqlite3"
    made = _file(path)
    made.run(lambda conn: conn.execute("INSERT INTO item (worker) VALUES (7)"))
    made.close()
    conn = sqlite3.connect(path)
    conn.execute(change)
    conn.commit()
    conn.close()
    store = _file(path)
    with pytest.raises(Newer) as caught:
        store.run(lambda conn: conn.execute("SELECT worker FROM item").fetchall())
    store.close()
    assert str(caught.value) == (
        f"The test file {path} does not have the tables of its schema ({reason}): "
        "move it away and a new one is started, or open it with the PostalGUI that made it"
    )
    assert path.exists()  # not set aside: the rows may still be wanted
    assert store.set_aside_path is None


def test_a_migration_that_meets_its_own_change_is_named_and_leaves_the_file(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    made = _file(path)
    made.run(lambda conn: conn.execute("INSERT INTO item (worker) VALUES (7)"))
    made.close()
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE item ADD COLUMN note TEXT")  # as if migrated, its version left at 1
    conn.commit()
    conn.close()
    store = _at_version(path, 2, {2: "ALTER TABLE item ADD COLUMN note TEXT;"})
    with pytest.raises(Newer, match=r"\(duplicate column name: note\): move it away"):
        store.run(lambda conn: None)
    store.close()
    assert _file(path).run(lambda conn: conn.execute("PRAGMA user_version").fetchone()[0]) == 1
