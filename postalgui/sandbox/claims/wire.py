"""The claims service's answers as core27 "The wire" writes them: the keys with spaces
(``"numero do pi"``, ``"codigo retorno"``) are the operator's."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from postalgui.sandbox.claims import messages as m
from postalgui.sandbox.claims.world import Answer, Claim
from postalgui.sandbox.tracking.history import history
from postalgui.sandbox.tracking.wire import postal_type, stamp


def filing_answer(lot: str, at: datetime, answers: list[Answer]) -> dict[str, Any]:
    """The `cadastra` answer: one `pi` entry per pedido, in order."""
    return {
        "codigoRetorno": 0,
        "numeroLote": lot,
        "dataHoraCadastro": stamp(at),
        "pi": [
            {
                "codigo objeto": answer.code,
                "numero do pi": answer.protocol,
                "codigo retorno": answer.return_code,
                "mensagem retorno": m.FILING.get(answer.return_code, m.FILING[m.TEMPORARY]),
            }
            for answer in answers
        ],
    }


def follow_error(code: int) -> dict[str, Any]:
    """An `acompanha` that has nothing to show (still 200)."""
    return {"codigoRetorno": code, "mensagem": m.FOLLOWING[code]}


def progress_record(claim: Claim, now: datetime) -> dict[str, Any]:
    """The `acompanha` answer for a claim at `now`."""
    situation, merit, reply = claim.progress(now)
    return {
        "codigoRetorno": 0,
        "protocolo": claim.protocol,
        "codigoObjeto": claim.code,
        "dataAbertura": stamp(claim.filed_at),
        "dataPostagem": claim.obj.posted.date().isoformat(),
        "Data Máxima de Entrega": history(claim.obj).expected.isoformat(),
        "servico": postal_type(claim.obj)["descricao"],
        "ultimoEvento": claim.last_event(now),
        "situacao": situation,
        "merito": merit,
        "tipoManifestacao": claim.manifestation,
        "codigoMotivoReclamacao": claim.request.codigoMotivoReclamacao,
        "resposta": reply,
    }


def reopen_answer(results: list[tuple[str, int, str]]) -> dict[str, Any]:
    """The `reativa` answer: one entry per reativação, in order."""
    return {
        "codigoRetorno": 0,
        "reativacoes": [
            {"protocolo": protocol, "codigo retorno": code, "mensagem retorno": message}
            for protocol, code, message in results
        ],
    }
