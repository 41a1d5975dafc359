"""The Filed claims page end to end: two late parcels filed through `file_claims` against the
shared sandbox, the page follows them as the sandbox clock moves (one judged with merit,
then paid when tracking shows IDC; one without), and the refused one is reopened."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
import requests
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import PlainTask
from postalgui.gui.tabs.claims.claim_model import ClaimColumn
from postalgui.gui.tabs.claims.filed_page import REOPEN_KEY, FiledPage
from postalgui.gui.tabs.claims.reopen_dialog import ReopenDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.sandbox.claims.rules import REJECTED_SHARE
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.claims import use_cases
from postalgui.services.claims.filing import FilingOrder
from postalgui.services.context import AppContext
from postalgui.services.ports import NewObject
from postalgui.services.tracking import use_cases as tracking
from tests.gui.claims_support import WAIT_MS, holder

DAY = 86_400.0


def merit_drawn(serial: int, rejected: bool) -> str:
    """A label whose late claim the sandbox judges with merit (or without, ``rejected``)."""
    while True:
        label = object_label("QG", serial)
        if (random.Random(f"claim-merit/{label}").random() < REJECTED_SHARE) == rejected:
            return label
        serial += 1


LATE = merit_drawn(6_000_001, rejected=False)
LATE_REFUSED = merit_drawn(6_100_001, rejected=True)


def sandbox_call(url: str, method: str, path: str, body: object = None) -> dict[str, object]:
    answer = requests.request(method, f"{url}/_sandbox{path}", json=body, timeout=10)
    answer.raise_for_status()
    found: dict[str, object] = answer.json()
    return found


def advance(url: str, days: float) -> None:
    sandbox_call(url, "POST", "/clock/advance", {"seconds": days * DAY})


@pytest.fixture
def page(context: AppContext, runner: TaskRunner, shared_sandbox: str, qtbot: QtBot) -> Iterator[FiledPage]:
    now = datetime.fromisoformat(str(sandbox_call(shared_sandbox, "GET", "/clock")["now"])).replace(
        tzinfo=None
    )
    for code in (LATE, LATE_REFUSED):
        body = {"codigo": code, "coProduto": "03220", "cepOrigem": "01310100", "cepDestino": "20040020",
                "postado": (now - timedelta(days=20)).isoformat(), "destino": "late"}  # fmt: skip
        sandbox_call(shared_sandbox, "POST", "/tracking/objects", body)
    codes = [LATE, LATE_REFUSED]
    tracking.add_objects(PlainTask(), context.tracking, [NewObject(code) for code in codes], source="paste")
    tracking.refresh(PlainTask(), context.tracking, codes)
    found = use_cases.candidates(PlainTask(), context.claims)
    assert sorted(candidate.code for candidate in found.candidates) == sorted(codes)
    names = {candidate.code: "Maria da Silva" for candidate in found.candidates}
    order = FilingOrder.of(found.candidates, email="sac@loja.com.br", phone="1130030100", names=names)
    assert use_cases.file_claims(PlainTask(), context.claims, order).filed == 2
    box, desk = holder(context, runner, qtbot)
    built = FiledPage(desk, box)
    box.layout().addWidget(built)
    with qtbot.waitSignal(built.follower.finished, timeout=WAIT_MS):
        box.show()  # the first read asks the operator about the claims due, once
    yield built
    box.close()


def cell(page: FiledPage, code: str, column: ClaimColumn) -> str:
    row = page.model.row_of_code(code)
    return "" if row is None else str(page.model.data(page.model.index(row, column)))


def state(page: FiledPage, code: str) -> str:
    return cell(page, code, ClaimColumn.STATE)


def test_followed_until_accepted_then_paid_and_the_refused_one_reopened(
    page: FiledPage, shared_sandbox: str, qtbot: QtBot
) -> None:
    qtbot.waitUntil(lambda: cell(page, LATE, ClaimColumn.SITUATION) == "Em análise", timeout=WAIT_MS)
    assert (state(page, LATE), state(page, LATE_REFUSED)) == ("Open", "Open")

    advance(shared_sandbox, 6)  # three business days: closed, with or without merit
    with qtbot.waitSignal(page.follower.finished, timeout=WAIT_MS):
        page.follow_action.trigger()  # F5 with nothing selected: every claim not closed
    qtbot.waitUntil(lambda: state(page, LATE) == "Accepted", timeout=WAIT_MS)
    qtbot.waitUntil(lambda: state(page, LATE_REFUSED) == "Refused", timeout=WAIT_MS)

    advance(shared_sandbox, 9)  # five more business days: paid, an IDC event in tracking
    with qtbot.waitSignal(page.follower.followed, timeout=WAIT_MS) as followed:
        page.follow_action.trigger()
    assert followed.args is not None
    assert followed.args[0].paid == 1
    qtbot.waitUntil(lambda: state(page, LATE) == "Paid", timeout=WAIT_MS)

    def answer(dialog: ReopenDialog) -> bool:
        dialog.reason_edit.setText("O atraso foi de 4 dias úteis")
        dialog.note_edit.setPlainText("ver o rastreamento")
        return True

    page.open_dialog = answer
    assert page.select_code(LATE_REFUSED)
    assert page.reopen_action.isEnabled()
    with qtbot.waitSignal(page.reopened, timeout=WAIT_MS) as reopened:
        page.reopen_action.trigger()
    assert reopened.args is not None
    assert reopened.args[0].return_code == 512
    said = page.desk.messages.message(REOPEN_KEY)
    assert said is not None
    assert said.text() == "Reopened (code 512)"
    qtbot.waitUntil(lambda: state(page, LATE_REFUSED) == "Reopened", timeout=WAIT_MS)
    assert not page.reopen_action.isEnabled()  # once
