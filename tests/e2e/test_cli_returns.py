"""``postalgui returns`` end to end against the sandbox over real HTTP: a return authorized from a
shipped object (customer, package and content from the office's shipment), and for a customer
typed in (address completed from the CEP); listed with its state as it comes home; printed (the
PDF's barcode read back) in the CLI's language; cancelled; bad input refused before anything is
sent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from postalgui.sandbox import SandboxServer
from postalgui.sandbox.prepost.returns import posting_delay
from tests import pdf_reading
from tests.e2e.conftest import SandboxControl, run, run_json
from tests.e2e.test_cli_ship import GOOD_ROWS, orders_file, prepost_requests

Capsys = pytest.CaptureFixture[str]
DAY = 86_400


@pytest.fixture(autouse=True)
def sandbox_env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("POSTALGUI_ENV", "sandbox"), ("POSTALGUI_BASE_URL", sandbox_server.url)):
        monkeypatch.setenv(name, value)


@pytest.fixture
def shipped(sender: None, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path) -> str:
    """An object the office shipped to Maria da Silva (created, then labelled: it has its code)."""
    sandbox._call("PUT", "/config", {"token_lifetime_s": 400 * DAY})
    code, out, err = run(
        capsys, "ship", "create", "--from", str(orders_file(tmp_path, GOOD_ROWS[0])), "--yes", "--json"
    )
    assert code == 0, err
    prepost_id = json.loads(out)[0]["id"]
    code, _out, err = run(capsys, "ship", "labels", prepost_id, "--out", str(tmp_path / "labels.pdf"))
    assert code == 0, err
    (listed,) = run_json(capsys, "ship", "list", "--offline")
    return str(listed["objectCode"])


def test_a_return_from_a_shipped_object_is_authorized_listed_and_printed(
    shipped: str, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path
) -> None:
    made = run_json(capsys, "returns", "create", "--from", shipped, "--days", "10", "--yes")
    assert (made["customer"], made["cep"], made["outboundCode"], made["serviceCode"]) == (
        "Maria da Silva", "20040020", shipped, "03301",
    )  # fmt: skip
    assert (made["state"], made["stateWord"], len(made["code"])) == ("authorized", "Authorized", 10)
    (listed,) = run_json(capsys, "returns", "list")
    assert (listed["id"], listed["state"]) == (made["id"], "authorized")
    code, out, err = run(capsys, "returns", "list")
    assert code == 0, err
    assert made["code"] in out
    assert "1 return" in err
    pdf = tmp_path / "autorizacao.pdf"
    code, out, err = run(
        capsys, "--lang", "pt", "returns", "print", made["code"], "--out", str(pdf), "--text"
    )
    assert code == 0, err
    (page,) = pdf_reading.pages(pdf.read_bytes())
    assert made["code"] in pdf_reading.read(page)["Code128"]
    assert "Autorização de postagem" in pdf_reading.text(pdf.read_bytes())
    assert "qualquer agência dos Correios" in out  # the e-mail text, in the CLI's language
    assert f"1 autorização gravada em {pdf}" in err


def test_a_typed_customer_is_completed_from_the_cep_and_followed_home(
    sender: None, sandbox: SandboxControl, capsys: Capsys
) -> None:
    sandbox._call("PUT", "/config", {"token_lifetime_s": 400 * DAY})
    made = {}
    for _ in range(20):  # a return whose customer posts it (drawn from its object code)
        made = run_json(
            capsys, "returns", "create", "--recipient", "João Souza", "--cep", "30130-010",
            "--number", "1500", "--content", "Camiseta", "--declared", "80,00", "--service", "03247", "--yes",
        )  # fmt: skip
        if posting_delay(made["objectCode"]) is not None:
            break
    assert (made["customer"], made["serviceCode"]) == ("João Souza", "03247")
    sandbox.advance_clock(30 * DAY)
    states = {item["id"]: item["state"] for item in run_json(capsys, "returns", "list")}
    assert states[made["id"]] == "delivered_back"
    code, out, _err = run(capsys, "--lang", "pt", "returns", "list", "--offline")
    assert (code, "Recebida de volta" in out) == (0, True)


def test_a_return_is_cancelled_and_a_bad_one_is_refused_before_sending(
    sender: None, sandbox: SandboxControl, capsys: Capsys
) -> None:
    made = run_json(
        capsys, "returns", "create", "--recipient", "Ana Lima", "--cep", "80010000", "--number", "45",
        "--invoice", "1236", "--yes",
    )  # fmt: skip
    code, out, err = run(capsys, "returns", "cancel", made["id"], "--yes")
    assert (code, "Cancelled" in out) == (0, True), err
    assert run_json(capsys, "returns", "list", "--offline")[0]["state"] == "cancelled"
    before = prepost_requests(sandbox, "POST")
    for args, said in (
        (("--recipient", "Ana Lima"), "--recipient and --cep"),
        (
            ("--recipient", "Ana Lima", "--cep", "80010000", "--invoice", "1", "--days", "91"),
            "--days: at most 90",
        ),
        (("--recipient", "Ana Lima", "--cep", "80010000"), "itensDeclaracaoConteudo"),
        (("--from", "DG049186226BR", "--invoice", "1"), "--recipient and --cep"),
    ):
        code, _out, err = run(capsys, "returns", "create", *args, "--yes")
        assert (code, said in err) == (2, True), err
    assert prepost_requests(sandbox, "POST") == before
    code, _out, err = run(capsys, "returns", "cancel", "PR0000", "--yes")
    assert (code, "no return of this office" in err) == (2, True)
