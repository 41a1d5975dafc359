"""A sandbox on loopback with its clock fixed on a Wednesday, demo tokens, and objects of a
known situation made through the tracking world's `register`, for the claims tests."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.claims.rules import Facts, facts
from postalgui.sandbox.config import SandboxConfig
from postalgui.sandbox.invoice_data import object_label
from postalgui.sandbox.tracking import tracking_world
from postalgui.sandbox.tracking.objects import Fate
from tests.conftest import SESSION_THREADS

NOW = datetime(2026, 11, 25, 10, 0)
"""The sandbox clock (local time, a Wednesday) before any advance."""
NOW_TS = NOW.replace(tzinfo=UTC).timestamp() + 3 * 3600
BASE = "/pedido-informacao/v1/externo/pedidos"
SP, RIO = "01310100", "20040020"
DAY = 86_400
TIMEOUT = 30


class Sandbox:
    """The server and the calls the tests make to it."""

    def __init__(self, server: SandboxServer) -> None:
        self.server = server
        self.url = server.url
        self.http = requests.Session()
        self.headers: dict[str, str] = {}
        self.serial = 0

    def start(self) -> None:
        """Reset, long-lived tokens, a card token."""
        self.control("POST", "/reset")
        self.login()

    def login(self) -> None:
        """Long-lived tokens, a card token (what a sandbox started again needs, without a reset)."""
        self.control("PUT", "/config", {"token_lifetime_s": 400 * DAY})
        body = {"numero": DEMO.card, "contrato": DEMO.contract, "dr": DEMO.dr}
        auth = (DEMO.login, DEMO.access_code)
        answer = self.http.post(f"{self.url}/token/v1/autentica/cartaopostagem", auth=auth, json=body)
        assert answer.status_code == 201, answer.text
        self.headers = {"Authorization": f"Bearer {answer.json()['token']}"}

    def control(self, method: str, path: str, body: Any = None) -> Any:
        answer = self.http.request(method, f"{self.url}/_sandbox{path}", json=body, timeout=TIMEOUT)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def advance(self, days: float) -> None:
        self.control("POST", "/clock/advance", {"seconds": days * DAY})

    def now(self) -> datetime:
        return datetime.fromisoformat(self.control("GET", "/clock")["now"])

    def post(self, path: str, body: Any, headers: dict[str, str] | None = None) -> requests.Response:
        given = self.headers if headers is None else headers
        return self.http.post(f"{self.url}{BASE}{path}", json=body, headers=given, timeout=TIMEOUT)

    def file(self, *pedidos: dict[str, Any], **body: Any) -> list[dict[str, Any]]:
        answer = self.post("/cadastra", filing(*pedidos) | body)
        assert answer.status_code == 200, answer.text
        found = answer.json()
        assert found["codigoRetorno"] == 0
        assert len(found["pi"]) == len(pedidos)
        return list(found["pi"])

    def follow(self, key: str, **params: str) -> dict[str, Any]:
        query = {"contrato": DEMO.contract, "canal": "W", "codigodoObjetoOuProtocolo": key} | params
        answer = self.http.get(
            f"{self.url}{BASE}/acompanha", params=query, headers=self.headers, timeout=TIMEOUT
        )
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def reopen(self, *protocols: str, kind: str = "I") -> list[dict[str, Any]]:
        items = [
            {
                "protocolo": p,
                "tipoManifestacao": kind,
                "motivoReativacao": "Atraso comprovado",
                "observacao": "",
            }
            for p in protocols
        ]
        body = {"contrato": DEMO.contract, "cartao": DEMO.card, "reativacoes": items}
        answer = self.post("/reativa", body)
        assert answer.status_code == 200, answer.text
        return list(answer.json()["pi"])  # the manual's reopen answer: per protocol in `pi`

    def track(self, code: str) -> dict[str, Any]:
        params = {"codigosObjetos": code, "resultado": "T"}
        answer = self.http.get(f"{self.url}/srorastro/v1/objetos", params=params, headers=self.headers)
        assert answer.status_code == 200, answer.text
        return dict(answer.json()["objetos"][0])

    def stats(self) -> dict[str, int]:
        return dict(self.control("GET", "/stats")["requests"])

    def register(self, code: str, posted: datetime, fate: Fate, contract: str | None = None) -> None:
        tracking_world(self.server.state).register(
            code, "03220", SP, RIO, posted, fate=fate, contract=contract
        )

    def make(
        self,
        fate: Fate,
        wanted: Callable[[Facts], bool],
        *,
        days: range = range(1, 40),
        code_ok: Callable[[str], bool] = bool,
    ) -> str:
        """A registered object of `fate`, posted some days before now, whose facts now are `wanted`."""
        now = self.now()
        for _ in range(200):
            self.serial += 1
            code = object_label("QC", 50_000_000 + self.serial)
            if not code_ok(code):
                continue
            for back in days:
                posted = (now - timedelta(days=back)).replace(hour=9, minute=30)
                self.register(code, posted, fate)
                obj = tracking_world(self.server.state).find(code, now.date())
                assert obj is not None
                if wanted(facts(obj, now)):
                    return code
        raise AssertionError(f"no {fate} object found")


def pedido(code: str, reason: int = 135, kind: str = "I", **changes: Any) -> dict[str, Any]:
    return {
        "codigoObjeto": code,
        "emailResposta": "sac@empresa.com.br",
        "nomeDestinatario": "Fulano de Tal",
        "codigoMotivoReclamacao": reason,
        "tipoEmbalagem": "C",
        "tipoManifestacao": kind,
    } | changes


def filing(*pedidos: dict[str, Any]) -> dict[str, Any]:
    return {
        "contrato": DEMO.contract,
        "cartao": DEMO.card,
        "telefone": "11987654321",
        "pedidos": list(pedidos),
    }


@pytest.fixture(scope="module")
def server() -> Iterator[SandboxServer]:
    """One sandbox for the module, its threads left alone by the leak check."""
    threads = set(threading.enumerate())
    with SandboxServer(port=0, config=SandboxConfig(clock=lambda: NOW_TS)) as started:
        SESSION_THREADS.update(set(threading.enumerate()) - threads)
        yield started


@pytest.fixture
def sandbox(server: SandboxServer) -> Iterator[Sandbox]:
    made = Sandbox(server)
    made.start()
    yield made
    made.http.close()
