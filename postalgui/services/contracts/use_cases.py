"""Contract use cases: contracts, posting cards, their services, the card used for quoting.

Plain functions of a `TaskControl` and the feature's `ContractService`, shared by the
GUI (in the background, with the runner's handle) and the CLI (with a `PlainTask`).
The HTTP client loads inside them, on the caller's thread; the facade owns the scope
rule (the contract's token, or the login one while no contract is set). No Qt here.

`settings_for_card` is the one pure function: the settings that make a card the one
the app quotes with (its contract and DR in the profile, its services as the Prices
tab's products). The GUI applies them on its own thread (`ContractService.use_card`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple

from postalgui.api.cancel import TaskControl, cancel_scope
from postalgui.api.errors import ApiError
from postalgui.services.contracts.card_settings import settings_for_card

if TYPE_CHECKING:
    from postalgui.api.contracts import ServiceLookup
    from postalgui.api.models.contracts import Category, Contact, Contract, Page, PostingCard, Service
    from postalgui.api.scopes import TokenScope
    from postalgui.api.tokens import Token
    from postalgui.services.contracts.service import ContractService

__all__ = [
    "Contacts",
    "ContractDetail",
    "TokenSummary",
    "all_cards",
    "all_contract_services",
    "card_services",
    "card_services_page",
    "cards_page",
    "contract_category",
    "contract_contacts",
    "contract_detail",
    "contract_record",
    "contract_services_page",
    "current_token",
    "error_text",
    "list_contracts",
    "posting_card",
    "quoting_products",
    "renew_token",
    "service_lookup",
    "settings_for_card",
    "token_apis",
]


def error_text(error: BaseException) -> str:
    """A failure as one line: the operator's messages as sent (with their codes), else the error."""
    if isinstance(error, ApiError):
        return str(error)
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


# --------------------------------------------------------------------------- contracts


def list_contracts(
    task: TaskControl, service: ContractService, status: str | None, vigente: bool | None
) -> list[Contract]:
    """The company's contracts, by status (``None``: all) and, with ``vigente``, valid today only."""
    client = service.client()
    with cancel_scope(task.token):
        return client.contracts(status=status or None, vigente=vigente or None)


def contract_record(task: TaskControl, service: ContractService, nu: str) -> Contract:
    """One contract, every field the operator sends."""
    client = service.client()
    with cancel_scope(task.token):
        return client.contract(nu)


def contract_category(task: TaskControl, service: ContractService, nu: str) -> Category:
    client = service.client()
    with cancel_scope(task.token):
        return client.category(nu)


class Contacts(NamedTuple):
    """A contract's two contact lists: the operator's account managers, the company's administrators."""

    management: list[Contact]
    administration: list[Contact]


def contract_contacts(task: TaskControl, service: ContractService, nu: str) -> Contacts:
    client = service.client()
    with cancel_scope(task.token):
        management = client.management_contacts(nu)
        task.raise_if_cancelled()
        return Contacts(management, client.administration_contacts(nu))


@dataclass(frozen=True)
class ContractDetail:
    """A contract with its category and contacts.

    The parts are asked for separately; one that fails leaves its error text here
    (``*_error``) and the others are still shown.
    """

    contract: Contract
    category: Category | None = None
    category_error: str | None = None
    management: list[Contact] = field(default_factory=list)
    management_error: str | None = None
    administration: list[Contact] = field(default_factory=list)
    administration_error: str | None = None


def contract_detail(task: TaskControl, service: ContractService, nu: str) -> ContractDetail:
    """The contract record (required) plus category and both contact lists (each may fail alone)."""
    client = service.client()
    with cancel_scope(task.token):
        contract = client.contract(nu)
        category: Category | None = None
        category_error = management_error = administration_error = None
        management: list[Contact] = []
        administration: list[Contact] = []
        task.raise_if_cancelled()
        try:
            category = client.category(nu)
        except ApiError as exc:
            category_error = error_text(exc)
        task.raise_if_cancelled()
        try:
            management = client.management_contacts(nu)
        except ApiError as exc:
            management_error = error_text(exc)
        task.raise_if_cancelled()
        try:
            administration = client.administration_contacts(nu)
        except ApiError as exc:
            administration_error = error_text(exc)
    return ContractDetail(
        contract,
        category,
        category_error,
        management,
        management_error,
        administration,
        administration_error,
    )


def contract_services_page(
    task: TaskControl,
    service: ContractService,
    nu: str,
    page: int,
    size: int | None,
    *,
    card: str | None = None,
) -> Page[Service]:
    """One page (0-based) of the contract's services; with ``card``, only that card's."""
    client = service.client()
    with cancel_scope(task.token):
        return client.contract_services(nu, card=card, page=page, size=size)


def all_contract_services(
    task: TaskControl, service: ContractService, nu: str, *, card: str | None = None, size: int | None = None
) -> list[Service]:
    """Every service of the contract (or of ``card`` within it); ``size`` per page, ``None``: the client's."""
    client = service.client()
    with cancel_scope(task.token):
        if size is None:
            return client.all_contract_services(nu, card=card)
        return client.all_contract_services(nu, card=card, size=size)


# --------------------------------------------------------------------------- cards


def cards_page(
    task: TaskControl,
    service: ContractService,
    nu: str,
    status: str | None,
    page: int,
    size: int | None,
    *,
    vigente: bool | None = None,
) -> Page[PostingCard]:
    """One page (0-based) of the contract's posting cards, by status (``None``: all)."""
    client = service.client()
    with cancel_scope(task.token):
        return client.cards(nu, status=status or None, vigente=vigente or None, page=page, size=size)


def all_cards(
    task: TaskControl,
    service: ContractService,
    nu: str,
    status: str | None,
    *,
    vigente: bool | None = None,
    size: int | None = None,
) -> list[PostingCard]:
    """Every posting card of the contract, by status (``None``: all), walking all pages."""
    client = service.client()
    with cancel_scope(task.token):
        return client.all_cards(nu, status=status or None, vigente=vigente or None, size=size)


def posting_card(task: TaskControl, service: ContractService, nu: str, card: str) -> PostingCard:
    """One posting card of the contract, every field the operator sends."""
    client = service.client()
    with cancel_scope(task.token):
        return client.card(nu, card)


def card_services_page(
    task: TaskControl, service: ContractService, nu: str, card: str, page: int, size: int | None
) -> Page[Service]:
    """One page (0-based) of the card's services."""
    client = service.client()
    with cancel_scope(task.token):
        return client.card_services(nu, card, page=page, size=size)


def card_services(
    task: TaskControl, service: ContractService, nu: str, card: str, size: int | None = None
) -> list[Service]:
    """Every service of a posting card (a card may offer fewer than its contract)."""
    client = service.client()
    with cancel_scope(task.token):
        if size is None:
            return client.all_card_services(nu, card)
        return client.all_card_services(nu, card, size=size)


def service_lookup(
    task: TaskControl, service: ContractService, nu: str, card: str | None, codigo: str
) -> ServiceLookup:
    """One service of the card (or, without ``card``, of the contract), or why it is missing."""
    client = service.client()
    with cancel_scope(task.token):
        if card:
            return client.card_service(nu, card, codigo)
        return client.contract_service(nu, codigo)


# --------------------------------------------------------------------------- quoting


def quoting_products(task: TaskControl, service: ContractService, nu: str, card: str) -> list[Service]:
    """The card's services: what the Prices tab compares once the card is the active one."""
    return card_services(task, service, nu, card)


def current_token(task: TaskControl, service: ContractService, scope: TokenScope | None = None) -> Token:
    """The token for ``scope`` (default: the profile's), cached while still good."""
    task.raise_if_cancelled()
    with cancel_scope(task.token):
        return service.token(scope)


def token_apis(task: TaskControl, service: ContractService) -> list[int]:
    """The APIs the current token enables (its ``api`` list), for the configured scope."""
    info = current_token(task, service).info
    return list(info.api_ids) if info is not None else []


@dataclass(frozen=True)
class TokenSummary:
    """What a card switch says of the new token: the APIs it enables and when it expires
    (the token itself stays in the services: widgets never hold one)."""

    apis: list[int]
    expires_at: datetime | None


def renew_token(task: TaskControl, service: ContractService) -> TokenSummary:
    """A new token for the configured scope (the card just made active), whatever the cache holds."""
    task.raise_if_cancelled()
    with cancel_scope(task.token):
        token = service.token(fresh=True)
    return TokenSummary(list(token.info.api_ids) if token.info is not None else [], token.expires_at)
