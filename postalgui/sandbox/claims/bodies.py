"""The claims service's request bodies, checked in shape: a wrong type, more than `MAX_LOT`
pedidos, an unknown reason, packaging or manifestation is 400 naming the field (the error
handlers write it as the gateway would), and nothing is filed."""

from __future__ import annotations

from typing import Annotated, TypeVar

from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from postalgui.sandbox.claims import messages as m

_T = TypeVar("_T")
MAX_LOT = 50
"""`pedidos` (and `reativacoes`) per call."""

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]


def _one_of(value: str, allowed: dict[str, str]) -> str:
    if value not in allowed:
        raise ValueError("use " + " ou ".join(f"{key} ({word})" for key, word in allowed.items()))
    return value


def _reason(value: int) -> int:
    if value not in m.REASONS:
        raise ValueError("motivo desconhecido: use um de " + ", ".join(map(str, sorted(m.REASONS))))
    return value


def _packaging(value: str) -> str:
    return _one_of(value, m.PACKAGING)


def _manifestation(value: str) -> str:
    return _one_of(value, m.MANIFESTATIONS)


Reason = Annotated[int, Field(strict=True), AfterValidator(_reason)]
Packaging = Annotated[str, AfterValidator(_packaging)]
Manifestation = Annotated[str, AfterValidator(_manifestation)]


def _lot(items: list[_T]) -> list[_T]:
    if not 1 <= len(items) <= MAX_LOT:
        raise ValueError(f"de 1 a {MAX_LOT} itens por chamada (recebidos {len(items)})")
    return items


class Pedido(BaseModel):
    """One object to claim."""

    codigoObjeto: Text
    emailResposta: Text
    nomeDestinatario: Annotated[str, StringConstraints(strip_whitespace=True, max_length=200)] = ""
    """Required by the operator: an empty or missing one is that object's code 301 (REFERENCE)."""
    codigoMotivoReclamacao: Reason
    tipoEmbalagem: Packaging
    tipoManifestacao: Manifestation


class Filing(BaseModel):
    """The `cadastra` body."""

    contrato: Text
    cartao: Text
    telefone: Text
    pedidos: Annotated[list[Pedido], AfterValidator(_lot)]


class Reativacao(BaseModel):
    """One claim to reopen."""

    protocolo: Text
    tipoManifestacao: Manifestation
    motivoReativacao: Text
    observacao: str = Field(default="", max_length=500)


class Reopening(BaseModel):
    """The `reativa` body."""

    contrato: Text
    cartao: Text
    reativacoes: Annotated[list[Reativacao], AfterValidator(_lot)]
