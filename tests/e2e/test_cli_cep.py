"""``postalgui cep`` end to end against the sandbox's CEP service over real HTTP: an
address (and the sandbox saying its data is emulated), the next lookup from this desk's
cache with nothing sent, ``--fresh``, an unknown CEP in the operator's words, and a
malformed one refused before anything is sent (the sandbox's counters)."""

from __future__ import annotations

import json

import pytest

from postalgui.sandbox import SandboxServer
from tests.e2e.conftest import SandboxControl
from tests.e2e.test_cli_invoices import run

PAULISTA = "01310-100"
UNKNOWN = "01310-999"  # the sandbox's unknown share: CEPs ending in 999


@pytest.fixture(autouse=True)
def sandbox_env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of this module talks to the session's sandbox."""
    for name, value in (("POSTALGUI_ENV", "sandbox"), ("POSTALGUI_BASE_URL", sandbox_server.url)):
        monkeypatch.setenv(name, value)


def cep_requests(sandbox: SandboxControl) -> int:
    return sum(n for key, n in sandbox.stats()["requests"].items() if "/cep/" in key)


def test_an_address_then_the_same_from_this_desks_cache(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl
) -> None:
    code, out, err = run(capsys, "cep", PAULISTA)
    assert code == 0, err
    fields = dict(line.split(maxsplit=1) for line in out.splitlines())
    assert fields["cep"].strip() == PAULISTA
    assert fields["state"].strip() == "SP"
    assert fields["street"].strip()
    assert fields["city"].strip()
    assert "emulated sandbox data" in err
    asked = cep_requests(sandbox)
    code, again, err = run(capsys, "cep", "01310100", "--json")
    assert code == 0, err
    record = json.loads(again)
    assert (record["cep"], record["uf"]) == ("01310100", "SP")
    assert record["localidade"] == fields["city"].strip()
    assert "from this desk's CEP cache" in err
    assert cep_requests(sandbox) == asked  # nothing sent
    code, _, err = run(capsys, "cep", PAULISTA, "--fresh")
    assert code == 0, err
    assert cep_requests(sandbox) == asked + 1


def test_an_unknown_cep_exits_1_in_the_operators_words_and_a_malformed_one_2(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl
) -> None:
    code, out, err = run(capsys, "cep", UNKNOWN)
    assert (code, out) == (1, "")
    assert err.startswith(f"postalgui: CEP {UNKNOWN}: ")
    asked = cep_requests(sandbox)
    code, _, err = run(capsys, "cep", "0131-0100")
    assert code == 2
    assert "CEP" in err
    assert cep_requests(sandbox) == asked
