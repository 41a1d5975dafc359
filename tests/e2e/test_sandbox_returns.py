"""The sandbox's return authorizations (pre-posting with ``logisticaReversa`` S) over real
loopback HTTP: the object code and the authorization code at creation, the validity date
required as DD/MM/YYYY, the ``eticket`` and ``logisticaReversa`` filters, posting at a branch
(by code) that moves the object from the customer back to the company, expiry, and cancel."""

from __future__ import annotations

from copy import deepcopy
from datetime import date, datetime, timedelta
from typing import Any

import pytest

from postalgui.sandbox.prepost.returns import posting_delay
from tests.e2e.test_sandbox_prepost import BASE, BODY, DAY, WHO, Desk, _refusal, desk, s10_valid

__all__ = ["desk"]  # the fixture, by name

TODAY = date.today()


def return_body(days: int = 30, **changes: Any) -> dict[str, Any]:
    """A customer in Rio sends back to the shop in São Paulo (as public clients send it)."""
    body = deepcopy(BODY)
    body["remetente"], body["destinatario"] = body["destinatario"], body["remetente"]
    body.pop("listaServicoAdicional")
    return body | {
        "codigoServico": "03301",
        "logisticaReversa": "S",
        "dataValidadeLogReversa": (TODAY + timedelta(days=days)).strftime("%d/%m/%Y"),
        "codigoObjetoIda": "DG049186226BR",
        "solicitarColeta": "N",
        **changes,
    }


def _valid(desk: Desk, days: int) -> str:
    today = datetime.fromisoformat(desk.control("GET", "/clock")["now"]).date()
    return (today + timedelta(days=days)).strftime("%d/%m/%Y")


def created(desk: Desk, days: int = 30, **changes: Any) -> dict[str, Any]:
    return desk.create(return_body(dataValidadeLogReversa=_valid(desk, days), **changes))


def test_a_return_has_its_codes_at_creation_and_is_found_by_them(desk: Desk) -> None:
    made = created(desk)
    code, eticket = made["codigoObjeto"], made["eticket"]
    assert (s10_valid(code), code[:2], len(eticket), eticket.isdigit()) == (True, "QR", 10, True)
    assert (made["statusAtual"], made["logisticaReversa"], made["codigoObjetoIda"]) == (
        2,
        "S",
        "DG049186226BR",
    )
    assert (
        made["prazoPostagem"][:10]
        == (datetime.strptime(made["dataValidadeLogReversa"], "%d/%m/%Y").date()).isoformat()
    )
    plain = desk.create()
    assert [item["id"] for item in desk.listed(eticket=eticket)["itens"]] == [made["id"]]
    assert [item["id"] for item in desk.listed(logisticaReversa="S")["itens"]] == [made["id"]]
    assert [item["id"] for item in desk.listed(logisticaReversa="N")["itens"]] == [plain["id"]]
    assert desk.listed(eticket="0000000000")["itens"] == []
    sedex = created(desk, codigoServico="03247")
    assert sedex["codigoObjeto"][:2] == "SR"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"dataValidadeLogReversa": ""}, "dataValidadeLogReversa"),
        ({"dataValidadeLogReversa": "2030-01-31"}, "dataValidadeLogReversa"),  # ISO: one Ruby client's form
        ({"dataValidadeLogReversa": "01/01/2020"}, "dataValidadeLogReversa"),
        ({"codigoServico": "03298"}, "codigoServico"),
        ({"codigoObjetoIda": "DG049186227BR"}, "codigoObjetoIda"),
        ({"logisticaReversa": "X"}, "logisticaReversa"),
    ],
)
def test_a_bad_return_is_refused_naming_the_field(desk: Desk, changes: dict[str, Any], field: str) -> None:
    message = _refusal(desk.call("POST", BASE, json=return_body(**changes)))
    assert message.startswith("PPN-017")
    assert f"'{field}'" in message
    assert desk.listed(logisticaReversa="S")["itens"] == []


def test_a_return_service_needs_logistica_reversa(desk: Desk) -> None:
    body = deepcopy(BODY) | {"codigoServico": "03301", "listaServicoAdicional": []}
    assert "'codigoServico'" in _refusal(desk.call("POST", BASE, json=body))


def _made_until(desk: Desk, posted: bool) -> dict[str, Any]:
    """A return whose object code the customer posts (or never does)."""
    for _ in range(30):
        made = created(desk, days=3)
        if (posting_delay(made["codigoObjeto"]) is not None) is posted:
            return made
    raise AssertionError("no such code in 30 returns")


def test_a_posted_return_moves_back_to_the_company_and_is_delivered(desk: Desk) -> None:
    made = _made_until(desk, posted=True)
    code = made["codigoObjeto"]
    assert desk.tracked(code)["mensagem"].startswith("SRO-020")  # not posted yet
    desk.advance(24 * 3600)
    assert (desk.item(made["id"])["statusAtual"], desk.posted(code)) == (3, True)
    first = desk.tracked(code)["eventos"][-1]
    assert (first["codigo"], first["unidade"]["endereco"]["uf"]) == ("PO", "RJ")  # at the customer's
    desk.advance(20 * DAY)
    events = desk.tracked(code)["eventos"]
    assert (events[0]["codigo"], events[0]["tipo"]) == ("BDE", "01")
    assert events[0]["unidade"]["endereco"]["uf"] == "SP"  # home, at the company's
    assert "já postada" in _refusal(desk.call("DELETE", f"{BASE}/{made['id']}", params=WHO))


def test_a_return_never_posted_expires_at_the_end_of_its_day(desk: Desk) -> None:
    made = _made_until(desk, posted=False)
    desk.advance(3 * DAY)
    assert desk.item(made["id"])["statusAtual"] in (2, 4)
    desk.advance(DAY + 1)
    item = desk.item(made["id"])
    assert (item["statusAtual"], item["descStatusAtual"]) == (4, "Expirado")
    assert desk.tracked(made["codigoObjeto"])["mensagem"].startswith("SRO-020")


def test_a_return_is_cancelled_as_a_pre_posting(desk: Desk) -> None:
    made = created(desk)
    answer = desk.call("DELETE", f"{BASE}/{made['id']}", params=WHO)
    assert (answer.status_code, answer.json()["statusAtual"], answer.json()["eticket"]) == (
        200,
        5,
        made["eticket"],
    )
    desk.advance(2 * DAY)
    assert desk.tracked(made["codigoObjeto"])["mensagem"].startswith("SRO-020")  # never comes
