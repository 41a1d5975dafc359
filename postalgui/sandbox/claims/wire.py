"""The claims service's bodies and answers as core27 "The wire" writes them.

Bodies are checked in shape here (a wrong type, more than `MAX_LOT` pedidos, an unknown
reason, packaging or manifestation: 400 naming the field, nothing filed); the answers'
keys with spaces (``"numero do pi"``, ``"codigo retorno"``) are the operator's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, Field, StringConstraints, field_validator

from postalgui.sandbox.claims import messages as m
from postalgui.sandbox.claims.world import Answer, Claim, Request
from postalgui.sandbox.tracking.history import history
from postalgui.sandbox.tracking.wire import postal_type, stamp

_T = TypeVar("_T")
MAX_LOT = 50
"""`pedidos` (and `reativacoes`) per call."""

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]


def _one_of(value: str, allowed: dict[str, str]) -> str:
    if value not in allowed:
        raise ValueError("use " + " ou ".join(f"{key} ({word})" for key, word in allowed.items()))
    return value


def _lot(items: list[_T]) -> list[_T]:
    if not 1 <= len(items) <= MAX_LOT:
        raise ValueError(f"de 1 a {MAX_LOT} itens por chamada (recebidos {len(items)})")
    return items


class Pedido(BaseModel):
    """One object to claim."""

    codigoObjeto: Text
    emailResposta: Text
    nomeDestinatario: Text
    codigoMotivoReclamacao: int = Field(strict=True)
    tipoEmbalagem: str
    tipoManifestacao: str

    @field_validator("codigoMotivoReclamacao")
    @classmethod
    def _reason(cls, value: int) -> int:
        if value not in m.REASONS:
            raise ValueError("motivo desconhecido: use um de " + ", ".join(map(str, sorted(m.REASONS))))
        return value

    @field_validator("tipoEmbalagem")
    @classmethod
    def _packaging(cls, value: str) -> str:
        return _one_of(value, m.PACKAGING)

    @field_validator("tipoManifestacao")
    @classmethod
    def _manifestation(cls, value: str) -> str:
        return _one_of(value, m.MANIFESTATIONS)

    def request(self) -> Request:
        return Request(
            self.codigoObjeto,
            self.emailResposta,
            self.nomeDestinatario,
            self.codigoMotivoReclamacao,
            self.tipoEmbalagem,
            self.tipoManifestacao,
        )


class Filing(BaseModel):
    """The `cadastra` body."""

    contrato: Text
    cartao: Text
    telefone: Text
    pedidos: list[Pedido]

    @field_validator("pedidos")
    @classmethod
    def _bounded(cls, value: list[Pedido]) -> list[Pedido]:
        return _lot(value)


class Reativacao(BaseModel):
    """One claim to reopen."""

    protocolo: Text
    tipoManifestacao: str
    motivoReativacao: Text
    observacao: str = Field(default="", max_length=500)

    @field_validator("tipoManifestacao")
    @classmethod
    def _manifestation(cls, value: str) -> str:
        return _one_of(value, m.MANIFESTATIONS)


class Reopening(BaseModel):
    """The `reativa` body."""

    contrato: Text
    cartao: Text
    reativacoes: list[Reativacao]

    @field_validator("reativacoes")
    @classmethod
    def _bounded(cls, value: list[Reativacao]) -> list[Reativacao]:
        return _lot(value)


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
        "codigoMotivoReclamacao": claim.request.reason,
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
