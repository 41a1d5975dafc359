"""The token service (`/token`): login, contract and posting-card tokens over HTTP Basic.

Served under both `/token/v1/autentica...` (endpoint list) and `/token/autentica...`
(the documented invocation address), as the spec shows both. Success is 201 with
the operator's field set; `emissao`/`expiraEm` carry no offset, `zoneOffset` does.
A 201 carries ``Location`` (spec 001, 7); the spec gives a token no address of its own,
so it names the operation that issued it (the path asked, without the query).

Codes the sandbox invented (the operator publishes no catalogue):
    GTW-001 401 credentials missing       GTW-002 401 login or access code wrong
    TKN-004 404 contract not found        TKN-005 403 contract of another CNPJ
    TKN-006 404 card not found            TKN-007 403 card of another CNPJ
    TKN-008 403 card not in the given contract
    TKN-009 400 DR does not match the contract
    TKN-010 403 contract not ATIVO        TKN-011 403 card not ATIVO (e.g. IRREGULAR)

Validity dates are not checked when issuing (status decides), so the demo data does
not stop working on a calendar date.
"""

from __future__ import annotations

import base64
import binascii
import hmac
from collections.abc import Callable
from operator import attrgetter, itemgetter
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, field_validator

from postalgui.sandbox.demo import API_CATALOG, Company, Contract, PostingCard
from postalgui.sandbox.errors import (
    GTW_CREDENTIALS_INVALID,
    GTW_CREDENTIALS_MISSING,
    MessageResponse,
    OperatorError,
)
from postalgui.sandbox.identifiers import normalize_number
from postalgui.sandbox.state import SandboxState, app_state, get_state
from postalgui.sandbox.timefmt import ZONE_OFFSET, format_local
from postalgui.sandbox.tokens import TokenClaims, issue

PERFIL = "PJ"
CATEGORIA = "CONTRATO_COMERCIAL"
_BASIC_CHALLENGE = {"WWW-Authenticate": 'Basic realm="postalgui-sandbox", charset="UTF-8"'}


class ContractTokenRequest(BaseModel):
    """Body of `/autentica/contrato`; `numero` is normalised to 10 digits."""

    numero: str
    dr: int | None = None

    @field_validator("numero")
    @classmethod
    def _pad(cls, value: str) -> str:
        return normalize_number(value)


class CardTokenRequest(BaseModel):
    """Body of `/autentica/cartaopostagem`; numbers are normalised to 10 digits."""

    numero: str
    contrato: str | None = None
    dr: int | None = None

    @field_validator("numero", "contrato")
    @classmethod
    def _pad(cls, value: str | None) -> str | None:
        return None if value is None else normalize_number(value)


async def require_basic(request: Request) -> str:
    """FastAPI dependency: the login, once Basic credentials match the demo account."""
    scheme, _, encoded = request.headers.get("authorization", "").strip().partition(" ")
    if scheme.lower() != "basic" or not encoded.strip():
        raise OperatorError(
            401, GTW_CREDENTIALS_MISSING, causa="Autenticação Basic ausente", headers=_BASIC_CHALLENGE
        )
    try:
        login, sep, password = base64.b64decode(encoded.strip(), validate=True).decode("utf-8").partition(":")
    except (binascii.Error, UnicodeDecodeError):
        sep = login = password = ""
    demo = app_state(request.app).config.demo
    login_ok = hmac.compare_digest(login.encode(), demo.login.encode())
    code_ok = hmac.compare_digest(password.encode(), demo.access_code.encode())
    if not (sep and login_ok and code_ok):
        raise OperatorError(
            401, GTW_CREDENTIALS_INVALID, causa="Credenciais recusadas", headers=_BASIC_CHALLENGE
        )
    return login


Login = Annotated[str, Depends(require_basic)]
State = Annotated[SandboxState, Depends(get_state)]


def _check_usable(contract: Contract, card: PostingCard | None = None) -> None:
    """Refuse tokens for contracts and cards that are not active."""
    if contract.status != "ATIVO":
        raise OperatorError(
            403, f"TKN-010: Contrato {contract.number} com status {contract.status} não permite gerar token"
        )
    if card is not None and card.status != "ATIVO":
        raise OperatorError(
            403, f"TKN-011: Cartão de postagem {card.number} com status {card.status}: consulte o operador"
        )


def _check_dr(dr: int | None, contract: Contract) -> None:
    if dr is not None and dr != contract.dr:
        raise OperatorError(400, f"TKN-009: DR {dr} não corresponde ao contrato {contract.number}")


def _token_body(
    request: Request,
    state: SandboxState,
    login: str,
    *,
    escopo: str,
    api: tuple[int, ...],
    contract: Contract | None = None,
    card: PostingCard | None = None,
) -> dict[str, Any]:
    """Sign a token and build the operator's 201 body around it."""
    config = state.config
    now = int(state.now())
    claims = TokenClaims(
        sub=login,
        iat=now,
        exp=now + state.token_lifetime_s,
        cnpj=config.demo.cnpj,
        ambiente=config.ambiente,
        escopo=escopo,
        api=api,
        epoch=state.epoch,
        contrato=contract.number if contract else None,
        cartao=card.number if card else None,
        dr=contract.dr if contract else None,
    )
    body: dict[str, Any] = {
        "ambiente": config.ambiente,
        "id": login,
        "ip": request.client.host if request.client else "",
        "perfil": PERFIL,
        "cnpj": config.demo.cnpj,
    }
    if contract is not None and card is not None:
        body["cartaoPostagem"] = {
            "numero": card.number,
            "contrato": contract.number,
            "dr": contract.dr,
            "api": list(api),
            "apis": _api_groups(api),
        }
    elif contract is not None:
        body["contrato"] = {"numero": contract.number, "dr": contract.dr, "api": list(api)}
    # A login token names no `api` list in its body (REFERENCE.md lists `api` only inside
    # `cartaoPostagem` and `contrato`); the signed claims still carry it for our checks.
    body |= {
        "categoria": CATEGORIA,
        "emissao": format_local(claims.iat),
        "expiraEm": format_local(claims.exp),
        "zoneOffset": ZONE_OFFSET,
        "token": issue(claims, config.secret),
    }
    state.stats.record_token()
    return body


def _api_groups(api: tuple[int, ...]) -> list[dict[str, Any]]:
    """The `apis` list of a card token: each enabled API with its access groups."""
    groups = {api_id: list(info.grupos) for api_id, info in API_CATALOG.items()}
    return [{"api": api_id, "grupos": groups.get(api_id, [])} for api_id in api]


async def token_for_login(request: Request, state: State, login: Login) -> dict[str, Any]:
    """Token for the APIs authorised directly to the user."""
    return _token_body(request, state, login, escopo="login", api=state.config.demo.login_api)


_Found = TypeVar("_Found")


def _users_own(
    found: _Found | None, company: Callable[[_Found], Company], cnpj: str, missing: str, foreign: str
) -> _Found:
    """What a number found: 404 ``missing`` when nothing, 403 ``foreign`` when not the user's company's."""
    if found is None:
        raise OperatorError(404, missing)
    if company(found).cnpj != cnpj:
        raise OperatorError(403, foreign)
    return found


async def token_for_contract(
    request: Request, state: State, login: Login, body: ContractTokenRequest
) -> dict[str, Any]:
    """Token for the APIs authorised by a contract of the user's company."""
    demo = state.config.demo
    _, contract = _users_own(
        demo.find_contract(body.numero),
        itemgetter(0),
        demo.cnpj,
        f"TKN-004: Contrato {body.numero} não encontrado",
        f"TKN-005: Contrato {body.numero} não pertence ao CNPJ do usuário",
    )
    _check_dr(body.dr, contract)
    _check_usable(contract)
    return _token_body(request, state, login, escopo="contrato", api=contract.api, contract=contract)


async def token_for_card(
    request: Request, state: State, login: Login, body: CardTokenRequest
) -> dict[str, Any]:
    """Token for the APIs authorised by a posting card of the user's company."""
    demo = state.config.demo
    match = _users_own(
        demo.find_card(body.numero),
        attrgetter("company"),
        demo.cnpj,
        f"TKN-006: Cartão de postagem {body.numero} não encontrado",
        f"TKN-007: Cartão de postagem {body.numero} não pertence ao CNPJ do usuário",
    )
    if body.contrato is not None and body.contrato != match.contract.number:
        raise OperatorError(
            403, f"TKN-008: Cartão de postagem {body.numero} não está vinculado ao contrato {body.contrato}"
        )
    _check_dr(body.dr, match.contract)
    _check_usable(match.contract, match.card)
    return _token_body(
        request, state, login, escopo="cartao", api=match.card.api, contract=match.contract, card=match.card
    )


async def locate_created(request: Request, response: Response) -> None:
    """FastAPI dependency: the 201's ``Location`` (a refusal's answer is built anew, without it)."""
    response.headers["Location"] = request.url.path


_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": MessageResponse} for code in (400, 401, 403, 404, 429, 500)
}


def _build_router() -> APIRouter:
    """Each operation twice: `/v1/...` (documented in OpenAPI) and the unversioned alias."""
    router = APIRouter(prefix="/token", tags=["token"])
    operations = (
        ("/autentica", token_for_login),
        ("/autentica/contrato", token_for_contract),
        ("/autentica/cartaopostagem", token_for_card),
    )
    for version in ("/v1", ""):
        for path, endpoint in operations:
            router.add_api_route(
                f"{version}{path}",
                endpoint,
                methods=["POST"],
                status_code=201,
                dependencies=[Depends(locate_created)],
                responses=_ERRORS,
                include_in_schema=bool(version),
            )
    return router


router = _build_router()
