"""The claims service (Fale Conosco, "pedido de informação"), bearer-protected: the API
that enables it is unknown (REFERENCE), so any valid token; the contract in the body
must be one of the token's company's, and the card one of that contract's, else 403
(PIN-003 / PIN-004 are the sandbox's own codes).

    POST /pedido-informacao/v1/externo/pedidos/cadastra   at most 50 pedidos; per-object
         answers in `pi` (0 with a protocol, else 4, 55, 271, 301, 510, 530, 534, 544, 545,
         547, 900, ...)
    GET  /pedido-informacao/v1/externo/pedidos/acompanha?contrato=&canal=W&codigodoObjetoOuProtocolo=
         200 always: the claim's progress, or "Código Retorno" 122 / 291 / 990
    POST /pedido-informacao/v1/externo/pedidos/reativa     per protocol in `pi`: 512,
         575, 587, 589, 590, 593, 596

Every answer has the manual's exact shape (REFERENCE, Claims; held to it by
tests/contract/test_claims.py): keys with spaces and accents, codes as the manual types
them, dates DD/MM/YYYY [HH:MM:SS] in Brasília time.

    POST   /_sandbox/claims/next  {"codigo": 999, "vezes": 1}: the next objects filed answer it
    GET    /_sandbox/claims       the app's claims as `acompanha` shows them now
    DELETE /_sandbox/claims       forgets the claims and their payments (so does /_sandbox/reset)

A bad body is 400 GTW-010 naming the field; nothing is filed. Routes are plain functions
(run in the thread pool): the first answer of a month builds the statements' label index.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field, field_validator

from postalgui.sandbox.auth import require_bearer
from postalgui.sandbox.claims import claims_world
from postalgui.sandbox.claims import messages as m
from postalgui.sandbox.claims.bodies import Filing, Reopening
from postalgui.sandbox.claims.wire import (
    filing_answer,
    follow_error,
    progress_record,
    reopen_answer,
)
from postalgui.sandbox.demo import Contract
from postalgui.sandbox.errors import MessageResponse, OperatorError
from postalgui.sandbox.faults import CONTROL_PREFIX
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import local_datetime
from postalgui.sandbox.tokens import TokenClaims

CHANNEL = "W"
PREFIX = "/pedido-informacao/v1/externo/pedidos"
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": MessageResponse} for code in (400, 401, 403, 500)}

Token = Annotated[TokenClaims, Depends(require_bearer)]
State = Annotated[SandboxState, Depends(get_state)]
router = APIRouter(prefix=PREFIX, tags=["pedido-informacao"], responses=ERRORS)
control = APIRouter(prefix=f"{CONTROL_PREFIX}/claims", tags=["sandbox control"])


def _now(state: SandboxState) -> datetime:
    return local_datetime(state.now()).replace(tzinfo=None, microsecond=0)


def _own(state: SandboxState, token: TokenClaims, contract: str) -> Contract | None:
    """The contract when it is the token's company's."""
    found = state.config.demo.find_contract(contract)
    return found[1] if found is not None and found[0].cnpj == token.cnpj else None


def _check_profile(state: SandboxState, token: TokenClaims, contract: str, card: str) -> None:
    """403 unless the contract is the token's company's and the card is the contract's."""
    record = _own(state, token, contract)
    if record is None:
        raise OperatorError(403, f"PIN-003: Contrato {contract} não pertence ao CNPJ do token de acesso")
    if record.card(card) is None:
        raise OperatorError(403, f"PIN-004: Cartão de postagem {card} não pertence ao contrato {contract}")


@router.post("/cadastra")
def file_claims(state: State, token: Token, body: Filing) -> dict[str, Any]:
    """File a claim per pedido; each one answers on its own, in order."""
    _check_profile(state, token, body.contrato, body.cartao)
    now = _now(state)
    requests = body.pedidos
    lot, answers = claims_world(state).file(body.contrato, body.telefone, requests, now)
    return filing_answer(lot, now, answers)


@router.get("/acompanha")
def follow_claim(
    state: State,
    token: Token,
    contrato: str = "",
    canal: str = "",
    wanted: Annotated[str, Query(alias="codigodoObjetoOuProtocolo")] = "",
) -> dict[str, Any]:
    """A claim's progress by object code or protocol (errors answer 200 with their code)."""
    contract, key = contrato.strip(), wanted.strip()
    if not contract or _own(state, token, contract) is None:
        return follow_error(m.BAD_CONTRACT)
    if canal.strip().upper() != CHANNEL or not key:
        return follow_error(m.BAD_QUERY)
    claim = claims_world(state).find(contract, key)
    if claim is None:
        return follow_error(m.UNKNOWN)
    return progress_record(claim, _now(state))


@router.post("/reativa")
def reopen_claims(state: State, token: Token, body: Reopening) -> dict[str, Any]:
    """Reopen each claim where allowed; each one answers on its own, in order."""
    _check_profile(state, token, body.contrato, body.cartao)
    now, world = _now(state), claims_world(state)
    results = []
    for item in body.reativacoes:
        text = f"{item.motivoReativacao} {item.observacao}".strip()
        code, message = world.reopen(body.contrato, item.protocolo, item.tipoManifestacao, text, now)
        results.append((item.protocolo, code, message))
    return reopen_answer(results, now)


class ForcedAnswer(BaseModel):
    """A filing code the next objects filed answer, whatever their state."""

    codigo: int = Field(description="one of the filing codes other than 0, e.g. 999")
    vezes: int = Field(default=1, ge=1, le=1000)

    @field_validator("codigo")
    @classmethod
    def _known(cls, value: int) -> int:
        if value == m.FILED or value not in m.FILING:
            codes = ", ".join(str(code) for code in sorted(m.FILING) if code != m.FILED)
            raise ValueError(f"um código de cadastro diferente de 0: {codes}")
        return value


@control.post("/next")
def force_next(state: State, body: ForcedAnswer) -> dict[str, int]:
    """The next `vezes` objects filed answer `codigo` (no protocol)."""
    return {"pending": claims_world(state).force(body.codigo, body.vezes)}


@control.get("")
def list_claims(state: State) -> list[dict[str, Any]]:
    """Every claim of the app as `acompanha` shows it now."""
    now = _now(state)
    return [progress_record(claim, now) for claim in claims_world(state).claims()]


@control.delete("")
def forget_claims(state: State) -> dict[str, int]:
    """Forget every claim (their IDC events leave tracking) and forced answer."""
    return {"forgotten": claims_world(state).forget()}
