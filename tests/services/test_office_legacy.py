"""The one-time import of quotes.sqlite3 and jobs.sqlite3 into each environment's office file.

The old files are made with the DDL of their schema as it was (copied from the git
history of services/price/history.py and services/invoices/jobs.py), filled with rows
of two environments, imported, and compared field by field.
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from postalgui.services.office import legacy
from postalgui.services.office.database import OfficeDatabase, local_file
from postalgui.services.office.legacy import Outcome, import_legacy, legacy_uid, meta_key

# --- the old DDL, as each schema had it ----------------------------------------------

QUOTES_1 = """
CREATE TABLE quote (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    environment TEXT NOT NULL,
    source TEXT NOT NULL,
    query TEXT NOT NULL,
    response TEXT,
    failure_code TEXT,
    failure_text TEXT,
    co_produto TEXT NOT NULL,
    cep_origem TEXT,
    cep_destino TEXT,
    sg_pais TEXT,
    nu_requisicao TEXT,
    pc_final TEXT,
    error TEXT,
    search_text TEXT NOT NULL
);
CREATE INDEX quote_at ON quote (at DESC, id DESC);
CREATE INDEX quote_co_produto ON quote (co_produto);
PRAGMA user_version = 1;
"""

QUOTES_2 = (
    QUOTES_1.replace(
        "    search_text TEXT NOT NULL\n);",
        "    search_text TEXT NOT NULL,\n    run TEXT,\n    dt_evento TEXT NOT NULL DEFAULT ''\n);",
    ).replace("PRAGMA user_version = 1;", "")
    + """
CREATE INDEX quote_run ON quote (run);
CREATE TABLE quote_deadline (
    run TEXT NOT NULL,
    co_produto TEXT NOT NULL,
    cep_origem TEXT NOT NULL,
    cep_destino TEXT NOT NULL,
    dt_evento TEXT NOT NULL,
    outcome TEXT NOT NULL,
    PRIMARY KEY (run, co_produto, cep_origem, cep_destino, dt_evento)
);
PRAGMA user_version = 2;
"""
)

JOBS_1 = """
CREATE TABLE job (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    environment TEXT NOT NULL,
    kind TEXT NOT NULL,
    processing_id TEXT NOT NULL,
    params TEXT NOT NULL,
    state TEXT NOT NULL,
    requested_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT,
    file_path TEXT,
    error TEXT
);
CREATE INDEX job_environment ON job (environment, requested_at DESC, id DESC);
PRAGMA user_version = 1;
"""

JOBS_2 = JOBS_1.replace("    error TEXT\n);", "    error TEXT,\n    operator_status TEXT\n);").replace(
    "user_version = 1", "user_version = 2"
)

JOBS_3 = (
    JOBS_2.replace("user_version = 2", "user_version = 3")
    + """
CREATE TABLE sending (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    environment TEXT NOT NULL,
    kind TEXT NOT NULL,
    params TEXT NOT NULL,
    sent_at TEXT NOT NULL
);
"""
)

ENVS = ("sandbox", "production")
AT = datetime(2026, 11, 26, 8, 30, 5, tzinfo=UTC)


def _quote(n: int, env: str, schema: int) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": n,
        "at": f"2026-03-{n % 28 + 1:02d}T10:00:00+00:00",
        "environment": env,
        "source": "form",
        "query": json.dumps({"coProduto": "03220", "n": n}),
        "response": None if n % 3 == 0 else json.dumps({"pcFinal": f"{n},50"}),
        "failure_code": "PRC-101" if n % 3 == 0 else None,
        "failure_text": "CEP inválido" if n % 3 == 0 else None,
        "co_produto": "03220",
        "cep_origem": "70002900",
        "cep_destino": f"{n:08d}",
        "sg_pais": None,
        "nu_requisicao": f"req-{n}",
        "pc_final": None if n % 3 == 0 else f"{n},50",
        "error": None,
        "search_text": f"03220 70002900 {n:08d} ação",
    }
    if schema >= 2:
        row |= {"run": f"run-{env}-{n % 2}", "dt_evento": "2026-03-02"}
    return row


def _job(n: int, env: str, schema: int) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": n,
        "environment": env,
        "kind": "EXTRATO_ANALITICO",
        "processing_id": f"proc-{n}",
        "params": json.dumps({"fatura": str(1000 + n), "centroCusto": "ÁREA"}),
        "state": "ready" if n % 2 else "processing",
        "requested_at": "2026-03-02T10:15:00.000000+00:00",
        "updated_at": "2026-03-02T11:15:00.000000+00:00",
        "finished_at": "2026-03-02T11:15:00.000000+00:00" if n % 2 else None,
        "file_path": f"/home/clerk/.cache/postalgui/jobs/{env}/{n}.csv" if n % 2 else None,
        "error": None,
    }
    if schema >= 2:
        row["operator_status"] = "SUCESSO" if n % 2 else "EM_EXECUCAO"
    return row


def _insert(db: sqlite3.Connection, table: str, rows: list[dict[str, Any]]) -> None:
    for row in rows:
        names = ", ".join(row)
        db.execute(f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(row))})", tuple(row.values()))  # noqa: S608


def _per_env(
    make: Callable[[int, str, int], dict[str, Any]], schema: int, count: int
) -> dict[str, list[dict[str, Any]]]:
    """``count`` old rows of each environment (ids 1.., 101..)."""
    return {
        env: [make(n, env, schema) for n in range(k * 100 + 1, k * 100 + 1 + count)]
        for k, env in enumerate(ENVS)
    }


def _old_file(path: Path, ddl: str, fill: Callable[[sqlite3.Connection], None]) -> Path:
    with closing(sqlite3.connect(path)) as db:
        db.executescript(ddl)
        fill(db)
        db.commit()
    return path


def _quotes_file(data: Path, schema: int, per_env: int = 7) -> dict[str, list[dict[str, Any]]]:
    rows = _per_env(_quote, schema, per_env)

    def fill(db: sqlite3.Connection) -> None:
        for env_rows in rows.values():
            _insert(db, "quote", env_rows)
        if schema >= 2:
            deadlines = [
                {
                    "run": f"run-{env}-{k}",
                    "co_produto": "03220",
                    "cep_origem": "70002900",
                    "cep_destino": "01001000",
                    "dt_evento": "2026-03-02",
                    "outcome": json.dumps({"prazo": k + 1}),
                }
                for env in ENVS
                for k in (0, 1)
            ]
            _insert(db, "quote_deadline", deadlines)

    _old_file(data / "quotes.sqlite3", QUOTES_1 if schema == 1 else QUOTES_2, fill)
    return rows


def _jobs_file(data: Path, schema: int, per_env: int = 5) -> dict[str, list[dict[str, Any]]]:
    rows = _per_env(_job, schema, per_env)

    def fill(db: sqlite3.Connection) -> None:
        for env_rows in rows.values():
            _insert(db, "job", env_rows)
        if schema >= 3:
            _insert(
                db,
                "sending",
                [
                    {
                        "id": 1,
                        "environment": "sandbox",
                        "kind": "EXTRATO_ANALITICO",
                        "params": '{"fatura": "9"}',
                        "sent_at": "2026-03-02T10:00:00+00:00",
                    }
                ],
            )

    _old_file(data / "jobs.sqlite3", {1: JOBS_1, 2: JOBS_2, 3: JOBS_3}[schema], fill)
    return rows


def _new_rows(data: Path, env: str, table: str) -> list[dict[str, Any]]:
    with closing(sqlite3.connect(local_file(data, env))) as db:
        db.row_factory = sqlite3.Row
        return [dict(row) for row in db.execute(f"SELECT * FROM {table} ORDER BY id")]  # noqa: S608


def _meta(data: Path, env: str) -> dict[str, str]:
    with closing(sqlite3.connect(local_file(data, env))) as db:
        return dict(db.execute("SELECT key, value FROM store_meta").fetchall())


def _import(data: Path, **options: Any) -> list[Outcome]:
    return import_legacy(data, "clerk.a", office_file=partial(local_file, data), clock=lambda: AT, **options)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


# --- each schema, every field ----------------------------------------------------------


@pytest.mark.parametrize("schema", [1, 2])
def test_quotes_of_each_schema_are_imported_field_by_field(data: Path, schema: int) -> None:
    old = _quotes_file(data, schema)
    [outcome] = _import(data, batch=3)
    assert outcome.problem == ""
    assert outcome.imported == {"sandbox": 7 + 2 * (schema == 2), "production": 7 + 2 * (schema == 2)}
    for env in ENVS:
        new = {row["uid"]: row for row in _new_rows(data, env, "quote")}
        assert len(new) == len(old[env])
        for row in old[env]:
            got = new[legacy_uid("quotes.sqlite3", env, row["id"])]
            expected = {k: v for k, v in row.items() if k != "id"}
            if schema == 1:
                expected |= {"run": None, "dt_evento": ""}
            assert {k: got[k] for k in expected} == expected
            assert got["created_by"] == "clerk.a"
        deadlines = _new_rows_by_key(data, env)
        assert deadlines == (
            {f"run-{env}-0": '{"prazo": 1}', f"run-{env}-1": '{"prazo": 2}'} if schema == 2 else {}
        )
        mark = json.loads(_meta(data, env)[meta_key("quotes.sqlite3", env)])
        assert mark["at"] == "2026-11-26T08:30:05+00:00"
        assert mark["rows"]["quote"] == 7
    assert not (data / "quotes.sqlite3").exists()
    assert outcome.kept_as == data / "quotes.sqlite3.imported-20261126-083005"
    assert outcome.kept_as.exists()  # set aside, never deleted


def _new_rows_by_key(data: Path, env: str) -> dict[str, str]:
    with closing(sqlite3.connect(local_file(data, env))) as db:
        return dict(db.execute("SELECT run, outcome FROM quote_deadline").fetchall())


@pytest.mark.parametrize("schema", [1, 2, 3])
def test_jobs_of_each_schema_are_imported_field_by_field(data: Path, schema: int) -> None:
    old = _jobs_file(data, schema)
    [outcome] = _import(data)
    assert outcome.problem == ""
    for env in ENVS:
        new = {row["uid"]: row for row in _new_rows(data, env, "job")}
        assert len(new) == len(old[env])
        for row in old[env]:
            got = new[legacy_uid("jobs.sqlite3", env, row["id"])]
            expected = {k: v for k, v in row.items() if k != "id"} | {"created_by": "clerk.a"}
            if schema == 1:
                expected["operator_status"] = None
            assert {k: got[k] for k in expected} == expected
    sendings = _new_rows(data, "sandbox", "sending")
    assert [(s["kind"], s["params"], s["sent_at"]) for s in sendings] == (
        [("EXTRATO_ANALITICO", '{"fatura": "9"}', "2026-03-02T10:00:00+00:00")] if schema == 3 else []
    )
    assert list(data.glob("jobs.sqlite3.imported-*"))


def test_imported_jobs_are_read_by_the_job_store(data: Path) -> None:
    from postalgui.services.invoices.jobs import JobState, JobStore

    _jobs_file(data, 2)
    office = OfficeDatabase(data, "production", author=lambda: "clerk.b")
    try:
        jobs = JobStore(office.local())  # the hook: opening the desk's file imports the old ones
        listed = jobs.list("production")
        assert [job.processing_id for job in listed] == [f"proc-{n}" for n in range(105, 100, -1)]
        assert {job.created_by for job in listed} == {"clerk.b"}
        assert [job.id for job in jobs.pending("production")] == [
            job.id for job in reversed(listed) if job.pending
        ]
        assert listed[0].state is JobState.READY
    finally:
        office.close()
    assert len(_new_rows(data, "sandbox", "job")) == 5  # every environment at once


# --- twice, interrupted, mismatched, newer, unreadable -----------------------------------


def test_run_twice_makes_no_doubles(data: Path) -> None:
    _quotes_file(data, 2)
    [first] = _import(data)
    assert first.kept_as is not None
    shutil.copyfile(first.kept_as, data / "quotes.sqlite3")  # the old file back, as if never set aside
    [again] = _import(data)
    assert again.imported == first.imported  # confirmed already: read from store_meta
    assert again.kept_as == data / "quotes.sqlite3.imported-20261126-083005-2"  # not over the first
    again.kept_as.rename(data / "quotes.sqlite3")
    for env in ENVS:
        assert len(_new_rows(data, env, "quote")) == 7
        with closing(sqlite3.connect(local_file(data, env))) as db:
            db.execute("DELETE FROM store_meta")  # forget the confirmation: the rows are skipped by uid
            db.commit()
    [third] = _import(data)
    assert third.imported == first.imported
    for env in ENVS:
        assert len(_new_rows(data, env, "quote")) == 7
        assert len(_new_rows_by_key(data, env)) == 2


def test_an_interrupted_import_goes_on_where_it_stopped(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _quotes_file(data, 1, per_env=10)
    real = legacy._add_missing
    calls = 0

    def dies_on_the_third_batch(*args: Any, **kwargs: Any) -> int:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt  # the app killed mid-import
        return real(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(legacy, "_add_missing", dies_on_the_third_batch)
        with pytest.raises(KeyboardInterrupt):
            _import(data, batch=4)
    assert (data / "quotes.sqlite3").exists()
    assert len(_new_rows(data, "production", "quote")) == 8  # two batches of 4 committed
    [outcome] = _import(data, batch=4)
    assert outcome.imported == {"sandbox": 10, "production": 10}
    for env in ENVS:
        uids = [row["uid"] for row in _new_rows(data, env, "quote")]
        assert len(uids) == len(set(uids)) == 10
    assert not (data / "quotes.sqlite3").exists()


def test_a_count_that_does_not_match_keeps_the_original(
    data: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _jobs_file(data, 3)
    (data / "jobs.sqlite3-wal").write_bytes(b"")  # an empty WAL beside it stays beside it
    real = legacy._add_missing

    def loses_a_row(connection: Any, *, table: Any, rows: Any, keys: Any) -> int:
        if table.name == "job" and rows[0]["environment"] == "sandbox":
            rows, keys = rows[1:], keys[1:]
        return int(real(connection, table=table, rows=rows, keys=keys))

    with monkeypatch.context() as patch:
        patch.setattr(legacy, "_add_missing", loses_a_row)
        with caplog.at_level(logging.WARNING, logger="postalgui.services.office.legacy"):
            [outcome] = _import(data)
    assert "missing after the import" in outcome.problem
    assert "tried again at the next start" in caplog.text
    assert (data / "jobs.sqlite3").exists()
    assert (data / "jobs.sqlite3-wal").exists()
    assert not list(data.glob("*.imported-*"))
    assert meta_key("jobs.sqlite3", "sandbox") not in _meta(data, "sandbox")
    [retried] = _import(data)  # the next start
    assert retried.imported == {"production": 5, "sandbox": 6}  # five jobs and the sending line
    assert not (data / "jobs.sqlite3").exists()
    assert list(data.glob("jobs.sqlite3.imported-*-wal"))


def test_a_file_of_a_newer_schema_is_left_alone(data: Path, caplog: pytest.LogCaptureFixture) -> None:
    _old_file(
        data / "quotes.sqlite3", QUOTES_2.replace("user_version = 2", "user_version = 3"), lambda db: None
    )
    with caplog.at_level(logging.WARNING, logger="postalgui.services.office.legacy"):
        [outcome] = _import(data)
    assert outcome.imported == {}
    assert "schema 3, newer than this PostalGUI imports (2): left alone" in caplog.text
    assert (data / "quotes.sqlite3").exists()
    assert not local_file(data, "sandbox").exists()


def test_an_unreadable_file_stays_and_is_said(data: Path, caplog: pytest.LogCaptureFixture) -> None:
    (data / "jobs.sqlite3").write_bytes(b"not a database, a stray copy of something else " * 100)
    with caplog.at_level(logging.WARNING, logger="postalgui.services.office.legacy"):
        office = OfficeDatabase(data, "sandbox")
        try:
            office.local().run(lambda c: None)  # the desk's file opens all the same
        finally:
            office.close()
    assert "cannot be read" in caplog.text
    assert (data / "jobs.sqlite3").read_bytes().startswith(b"not a database")


def test_nothing_to_import_is_quick_and_quiet(data: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="postalgui.services.office.legacy"):
        assert _import(data) == []
    assert caplog.text == ""


@pytest.fixture
def _big(data: Path) -> None:
    with closing(sqlite3.connect(data / "quotes.sqlite3")) as db:
        db.executescript(QUOTES_2)
        rows = [_quote(n, "sandbox", 2) for n in range(1, 20_001)]
        db.executemany(
            f"INSERT INTO quote ({', '.join(rows[0])}) VALUES ({', '.join('?' * len(rows[0]))})",  # noqa: S608
            [tuple(row.values()) for row in rows],
        )
        db.commit()


@pytest.mark.usefixtures("_big")
def test_a_big_file_is_imported_in_batches_quickly(data: Path) -> None:
    started = datetime.now(UTC)
    [outcome] = _import(data)
    elapsed = (datetime.now(UTC) - started).total_seconds()
    assert outcome.imported == {"sandbox": 20_000}
    assert elapsed < 20, f"20,000 quotes took {elapsed:.1f} s"
