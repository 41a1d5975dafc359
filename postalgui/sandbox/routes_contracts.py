"""The contract service (`/meucontrato/v1`), bearer-protected, read-only.

Only contracts of the token's own CNPJ can be queried (spec 1, 5.7). Codes the
sandbox invented: CON-003 (403, CNPJ in the path is not the token's); CON-011 is
the operator's (service not found for contract and card, 404).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends

from postalgui.sandbox.auth import require_bearer
from postalgui.sandbox.demo import Company, Contract
from postalgui.sandbox.errors import MessageResponse, OperatorError
from postalgui.sandbox.identifiers import normalize_cnpj
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import local_datetime, parse_local
from postalgui.sandbox.tokens import TokenClaims

ContractStatus = Literal["ATIVO", "SUSPENSO", "CANCELADO", "EM_DESENVOLVIMENTO"]
Claims = Annotated[TokenClaims, Depends(require_bearer)]
State = Annotated[SandboxState, Depends(get_state)]

router = APIRouter(
    prefix="/meucontrato/v1",
    tags=["meucontrato"],
    responses={code: {"model": MessageResponse} for code in (400, 401, 403, 404)},
)


def own_company(state: SandboxState, claims: TokenClaims, cnpj: str) -> Company:
    """The company named in the path, if it is the token's; 403 otherwise."""
    wanted = normalize_cnpj(cnpj)
    company = state.config.demo.company_of(wanted)
    if wanted != claims.cnpj or company is None:
        raise OperatorError(403, f"CON-003: CNPJ {cnpj} não corresponde ao CNPJ do token de acesso")
    return company


def in_validity(state: SandboxState, valid_from: str, valid_until: str) -> bool:
    """Whether today (operator time) falls inside a validity period."""
    return parse_local(valid_from) <= local_datetime(state.now()) <= parse_local(valid_until)


def _select(
    state: SandboxState, contracts: tuple[Contract, ...], status: str | None, vigente: str | None
) -> list[Contract]:
    chosen = [c for c in contracts if status is None or c.status == status]
    if vigente == "S":
        chosen = [c for c in chosen if in_validity(state, c.valid_from, c.valid_until)]
    return chosen


@router.get("/empresas/{cnpj}/contratos")
async def list_contracts(
    cnpj: str,
    state: State,
    claims: Claims,
    status: ContractStatus | None = None,
    vigente: Literal["S", "N"] | None = None,
) -> list[dict[str, Any]]:
    """Contracts of the company; `vigente=S` keeps those valid today."""
    company = own_company(state, claims, cnpj)
    return [contract.record() for contract in _select(state, company.contracts, status, vigente)]
