"""The claims service's answers in the exact shapes of the operator's manual v2.2 §16
(REFERENCE, Claims; the fixtures in tests/contract): keys with spaces and accents
(``"codigo do objeto"``, ``"descrição retorno"``, ``"Situação Manifestação"``), the
manual's JSON types (``codigoRetorno`` a number, ``"codigo retorno"`` a string,
``numeroLote`` a string) and dates ``DD/MM/YYYY [HH:MM:SS]`` in Brasília time."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from postalgui.sandbox import price_catalog as cat
from postalgui.sandbox.claims import messages as m
from postalgui.sandbox.claims.world import Answer, Claim
from postalgui.sandbox.deadline_engine import ALIASES
from postalgui.sandbox.tracking.history import history

YES, NO = "S", "N"


def stamp(at: datetime) -> str:
    """``20/04/2023 16:13:15``."""
    return at.strftime("%d/%m/%Y %H:%M:%S")


def day(at: datetime | None) -> str:
    """``20/04/2023`` (``""`` for none: the manual types every date as a string)."""
    return at.strftime("%d/%m/%Y") if at is not None else ""


def filing_answer(lot: str, at: datetime, answers: list[Answer]) -> dict[str, Any]:
    """The `cadastra` answer: one `pi` entry per pedido, in order. ``mensagensPi`` (a
    number the manual shows as 0 without saying what it counts) is the entries without
    a protocol here: a guess."""
    refused = sum(answer.return_code != m.FILED for answer in answers)
    return {
        "codigoRetorno": 0,
        "descricaoRetorno": m.FILING[m.FILED],
        "numeroLote": lot,
        "dataHoraCadastro": stamp(at),
        "pi": [
            {
                "codigo do objeto": answer.code,
                "numero do pi": answer.protocol or "",
                "codigo retorno": str(answer.return_code),
                "descrição retorno": m.FILING.get(answer.return_code, m.FILING[m.TEMPORARY]),
            }
            for answer in answers
        ],
        "mensagensPi": refused,
    }


def follow_error(code: int) -> dict[str, Any]:
    """An `acompanha` that has nothing to show (still 200): the manual's return keys only."""
    return {"Código Retorno": str(code), "descricaoRetorno": m.FOLLOWING[code]}


def _service(claim: Claim) -> tuple[str, str]:
    code = ALIASES.get(claim.obj.product, claim.obj.product)
    product = cat.PRODUCTS.get(code)
    return code, product.name if product is not None else ""


def progress_record(claim: Claim, now: datetime) -> dict[str, Any]:
    """The `acompanha` answer for a claim at `now` (every key the manual shows)."""
    situation, merit, reply = claim.progress(now)
    event = claim.last_event(now)
    event_at, (event_type, event_code, event_text) = event if event else (None, ("", "", ""))
    reason = str(claim.request.codigoMotivoReclamacao)
    reopened = claim.reopened_at is not None and claim.reopened_at <= now
    service_code, service_name = _service(claim)
    return {
        "codigoObjeto": claim.code,
        "numeroPi": claim.protocol,
        "motivoReclamacaoInicial": reason,
        "descMotivoReclamacaoInicial": m.REASON_WORDS.get(reason, ""),
        "motivoDescReclamacaoInicial": m.REASON_WORDS.get(reason, ""),
        "motivoReclamacaoFinal": reason,
        "descMotivoReclamacaoFinal": m.REASON_WORDS.get(reason, ""),
        "Data de Abertura PI": day(claim.filed_at),
        "Data de Postagem do Objeto": day(claim.obj.posted),
        "Data Máxima de Entrega": history(claim.obj).expected.strftime("%d/%m/%Y"),
        "Código do Serviço": service_code,
        "Descrição do Serviço": service_name,
        "Postagem Depois da Hora": NO,
        "Data Último Evento": day(event_at),
        "Código Último Evento": event_code,
        "Tipo Último Evento": event_type,
        "Descrição Último Evento": event_text,
        "Situação Manifestação": situation,
        "Houve Recorrência": YES if reopened else NO,
        "Indicativo Procedência": YES if merit == m.UPHELD else NO,
        "Motivo Recorrência": reason if reopened else "",
        "Data Última Recorrência": day(claim.reopened_at) if reopened else "",
        "Mensagem Última Recorrência": claim.reopen_text if reopened else "",
        "Mensagem Última Resposta": reply,
        "Data Última Resposta": day(claim.closes_at) if reply else "",
        "Código Retorno": "00",
        "descricaoRetorno": "Consulta realizada com sucesso.",
        "Tipo Manifestação": claim.manifestation,
        "Indica se a manifestacao foi registrada pelo nivel de servico": NO,
    }


def reopen_answer(results: list[tuple[str, int, str]], at: datetime) -> dict[str, Any]:
    """The `reativa` answer: one `pi` entry per reativação, in order. The call's own
    ``codigoRetorno`` is 512 when any was reopened (the manual's example), else the
    first entry's code."""
    reopened = [code for _, code, _ in results if code == m.REOPENED]
    code = m.REOPENED if reopened else (results[0][1] if results else 0)
    return {
        "protocolo": "0",
        "codigoRetorno": code,
        "descricaoRetorno": m.REOPENING.get(code, ""),
        "numeroLote": f"{at:%Y%m%d}",
        "Data hora reativação": stamp(at),
        "pi": [
            {
                "protocolo": protocol,
                "numero do pi": protocol,
                "codigo retorno": str(code),
                "descrição retorno": message,
            }
            for protocol, code, message in results
        ],
    }
