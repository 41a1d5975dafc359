"""The contract service (`/meucontrato/v1`), bearer-protected, read-only (spec 4.2).

Only contracts of the token's own CNPJ can be queried (spec 1, 5.7): another CNPJ in
the path is 403; a contract that is not the path company's (unknown, or another
company's) is 404, like a card that is not the contract's. Contract and card numbers
in paths may come without their zero padding; service codes too (`3220` = `03220`).

Lists of cards and services are page envelopes: ``itens`` and ``page`` (`size`,
`totalElements`, `totalPages`, 0-based `number`), plus the extra fields some of the
operator's deployments send (REFERENCE): `count` (items on this page), `next` and
`previous` (URLs of the neighbouring pages, or null), `first` and `last` (booleans).
`page` defaults to 0 and `size` to 20 (at most 500); a page past the end is empty.

Each route is also served with the accented path words the spec's endpoint list uses
(`serviços`, `cartões`), literal or percent-encoded; only the unaccented forms are in
the OpenAPI description.

Rolling validity (`Contract.ends_in_days`, the demo's expiring contract) is counted
from the date of the sandbox's base clock, without the `/_sandbox/clock` offset: so
advancing the sandbox clock past it makes the contract expire (`vigente=S` drops it).

Codes: CON-011 is the operator's (404, service not found for the contract and card);
the sandbox invented CON-001 (404, contract not found), CON-002 (404, card not found
in the contract), CON-003 (403, CNPJ in the path is not the token's), CON-004 (403, a
token not issued for a contract: the service is authorized by contract, spec 001, 5.2
and 5.7; a posting card's token names its contract and is taken too), CON-010 (400,
bad page, size or number) and CON-012 (404, contract without a category).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from datetime import date
from typing import Annotated, Any, Literal
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Depends, Path, Query, Request

from postalgui.sandbox.auth import require_bearer
from postalgui.sandbox.contract_data import ServiceInfo, normalize_service_code
from postalgui.sandbox.demo import Company, Contract, PostingCard
from postalgui.sandbox.errors import MessageResponse, OperatorError
from postalgui.sandbox.identifiers import normalize_cnpj, normalize_number
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import local_datetime, parse_local
from postalgui.sandbox.tokens import TokenClaims

ContractStatus = Literal["ATIVO", "SUSPENSO", "CANCELADO", "EM_DESENVOLVIMENTO"]
CardStatus = Literal["ATIVO", "SUSPENSO", "CANCELADO", "IRREGULAR"]
Vigente = Literal["S", "N"]
ContractNumber = Annotated[
    str, Path(alias="nuContrato", description="contract number (10 digits, padding optional)")
]
CardNumber = Annotated[str, Path(alias="nuCartaoPostagem", description="posting card number (10 digits)")]
ServiceCode = Annotated[str, Path(alias="coServico", description="service code, e.g. 03220")]
CardFilter = Annotated[
    str | None, Query(alias="nuCartaoPostagem", description="only the services of this card")
]
PageNumber = Annotated[int, Query(description="0-based page number")]
PageSize = Annotated[int, Query(description="items per page, 1 to 500 (default 20)")]


async def require_contract_token(claims: Annotated[TokenClaims, Depends(require_bearer)]) -> TokenClaims:
    """A token issued for a contract (or for one of its cards); a login token is 403 CON-004."""
    if not claims.contrato:
        raise OperatorError(
            403,
            "CON-004: O serviço de contratos exige um token de contrato",
            causa=f"escopo do token: {claims.escopo}",
        )
    return claims


Claims = Annotated[TokenClaims, Depends(require_contract_token)]
State = Annotated[SandboxState, Depends(get_state)]

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 500

SERVICE_NOT_FOUND = "CON-011: Serviço não encontrado para o contrato e cartão"

router = APIRouter(prefix="/meucontrato/v1", tags=["meucontrato"])

_ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": MessageResponse} for code in (400, 401, 403, 404)}


# -- lookups ------------------------------------------------------------------------


def own_company(state: SandboxState, claims: TokenClaims, cnpj: str) -> Company:
    """The company named in the path, if it is the token's; 403 otherwise."""
    wanted = normalize_cnpj(cnpj)
    company = state.config.demo.company_of(wanted)
    if wanted != claims.cnpj or company is None:
        raise OperatorError(403, f"CON-003: CNPJ {cnpj} não corresponde ao CNPJ do token de acesso")
    return company


def _number(text: str, name: str) -> str:
    """A contract or card number from the path, zero-padded; 400 CON-010 if not digits."""
    try:
        return normalize_number(text)
    except ValueError as exc:
        raise OperatorError(400, f"CON-010: Parâmetro '{name}' inválido: {exc}") from exc


def own_contract(state: SandboxState, claims: TokenClaims, cnpj: str, number: str) -> Contract:
    """The path's contract, if it belongs to the path's company (which must be the token's)."""
    company = own_company(state, claims, cnpj)
    wanted = _number(number, "nuContrato")
    contract = next((c for c in company.contracts if c.number == wanted), None)
    if contract is None:
        raise OperatorError(404, f"CON-001: Contrato {wanted} não encontrado para o CNPJ {company.cnpj}")
    return contract


def _card(contract: Contract, number: str, name: str = "nuCartaoPostagem") -> PostingCard:
    wanted = _number(number, name)
    card = contract.card(wanted)
    if card is None:
        raise OperatorError(
            404, f"CON-002: Cartão de postagem {wanted} não encontrado no contrato {contract.number}"
        )
    return card


def _service(owner: Contract | PostingCard, code: str, contract: Contract) -> ServiceInfo:
    """A service of the contract or card; 404 CON-011 (the operator's text) when absent."""
    found = owner.service(normalize_service_code(code))
    if found is None:
        where = f"cartão {owner.number} do " if isinstance(owner, PostingCard) else ""
        raise OperatorError(
            404, SERVICE_NOT_FOUND, causa=f"Serviço {code} não consta do {where}contrato {contract.number}"
        )
    return found


def validity_day(state: SandboxState) -> date:
    """The day rolling validity ends are counted from: the base clock's, offset left out."""
    return local_datetime(state.config.clock()).date()


def in_validity(state: SandboxState, period: tuple[str, str]) -> bool:
    """Whether now (sandbox time, operator zone) falls inside a validity period."""
    valid_from, valid_until = period
    return parse_local(valid_from) <= local_datetime(state.now()) <= parse_local(valid_until)


# -- paging -------------------------------------------------------------------------


def _check_paging(page: int, size: int) -> None:
    if page < 0:
        raise OperatorError(400, f"CON-010: Parâmetro 'page' inválido: deve ser 0 ou maior (recebido {page})")
    if not 1 <= size <= MAX_PAGE_SIZE:
        raise OperatorError(
            400, f"CON-010: Parâmetro 'size' inválido: deve estar entre 1 e {MAX_PAGE_SIZE} (recebido {size})"
        )


def _page_url(request: Request, page: int, size: int) -> str:
    query = dict(request.query_params) | {"page": str(page), "size": str(size)}
    url = request.url
    return f"{url.scheme}://{url.netloc}{quote(url.path)}?{urlencode(query)}"


def page_envelope(
    request: Request, records: Sequence[dict[str, Any]], page: int, size: int
) -> dict[str, Any]:
    """One page of `records` in the operator's envelope, with the extra page fields."""
    total = len(records)
    pages = math.ceil(total / size)
    items = list(records[page * size : (page + 1) * size])
    return {
        "itens": items,
        "page": {"size": size, "totalElements": total, "totalPages": pages, "number": page},
        "count": len(items),
        "next": _page_url(request, page + 1, size) if page + 1 < pages else None,
        "previous": _page_url(request, min(page, pages) - 1, size) if page > 0 and pages else None,
        "first": page == 0,
        "last": page + 1 >= pages,
    }


# -- endpoints ----------------------------------------------------------------------


async def list_contracts(
    cnpj: str,
    state: State,
    claims: Claims,
    status: ContractStatus | None = None,
    vigente: Vigente | None = None,
) -> list[dict[str, Any]]:
    """Contracts of the company; `vigente=S` keeps those valid today."""
    company = own_company(state, claims, cnpj)
    day = validity_day(state)
    chosen = [c for c in company.contracts if status is None or c.status == status]
    if vigente == "S":
        chosen = [c for c in chosen if in_validity(state, c.period(day))]
    return [contract.record(day) for contract in chosen]


async def get_contract(
    cnpj: str, contract_number: ContractNumber, state: State, claims: Claims
) -> dict[str, Any]:
    """One contract of the company."""
    return own_contract(state, claims, cnpj, contract_number).record(validity_day(state))


async def list_contract_services(
    request: Request,
    cnpj: str,
    contract_number: ContractNumber,
    state: State,
    claims: Claims,
    card_filter: CardFilter = None,
    page: PageNumber = 0,
    size: PageSize = DEFAULT_PAGE_SIZE,
) -> dict[str, Any]:
    """Services of the contract, or of one of its cards (`nuCartaoPostagem`)."""
    contract = own_contract(state, claims, cnpj, contract_number)
    _check_paging(page, size)
    owner = contract if card_filter is None else _card(contract, card_filter)
    return page_envelope(request, [info.record() for info in owner.services], page, size)


async def get_contract_service(
    cnpj: str, contract_number: ContractNumber, service_code: ServiceCode, state: State, claims: Claims
) -> dict[str, Any]:
    """One service of the contract; 404 CON-011 when the contract lacks it."""
    contract = own_contract(state, claims, cnpj, contract_number)
    return _service(contract, service_code, contract).record()


async def list_management_contacts(
    cnpj: str, contract_number: ContractNumber, state: State, claims: Claims
) -> list[dict[str, Any]]:
    """The operator's account managers of the contract (contatoGerencia)."""
    return [contact.record() for contact in own_contract(state, claims, cnpj, contract_number).management]


async def list_administration_contacts(
    cnpj: str, contract_number: ContractNumber, state: State, claims: Claims
) -> list[dict[str, Any]]:
    """The company's administrators of the contract (contatoAcom)."""
    return [contact.record() for contact in own_contract(state, claims, cnpj, contract_number).administration]


async def get_category(
    cnpj: str, contract_number: ContractNumber, state: State, claims: Claims
) -> dict[str, Any]:
    """The contract's category."""
    contract = own_contract(state, claims, cnpj, contract_number)
    if contract.category is None:
        raise OperatorError(404, f"CON-012: Contrato {contract.number} sem categoria cadastrada")
    return contract.category.record()


async def list_cards(
    request: Request,
    cnpj: str,
    contract_number: ContractNumber,
    state: State,
    claims: Claims,
    status: CardStatus | None = None,
    vigente: Vigente | None = None,
    page: PageNumber = 0,
    size: PageSize = DEFAULT_PAGE_SIZE,
) -> dict[str, Any]:
    """Posting cards of the contract, by number; `vigente=S` keeps those valid today."""
    contract = own_contract(state, claims, cnpj, contract_number)
    _check_paging(page, size)
    day = validity_day(state)
    cards = [card for card in contract.cards if status is None or card.status == status]
    if vigente == "S":
        cards = [card for card in cards if in_validity(state, card.period(day))]
    cards.sort(key=lambda card: card.number)
    return page_envelope(request, [card.record(contract, day) for card in cards], page, size)


async def get_card(
    cnpj: str, contract_number: ContractNumber, card_number: CardNumber, state: State, claims: Claims
) -> dict[str, Any]:
    """One posting card of the contract."""
    contract = own_contract(state, claims, cnpj, contract_number)
    return _card(contract, card_number).record(contract, validity_day(state))


async def list_card_services(
    request: Request,
    cnpj: str,
    contract_number: ContractNumber,
    card_number: CardNumber,
    state: State,
    claims: Claims,
    page: PageNumber = 0,
    size: PageSize = DEFAULT_PAGE_SIZE,
) -> dict[str, Any]:
    """Services of one posting card."""
    contract = own_contract(state, claims, cnpj, contract_number)
    card = _card(contract, card_number)
    _check_paging(page, size)
    return page_envelope(request, [info.record() for info in card.services], page, size)


async def get_card_service(
    cnpj: str,
    contract_number: ContractNumber,
    card_number: CardNumber,
    service_code: ServiceCode,
    state: State,
    claims: Claims,
) -> dict[str, Any]:
    """One service of a posting card; 404 CON-011 when the card lacks it."""
    contract = own_contract(state, claims, cnpj, contract_number)
    return _service(_card(contract, card_number), service_code, contract).record()


_CONTRACT = "/empresas/{cnpj}/contratos/{nuContrato}"
_ENDPOINTS: tuple[tuple[str, Callable[..., Any]], ...] = (
    ("/empresas/{cnpj}/contratos", list_contracts),
    (_CONTRACT, get_contract),
    (f"{_CONTRACT}/servicos", list_contract_services),
    (f"{_CONTRACT}/servicos/{{coServico}}", get_contract_service),
    (f"{_CONTRACT}/contatoGerencia", list_management_contacts),
    (f"{_CONTRACT}/contatoAcom", list_administration_contacts),
    (f"{_CONTRACT}/categoria", get_category),
    (f"{_CONTRACT}/cartoes", list_cards),
    (f"{_CONTRACT}/cartoes/{{nuCartaoPostagem}}", get_card),
    (f"{_CONTRACT}/cartoes/{{nuCartaoPostagem}}/servicos", list_card_services),
    (f"{_CONTRACT}/cartoes/{{nuCartaoPostagem}}/servicos/{{coServico}}", get_card_service),
)

_ACCENTED = {"servicos": "serviços", "cartoes": "cartões"}


def path_variants(path: str) -> list[str]:
    """The path as written, then with every combination of accented words (spec 4.2)."""
    parts = path.split("/")
    choices = [(part, _ACCENTED[part]) if part in _ACCENTED else (part,) for part in parts]
    return ["/".join(combo) for combo in itertools.product(*choices)]


for _path, _endpoint in _ENDPOINTS:
    for _index, _variant in enumerate(path_variants(_path)):
        router.add_api_route(
            _variant, _endpoint, methods=["GET"], responses=_ERRORS, include_in_schema=_index == 0
        )
