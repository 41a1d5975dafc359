"""The sandbox beyond loopback: refused without --allow-remote; with it, a control key
guards /_sandbox and tokens are signed with a key made for the run (not the public one)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import pytest
import requests

from postalgui.cli.main import main as postalgui_main
from postalgui.sandbox import DEMO, SandboxConfig, SandboxServer, cli, process
from postalgui.sandbox import tokens as sandbox_tokens
from postalgui.sandbox.errors import GTW_CONTROL_KEY_INVALID, GTW_CONTROL_KEY_MISSING, GTW_TOKEN_INVALID
from postalgui.sandbox.remote import CONTROL_KEY_ENV, CONTROL_KEY_HEADER, remote_config
from postalgui.serving import child, is_loopback_host

TIMEOUT = 10
AUTH = (DEMO.login, DEMO.access_code)
ALL_INTERFACES = "0.0.0.0"  # noqa: S104  # what the CLI must refuse; tests never bind it
REMOTE_HOSTS = [ALL_INTERFACES, "::", "", "192.0.2.10", "sandbox.example.org", "::ffff:127.0.0.1"]


@pytest.mark.parametrize("host", ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST"])
def test_loopback_hosts(host: str) -> None:
    assert is_loopback_host(host)


@pytest.mark.parametrize("host", REMOTE_HOSTS)
def test_hosts_other_machines_may_reach(host: str) -> None:
    assert not is_loopback_host(host)


class FakeServer:
    """Stands in for `SandboxServer` in CLI tests: records what it was given, binds nothing."""

    made: ClassVar[list[FakeServer]] = []

    def __init__(self, host: str, port: int, config: SandboxConfig) -> None:
        self.host, self.port, self.config = host, port, config
        FakeServer.made.append(self)

    def serve_forever(self, on_bound: Callable[[str], None] | None = None) -> None:
        if on_bound is not None:
            on_bound(f"http://{self.host}:{self.port}")


@pytest.fixture
def fake_server(monkeypatch: pytest.MonkeyPatch) -> list[FakeServer]:
    made: list[FakeServer] = []
    monkeypatch.setattr(FakeServer, "made", made)
    monkeypatch.setattr(cli, "SandboxServer", FakeServer)
    return made


@pytest.mark.parametrize("host", REMOTE_HOSTS)
def test_cli_refuses_a_remote_host_without_allow_remote(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str], host: str
) -> None:
    assert cli.main(["--host", host]) == 2
    assert fake_server == []
    err = capsys.readouterr().err
    assert "refusing to listen" in err
    assert "--allow-remote" in err


def test_cli_on_loopback_keeps_open_control_routes_and_the_public_token_key(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--host", "127.0.0.1", "--port", "0"]) == 0
    (server,) = fake_server
    assert server.config.control_key is None
    assert server.config.secret == sandbox_tokens.DEFAULT_SECRET
    assert "control key" not in capsys.readouterr().out


def test_cli_with_allow_remote_prints_a_new_control_key_and_signs_with_a_run_key(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--host", ALL_INTERFACES, "--allow-remote"]) == 0
    assert cli.main(["--host", ALL_INTERFACES, "--allow-remote"]) == 0
    first, second = fake_server
    keys = {first.config.control_key, second.config.control_key}
    assert None not in keys
    assert len(keys) == 2, "a new control key each run"
    assert first.config.secret != sandbox_tokens.DEFAULT_SECRET
    assert first.config.secret != second.config.secret, "a new signing key each run"
    out = capsys.readouterr().out
    assert f"control key  {first.config.control_key}" in out
    assert CONTROL_KEY_HEADER in out
    assert first.config.secret not in out


def test_cli_takes_the_control_key_from_the_environment(
    fake_server: list[FakeServer], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(CONTROL_KEY_ENV, "a-key-chosen-by-the-operator")
    assert cli.main(["--host", ALL_INTERFACES, "--allow-remote"]) == 0
    assert fake_server[0].config.control_key == "a-key-chosen-by-the-operator"
    monkeypatch.setenv(CONTROL_KEY_ENV, "short")
    assert cli.main(["--host", ALL_INTERFACES, "--allow-remote"]) == 2
    assert CONTROL_KEY_ENV in capsys.readouterr().err
    assert len(fake_server) == 1


def test_postalgui_sandbox_passes_allow_remote_on(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str]
) -> None:
    assert postalgui_main(["sandbox", "--host", ALL_INTERFACES]) == 2
    assert "--allow-remote" in capsys.readouterr().err
    assert postalgui_main(["sandbox", "--host", ALL_INTERFACES, "--allow-remote", "--port", "0"]) == 0
    assert fake_server[0].config.control_key is not None


def test_the_environment_key_does_not_lock_a_loopback_sandbox(
    fake_server: list[FakeServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CONTROL_KEY_ENV, "a-key-chosen-by-the-operator")
    assert cli.main([]) == 0
    assert fake_server[0].config.control_key is None


def test_sandbox_server_refuses_a_remote_host_with_the_loopback_config() -> None:
    with pytest.raises(ValueError, match="refusing to serve"):
        SandboxServer(ALL_INTERFACES, 0, SandboxConfig())
    keyed_but_public = SandboxConfig(control_key="k" * 32)
    with pytest.raises(ValueError, match="refusing to serve"):
        SandboxServer(ALL_INTERFACES, 0, keyed_but_public)


def test_child_entry_points_serve_loopback_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert process.main(["--host", ALL_INTERFACES, "--port", "0"]) == 2
    assert child.main([process.APP_FACTORY, "--host", ALL_INTERFACES, "--port", "0"]) == 2
    assert capsys.readouterr().err.count("loopback only") == 2


# -- a keyed sandbox over HTTP (on loopback: no public interface is bound in tests) ----------


@pytest.fixture
def keyed() -> Iterator[SandboxServer]:
    server = SandboxServer(config=remote_config(SandboxConfig(), {}))
    server.start()
    assert server.wait_ready()
    yield server
    server.stop()


@pytest.fixture
def http() -> Iterator[requests.Session]:
    with requests.Session() as session:
        yield session


def _msgs(response: requests.Response, status: int) -> list[str]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["stackTrace"] is None
    msgs: list[str] = body["msgs"]
    return msgs


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/reset"), ("GET", "/stats"), ("PUT", "/faults"), ("POST", "/tokens/revoke"), ("GET", "/docs")],
)
def test_control_routes_need_the_key(
    http: requests.Session, keyed: SandboxServer, method: str, path: str
) -> None:
    url = f"{keyed.url}/_sandbox{path}"
    assert _msgs(http.request(method, url, json={}, timeout=TIMEOUT), 401) == [GTW_CONTROL_KEY_MISSING]
    wrong = {CONTROL_KEY_HEADER: "not-the-key"}
    response = http.request(method, url, json={}, headers=wrong, timeout=TIMEOUT)
    assert _msgs(response, 403) == [GTW_CONTROL_KEY_INVALID]
    assert keyed.state.stats.snapshot()["total_requests"] == 0
    assert keyed.state.epoch == 0, "nothing was revoked"


def test_control_routes_answer_with_the_key(http: requests.Session, keyed: SandboxServer) -> None:
    key = keyed.state.config.control_key
    assert key is not None
    response = http.post(f"{keyed.url}/_sandbox/reset", headers={CONTROL_KEY_HEADER: key}, timeout=TIMEOUT)
    assert response.status_code == 200, response.text
    stats = http.get(f"{keyed.url}/_sandbox/stats", headers={CONTROL_KEY_HEADER: key}, timeout=TIMEOUT)
    assert stats.json()["total_requests"] == 0


def test_operator_routes_need_no_control_key_and_public_key_tokens_are_refused(
    http: requests.Session, keyed: SandboxServer
) -> None:
    issued = http.post(
        f"{keyed.url}/token/v1/autentica/contrato", auth=AUTH, json={"numero": DEMO.contract}, timeout=TIMEOUT
    )
    assert issued.status_code == 201, issued.text
    contracts = f"{keyed.url}/meucontrato/v1/empresas/{DEMO.cnpj}/contratos"
    own = http.get(contracts, headers={"Authorization": f"Bearer {issued.json()['token']}"}, timeout=TIMEOUT)
    assert own.status_code == 200, own.text
    # Someone who mints a token with the public demo key (as anyone could) is refused.
    claims = sandbox_tokens.TokenClaims.from_payload(
        sandbox_tokens.decode(issued.json()["token"], keyed.state.config.secret)
    )
    forged = sandbox_tokens.issue(claims, sandbox_tokens.DEFAULT_SECRET)
    refused = http.get(contracts, headers={"Authorization": f"Bearer {forged}"}, timeout=TIMEOUT)
    assert _msgs(refused, 401) == [GTW_TOKEN_INVALID]


def test_loopback_sandbox_control_routes_stay_open(http: requests.Session) -> None:
    with SandboxServer(config=SandboxConfig()) as server:
        assert http.post(f"{server.url}/_sandbox/reset", timeout=TIMEOUT).status_code == 200
