"""``postalgui track`` end to end against the sandbox's tracking world over real HTTP:
a lookup, the watchlist (add by code, file and invoice; list, refresh, export, remove),
the late report, and bad codes refused before anything is sent (the sandbox's counters)."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests

from postalgui.api.analytic import parse_analytic_csv
from postalgui.sandbox import SandboxServer
from postalgui.sandbox.invoice_data import object_label
from tests.e2e.conftest import SandboxControl
from tests.e2e.test_cli_invoices import plain_invoice, run
from tests.e2e.test_sandbox_tracking import _register, _sandbox_now
from tests.services.test_tracking_export import pdf_text

LATE = object_label("QB", 31415926)
ON_TIME = object_label("QB", 27182818)
COMING = object_label("QB", 16180339)
BAD = LATE[:10] + str((int(LATE[10]) + 1) % 10) + "BR"


@pytest.fixture(autouse=True)
def sandbox_env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of this module talks to the session's sandbox."""
    for name, value in (("POSTALGUI_ENV", "sandbox"), ("POSTALGUI_BASE_URL", sandbox_server.url)):
        monkeypatch.setenv(name, value)


@pytest.fixture
def http() -> Iterator[requests.Session]:
    with requests.Session() as session:
        yield session


@pytest.fixture
def parcels(sandbox: SandboxControl, http: requests.Session, sandbox_server: SandboxServer) -> dict[str, str]:
    """A parcel delivered late, one delivered on time (both posted 20 days ago), one posted an hour ago."""
    now = _sandbox_now(http, sandbox_server).replace(tzinfo=None)
    _register(http, sandbox_server, LATE, now - timedelta(days=20), destino="late")
    _register(http, sandbox_server, ON_TIME, now - timedelta(days=20), destino="on_time")
    _register(http, sandbox_server, COMING, now - timedelta(hours=1))
    return {"late": LATE, "on_time": ON_TIME, "coming": COMING}


def tracking_requests(sandbox: SandboxControl) -> int:
    return sum(n for key, n in sandbox.stats()["requests"].items() if "/srorastro" in key)


def statement_requests(sandbox: SandboxControl) -> int:
    return sum(n for key, n in sandbox.stats()["requests"].items() if "analitico" in key)


def listed(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, dict[str, Any]]:
    code, out, err = run(capsys, "track", "watch", "list", "--json", *extra)
    assert code == 0, err
    return {row["code"]: row for row in json.loads(out)}


def fields(block: str) -> dict[str, str]:
    """An object's ``  key  value`` lines as a dict (keys may hold one space)."""
    found: dict[str, str] = {}
    for line in block.splitlines()[1:]:
        match = re.fullmatch(r"  (\S+(?: \S+)?) +(.*)", line)
        assert match is not None, line
        found[match[1]] = match[2]
    return found


def test_track_codes_now(parcels: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "track", LATE, ON_TIME.lower())
    assert code == 0, err
    blocks = out.split("\n\n")
    assert [block.splitlines()[0] for block in blocks] == [LATE, ON_TIME]
    late, on_time = (fields(block) for block in blocks)
    assert late["status"] == "Delivered"
    assert late["lateness"].endswith(" days late")
    assert late["last event"].endswith("(BDE 01)")
    assert on_time["lateness"] == "on time"
    assert on_time["expected"]
    assert on_time["where"]

    code, out, err = run(capsys, "track", "show", LATE, ON_TIME, "--json", "--ultimo")
    assert code == 0, err
    late_json, on_time_json = json.loads(out)
    # What the text says, for scripts: the same status and the same days late.
    assert late_json["code"] == LATE
    assert (late_json["status"], late_json["status_words"]) == ("delivered", late["status"])
    assert late_json["late"] is True
    assert late_json["lateness"] == "late"
    assert late["lateness"] == f"{late_json['days_late']} days late"
    assert (on_time_json["late"], on_time_json["days_late"], on_time_json["lateness"]) == (
        False,
        0,
        "on_time",
    )
    # The operator's record, intact under its own key.
    record = late_json["operator_record"]
    assert record["codObjeto"] == LATE
    assert len(record["eventos"]) == 1
    assert (record["eventos"][0]["codigo"], record["eventos"][0]["tipo"]) == ("BDE", "01")
    assert record["dtPrevista"].startswith(late_json["expected_on"])


def test_track_shows_the_operators_detail_of_the_last_event(
    parcels: dict[str, str],
    http: requests.Session,
    sandbox_server: SandboxServer,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A parcel lost on the way: two days after posting, its last event is a transfer (RO)."""
    travelling = object_label("QB", 14142135)
    _register(
        http,
        sandbox_server,
        travelling,
        _sandbox_now(http, sandbox_server) - timedelta(days=2),
        destino="lost",
    )
    code, out, err = run(capsys, "track", travelling)
    assert code == 0, err
    shown = fields(out)
    assert shown["last event"] == "Objeto em trânsito (RO 01)"
    assert shown["detail"] == "Por favor, aguarde"
    code, out, err = run(capsys, "track", ON_TIME)
    assert fields(out)["last event"] == "Objeto entregue ao destinatário (BDE 01)"
    assert "detail" not in fields(out)  # a delivery carries no detail: no empty line for it


def test_unknown_code_says_not_found(sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    unknown = object_label("QB", 11111111)
    code, out, err = run(capsys, "track", unknown)
    assert code == 0, err
    assert out.splitlines()[0] == unknown
    assert "Not found yet" in out
    assert "SRO-020" in out


def test_bad_codes_exit_2_naming_each_and_nothing_is_sent(
    sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    before = tracking_requests(sandbox)
    code, out, err = run(capsys, "track", ON_TIME, BAD, "XY123")
    assert code == 2
    assert out == ""
    assert "2 bad object codes, nothing was sent" in err
    assert f"CODE: Object code {BAD}: its check digit is " in err
    assert "(object.check_digit)" in err
    assert (
        "CODE: Object code must be 2 letters, 9 digits and 2 letters, such as DG049186226BR (got 'XY123')"
        in err
    )
    assert "(object.format)" in err
    code, out, err = run(capsys, "track", "watch", "add", ON_TIME, BAD)
    assert code == 2
    assert f"CODE: Object code {BAD}" in err
    code, out, err = run(capsys, "track", "watch", "remove", BAD)
    assert code == 2
    assert tracking_requests(sandbox) == before
    assert listed(capsys) == {}


def test_watch_add_refresh_list_late_export_report_remove(
    parcels: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "track", "watch", "add", LATE, ON_TIME, COMING, "--tag", "Loja 7")
    assert code == 0, err
    assert out == "3 objects added, 0 already followed\n"
    code, out, _ = run(capsys, "track", "watch", "add", LATE)
    assert out == "0 objects added, 1 already followed\n"
    rows = listed(capsys)
    assert set(rows) == {LATE, ON_TIME, COMING}
    assert rows[LATE]["status"] is None
    assert rows[LATE]["tag"] == "Loja 7"

    code, out, err = run(capsys, "track", "watch", "refresh", "--json")
    assert code == 0, err
    assert "asked about 3 objects: 3 changed" in err
    rows = {row["code"]: row for row in json.loads(out)}
    assert rows[LATE]["status"] == "delivered"
    assert rows[LATE]["lateness"] == "late"
    assert rows[LATE]["days_late"] > 0
    assert rows[ON_TIME]["lateness"] == "on_time"
    assert rows[COMING]["status"] in ("posted", "in_transit", "not_found")

    code, out, err = run(capsys, "track", "watch", "refresh", "--late")
    assert code == 0, err
    assert "asked about 0 objects" in err  # all asked within the refresh interval: none due
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["code", "status", "last"]
    assert [line.split()[0] for line in lines[1:]] == [LATE]
    assert "days late" in lines[1]

    export = tmp_path / "objects.csv"
    code, out, err = run(capsys, "track", "watch", "export", str(export))
    assert code == 0, err
    table = list(csv.reader(export.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))
    assert table[0][:3] == ["Code", "Status", "Last event"]
    assert {row[0] for row in table[1:]} == {LATE, ON_TIME, COMING}
    days = {row[0]: row[6] for row in table[1:]}
    assert int(days[LATE]) == rows[LATE]["days_late"]

    report = tmp_path / "late.pdf"
    delivered_month = rows[LATE]["arrived_on"][:7]
    code, out, err = run(capsys, "track", "report", str(report), "--month", delivered_month)
    assert code == 0, err
    assert "postalgui: 1 late object\n" in err  # pasted codes: no amount billed is known
    text = pdf_text(report)
    assert LATE in text
    assert ON_TIME not in text
    assert "Grand total" in text

    code, out, err = run(capsys, "track", "watch", "remove", LATE, ON_TIME)
    assert code == 0, err
    assert out == "2 objects removed\n"
    assert set(listed(capsys)) == {COMING}


def test_watch_add_from_a_file(
    parcels: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "pedidos.csv"
    path.write_text(f"Pedido;Rastreio\n1;{LATE}\n2;{ON_TIME.lower()}\n", encoding="utf-8")
    code, out, err = run(capsys, "track", "watch", "add", "--file", str(path), "--column", "rastreio")
    assert code == 0, err
    assert out.startswith("2 objects added")
    assert listed(capsys)[LATE]["source"] == "file"
    path.write_text(f"Pedido;Rastreio\n1;{COMING}\n2;{BAD}\n", encoding="utf-8")
    code, out, err = run(capsys, "track", "watch", "add", "--file", str(path), "--column", "Rastreio")
    assert code == 2
    assert f"--file: Object code {BAD}: " in err
    assert COMING not in listed(capsys)


def test_a_file_added_again_keeps_the_tags_given_by_hand_unless_asked(
    parcels: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "track", "watch", "add", LATE, "--tag", "Cliente VIP")
    assert code == 0, err
    path = tmp_path / "pedidos.csv"
    path.write_text(f"Rastreio\n{LATE}\n{ON_TIME}\n", encoding="utf-8")
    code, out, err = run(capsys, "track", "watch", "add", "--file", str(path), "--tag", "Lote 12")
    assert code == 0, err
    assert out == "1 object added, 1 already followed\n"
    tags = {code: row["tag"] for code, row in listed(capsys).items()}
    assert tags == {LATE: "Cliente VIP", ON_TIME: "Lote 12"}  # the new one takes it; the hand-given stays
    code, _, err = run(
        capsys, "track", "watch", "add", "--file", str(path), "--tag", "Lote 13", "--replace-tags"
    )
    assert code == 0, err
    tags = {code: row["tag"] for code, row in listed(capsys).items()}
    assert tags == {LATE: "Lote 13", ON_TIME: "Lote 13"}
    code, out, err = run(capsys, "track", "watch", "add", "--file", str(path), "--replace-tags")
    assert (code, out) == (2, "")
    assert "--replace-tags: only with --tag" in err


def test_watch_add_from_an_invoice(sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    sandbox.processing_delay(0.3)
    code, out, err = run(capsys, "invoices", "list", "--json")
    assert code == 0, err
    invoice = plain_invoice(json.loads(out))
    number = str(invoice["id"])
    args = (
        "track",
        "watch",
        "add",
        "--from-invoice",
        number,
        "--tipo-documento",
        "RE",
        "--poll-interval",
        "0.05",
    )
    code, out, err = run(capsys, *args, "--tag", "fatura")
    assert code == 0, err
    rows = listed(capsys)
    assert rows
    assert out.startswith(f"{len(rows):,} object")
    row = next(iter(rows.values()))
    assert row["invoice"] == f"RE {number}"
    assert Decimal(row["invoice_amount"]) > 0
    assert row["source"] == "invoice"
    assert row["tag"] == "fatura"
    assert row["co_produto"]
    assert len(row["cep_destino"]) == 8
    assert row["posted_on"]

    asked = statement_requests(sandbox)
    assert asked
    code, out, err = run(capsys, *args)  # the statement downloaded before is read again, not asked for
    assert code == 0, err
    assert out.startswith(f"0 objects added, {len(rows):,} already followed")
    assert statement_requests(sandbox) == asked


def test_the_labels_of_the_invoice_are_its_statements(
    sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sandbox.processing_delay(0.3)
    code, out, err = run(capsys, "invoices", "list", "--json")
    invoice = plain_invoice(json.loads(out))
    statement_file = tmp_path / "analitico.csv"
    code, _, err = run(
        capsys,
        "invoices",
        "analytic",
        str(invoice["id"]),
        "--out",
        str(statement_file),
        "--poll-interval",
        "0.05",
    )
    assert code == 0, err
    labels = {item.etiqueta for item in parse_analytic_csv(statement_file).items if item.etiqueta}
    code, out, err = run(
        capsys, "track", "watch", "add", "--from-invoice", str(invoice["id"]), "--tipo-documento", "re"
    )
    assert code == 0, err
    assert set(listed(capsys)) == labels
    code, out, err = run(capsys, "track", "watch", "refresh", "--json")
    assert code == 0, err
    statuses = {row["status"] for row in json.loads(out)}
    assert "not_found" not in statuses  # every label of a statement is known to the tracking world


def test_a_tag_a_spreadsheet_would_run_is_exported_as_text(
    parcels: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The issue's probe: tags typed as ``=HYPERLINK``, a DDE ``+cmd|`` or ``@SUM`` come
    out of ``track watch export`` behind a ``'``; the days late beside them stay numbers."""
    tags = {LATE: '=HYPERLINK("http://x","y")', ON_TIME: "+cmd|' /C calc'!A0", COMING: "@SUM(1+1)"}
    for code, tag in tags.items():
        status, _, err = run(capsys, "track", "watch", "add", code, "--tag", tag)
        assert status == 0, err
    status, _, err = run(capsys, "track", "watch", "refresh")
    assert status == 0, err

    export = tmp_path / "w.csv"
    status, _, err = run(capsys, "track", "watch", "export", str(export))
    assert status == 0, err
    table = list(csv.reader(export.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))
    tag, days = table[0].index("Tag"), table[0].index("Days late")
    rows = {row[0]: row for row in table[1:]}
    assert {code: rows[code][tag] for code in tags} == {code: "'" + text for code, text in tags.items()}
    assert int(rows[LATE][days]) > 0
    assert not [cell for row in table for cell in row if cell[:1] in ("=", "+", "@", "\t", "\r")]
