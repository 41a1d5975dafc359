"""The price service (`/preco/v1`), bearer-protected: national, international, additional services.

Single-product GETs answer a validation failure with 400 and the operator's
MessageResponse; batch POSTs answer 200 with one record per item, failed items
carrying only ``coProduto``, ``nuRequisicao`` and ``txErro`` (`price_engine` lists the
shapes). A batch larger than its contract accepts (5, or 3 for contract 9912345679)
is refused whole with 400 PRC-101. A token whose `api` list lacks 34 gets 403 GTW-011.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, Field

from postalgui.sandbox.auth import require_bearer
from postalgui.sandbox.errors import GTW_API_NOT_ENABLED, MessageResponse, OperatorError
from postalgui.sandbox.price_catalog import Scope
from postalgui.sandbox.price_engine import (
    PriceError,
    PricingContext,
    additional_services,
    batch_limit,
    batch_too_large,
    quote,
    quote_item,
)
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import local_datetime
from postalgui.sandbox.tokens import TokenClaims

PRICE_API = 34


async def require_price_api(claims: Annotated[TokenClaims, Depends(require_bearer)]) -> TokenClaims:
    """FastAPI dependency: a valid token whose card or contract has the price API enabled."""
    if PRICE_API not in claims.api:
        raise OperatorError(403, GTW_API_NOT_ENABLED, causa=f"API {PRICE_API} (Preço) não consta do token")
    return claims


Claims = Annotated[TokenClaims, Depends(require_price_api)]
ProductCode = Annotated[str, Path(alias="coProduto", description="product code, e.g. 03220")]
State = Annotated[SandboxState, Depends(get_state)]

router = APIRouter(
    prefix="/preco/v1",
    tags=["preco"],
    responses={code: {"model": MessageResponse} for code in (400, 401, 403, 500)},
)


class _PriceQuery(BaseModel):
    """Query parameters shared by both single-product GETs (spec 2.2)."""

    nuRequisicao: str | None = None
    nuContrato: str | None = None
    nuDR: int | None = None
    cepOrigem: str | None = None
    psObjeto: str | None = None
    nuUnidade: str | None = None
    tpObjeto: str | None = None
    comprimento: str | None = None
    largura: str | None = None
    altura: str | None = None
    diametro: str | None = None
    psCubico: str | None = None
    servicosAdicionais: list[str] = Field(default_factory=list)
    criterios: list[str] = Field(default_factory=list)
    vlDeclarado: str | None = None
    dtEvento: str | None = Field(default=None, description="DD-MM-YYYY")
    coUnidadeOrigem: str | None = None
    dtArmazenagem: str | None = Field(default=None, description="DD-MM-YYYY")
    vlRemessa: str | None = None


class NationalQuery(_PriceQuery):
    cepDestino: str | None = None


class InternationalQuery(_PriceQuery):
    sgPaisDestino: str


class ServicesQuery(BaseModel):
    """Query of the additional-services operation; here `dtEvento` is YYYY-MM-DD."""

    vlDeclarado: str | None = None
    dtEvento: str | None = Field(default=None, description="YYYY-MM-DD")
    sgPais: str | None = None


class NationalBatch(BaseModel):
    """LotePrecoNacionalParam; items stay raw so one bad item cannot fail the batch."""

    idLote: str
    parametrosProduto: list[dict[str, Any]] | None = None


class InternationalBatch(NationalBatch):
    """LotePrecoInternacionalParam."""


def pricing_context(state: SandboxState, claims: TokenClaims) -> PricingContext:
    """Today in operator time, the token's contract and every contract of the token's company."""
    company = state.config.demo.company_of(claims.cnpj)
    contracts = {c.number: c.dr for c in company.contracts} if company else {}
    return PricingContext(local_datetime(state.now()).date(), claims.contrato, contracts)


def _single(co_produto: str, params: _PriceQuery, context: PricingContext, scope: Scope) -> dict[str, Any]:
    raw = params.model_dump(exclude_none=True) | {"coProduto": co_produto}
    try:
        return quote(raw, context, scope)
    except PriceError as error:
        raise OperatorError(400, *error.messages, causa="Parâmetros de preço recusados") from error


def _batch(body: NationalBatch, context: PricingContext, scope: Scope) -> list[dict[str, Any]]:
    items = body.parametrosProduto or []
    limit = batch_limit(items, context)
    if len(items) > limit:
        raise OperatorError(400, batch_too_large(limit, len(items)), causa=f"Lote {body.idLote}")
    return [quote_item(item, context, scope) for item in items]


async def national_batch(body: NationalBatch, state: State, claims: Claims) -> list[dict[str, Any]]:
    """Prices of up to 5 national products, in request order."""
    return _batch(body, pricing_context(state, claims), Scope.NACIONAL)


for _path in ("/nacional", "/nacional/"):
    router.add_api_route(_path, national_batch, methods=["POST"], include_in_schema=_path == "/nacional")


@router.post("/internacional")
async def international_batch(body: InternationalBatch, state: State, claims: Claims) -> list[dict[str, Any]]:
    """Prices of up to 5 international products, in request order."""
    return _batch(body, pricing_context(state, claims), Scope.INTERNACIONAL)


@router.get("/nacional/{coProduto}")
async def national_price(
    co_produto: ProductCode, params: Annotated[NationalQuery, Query()], state: State, claims: Claims
) -> dict[str, Any]:
    """Price of one national product; lists as repeated parameters."""
    return _single(co_produto, params, pricing_context(state, claims), Scope.NACIONAL)


@router.get("/internacional/{coProduto}")
async def international_price(
    co_produto: ProductCode, params: Annotated[InternationalQuery, Query()], state: State, claims: Claims
) -> dict[str, Any]:
    """Price of one international product to `sgPaisDestino`."""
    return _single(co_produto, params, pricing_context(state, claims), Scope.INTERNACIONAL)


@router.get("/servicos-adicionais/{coProduto}")
async def list_additional_services(
    co_produto: ProductCode, params: Annotated[ServicesQuery, Query()], state: State, claims: Claims
) -> list[dict[str, Any]]:
    """Additional services of a product valid on `dtEvento`, priced for `vlDeclarado`."""
    try:
        return additional_services(
            co_produto,
            today=pricing_context(state, claims).today,
            vl_declarado=params.vlDeclarado,
            dt_evento=params.dtEvento,
            sg_pais=params.sgPais,
        )
    except PriceError as error:
        raise OperatorError(400, *error.messages, causa="Parâmetros recusados") from error
