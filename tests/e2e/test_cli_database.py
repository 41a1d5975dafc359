"""``postalgui database check|upload`` against this desk's file and the PostgreSQL test server."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from sqlalchemy import insert
from sqlalchemy.engine import URL, make_url

from postalgui.cli.main import main
from postalgui.services.office.database import local_file
from postalgui.store import tables
from postalgui.store.copy import BATCH
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url
from tests.conftest import MemoryKeyring
from tests.office_fixtures import postgres_or_skip
from tests.services.test_office_use_cases import job_row, quote_row
from tests.unit.store.test_urls import MALFORMED, shows_no_password


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def desk_file(config_dir: Path, quotes: int, jobs: int = 0) -> None:
    """This desk's own office file (environment sandbox) with some rows."""
    store = OfficeStore(sqlite_url(local_file(config_dir / "data", "sandbox")))
    try:
        store.run(lambda c: c.execute(insert(tables.quote), [quote_row() for _ in range(quotes)]))
        if jobs:
            store.run(lambda c: c.execute(insert(tables.job), [job_row() for _ in range(jobs)]))
    finally:
        store.close()


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> str:
    """The test server, given as ``POSTALGUI_DATABASE_URL`` (password in it, as a variable may)."""
    url = postgres_or_skip()
    monkeypatch.setenv("POSTALGUI_DATABASE_URL", url)
    return url


def bare(url: str, **changes: object) -> tuple[str, str]:
    """The URL as Settings keeps it (no password) and the password apart."""
    full = make_url(url)
    kept = URL.create(full.drivername, full.username, None, full.host, full.port, full.database)
    return kept.set(**changes).render_as_string(), str(full.password or "")  # type: ignore[arg-type]


def settings_file(config_dir: Path, database_url: str) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    content = {"first_run_done": True, "profiles": {"sandbox": {"database_url": database_url}}}
    (config_dir / "settings.json").write_text(json.dumps(content), encoding="utf-8")


def test_check_without_a_server_is_this_computer(
    config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk_file(config_dir, quotes=2)
    code, out, err = run(capsys, "database", "check")
    assert code == 0, err
    assert "this computer only" in out
    assert "SQLite" in out
    assert "up to date" in out
    assert [line.split() for line in out.splitlines() if line.startswith("quotes")] == [["quotes", "2"]]


def test_check_json_of_the_server_never_shows_its_password(
    server: str, config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "database", "check", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["engine"] == "PostgreSQL"
    assert data["shared"] is True
    assert data["schemaUpToDate"] is True
    assert (data["quotes"], data["jobs"], data["presets"]) == (0, 0, 0)
    assert data["environment"] == "sandbox"
    password = make_url(server).password
    assert f":{password}@" not in out + err


def test_check_uses_the_settings_url_and_the_keyring_password(
    config_dir: Path, memory_keyring: MemoryKeyring, capsys: pytest.CaptureFixture[str]
) -> None:
    url, password = bare(postgres_or_skip())
    settings_file(config_dir, url)
    code, _out, err = run(capsys, "database", "check")
    assert code == 1  # no password in the keyring yet: the server refuses
    assert err.count("\n") == 1
    assert "refused the login" in err
    memory_keyring.set_password("postalgui:sandbox", "database_password", password)
    code, out, err = run(capsys, "database", "check")
    assert code == 0, err
    assert "PostgreSQL" in out
    assert "postgresql://postalgui@" in out


def test_upload_needs_a_server(config_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    desk_file(config_dir, quotes=1)
    code, out, err = run(capsys, "database", "upload")
    assert code == 2
    assert out == ""
    assert "Settings > Office database" in err
    assert "POSTALGUI_DATABASE_URL" in err


def test_upload_copies_then_skips(server: str, config_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    desk_file(config_dir, quotes=BATCH + 3, jobs=2)
    code, out, err = run(capsys, "database", "upload")
    assert code == 0, err
    rows = {line.rsplit(None, 2)[0]: line.split()[-2:] for line in out.splitlines()[1:]}
    assert rows["quotes"] == [f"{BATCH + 3:,}", "0"]
    assert rows["invoice jobs"] == ["2", "0"]
    assert f"quotes: {BATCH:,} of {BATCH + 3:,}" in err
    code, out, err = run(capsys, "database", "upload", "--json")
    assert code == 0, err
    copied = {t["table"]: (t["copied"], t["skipped"]) for t in json.loads(out)["tables"]}
    assert copied["quote"] == (0, BATCH + 3)
    assert copied["job"] == (0, 2)
    code, out, err = run(capsys, "database", "check", "--json")
    assert (json.loads(out)["quotes"], json.loads(out)["jobs"]) == (BATCH + 3, 2)


def test_a_closed_port_exits_1_with_one_line(
    config_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("POSTALGUI_DATABASE_URL", f"postgresql://clerk:s3cret@127.0.0.1:{port}/postalgui")
    code, out, err = run(capsys, "database", "upload")
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert "cannot be reached" in err
    assert "s3cret" not in err


def test_a_failed_check_promises_nothing_it_does_not_do(
    config_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command has ended: nothing "goes on" or waits to be sent; it says what to do, in the
    user's language."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("POSTALGUI_DATABASE_URL", f"postgresql://clerk:s3cret@127.0.0.1:{port}/postalgui")
    code, out, err = run(capsys, "database", "check")
    assert (code, out) == (1, "")
    assert err.startswith(f"postalgui: The office database postgresql://127.0.0.1:{port}/postalgui cannot be")
    assert err.endswith("then run the command again; nothing was done\n")
    assert "goes on" not in err
    assert "sent when it is back" not in err
    code, out, err = run(capsys, "--lang", "pt", "database", "check")
    assert (code, out) == (1, "")
    assert "não pode ser alcançado" in err
    assert err.endswith("rode o comando de novo; nada foi feito\n")


@pytest.mark.parametrize("url", [url for url in MALFORMED if "münchen" not in url])  # no DNS asked
def test_a_malformed_database_url_says_no_piece_of_its_password(
    url: str,
    config_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Refused (exit 2) or tried and failed (exit 1): the password is in no line said or logged."""
    monkeypatch.setenv("POSTALGUI_DATABASE_URL", url)
    code, out, err = run(capsys, "-v", "database", "check")
    assert (code, out) in ((1, ""), (2, "")), err
    assert shows_no_password(err + caplog.text), err


@pytest.mark.parametrize(
    ("url", "rule"),
    [
        (f"postgresql://ss:pw@{'a' * 300}/db", "the server's name is letters"),
        ("postgresql://ss:p@ss@127.0.0.1/db", "the server's name is letters"),
        ("sqlite:////nonexistent/dir/x.db", "only PostgreSQL is supported"),
    ],
)
def test_a_database_url_no_server_can_be_exits_2_naming_the_rule(
    url: str, rule: str, config_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 38: a 300-character host crashed (exit 70, ``label too long``), a raw '@' of a
    password showed its tail (``postgresql://ss@127...``), a SQLite URL made the folders it named."""
    monkeypatch.setenv("POSTALGUI_DATABASE_URL", url)
    code, out, err = run(capsys, "database", "check")
    assert (code, out) == (2, ""), err
    assert err.startswith(f"postalgui: POSTALGUI_DATABASE_URL: {rule}")
    assert "ss@" not in err
    assert "@ss" not in err
    assert not Path("/nonexistent").exists()
