"""The delivery-time service (`/prazo`), bearer-protected; a token whose `api` list lacks 35 gets 403.

Status codes (`deadline_engine` has the model):
    GET  /prazo/v1/nacional/{coProduto}: 200 with the record; a route the product does not
         serve is 200 with only coProduto, nuRequisicao and ``txErro "PRZ-008: ..."`` (per-item
         errors live in txErro); a bad product, CEP or date is 400 with a MessageResponse.
    POST /prazo/v1/nacional: one answer per item in request order; 200 all answered, 206 some
         (REFERENCE: "a mixed batch may come back 206"), 400 none (the list still carries the
         per-item txErro); more than 5 items is 400 PRZ-101 (MessageResponse), like prices.
    GET  /prazo/v1/data-prevista, /prazo/v1/coleta/{cep}, /prazo/v2/internacional/exportacao/
         {coProduto}: 200, or 400 with a MessageResponse.
    /prazo/v1/internacional/...: 410 Gone, any method (v1 is deprecated in favour of v2).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from postalgui.sandbox.auth import require_bearer
from postalgui.sandbox.deadline_engine import (
    MAX_BATCH,
    DeadlineError,
    batch_status,
    batch_too_large,
    deadline_item,
    deadline_record,
    expected_date,
    international_deadline,
    parse_date,
    pickup_days,
    wire_timestamp,
)
from postalgui.sandbox.errors import MessageResponse, OperatorError
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import local_datetime
from postalgui.sandbox.tokens import TokenClaims

DEADLINE_API = 35
GTW_DEADLINE_NOT_ENABLED = (
    f"GTW-011: API {DEADLINE_API} (Prazo) não habilitada para o cartão de postagem ou contrato do token"
)
PRZ_V1_GONE = "PRZ-410: A API de prazo internacional v1 foi descontinuada: use /prazo/v2/internacional"


async def require_deadline_api(claims: Annotated[TokenClaims, Depends(require_bearer)]) -> TokenClaims:
    """FastAPI dependency: a valid token whose card or contract has the delivery-time API enabled."""
    if DEADLINE_API not in claims.api:
        raise OperatorError(
            403, GTW_DEADLINE_NOT_ENABLED, causa=f"API {DEADLINE_API} (Prazo) não consta do token"
        )
    return claims


Claims = Annotated[TokenClaims, Depends(require_deadline_api)]
State = Annotated[SandboxState, Depends(get_state)]
ProductCode = Annotated[str, Path(alias="coProduto", description="product code, e.g. 03220")]

router = APIRouter(
    prefix="/prazo",
    tags=["prazo"],
    responses={code: {"model": MessageResponse} for code in (400, 401, 403, 500)},
)


class NationalQuery(BaseModel):
    cepOrigem: str | None = None
    cepDestino: str | None = None
    dtEvento: str | None = Field(default=None, description="DD-MM-YYYY (DD/MM/YYYY accepted)")
    nuRequisicao: str | None = None


class ExpectedDateQuery(BaseModel):
    cepOrigem: str | None = None
    cepDestino: str | None = None
    prazo: str | None = Field(default=None, description="business days")
    dtPostagem: str | None = Field(default=None, description="DD-MM-YYYY")


class InternationalQuery(BaseModel):
    sgPaisDestino: str | None = None
    dtEvento: str | None = Field(default=None, description="DD-MM-YYYY")


class NationalBatch(BaseModel):
    """LotePrazoNacional; items stay raw so one bad item cannot fail the batch."""

    idLote: str
    parametrosPrazo: list[dict[str, Any]] | None = None


def _today(state: SandboxState) -> date:
    """Today on the sandbox clock in Brasília time."""
    return local_datetime(state.now()).date()


def _refused(error: DeadlineError) -> OperatorError:
    return OperatorError(400, error.message, causa="Parâmetros de prazo recusados")


@router.get("/v1/nacional/{coProduto}")
async def national_deadline(
    co_produto: ProductCode, params: Annotated[NationalQuery, Query()], state: State, claims: Claims
) -> dict[str, Any]:
    """Deadline of one national product; a route it does not serve answers an item txErro."""
    raw = params.model_dump(exclude_none=True) | {"coProduto": co_produto}
    try:
        return deadline_record(raw, _today(state))
    except DeadlineError as error:
        if not error.not_served:
            raise _refused(error) from error
        record, _ = deadline_item(raw, _today(state))
        return record


async def national_batch(body: NationalBatch, state: State, claims: Claims) -> JSONResponse:
    """Deadlines of up to 5 national products, in request order, matched by nuRequisicao."""
    items = body.parametrosPrazo or []
    if len(items) > MAX_BATCH:
        raise OperatorError(400, batch_too_large(len(items)), causa=f"Lote {body.idLote}")
    today = _today(state)
    answers = [deadline_item(item, today) for item in items]
    status = batch_status([ok for _, ok in answers])
    return JSONResponse([record for record, _ in answers], status_code=status)


for _path in ("/v1/nacional", "/v1/nacional/"):
    router.add_api_route(_path, national_batch, methods=["POST"], include_in_schema=_path == "/v1/nacional")


@router.get("/v1/data-prevista")
async def expected_delivery_date(
    params: Annotated[ExpectedDateQuery, Query()], state: State, claims: Claims
) -> dict[str, str]:
    """The date `prazo` business days after `dtPostagem`."""
    try:
        day = expected_date(params.model_dump(exclude_none=True), _today(state))
    except DeadlineError as error:
        raise _refused(error) from error
    return {"dataPrevista": wire_timestamp(day)}


@router.get("/v1/coleta/{cep}")
async def pickup_lead_time(cep: Annotated[str, Path()], claims: Claims) -> dict[str, Any]:
    """Business days until the operator can pick parcels up at this CEP."""
    try:
        return {"cep": cep, "prazoColeta": pickup_days(cep)}
    except DeadlineError as error:
        raise _refused(error) from error


@router.get("/v2/internacional/exportacao/{coProduto}")
async def export_deadline(
    co_produto: ProductCode, params: Annotated[InternationalQuery, Query()], state: State, claims: Claims
) -> dict[str, Any]:
    """Minimum and maximum business days of an export product to a country."""
    try:
        posted = parse_date(params.dtEvento, "dtEvento", _today(state))
        return international_deadline(co_produto, params.sgPaisDestino, posted)
    except DeadlineError as error:
        raise _refused(error) from error


async def international_v1_gone() -> None:
    """v1 international is deprecated: every call is told to use v2."""
    raise OperatorError(410, PRZ_V1_GONE, causa="Versão descontinuada")


for _path in ("/v1/internacional", "/v1/internacional/{rest:path}"):
    router.add_api_route(
        _path,
        international_v1_gone,
        methods=["GET", "POST"],
        status_code=410,
        responses={410: {"model": MessageResponse}},
        include_in_schema=_path == "/v1/internacional/{rest:path}",
    )
