"""``postalgui claims`` end to end against the sandbox's claims service over real HTTP:
candidates from the watchlist, filing (per-object results, exit status 1 when some are
refused, a second filing stopped locally), list, follow until paid, money back, export and
the PDF; and bad input refused before anything is sent (the sandbox's counters)."""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from postalgui.sandbox import SandboxServer
from postalgui.sandbox.invoice_data import object_label
from tests.e2e.conftest import SandboxControl, run
from tests.e2e.test_cli_invoices import plain_invoice
from tests.services.test_tracking_export import pdf_text

LATE = object_label("QD", 27000001)
ON_TIME = object_label("QD", 27000002)
LOST = object_label("QD", 27000003)
BAD = LATE[:10] + str((int(LATE[10]) + 1) % 10) + "BR"
CONTACT = ("--email", "expedicao@empresa.com.br", "--telefone", "(11) 98765-4321", "--nome", "Fulano de Tal")


@pytest.fixture(autouse=True)
def sandbox_env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of this module talks to the session's sandbox."""
    for name, value in (("POSTALGUI_ENV", "sandbox"), ("POSTALGUI_BASE_URL", sandbox_server.url)):
        monkeypatch.setenv(name, value)


def claims_requests(sandbox: SandboxControl) -> int:
    return sum(n for key, n in sandbox.stats()["requests"].items() if "/pedido-informacao" in key)


def statement_requests(sandbox: SandboxControl) -> int:
    return sum(n for key, n in sandbox.stats()["requests"].items() if "/faturas/" in key)


@pytest.fixture
def watched(sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """A parcel delivered late, one on time and one lost, all posted 20 days ago, in the
    watchlist as a refresh left them."""
    posted = sandbox.now() - timedelta(days=20)
    for code, fate in ((LATE, "late"), (ON_TIME, "on_time"), (LOST, "lost")):
        sandbox.register_object(code, posted, fate)
    code, _, err = run(capsys, "track", "watch", "add", LATE, ON_TIME, LOST)
    assert code == 0, err
    code, _, err = run(capsys, "track", "watch", "refresh")
    assert code == 0, err
    return {"late": LATE, "on_time": ON_TIME, "lost": LOST}


def test_bad_input_exits_2_naming_the_option_and_nothing_is_sent(
    sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    before = claims_requests(sandbox)
    statements = statement_requests(sandbox)
    filing = ("claims", "file", LATE, "--motivo", "135", "--yes", *CONTACT)
    cases: list[tuple[tuple[str, ...], list[str]]] = [
        (("claims", "file", LATE, BAD, "XY123", "--motivo", "135", "--yes", *CONTACT),
         ["2 bad object codes, nothing was sent", f"CODE: Object code {BAD}", "(object.check_digit)",
          "(object.format)"]),
        (("claims", "file", LATE, "--motivo", "999", "--yes", *CONTACT), ["--motivo: "]),
        ((*filing, "--tipo", "devolucao"), ["--tipo: must be compensacao or reclamacao"]),
        ((*filing, "--embalagem", "saco"), ["--embalagem: must be envelope or caixa"]),
        (("claims", "file", LATE, "--motivo", "135", "--yes", "--email", "nope", "--telefone", "11987654321"),
         ["--email: "]),
        (("claims", "file", LATE, "--motivo", "135", "--yes", "--email", "a@b.com.br", "--telefone", "123"),
         ["--telefone: "]),
        (("claims", "file", LATE, "--motivo", "135", "--yes"),
         ["--email: required: Settings have no reply e-mail"]),
        (("claims", "file", LATE, "--motivo", "135", *CONTACT), ["--yes: not on a terminal"]),
        (("claims", "reopen", "XY123", "--motivo", "again"), ["PROTOCOL-or-CODE: "]),
        (("claims", "reopen", LATE, "--motivo", "again"), ["PROTOCOL-or-CODE: ", "no claim of this office"]),
        (("claims", "candidates", "--tipo-documento", "RE"), ["--tipo-documento: only with --from-invoice"]),
        (("claims", "candidates", "--from-invoice", "12x", "--tipo-documento", "RE"), ["--from-invoice: "]),
        (("claims", "candidates", "--from-invoice", "1234", "--tipo-documento", "XX"),
         ["--tipo-documento: 'XX' is not a document type; one of RE, R4, RA, R6, R8, RT, RZ, R3"]),
        (("claims", "follow", LATE), [f"CODE: no claim of this office matches {LATE} (nothing was sent"]),
        (("claims", "export", str(tmp_path / "missing" / "claims.csv")), ["FILE: the folder"]),
        (("claims", "report", str(tmp_path)), ["FILE: ", "is a folder"]),
    ]  # fmt: skip
    for args, said in cases:
        code, out, err = run(capsys, *args)
        assert code == 2, (args, err)
        assert out == "", args
        for words in said:
            assert words in err, (args, err)
    assert claims_requests(sandbox) == before
    assert statement_requests(sandbox) == statements


def test_file_help_says_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_status:
        run(capsys, "claims", "file", "--help")
    assert exit_status.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "0 every object filed or already filed" in out
    assert "1 the operator refused some" in out


def test_candidates_file_list_follow_money_back_export_report(
    sandbox: SandboxControl, watched: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "claims", "candidates")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["code", "problem", "late"]
    assert {line.split()[0] for line in lines[1:]} == {LATE, LOST}
    assert all(len(line) <= 100 for line in lines)
    assert "2 candidates" in err
    found = {row["code"]: row for row in json.loads(run(capsys, "claims", "candidates", "--json")[1])}
    assert found[LATE]["kind"] == "late"
    assert found[LATE]["reason"] == 135
    assert found[LATE]["days_left"] > 0
    assert found[LOST]["kind"] == "lost"

    before = claims_requests(sandbox)
    code, out, err = run(capsys, "claims", "file", LATE, ON_TIME, "--motivo", "135", "--yes", *CONTACT)
    assert code == 1, err  # the on-time one is refused: said per object, the other filed
    results = {line.split()[0]: line for line in out.splitlines()}
    assert "Filed  protocol " in results[LATE]
    assert "Refused  (530: " in results[ON_TIME]
    assert "1 object filed or already filed, 1 object not (exit status 1)" in err
    sent = claims_requests(sandbox)
    assert sent > before

    code, out, err = run(capsys, "claims", "file", LATE, "--motivo", "135", "--yes", "--json", *CONTACT)
    assert code == 0, err  # filed before: stopped here, nothing sent
    (again,) = json.loads(out)
    assert again["result"] == "blocked"
    assert claims_requests(sandbox) == sent

    code, out, err = run(capsys, "claims", "list")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["code", "protocol", "filed"]
    rows = {line.split()[0]: line for line in lines[1:]}
    assert set(rows) == {LATE, ON_TIME}
    assert "Open" in rows[LATE]
    assert "Not filed (530)" in rows[ON_TIME]
    assert all(len(line) <= 100 for line in lines)
    claims = {row["code"]: row for row in json.loads(run(capsys, "claims", "list", "--json")[1])}
    protocol = claims[LATE]["protocol"]
    assert protocol

    sandbox.advance_clock(15 * 24 * 3600)  # analysed, closed and paid by the sandbox's clock
    code, out, err = run(capsys, "track", "watch", "refresh")
    assert code == 0, err
    code, out, err = run(capsys, "claims", "follow", protocol, "--json")
    assert code == 0, err
    assert "asked about 1 claim" in err
    (followed,) = json.loads(out)
    assert followed["code"] == LATE
    assert followed["situation"] == "Encerrada"
    assert followed["outcome"] in ("paid", "accepted", "refused")

    code, out, err = run(capsys, "claims", "money-back")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["month", "cand.", "estimate"]
    assert all(len(line) <= 100 for line in lines)
    assert "estimates" in err
    months = run(capsys, "claims", "money-back", "--json")[1]
    assert sum(month["filed"] for month in json.loads(months)) == 1

    export = tmp_path / "claims.csv"
    code, out, err = run(capsys, "claims", "export", str(export))
    assert code == 0, err
    assert out == f"{export}\n"
    table = list(csv.reader(export.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))
    assert table[0][:2] == ["Object", "Protocol"]
    assert {row[0]: row[1] for row in table[1:]}[LATE] == protocol
    money = tmp_path / "money.xlsx"
    code, out, err = run(capsys, "claims", "export", str(money), "--money-back")
    assert code == 0, err
    assert money.read_bytes().startswith(b"PK")

    report = tmp_path / "claims.pdf"
    code, out, err = run(capsys, "claims", "report", str(report))
    assert code == 0, err
    assert "2 claims" in err
    text = pdf_text(report)
    assert protocol in text
    assert "Summary per month (estimated amounts)" in text
    assert "Page 1 of 1" in text


def test_reopen_needs_a_claim_refused_on_its_merit(
    sandbox: SandboxControl, watched: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "claims", "file", LOST, "--motivo", "211", "--yes", *CONTACT)
    assert code == 0, err
    before = claims_requests(sandbox)
    code, out, err = run(capsys, "claims", "reopen", LOST, "--motivo", "Nunca chegou")
    assert (code, out) == (2, "")  # not closed: refused here, with the reason, before the operator is asked
    assert f"PROTOCOL-or-CODE: {LOST}: it is not closed: only a claim closed without merit" in err
    assert "(nothing was sent)" in err
    assert claims_requests(sandbox) == before


class Terminal(io.StringIO):
    """A person at a terminal who types ``answer``."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("answer", "status"), [("n\n", 2), ("s\n", 0)])
def test_on_a_terminal_it_shows_what_will_be_sent_and_asks(
    sandbox: SandboxControl,
    watched: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    status: int,
) -> None:
    monkeypatch.setattr("sys.stdin", Terminal(answer))
    before = claims_requests(sandbox)
    code, out, err = run(
        capsys, "claims", "file", LATE, "--motivo", "135", "--embalagem", "envelope", *CONTACT
    )
    assert code == status, err
    assert "About to file 1 claim (contract " in err
    assert "135 Delivered late" in err
    assert "expedicao@empresa.com.br" in err
    assert "envelope" in err
    assert f"objects    {LATE}" in err
    assert "Send them? [y/N]" in err
    if status:
        assert "nothing was sent" in err
        assert claims_requests(sandbox) == before
    else:
        assert out.startswith(f"{LATE}  Filed  protocol ")


def test_candidates_of_an_invoice(sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    sandbox.processing_delay(0.3)
    code, out, err = run(capsys, "invoices", "list", "--json")
    assert code == 0, err
    number = str(plain_invoice(json.loads(out))["id"])
    invoice = ("--from-invoice", number, "--tipo-documento", "RE", "--poll-interval", "0.05")
    code, out, err = run(capsys, "claims", "candidates", *invoice, "--json")
    assert code == 0, err
    assert json.loads(out) == []
    assert "0 candidates" in err
    assert "not in the watchlist: add them with 'postalgui track watch add --from-invoice'" in err

    code, out, err = run(capsys, "track", "watch", "add", *invoice)
    assert code == 0, err
    code, out, err = run(capsys, "track", "watch", "refresh", "--json")
    assert code == 0, err
    code, out, err = run(capsys, "claims", "candidates", *invoice, "--expired", "--json")
    assert code == 0, err
    assert "not in the watchlist" not in err
    expired = json.loads(out)  # a paid invoice is months old: its late objects are past the 90 days
    assert f"{len(expired)} past the 90 days" in err
    assert expired
    for candidate in expired:
        assert candidate["invoice"] == f"RE {number}"
        assert candidate["postage_source"] == "invoice"
        assert Decimal(candidate["postage"]) > 0
        assert candidate["days_left"] < 0


CONTACT_ONLY = CONTACT[:4]


def test_a_name_is_never_sent_empty_and_each_object_may_have_its_own(
    sandbox: SandboxControl, watched: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    before = claims_requests(sandbox)
    filing = ("claims", "file", LATE, LOST, "--motivo", "211", "--yes", *CONTACT_ONLY)
    code, _out, err = run(capsys, *filing, "--nome", f"{LATE}=Maria da Silva")
    assert code == 2
    assert LOST in err
    assert claims_requests(sandbox) == before, "nothing is sent while one object has no name"
    code, out, err = run(
        capsys, *filing, "--nome", f"{LATE}=Maria da Silva", "--nome", f"{LOST}=João Souza", "--json"
    )
    assert code in (0, 1), err
    sent = {row["code"]: row for row in json.loads(out)}
    assert set(sent) == {LATE, LOST}
    assert claims_requests(sandbox) == before + 1


def test_a_filing_whose_answer_was_unreadable_is_held_until_followed_or_filed_again(
    sandbox: SandboxControl, watched: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    cut = {"kind": "malformed", "variant": "truncated", "method": "POST", "path_prefix": "/pedido-informacao"}
    sandbox.script(cut)
    filing = ("claims", "file", LOST, "--motivo", "211", "--yes", *CONTACT)
    code, out, err = run(capsys, *filing)
    assert code == 1, err
    assert "Sent, answer unreadable: the operator took it" in out
    sent = claims_requests(sandbox)

    code, out, err = run(capsys, *filing)  # a rerun sends nothing and says what to do
    assert claims_requests(sandbox) == sent
    assert "--again" in out + err or "again on purpose" in out + err
    code, out, _err = run(capsys, "claims", "list")
    [row] = [line for line in out.splitlines() if line.startswith(LOST)]
    assert "sent by" in row

    code, out, err = run(capsys, *filing, "--again", "--json")
    assert claims_requests(sandbox) == sent + 1
    (again,) = json.loads(out)
    assert again["result"] in ("filed", "already"), again


def test_export_carries_the_claims_stored_proofs_of_delivery_beside_the_file(
    sandbox: SandboxControl, watched: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "claims", "file", LATE, "--motivo", "135", "--yes", *CONTACT)
    assert code == 0, err
    sandbox._call("PUT", "/tracking/proof-config", {"imagens_delay_s": 0})
    code, out, err = run(capsys, "track", "proof", LATE, "--out", str(tmp_path / "proofs"))
    assert code == 0, err
    sheet = tmp_path / "pedidos.csv"
    code, out, err = run(capsys, "claims", "export", str(sheet))
    assert out.strip() == str(sheet)
    assert code == 0, err
    folder = tmp_path / "pedidos-comprovantes"
    assert f"1 proof of delivery in {folder}" in err
    assert (folder / f"{LATE}.pdf").read_bytes().startswith(b"%PDF-")
    assert f"pedidos-comprovantes/{LATE}.pdf" in sheet.read_text(encoding="utf-8-sig")
