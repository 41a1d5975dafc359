"""``price batch`` with the delivery time beside every price, end to end against the sandbox:
the deadline fields in ``--json``, the date in the table, ``--chegar-ate``, the deadline
columns in ``--out``, a card without API 35, and the history keeping them."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from postalgui.sandbox import SandboxServer
from postalgui.services.price.history import QuoteHistory
from tests.e2e.conftest import SandboxControl, run

ROWS = [
    "03220;01310100;20040020;300",  # SEDEX, São Paulo to Rio
    "03298;01310100;20040020;300",  # PAC, the same route: slower
    "03220;01310100;20040020;2500",  # SEDEX again, heavier: the same deadline
    "03298;01310100;69005010;1500",  # PAC to Manaus: slower still
]


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


@pytest.fixture
def batch_file(tmp_path: Path) -> Path:
    path = tmp_path / "lote.csv"
    path.write_text("\n".join(["coProduto;cepOrigem;cepDestino;psObjeto", *ROWS]) + "\n", encoding="utf-8")
    return path


def batch_json(capsys: pytest.CaptureFixture[str], source: Path, *extra: str) -> list[dict[str, Any]]:
    code, out, err = run(capsys, "price", "batch", str(source), "--json", *extra)
    assert code == 0, err
    items = json.loads(out)
    assert isinstance(items, list)
    return items


def by_date(item: dict[str, Any]) -> date:
    return date.fromisoformat(item["dataMaxima"][:10])


@pytest.mark.usefixtures("env")
def test_every_priced_row_carries_its_deadline(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, batch_file: Path
) -> None:
    items = batch_json(capsys, batch_file)
    assert [item["coProduto"] for item in items] == ["03220", "03298", "03220", "03298"]
    for item in items:
        assert item["pcFinal"]
        assert isinstance(item["prazoEntrega"], int)
        assert item["entregaDomiciliar"] in {"S", "N"}
        assert "chegaAte" not in item  # only with --chegar-ate
    assert items[0]["dataMaxima"] == items[2]["dataMaxima"]
    assert by_date(items[0]) < by_date(items[1]) <= by_date(items[3])
    asked = sum(n for key, n in sandbox.stats()["requests"].items() if "/prazo/" in key)
    assert asked == 1  # the window's deadlines in one batch call, beside the prices


@pytest.mark.usefixtures("env")
def test_must_arrive_by_marks_the_late_rows(capsys: pytest.CaptureFixture[str], batch_file: Path) -> None:
    limit = by_date(batch_json(capsys, batch_file)[0])  # SEDEX's own date: PAC misses it
    items = batch_json(capsys, batch_file, "--chegar-ate", f"{limit:%d-%m-%Y}")
    assert [item["chegaAte"] for item in items] == [True, False, True, False]
    code, out, err = run(capsys, "price", "batch", str(batch_file), "--chegar-ate", f"{limit:%d-%m-%Y}")
    assert code == 0, err
    lines = out.splitlines()
    assert f"{limit:%d/%m}" in lines[0]
    assert [line.endswith("LATE") for line in lines] == [False, True, False, True]


@pytest.mark.usefixtures("env")
def test_the_results_file_has_the_deadline_columns(
    capsys: pytest.CaptureFixture[str], batch_file: Path, tmp_path: Path
) -> None:
    items = batch_json(capsys, batch_file)
    target = tmp_path / "resultado.csv"
    code, _, err = run(capsys, "price", "batch", str(batch_file), "--out", str(target))
    assert code == 0, err
    header, *lines = target.read_text(encoding="utf-8-sig").splitlines()
    columns = header.split(";")
    assert {"prazoEntrega", "dataMaxima", "entregaDomiciliar", "entregaSabado", "msgPrazo"} <= set(columns)
    for line, item in zip(lines, items, strict=True):
        row = dict(zip(columns, line.split(";"), strict=True))
        assert row["dataMaxima"] == f"{by_date(item):%d/%m/%Y}"
        assert row["prazoEntrega"] == str(item["prazoEntrega"])


@pytest.mark.usefixtures("env")
def test_a_bad_arrival_day_names_the_option_and_sends_nothing(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, batch_file: Path
) -> None:
    code, out, err = run(capsys, "price", "batch", str(batch_file), "--chegar-ate", "2026-12-01")
    assert code == 2
    assert out == ""
    assert "--chegar-ate" in err
    assert sandbox.stats()["total_requests"] == 0


@pytest.mark.usefixtures("env")
def test_a_card_without_api_35_prices_every_row_and_says_so_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, batch_file: Path
) -> None:
    monkeypatch.setenv("POSTALGUI_CARD", "0074512346")
    code, out, err = run(capsys, "price", "batch", str(batch_file), "--json")
    assert code == 0, err
    items = json.loads(out)
    assert all(item["pcFinal"] for item in items)
    assert all("API 35" in item["erroPrazo"] and "prazoEntrega" not in item for item in items)
    assert err.count("not enabled for this card") == 1


@pytest.mark.usefixtures("env")
def test_the_history_keeps_the_batchs_deadlines(
    capsys: pytest.CaptureFixture[str], config_dir: Path, batch_file: Path
) -> None:
    items = batch_json(capsys, batch_file)
    history = QuoteHistory(next((config_dir / "data").glob("office-*.sqlite3")))
    try:
        entries = sorted(history.search(), key=lambda entry: entry.id)
    finally:
        history.close()
    assert len(entries) == len(items)
    for entry, item in zip(entries, items, strict=True):
        assert entry.source == "cli"
        assert entry.deadline is not None
        assert entry.deadline.by == by_date(item)


@pytest.mark.usefixtures("env")
def test_a_single_quotes_deadline_joins_the_history_too(
    capsys: pytest.CaptureFixture[str], config_dir: Path
) -> None:
    args = (
        "price",
        "national",
        "03220",
        "--cep-origem",
        "01310100",
        "--cep-destino",
        "20040020",
        "--peso",
        "300",
    )
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    record = json.loads(out)
    history = QuoteHistory(next((config_dir / "data").glob("office-*.sqlite3")))
    try:
        (entry,) = history.search()
    finally:
        history.close()
    assert entry.deadline is not None
    assert entry.deadline.by == by_date(record)


@pytest.mark.usefixtures("env")
def test_a_refused_deadline_is_said_in_the_table_and_on_stderr(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, tmp_path: Path
) -> None:
    source = tmp_path / "trecho.csv"
    source.write_text("coProduto;cepOrigem;cepDestino;psObjeto\n" + ROWS[0] + "\n", encoding="utf-8")
    refused = "PRZ-008: Serviço indisponível para o trecho informado"
    sandbox.script({"status": 400, "message": refused, "path_prefix": "/prazo", "count": 1})
    code, out, err = run(capsys, "price", "batch", str(source))
    assert code == 0, err
    (line,) = out.splitlines()
    assert "R$" in line
    assert line.endswith("no date: PRZ-008")  # not left blank
    assert f"row 1: no date: {refused}" in err
    assert "1 priced row has no delivery date" in err
