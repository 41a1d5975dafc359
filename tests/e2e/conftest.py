"""End-to-end fixtures: one real sandbox over loopback HTTP for the session."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import pytest
import requests

from postalgui.api import transport
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.tokens import ACCESS_CODE_KEY, LOGIN_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.sandbox import DEMO, SandboxServer
from tests.conftest import SESSION_THREADS, MemoryKeyring

JUST_POSTED = timedelta(minutes=1)
"""How long ago a parcel that must read "posted" was posted. The sandbox moves a parcel on (its
RO event) 7 to 90 minutes after the posting at the earliest, and, in the evening, that soon: one
posted 30 minutes before 19:47 was already in transit, and four tests failed by the hour."""


class SandboxControl:
    """The sandbox's ``/_sandbox`` endpoints: faults, stats, revocation, clock, processing."""

    def __init__(self, url: str) -> None:
        self.url = url

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        response = requests.request(method, f"{self.url}/_sandbox{path}", json=body, timeout=5)
        response.raise_for_status()
        return response.json() if response.content else None

    def faults(self, **config: Any) -> None:
        self._call("PUT", "/faults", config)

    def script(self, *outcomes: dict[str, Any]) -> None:
        self._call("POST", "/faults/script", list(outcomes))

    def stats(self) -> dict[str, Any]:
        result: dict[str, Any] = self._call("GET", "/stats")
        return result

    def reset(self) -> None:
        """Everything a test can change, back as the sandbox started."""
        self._call("POST", "/reset")

    def revoke_tokens(self) -> None:
        self._call("POST", "/tokens/revoke")

    def processing_delay(self, seconds: float) -> None:
        """How long invoice processings requested from now on take to reach SUCESSO."""
        self._call("PUT", "/config", {"processing_delay_s": seconds})

    def fail_next_processing(self, count: int = 1) -> None:
        """The next `count` analytic or preview requests end in ERRO."""
        self._call("POST", "/processing/fail-next", {"count": count})

    def now(self) -> datetime:
        """The sandbox clock's time (its local time, naive, as tracking events are written)."""
        return datetime.fromisoformat(self._call("GET", "/clock")["now"]).replace(tzinfo=None)

    def register_object(
        self,
        code: str,
        posted: datetime,
        fate: str = "on_time",
        *,
        product: str = "03220",
        origin: str = "01310100",
        destination: str = "20040020",
    ) -> None:
        """A parcel the tracking service knows from ``posted`` on, with a known fate
        (on_time, late, awaiting_pickup, returned, lost)."""
        body = {"codigo": code, "coProduto": product, "cepOrigem": origin, "cepDestino": destination,
                "postado": posted.isoformat(), "destino": fate}  # fmt: skip
        self._call("POST", "/tracking/objects", body)

    def advance_clock(self, seconds: float) -> dict[str, Any]:
        """Move the sandbox clock forward (tokens expire and processed files age with it)."""
        result: dict[str, Any] = self._call("POST", "/clock/advance", {"seconds": seconds})
        return result


@pytest.fixture(autouse=True)
def english_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks English here (its source language), as on a desk whose locale
    is English: the tests read its words. `test_cli_language` hears it in Portuguese."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LC_MESSAGES", "en_US.UTF-8")


@pytest.fixture
def sender() -> None:
    """The address book's default sender (what 'addresses import --kind sender' or the tab
    add), in the environment the test's module points the commands at."""
    from postalgui.services.context import build_context
    from postalgui.services.shipping.addresses import Address, AddressKind

    context = build_context()
    try:
        sender = Address(AddressKind.SENDER, "Loja Exemplo Ltda", "01310100", "Avenida Paulista", "1000")
        context.shipping.addresses().save(
            replace(sender, district="Bela Vista", city="São Paulo", state="SP", is_default=True)
        )
    finally:
        context.close()


@pytest.fixture
def no_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    """Transports built from now on retry without waiting (a server that is not there
    otherwise costs the whole backoff, some 30 s, before the command reports it)."""
    monkeypatch.setattr(transport, "DEFAULT_RETRY", RetryPolicy(backoff_base=0.0))


@pytest.fixture(scope="session")
def sandbox_server() -> Iterator[SandboxServer]:
    before = set(threading.enumerate())
    server = SandboxServer(port=0)
    server.start()
    assert server.wait_ready(15.0)
    SESSION_THREADS.update(set(threading.enumerate()) - before)
    yield server
    server.stop()


@pytest.fixture
def sandbox(sandbox_server: SandboxServer) -> Iterator[SandboxControl]:
    control = SandboxControl(sandbox_server.url)
    control.reset()
    yield control
    control.reset()


CARD = TokenScope(Scope.CARD, contract=DEMO.contract, card=DEMO.card, dr=DEMO.dr)
CONTRACTS = f"/meucontrato/v1/empresas/{DEMO.cnpj}/contratos"


@pytest.fixture
def store() -> CredentialStore:
    """The demo credentials in an in-memory keyring, for a client built by hand."""
    store = CredentialStore(MemoryKeyring())
    store.set("sandbox", LOGIN_KEY, DEMO.login)
    store.set("sandbox", ACCESS_CODE_KEY, DEMO.access_code)
    return store


@pytest.fixture
def waits() -> list[float]:
    return []


def make_client(url: str, store: CredentialStore, waits: list[float], **policy: Any) -> OperatorClient:
    """A client whose backoff waits are recorded, not slept (the deadline runs on the real clock)."""
    transport = Transport(url, retry=RetryPolicy(**policy), sleep=waits.append)
    return OperatorClient(transport, TokenManager(transport, store, "sandbox"), CARD)


@pytest.fixture
def client(
    sandbox_server: SandboxServer, store: CredentialStore, waits: list[float]
) -> Iterator[OperatorClient]:
    """The real client on the session's sandbox, with the card scope."""
    client = make_client(sandbox_server.url, store, waits)
    yield client
    client.close()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The command line in this process: exit status, stdout and stderr."""
    from postalgui.cli.main import main

    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    """A command's ``--json`` output, decoded; it must succeed."""
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


from tests.e2e.partner_support import partner, ster  # noqa: E402  # the attendance tests' fixtures

__all__ = ["partner", "ster"]
