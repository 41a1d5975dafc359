"""``postalgui attendance`` and ``postalgui partner serve`` end to end against the sandbox."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import timedelta
from pathlib import Path

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.demo_account import PARTNER_PASSWORD, PARTNER_USER, STER_CONTRACT
from tests.e2e.conftest import SandboxControl, run, run_json
from tests.e2e.partner_support import counter_call, typed_line


@pytest.fixture
def env(sandbox_server: SandboxServer, sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


def new_code(sandbox: SandboxControl) -> dict[str, str]:
    started: dict[str, str] = counter_call(sandbox.url, "POST", "/attendances", {"model": 2})
    return started


def registrations(sandbox: SandboxControl) -> int:
    return int(sandbox.stats()["requests"].get("POST /ster/api/v1/atendimentos/registra", 0))


@pytest.mark.usefixtures("env")
def test_decode_shows_the_attendant_and_masks_the_partner_password(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl
) -> None:
    started = new_code(sandbox)
    record = run_json(capsys, "attendance", "decode", started["codigoOperador"])
    assert record["nome"]
    assert record["mcmcuAgencia"]
    assert record["chave"] == "********"
    code, out, _ = run(capsys, "attendance", "decode", started["url"])  # the partner URL works too
    assert code == 0
    assert record["nome"] in out
    assert PARTNER_USER in out
    assert "********" in out
    assert PARTNER_PASSWORD not in out


@pytest.mark.usefixtures("env")
def test_register_prints_the_protocol_and_the_ledger_lists_it(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, tmp_path: Path
) -> None:
    ticket = tmp_path / "ticket.txt"
    ticket.write_text("PAGAMENTO\nValor R$ 12,34\n", encoding="utf-8")
    code = new_code(sandbox)["codigoOperador"]
    answer = run_json(
        capsys,
        "attendance", "register", "--codigo", code, "--valor", "12,34", "--quantidade", "2",
        "--cliente", "529.982.247-25", "--chave", "PED-1", "--ticket-file", str(ticket),
    )  # fmt: skip
    protocol = answer["protocolo"]
    assert len(protocol) == 14
    assert protocol.isdigit()
    (row,) = run_json(capsys, "attendance", "list", "--estado", "registered")
    assert row["protocolo"] == protocol
    assert (row["valorCentavos"], row["quantidade"], row["cliente"]) == (1234, 2, "52998224725")
    detail = requests.get(
        f"{sandbox.url}/ster/api/v1/atendimentos/numerocontrato/009912345678/protocolo/{protocol}/detalhes",
        auth=("empresa.demo", "Sbx7kQ2mZ9pL4vR8nT1wX6cY3hJ5dF0gB2aE7uKq"),
        timeout=5,
    )
    assert detail.json()["valorServico"] == "1234"
    assert detail.json()["numeroIdentificacaoCliente"] == "52998224725"


@pytest.mark.usefixtures("env")
@pytest.mark.parametrize(
    ("option", "value", "named"),
    [
        ("--cliente", "111.111.111-11", "--cliente"),
        ("--cliente", "529.982.247-26", "--cliente"),
        ("--quantidade", "0", "--quantidade"),
        ("--valor", "12,345", "--valor"),
        ("--chave", "K" * 31, "--chave"),
    ],
)
def test_bad_input_names_the_option_and_sends_nothing(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, option: str, value: str, named: str
) -> None:
    code = new_code(sandbox)["codigoOperador"]
    status, _, err = run(capsys, "attendance", "register", "--codigo", code, option, value)
    assert status == 2
    assert named in err
    assert registrations(sandbox) == 0


@pytest.mark.usefixtures("env")
def test_a_short_code_and_a_bad_day_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "attendance", "decode", "abc")
    assert status == 2
    assert "300 to 700" in err
    status, _, err = run(capsys, "attendance", "list", "--dia", "24/11/2026")
    assert status == 2
    assert "--dia" in err


@pytest.mark.usefixtures("env")
def test_a_registration_500_exits_1_with_the_operators_message(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl
) -> None:
    code = new_code(sandbox)["codigoOperador"]
    counter_call(sandbox.url, "POST", "/fail-next-register", {"count": 1})
    status, _, err = run(capsys, "attendance", "register", "--codigo", code)
    assert status == 1
    assert "estornado" in err
    assert "start a new attendance" in err
    assert registrations(sandbox) == 1  # never retried


@pytest.mark.usefixtures("env")
def test_reconcile_prints_the_report(capsys: pytest.CaptureFixture[str], sandbox: SandboxControl) -> None:
    code = new_code(sandbox)["codigoOperador"]
    protocol = run_json(capsys, "attendance", "register", "--codigo", code, "--valor", "5,00")["protocolo"]
    counter_call(
        sandbox.url, "POST", f"/attendances/{protocol}/finish", {"outcome": "concluded", "callback": False}
    )
    report = run_json(capsys, "attendance", "reconcile")
    assert [line["protocol"] for line in report["confirmed"]] == [protocol]
    code_, out, _ = run(capsys, "attendance", "reconcile")
    assert code_ == 0
    assert "confirmed" in out
    assert protocol in out


@pytest.mark.usefixtures("env")
def test_reconcile_before_22h_is_a_preview_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    from postalgui.services.attendance.use_cases import today

    tomorrow = (today() + timedelta(days=1)).isoformat()  # always before its 22:00
    assert run_json(capsys, "attendance", "reconcile", "--dia", tomorrow)["preview"] is True
    status, out, _ = run(capsys, "attendance", "reconcile", "--dia", tomorrow)
    assert status == 0
    assert "preview (before 22:00 Brasilia time): the day stays open" in out
    yesterday = (today() - timedelta(days=1)).isoformat()  # always after its 22:00
    assert run_json(capsys, "attendance", "reconcile", "--dia", yesterday)["preview"] is False
    _, out, _ = run(capsys, "attendance", "reconcile", "--dia", yesterday)
    assert "closing (after 22:00 Brasilia time)" in out
    assert "preview" not in out


def test_partner_serve_runs_headless(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("POSTALGUI_")} | {
        "POSTALGUI_CONFIG_DIR": str(tmp_path / "config"),
        "POSTALGUI_ENV": "producao",
        "POSTALGUI_PARTNER_USER": PARTNER_USER,
        "POSTALGUI_PARTNER_PASSWORD": PARTNER_PASSWORD,
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    database = f"sqlite+pysqlite:///{tmp_path / 'served.sqlite3'}"
    command = [
        *(sys.executable, "-m", "postalgui", "partner", "serve", "--port", "0", "--database", database),
        *("--confirm-path", "/operador/confirma"),
    ]
    with subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout is not None
            first = process.stdout.readline()
            assert first.startswith("Partner server at http://127.0.0.1:"), first + process.stderr.read()
            url = first.split(" at ", 1)[1].strip()
            body = {"numeroProtocolo": "26470000000007", "linhaDigitavel": typed_line(777)}
            answer = requests.post(
                f"{url}/ster/formulario", json=body, auth=(PARTNER_USER, PARTNER_PASSWORD), timeout=10
            )
            assert answer.status_code == 200
            assert answer.json()["valor"] == "777"
            assert requests.post(f"{url}/ster/formulario", json=body, timeout=10).status_code == 401
            confirmation = {"numeroProtocolo": "26470000000007", "codigoConfirmacao": 0}
            confirmed = requests.post(
                f"{url}/operador/confirma",
                json=confirmation,
                auth=(PARTNER_USER, PARTNER_PASSWORD),
                timeout=10,
            )
            assert confirmed.status_code == 200
            assert confirmed.json() == {"codigo": "PG26470000000007"}
        finally:
            process.terminate()
            process.wait(10)


def test_partner_serve_without_credentials_says_which_variables(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("POSTALGUI_")} | {
        "POSTALGUI_CONFIG_DIR": str(tmp_path / "config"),
        "POSTALGUI_ENV": "producao",
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    done = subprocess.run(
        [sys.executable, "-m", "postalgui", "partner", "serve", "--port", "0"],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert "POSTALGUI_PARTNER_USER" in done.stderr


def test_partner_credentials_are_kept_in_the_keyring_and_used_by_the_server(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from postalgui.services.context import build_context

    monkeypatch.setenv("POSTALGUI_ENV", "producao")
    monkeypatch.setattr("sys.stdin", io.StringIO("a-long-password\nan-oauth-secret\n"))
    code, out, _ = run(
        capsys, "partner", "credentials", "--user", "operador", "--client-id", "ster", "--stdin"
    )
    assert code == 0
    assert "keyring" in out
    context = build_context()
    try:
        secrets = context.attendance.partner_secrets()
        assert (secrets.user, secrets.password) == ("operador", "a-long-password")
        assert (secrets.client_id, secrets.client_secret) == ("ster", "an-oauth-secret")
        assert "a-long-password" not in repr(secrets)
        environ = context.attendance.partner_environment()
        assert environ["POSTALGUI_PARTNER_USER"] == "operador"
    finally:
        context.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    code, _, err = run(capsys, "partner", "credentials", "--user", "x", "--stdin")
    assert code == 2
    assert "8 characters" in err


def test_the_cli_decodes_a_code_the_windows_counter_made(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window and the CLI each run an embedded sandbox; one profile, one code key (keyring)."""
    from postalgui.api.cancel import PlainTask
    from postalgui.services.attendance.counter import start_at_counter
    from postalgui.services.context import build_context

    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    window = build_context()
    try:
        started = start_at_counter(PlainTask(), window.attendance, 2)
        assert started.url
        status, out, err = run(capsys, "attendance", "decode", started.url)
    finally:
        window.close()
    assert status == 0, err
    assert "attendant" in out


def test_a_code_from_elsewhere_is_refused_in_english_with_a_hint(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")  # the CLI's embedded sandbox, not the shared one
    code = new_code(sandbox)["codigoOperador"]
    status, _, err = run(capsys, "attendance", "decode", code)
    assert status == 1
    first, hint = err.splitlines()
    assert first.startswith("postalgui: the registration system could not decode this code: ")
    assert "(HTTP 400)" in first
    assert hint.startswith(
        "postalgui: hint: a code decodes only where it was made; here: the embedded sandbox"
    )
    assert "contract 009912345678" in hint
    assert "keyring" in hint


@pytest.fixture
def production_at_sandbox(
    sandbox_server: SandboxServer, sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Production settings (no demo contract to fall back on), the registration system at the sandbox."""
    monkeypatch.setenv("POSTALGUI_ENV", "producao")
    monkeypatch.setenv("POSTALGUI_STER_URL", sandbox_server.url)
    monkeypatch.setenv("POSTALGUI_USER", DEMO.login)
    monkeypatch.setenv("POSTALGUI_ACCESS_CODE", DEMO.access_code)


@pytest.mark.usefixtures("production_at_sandbox")
def test_the_contract_comes_from_the_variable_for_every_command(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = new_code(sandbox)
    for command in (
        ["decode", started["codigoOperador"]],
        ["register", "--codigo", started["codigoOperador"]],
    ):
        status, _, err = run(capsys, "attendance", *command)
        assert status == 2, err
        assert "--contrato" in err
        assert "POSTALGUI_STER_CONTRACT" in err
        assert "Settings" not in err
    assert registrations(sandbox) == 0
    monkeypatch.setenv("POSTALGUI_STER_CONTRACT", STER_CONTRACT)
    assert run_json(capsys, "attendance", "decode", started["codigoOperador"])["nome"]
    protocol = run_json(capsys, "attendance", "register", "--codigo", started["codigoOperador"])["protocolo"]
    assert len(protocol) == 14
    assert run_json(capsys, "attendance", "reconcile")["errors"] == []
    assert [row["protocolo"] for row in run_json(capsys, "attendance", "list")] == [protocol]


@pytest.mark.usefixtures("production_at_sandbox")
def test_contrato_wins_over_the_variable_and_is_checked_on_every_command(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POSTALGUI_STER_CONTRACT", "123456789012")  # not the sandbox's: 404
    code = new_code(sandbox)["codigoOperador"]
    status, _, err = run(capsys, "attendance", "decode", code)
    assert status == 1
    assert "123456789012" in err
    assert run_json(capsys, "attendance", "decode", code, "--contrato", STER_CONTRACT)["nome"]
    for command in (["decode", code], ["register", "--codigo", code], ["list"], ["reconcile"]):
        status, _, err = run(capsys, "attendance", *command, "--contrato", "12345")
        assert status == 2, command
        assert "--contrato: " in err
        assert "12 characters" in err
    assert registrations(sandbox) == 0


def test_a_bad_contract_variable_is_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POSTALGUI_STER_CONTRACT", "0099-1234")
    status, _, err = run(capsys, "attendance", "list")
    assert status == 2
    assert "POSTALGUI_STER_CONTRACT: " in err
    assert "12 characters" in err


POSTGRES_URL = os.environ.get("POSTALGUI_TEST_POSTGRES_URL", "").strip()
"""Read when collected (each test's environment is cleared of ``POSTALGUI_*``)."""


def _ledger_file(config_dir: Path) -> Path:
    return config_dir / "data" / "partner-ledger-sandbox.sqlite3"


@pytest.mark.usefixtures("env")
def test_a_damaged_ledger_is_named_with_what_to_do(
    capsys: pytest.CaptureFixture[str], config_dir: Path
) -> None:
    path = _ledger_file(config_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"a stray copy of something else, not a ledger " * 200)
    said = (
        f"postalgui: The ledger file {path} is damaged (file is not a database): restore it from a backup, "
        "or move it away and an empty ledger is started\n"
    )
    assert run(capsys, "attendance", "list") == (1, "", said)


@pytest.mark.usefixtures("env")
def test_a_ledger_of_a_newer_postalgui_is_named_with_what_to_do(
    capsys: pytest.CaptureFixture[str], config_dir: Path
) -> None:
    status, _out, err = run(capsys, "attendance", "list")  # makes the ledger
    assert status == 0, err
    path = _ledger_file(config_dir)
    with closing(sqlite3.connect(path)) as db:
        db.execute("UPDATE alembic_version SET version_num = 'f00dfeed9999'")
        db.commit()
    status, out, err = run(capsys, "attendance", "list")
    assert status == 1
    assert out == ""
    assert err.startswith(f"postalgui: The ledger file {path} was written by a newer PostalGUI (")
    assert err.endswith("'f00dfeed9999'): open it with that version, or give another ledger\n")
    assert len(err.splitlines()) == 1


def _with_password(url: str, password: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(password=password).render_as_string(hide_password=False)


@pytest.mark.parametrize("server", ["refused", "wrong password"])
def test_a_ledger_server_that_refuses_names_the_server_never_the_password(
    capsys: pytest.CaptureFixture[str], server: str
) -> None:
    if server == "wrong password":
        if not POSTGRES_URL:
            pytest.skip("no PostgreSQL server: set POSTALGUI_TEST_POSTGRES_URL (.ci/postgres.sh starts one)")
        url = _with_password(POSTGRES_URL, "Not-the-Passw0rd")
    else:
        url = "postgresql+psycopg://clerk:Not-the-Passw0rd@127.0.0.1:9/ledger"  # nothing listens on 9
    status, out, err = run(capsys, "attendance", "list", "--database", url)
    assert status == 1
    assert out == ""
    assert err.startswith("postalgui: The ledger at ")
    assert err.endswith("): check the server, the database URL and the password\n")
    assert ("password authentication failed" if server == "wrong password" else "127.0.0.1:9/ledger") in err
    assert "Not-the-Passw0rd" not in err
    assert len(err.splitlines()) == 1


@pytest.mark.usefixtures("env")
def test_a_registration_taken_with_an_unreadable_answer_is_not_registered_twice(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl
) -> None:
    """The registration system took it (200) and its answer came cut short: money moved.
    The line written before sending stays; the same registration is not sent again."""
    code = new_code(sandbox)["codigoOperador"]
    args = ("attendance", "register", "--codigo", code, "--valor", "7,50")
    sandbox.script({"kind": "malformed", "variant": "truncated", "method": "POST", "path_prefix": "/ster"})
    status, _, err = run(capsys, *args)
    assert status == 1
    assert "could not be read" in err
    assert registrations(sandbox) == 1
    status, _, err = run(capsys, *args)
    assert status == 1
    assert "the operator took it but its answer could not be read" in err
    assert "send it again on purpose" in err
    assert registrations(sandbox) == 1, "a second registra would register the attendance twice"


@pytest.mark.usefixtures("env")
def test_sent_lists_the_unsettled_registration_and_settling_it_lets_it_go_again(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl
) -> None:
    code = new_code(sandbox)["codigoOperador"]
    args = ("attendance", "register", "--codigo", code, "--valor", "3,00")
    sandbox.script({"kind": "malformed", "variant": "truncated", "method": "POST", "path_prefix": "/ster"})
    assert run(capsys, *args)[0] == 1
    [line] = run_json(capsys, "sent", "list")
    assert (line["kind"], line["state"], line["http_status"]) == ("attendance", "unreadable", 200)
    assert line["answer"], "the answer as it came is kept"
    assert "codigoOperador" not in line["request"]
    status, _, err = run(capsys, "sent", "settle", line["id"][:8], "--as", "again")
    assert status == 0, err
    assert run_json(capsys, "sent", "list") == []
    status, _, err = run(capsys, *args)  # sent on purpose: the registration system says it has it
    assert registrations(sandbox) == 2
    assert status == 1
    assert "já utilizado" in err
