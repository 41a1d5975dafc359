"""``postalgui price history``: the office's quotes, newest first, with who and when."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from postalgui.api.models.price import ItemError, PriceQuery, QuoteResult
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.services.price.history import QuoteHistory
from tests.e2e.test_cli_price import OFFICIAL, run


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


@pytest.fixture
def recorded(env: None, config_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A quote made here (the CLI, as the demo login), then two by another desk on the same
    database: one to another country, one refused."""
    code, _, err = run(capsys, *OFFICIAL)
    assert code == 0, err
    theirs = QuoteHistory(next((config_dir / "data").glob("office-*.sqlite3")), author="clerk.b")
    try:
        international = PriceQuery(coProduto="04510", cepOrigem="01310100", sgPaisDestino="US", psObjeto=500)
        theirs.add([QuoteResult(0, international, None)], environment="sandbox", source="form")
        refused = PriceQuery(coProduto="03298", cepOrigem="01310100", cepDestino="99999999", psObjeto=5)
        failure = ItemError(code="PRC-012", text="CEP inexistente")
        theirs.add([QuoteResult(0, refused, None, failure)], environment="sandbox", source="batch")
    finally:
        theirs.close()


@pytest.mark.usefixtures("recorded")
def test_lists_newest_first_with_who_when_route_and_price_or_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "price", "history")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 3
    refused, international, mine = lines
    assert "clerk.b" in refused
    assert "03298" in refused
    assert "01310-100 -> 99999-999" in refused
    assert refused.endswith("ERROR PRC-012: CEP inexistente")
    assert "04510" in international
    assert "-> US" in international
    assert DEMO.login in mine
    assert "01310-100 -> 05311-900" in mine
    assert mine.endswith("R$ 19,92")
    assert mine.startswith(
        datetime.now(UTC).astimezone().strftime("%d/%m/%Y ")
    )  # local time, as every command


@pytest.mark.usefixtures("env")
def test_an_empty_history_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "price", "history")
    assert (code, out) == (0, "")
    assert err == "postalgui: no quotes yet\n"
    code, out, err = run(capsys, "price", "history", "--search", "nowhere", "--lang", "pt")
    assert (code, out) == (0, "")
    assert err == "postalgui: nenhuma cotação corresponde a 'nowhere'\n"


@pytest.mark.usefixtures("recorded")
def test_json_mine_search_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "price", "history", "--json")
    assert code == 0, err
    items = json.loads(out)
    assert [item["product"] for item in items] == ["03298", "04510", "03220"]
    mine = items[2]
    assert mine["who"] == DEMO.login
    assert (mine["origin"], mine["destination"], mine["price"], mine["error"]) == (
        "01310100",
        "05311900",
        "19.92",
        None,
    )
    assert mine["source"] == "cli"
    when = datetime.fromisoformat(mine["when"])
    assert when.utcoffset() == timedelta(0)  # stored UTC with its offset, as every command's JSON
    assert abs(datetime.now(UTC) - when) < timedelta(minutes=10)
    assert items[0]["error"] == "PRC-012: CEP inexistente"
    assert items[0]["price"] is None
    assert items[1]["destination"] == "US"

    code, out, _ = run(capsys, "price", "history", "--mine", "--json")
    assert (code, [item["product"] for item in json.loads(out)]) == (0, ["03220"])
    code, out, _ = run(capsys, "price", "history", "--search", "prc-012")
    assert code == 0
    assert len(out.splitlines()) == 1
    code, out, _ = run(capsys, "price", "history", "--limit", "2", "--json")
    assert [item["product"] for item in json.loads(out)] == ["03298", "04510"]


@pytest.mark.usefixtures("env")
def test_a_bad_limit_exits_2_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "price", "history", "--limit", "0")
    assert (code, out) == (2, "")
    assert "--limit: must be a whole number, 1 or more" in err


def test_mine_without_a_login_exits_2_naming_the_option(
    monkeypatch: pytest.MonkeyPatch, config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "homologacao")
    code, out, err = run(capsys, "price", "history", "--mine")
    assert (code, out) == (2, "")
    assert "--mine: needs a login" in err
    assert not list((config_dir / "data").glob("office-*.sqlite3"))  # nothing opened
