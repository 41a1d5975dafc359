"""Claims progress with the sandbox clock: "Em análise", closed 3 business days later, a
compensation judged "Procedente" paid 5 business days after (an IDC event in tracking), and
`reativa`'s answers (512 then "Reaberto", 587, 589, 590, 596, 990)."""

from __future__ import annotations

import random

from postalgui.sandbox.claims.rules import REJECTED_SHARE
from tests.unit.sandbox.claims_support import Sandbox, pedido, sandbox, server

__all__ = ["sandbox", "server"]


def _upheld(code: str) -> bool:
    return random.Random(f"claim-merit/{code}").random() >= REJECTED_SHARE


def _rejected(code: str) -> bool:
    return not _upheld(code)


def _late(sandbox: Sandbox, *, upheld: bool) -> str:
    return sandbox.make(
        "late",
        lambda f: f.delivered_on is not None and not f.on_time,
        code_ok=_upheld if upheld else _rejected,
    )


def _filed(sandbox: Sandbox, code: str, reason: int = 135, kind: str = "I") -> str:
    (answer,) = sandbox.file(pedido(code, reason, kind))
    assert answer["codigo retorno"] == "0", answer
    return str(answer["numero do pi"])


def _state(sandbox: Sandbox, key: str) -> tuple[str, str]:
    """ "Situação Manifestação" and "Indicativo Procedência" (S upheld, N not)."""
    found = sandbox.follow(key)
    return found["Situação Manifestação"], found["Indicativo Procedência"]


def _reopen_codes(sandbox: Sandbox, *protocols: str) -> list[int]:
    return [int(answer["codigo retorno"]) for answer in sandbox.reopen(*protocols)]


def test_a_late_compensation_closes_upheld_and_is_paid_into_tracking(sandbox: Sandbox) -> None:
    code = _late(sandbox, upheld=True)
    protocol = _filed(sandbox, code)  # Wednesday 10:00: closes Monday 10:00, paid a week later
    before = sandbox.track(code)
    sandbox.advance(4.9)
    assert _state(sandbox, protocol) == ("Em análise", "N")
    assert _reopen_codes(sandbox, protocol) == [593]  # still in analysis: not closed
    sandbox.advance(0.2)
    found = sandbox.follow(protocol)
    assert (found["Situação Manifestação"], found["Indicativo Procedência"]) == ("Encerrada", "S")
    assert "Atraso" in found["Mensagem Última Resposta"]
    assert _reopen_codes(sandbox, protocol) == [589]  # upheld, not paid yet
    assert sandbox.track(code) == before  # the cached answer, no payment yet
    sandbox.advance(7)
    tracked = sandbox.track(code)
    paid, *rest = tracked["eventos"]
    assert rest == before["eventos"]
    assert {key: paid[key] for key in ("codigo", "tipo", "descricao")} == {
        "codigo": "IDC",
        "tipo": "01",
        "descricao": "Objeto indenizado",
    }
    assert paid["dtHrCriado"] == "2026-12-07T10:00:00"  # Monday + 5 business days
    assert paid["unidade"] == before["eventos"][-1]["unidade"]  # the posting unit
    assert sandbox.follow(code)["Descrição Último Evento"] == "Objeto indenizado"
    assert _reopen_codes(sandbox, protocol) == [590]
    sandbox.control("DELETE", "/claims")
    assert sandbox.track(code) == before  # forgotten claims take their payment along


def test_a_complaint_closes_upheld_without_payment(sandbox: Sandbox) -> None:
    code = _late(sandbox, upheld=False)
    protocol = _filed(sandbox, code, kind="R")
    sandbox.advance(30)
    found = sandbox.follow(protocol)
    shown = (found["Situação Manifestação"], found["Indicativo Procedência"], found["Tipo Manifestação"])
    assert shown == ("Encerrada", "S", "R")
    assert all(event["codigo"] != "IDC" for event in sandbox.track(code)["eventos"])


def test_a_rejected_claim_is_reopened_then_upheld_and_paid(sandbox: Sandbox) -> None:
    code = _late(sandbox, upheld=False)
    protocol = _filed(sandbox, code)
    sandbox.advance(6)  # Tuesday 10:00: closed on Monday
    found = sandbox.follow(code)
    assert (found["Situação Manifestação"], found["Indicativo Procedência"]) == ("Encerrada", "N")
    assert found["Mensagem Última Resposta"]
    [reopened] = sandbox.reopen(protocol)
    assert (reopened["protocolo"], reopened["codigo retorno"]) == (protocol, "512")
    assert reopened["descrição retorno"] == "Olá, sua manifestação foi reativada com sucesso."
    assert _state(sandbox, protocol) == ("Reaberta", "N")
    assert _reopen_codes(sandbox, protocol) == [590]  # already reopened
    sandbox.advance(2)  # Thursday: recloses Friday
    assert _state(sandbox, protocol) == ("Reaberta", "N")
    sandbox.advance(1)
    assert _state(sandbox, protocol) == ("Encerrada", "S")
    assert all(event["codigo"] != "IDC" for event in sandbox.track(code)["eventos"])
    sandbox.advance(7)  # Friday + 5 business days
    assert sandbox.track(code)["eventos"][0]["codigo"] == "IDC"


def test_reopening_is_refused_after_thirty_days_for_on_time_objects_and_unknown_protocols(
    sandbox: Sandbox,
) -> None:
    late = _late(sandbox, upheld=False)
    on_time = sandbox.make("on_time", lambda f: f.on_time)
    late_protocol = _filed(sandbox, late)
    damaged_protocol = _filed(sandbox, on_time, reason=134)
    sandbox.advance(36)  # closed on Monday 30 Nov: 30 days later is 30 Dec
    assert _state(sandbox, damaged_protocol) == ("Encerrada", "N")
    answers = sandbox.reopen(late_protocol, damaged_protocol, "1234567890")
    assert [a["codigo retorno"] for a in answers] == ["587", "596", "575"]  # 575: protocol not found
    assert [a["protocolo"] for a in answers] == [late_protocol, damaged_protocol, "1234567890"]
