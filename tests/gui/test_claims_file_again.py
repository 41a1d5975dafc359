"""File again… on the filed page: a claim the operator took (200) whose answer came cut
short is held, never filed again by itself; a person files it again on purpose, after a
question, and the operator's answer settles it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
import requests
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import PlainTask
from postalgui.gui.tabs.claims.file_again import AGAIN_KEY
from postalgui.gui.tabs.claims.filed_page import FiledPage
from postalgui.gui.tasks import TaskRunner
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.claims import use_cases
from postalgui.services.claims.filing import FilingOrder, Result
from postalgui.services.claims.records import ClaimState
from postalgui.services.context import AppContext
from postalgui.services.ports import NewObject
from postalgui.services.tracking import use_cases as tracking
from tests.gui.claims_support import WAIT_MS, holder

LATE = object_label("QH", 6_200_001)
FILING = "POST /pedido-informacao/v1/externo/pedidos/cadastra"


def sandbox(url: str, method: str, path: str, body: object = None) -> dict[str, object]:
    answer = requests.request(method, f"{url}/_sandbox{path}", json=body, timeout=10)
    answer.raise_for_status()
    found: dict[str, object] = answer.json() if answer.content else {}
    return found


def filings(url: str) -> int:
    requests_seen = sandbox(url, "GET", "/stats")["requests"]
    assert isinstance(requests_seen, dict)
    return int(requests_seen.get(FILING, 0))


@pytest.fixture
def page(context: AppContext, runner: TaskRunner, shared_sandbox: str, qtbot: QtBot) -> Iterator[FiledPage]:
    now = datetime.fromisoformat(str(sandbox(shared_sandbox, "GET", "/clock")["now"])).replace(tzinfo=None)
    body = {"codigo": LATE, "coProduto": "03220", "cepOrigem": "01310100", "cepDestino": "20040020",
            "postado": (now - timedelta(days=20)).isoformat(), "destino": "late"}  # fmt: skip
    sandbox(shared_sandbox, "POST", "/tracking/objects", body)
    tracking.add_objects(PlainTask(), context.tracking, [NewObject(LATE)], source="paste")
    tracking.refresh(PlainTask(), context.tracking, [LATE])
    found = use_cases.candidates(PlainTask(), context.claims)
    order = FilingOrder.of(
        found.candidates, email="sac@loja.com.br", phone="1130030100", names={LATE: "Maria da Silva"}
    )
    cut = {"kind": "malformed", "variant": "truncated", "method": "POST", "path_prefix": "/pedido-informacao"}
    refused = {"status": 400, "method": "GET", "path_prefix": "/pedido-informacao", "count": 50}
    sandbox(shared_sandbox, "POST", "/faults/script", [cut, refused])  # following cannot settle it
    [result] = use_cases.file_claims(PlainTask(), context.claims, order).results
    assert result.result is Result.UNREADABLE
    box, desk = holder(context, runner, qtbot)
    built = FiledPage(desk, box)
    box.layout().addWidget(built)
    with qtbot.waitSignal(built.claimsLoaded, timeout=WAIT_MS):
        box.show()
    qtbot.waitUntil(lambda: not built.follower.running, timeout=WAIT_MS)
    yield built
    box.close()


def test_a_held_claim_is_filed_again_only_when_a_person_says_so(
    page: FiledPage, context: AppContext, shared_sandbox: str, qtbot: QtBot
) -> None:
    assert filings(shared_sandbox) == 1
    assert page.select_code(LATE)
    claim = context.claims.book().get(LATE)
    assert claim is not None
    assert claim.state is ClaimState.UNREADABLE
    assert page.again.action.isEnabled()
    asked: list[str] = []
    page.again.ask = lambda text: asked.append(text) or False
    assert page.again.start() is None  # said no: nothing sent
    assert "sent before and no answer was read" in asked[0]
    assert filings(shared_sandbox) == 1
    page.again.ask = lambda text: True
    handle = page.again.start()
    assert handle is not None
    qtbot.waitUntil(lambda: page.desk.messages.message(AGAIN_KEY) is not None, timeout=WAIT_MS)
    said = page.desk.messages.message(AGAIN_KEY)
    assert said is not None
    assert said.text().startswith("Filing: filed")
    assert filings(shared_sandbox) == 2
    after = context.claims.book().get(LATE)
    assert after is not None
    assert after.state is ClaimState.FILED  # the operator had it (900) or takes it now
    qtbot.waitUntil(lambda: not page.again.action.isEnabled(), timeout=WAIT_MS)  # read again: not held
