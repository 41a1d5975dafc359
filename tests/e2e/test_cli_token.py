"""``postalgui token`` and ``postalgui sandbox`` end to end against the sandbox."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from postalgui.cli.main import main
from postalgui.sandbox import DEMO, SandboxServer
from tests.e2e.conftest import SandboxControl


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_token_json_default_scope_is_the_card(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "token", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["escopo"] == "cartao"
    assert data["cnpj"] == DEMO.cnpj
    assert data["ambiente"] == "LOCAL"
    assert data["perfil"] == "PJ"
    assert 34 in data["apis"]
    assert datetime.fromisoformat(data["expiraEm"]).utcoffset() is not None
    assert data["expiraEm"].endswith("-03:00")
    assert "token" not in data


def test_token_is_reused_across_cli_runs(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "token")[0] == 0
    assert run(capsys, "token")[0] == 0
    assert sandbox.stats()["token_requests"] == 1


def test_show_token_and_scopes(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "token", "--scope", "contract", "--json", "--show-token")
    assert code == 0
    data = json.loads(out)
    assert data["escopo"] == "contrato"
    assert data["contrato"] == DEMO.contract
    assert data["token"].count(".") == 2
    code, out, _ = run(capsys, "token", "--scope", "login")
    assert code == 0
    assert "escopo" in out
    assert "login" in out
    assert "eyJ" not in out


def test_plain_output_names_the_apis(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "token")
    assert code == 0
    assert "34 Preço" in out
    assert "expiraEm" in out


def test_wrong_access_code_exits_1_with_the_operator_message(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POSTALGUI_ACCESS_CODE", "not-the-code")
    code, out, err = run(capsys, "token", "--json")
    assert code == 1
    assert out == ""
    assert "GTW-" in err
    assert "not-the-code" not in err


@pytest.mark.parametrize(
    ("variables", "args"),
    [
        ({"POSTALGUI_CARD": "12ab"}, ["token"]),
        ({"POSTALGUI_ENV": "prod"}, ["token"]),
    ],
)
def test_invalid_configuration_exits_2_before_sending(
    env: None,
    sandbox: SandboxControl,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    variables: dict[str, str],
    args: list[str],
) -> None:
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    code, _, err = run(capsys, *args)
    assert code == 2
    assert next(iter(variables)) in err
    assert sandbox.stats()["total_requests"] == 0


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["token", "--scope", "galaxy"])
    assert info.value.code == 2


def test_unreachable_server_exits_1(
    no_backoff: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", "http://127.0.0.1:9")  # discard port: nothing listens
    code, _out, err = run(capsys, "token")
    assert code == 1
    assert "127.0.0.1:9" in err
    assert "Traceback" not in err


def test_embedded_sandbox_is_started_and_stopped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "token", "--json")
    assert code == 0, err
    assert json.loads(out)["cnpj"] == DEMO.cnpj


def test_entry_point_in_a_fresh_process(sandbox_server: SandboxServer, tmp_path: object) -> None:
    env = {
        **os.environ,
        "POSTALGUI_ENV": "sandbox",
        "POSTALGUI_BASE_URL": sandbox_server.url,
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",  # never the real keychain
    }
    done = subprocess.run(
        [sys.executable, "-m", "postalgui", "token", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["escopo"] == "cartao"


def test_unusable_keyring_is_said_on_stderr_only(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    import keyring
    from keyring.backends import fail

    keyring.set_keyring(fail.Keyring())  # the autouse fixture restores the previous one
    code, out, err = run(capsys, "token", "--json")
    assert code == 0
    assert json.loads(out)["escopo"] == "cartao"
    assert "no usable system keyring" in err


def test_the_keyring_note_is_said_once_per_machine(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    import keyring
    from keyring.backends import fail

    from postalgui.cli.main import KEYRING_NOTE_MARKER
    from postalgui.services.paths import app_paths

    keyring.set_keyring(fail.Keyring())  # the autouse fixture restores the previous one
    marker = app_paths().config_dir / KEYRING_NOTE_MARKER
    assert not marker.exists()
    code, _, err = run(capsys, "token", "--json")
    assert code == 0
    assert err.count("no usable system keyring") == 1
    assert "Said once on this machine; -v says it again." in err
    assert marker.is_file()
    code, _, err = run(capsys, "token", "--json")
    assert code == 0
    assert "keyring" not in err  # not every run
    code, _, err = run(capsys, "-v", "token", "--json")
    assert code == 0
    assert "no usable system keyring" in err  # asked for details: said again
    marker.unlink()  # another machine, or the folder cleared
    code, _, err = run(capsys, "token", "--json")
    assert code == 0
    assert "no usable system keyring" in err
    assert marker.is_file()


def test_an_unwritable_marker_still_says_the_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from postalgui.cli.main import note_keyring_once

    missing = tmp_path / "gone"  # the folder does not exist: the marker cannot be written
    note_keyring_once(missing, verbose=False)
    note_keyring_once(missing, verbose=False)
    assert capsys.readouterr().err.count("no usable system keyring") == 2
