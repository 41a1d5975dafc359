"""Quotes the office database could not take are said, and sent by the next command that
reaches it (issue 38, "Queued quotes are silent on the command line", and "A local office
file from a newer version").

The office server is the PostgreSQL test server behind a TCP proxy the test cuts (a
stopped server: connections refused) and restores; the operator is the sandbox."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select
from sqlalchemy.engine import make_url

from postalgui.sandbox import SandboxServer
from postalgui.store.office import VERSION_TABLE
from postalgui.store.tables import quote
from tests.e2e.conftest import run
from tests.e2e.test_cli_price import OFFICIAL
from tests.office_fixtures import postgres_or_skip, stamp_newer
from tests.tcp_proxy import TcpProxy

ROWS = 120


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


@pytest.fixture
def server(env: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, TcpProxy]]:
    """The test server's own URL, and a proxy in front of it given as ``POSTALGUI_DATABASE_URL``."""
    direct = postgres_or_skip()
    url = make_url(direct)
    with TcpProxy(url.host or "127.0.0.1", url.port or 5432) as proxy:
        proxied = url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
        monkeypatch.setenv("POSTALGUI_DATABASE_URL", proxied)
        yield direct, proxy


def quotes_on(url: str) -> int:
    """The quotes a database holds, read past the proxy and the CLI."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(quote)).scalar_one())
    finally:
        engine.dispose()


def batch_file(folder: Path) -> Path:
    path = folder / "lote.csv"
    rows = [f"03220;01310100;20040020;{100 + row}" for row in range(ROWS)]
    path.write_text("\n".join(["coProduto;cepOrigem;cepDestino;psObjeto", *rows]) + "\n", encoding="utf-8")
    return path


def test_a_batch_while_the_server_is_stopped_says_what_waits_and_the_next_read_sends_it(
    server: tuple[str, TcpProxy], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    direct, proxy = server
    where = f"postgresql://127.0.0.1:{proxy.port}/{make_url(direct).database}"  # no user, as errors say it
    assert run(capsys, "database", "check")[0] == 0  # the office has its tables
    proxy.cut()  # then its server is stopped
    code, out, err = run(capsys, "price", "batch", str(batch_file(tmp_path)))
    assert code == 0, err
    assert len(out.splitlines()) == ROWS  # every price said, as with the server up
    assert err.splitlines()[-1] == (
        f"postalgui: {ROWS} quotes wait on this computer: the office server {where} did not answer; "
        "they will be sent at the next contact with it"
    )

    code, out, err = run(capsys, "--lang", "pt", "database", "check")
    assert (code, out) == (1, "")
    assert err.splitlines()[-1] == (
        f"postalgui: {ROWS} cotações aguardam neste computador: o servidor do escritório {where} não "
        "respondeu; serão enviadas no próximo contato"
    )
    code, out, err = run(capsys, "database", "check", "--json")
    assert code == 1
    waiting = json.loads(out)["waiting"]
    assert (waiting["quotes"], waiting["kind"], waiting["sent"]) == (ROWS, "unreachable", 0)
    assert waiting["file"].endswith("outbox-sandbox.sqlite3")
    assert "cannot be reached" in waiting["reason"]
    assert f":{make_url(direct).password}@" not in out + err
    assert quotes_on(direct) == 0

    proxy.restore()  # the server is back: a read is the next contact
    code, out, err = run(capsys, "price", "history", "--limit", str(ROWS + 1))
    assert code == 0, err
    assert len(out.splitlines()) == ROWS  # the read shows them: sent before it ran
    assert err == f"postalgui: {ROWS} quotes kept on this computer were sent to the office database\n"
    assert quotes_on(direct) == ROWS

    code, out, err = run(capsys, "database", "check", "--json")
    assert (code, err) == (0, "")  # nothing left to send or say
    data = json.loads(out)
    assert data["quotes"] == ROWS
    assert (data["waiting"]["quotes"], data["waiting"]["rows"], data["waiting"]["reason"]) == (0, 0, None)


def test_a_read_in_portuguese_says_what_it_sent(
    server: tuple[str, TcpProxy], capsys: pytest.CaptureFixture[str]
) -> None:
    direct, proxy = server
    proxy.cut()
    code, _out, err = run(capsys, *OFFICIAL)
    assert code == 0, err
    assert "1 quote waits on this computer: the office server" in err
    proxy.restore()
    code, out, err = run(capsys, "--lang", "pt", "database", "check")
    assert code == 0, err
    assert err == (
        "postalgui: 1 cotação guardada neste computador foi enviada ao banco de dados do escritório\n"
    )
    waiting = [line.split() for line in out.splitlines() if line.startswith("waiting")]
    assert waiting == [["waiting", "here", "0"]]
    assert quotes_on(direct) == 1


@pytest.mark.usefixtures("env")
def test_a_quote_made_over_a_newer_versions_file_waits_on_this_computer_and_is_said(
    config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    office_file = config_dir / "data" / "office-sandbox.sqlite3"
    stamp_newer(office_file)
    code, out, err = run(capsys, *OFFICIAL)
    assert code == 0, err
    assert "R$ 19,92" in out
    assert err.splitlines()[-1] == (
        f"postalgui: 1 quote waits on this computer: the office database file {office_file} was written "
        "by a newer PostalGUI; they will be sent when a PostalGUI that can open it runs on this computer"
    )
    assert "Could not write" not in err

    code, out, err = run(capsys, "database", "check", "--json")  # it waits, and says so every time
    assert code == 1
    waiting = json.loads(out)["waiting"]
    assert (waiting["quotes"], waiting["kind"]) == (1, "newer")
    assert "written by a newer PostalGUI" in err.splitlines()[0]
    assert err.splitlines()[-1].startswith("postalgui: 1 quote waits on this computer:")
    assert quotes_on(f"sqlite:///{config_dir / 'data' / 'outbox-sandbox.sqlite3'}") == 1
    with closing(sqlite3.connect(office_file)) as db:  # the newer file is left as it was
        found = db.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchall()  # noqa: S608 -- a constant
    assert found == [("9999_from_the_future",)]

    office_file.rename(office_file.with_name("office-sandbox.from-the-newer-version"))  # a file it can open
    code, out, err = run(capsys, "price", "history")
    assert code == 0, err
    assert len(out.splitlines()) == 1
    assert err == "postalgui: 1 quote kept on this computer was sent to the office database\n"
