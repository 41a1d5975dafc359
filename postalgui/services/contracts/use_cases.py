"""Contract tasks for `TaskRunner`: contracts, posting cards, their services, the card used for quoting.

Plain functions of their inputs and a `TaskHandle`; the HTTP client loads inside them,
on the worker thread. The contract service is authorized by contract (spec 001, 5.7):
the calls use the configured contract's scope, or the login scope while none is set,
so a fresh install can still list its contracts and pick one.

`settings_for_card` is the one pure function here: the settings that make a card the
one the app quotes with (its contract and DR in the profile, its services as the
Prices tab's products). The GUI applies them on its own thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from postalgui.api.cancel import cancel_scope
from postalgui.api.errors import ApiError
from postalgui.api.scopes import Scope, TokenScope
from postalgui.services.context import AppContext
from postalgui.services.settings import Profile, Settings
from postalgui.services.tasks import TaskHandle

if TYPE_CHECKING:
    from postalgui.api.contracts import ContractClient, ServiceLookup
    from postalgui.api.environments import Environment
    from postalgui.api.models.contracts import Category, Contact, Contract, Page, PostingCard, Service

__all__ = [
    "ContractDetail",
    "card_services",
    "cards_page",
    "contract_client",
    "contract_detail",
    "contract_services_page",
    "error_text",
    "list_contracts",
    "quoting_products",
    "service_lookup",
    "settings_for_card",
    "token_apis",
]


# --------------------------------------------------------------------------- client


def contract_client(context: AppContext) -> ContractClient:
    """A contract client for the profile's company, with the contract scope when one is set.

    Blocks on first use (sandbox start): background only.
    """
    from postalgui.api.contracts import ContractClient

    scope = context.contract_scope() if context.profile.contract else TokenScope(Scope.LOGIN)
    return ContractClient(context.backend().client, context.profile.cnpj, scope)


def error_text(error: BaseException) -> str:
    """A failure as one line: the operator's messages as sent (with their codes), else the error."""
    if isinstance(error, ApiError):
        return str(error)
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


# --------------------------------------------------------------------------- contracts


def list_contracts(
    handle: TaskHandle, context: AppContext, status: str | None, vigente: bool | None
) -> list[Contract]:
    """The company's contracts, by status (``None``: all) and, with ``vigente``, valid today only."""
    client = contract_client(context)
    with cancel_scope(handle.token):
        return client.contracts(status=status or None, vigente=vigente or None)


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


def contract_detail(handle: TaskHandle, context: AppContext, nu: str) -> ContractDetail:
    """The contract record (required) plus category and both contact lists (each may fail alone)."""
    client = contract_client(context)
    with cancel_scope(handle.token):
        contract = client.contract(nu)
        category: Category | None = None
        category_error = management_error = administration_error = None
        management: list[Contact] = []
        administration: list[Contact] = []
        handle.raise_if_cancelled()
        try:
            category = client.category(nu)
        except ApiError as exc:
            category_error = error_text(exc)
        handle.raise_if_cancelled()
        try:
            management = client.management_contacts(nu)
        except ApiError as exc:
            management_error = error_text(exc)
        handle.raise_if_cancelled()
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
    handle: TaskHandle, context: AppContext, nu: str, page: int, size: int
) -> Page[Service]:
    """One page (0-based) of the contract's services."""
    client = contract_client(context)
    with cancel_scope(handle.token):
        return client.contract_services(nu, page=page, size=size)


# --------------------------------------------------------------------------- cards


def cards_page(
    handle: TaskHandle, context: AppContext, nu: str, status: str | None, page: int, size: int
) -> Page[PostingCard]:
    """One page (0-based) of the contract's posting cards, by status (``None``: all)."""
    client = contract_client(context)
    with cancel_scope(handle.token):
        return client.cards(nu, status=status or None, page=page, size=size)


def card_services(handle: TaskHandle, context: AppContext, nu: str, card: str) -> list[Service]:
    """Every service of a posting card (a card may offer fewer than its contract)."""
    client = contract_client(context)
    with cancel_scope(handle.token):
        return client.all_card_services(nu, card)


def service_lookup(
    handle: TaskHandle, context: AppContext, nu: str, card: str | None, codigo: str
) -> ServiceLookup:
    """One service of the card (or, without ``card``, of the contract), or why it is missing."""
    client = contract_client(context)
    with cancel_scope(handle.token):
        if card:
            return client.card_service(nu, card, codigo)
        return client.contract_service(nu, codigo)


# --------------------------------------------------------------------------- quoting


def quoting_products(handle: TaskHandle, context: AppContext, nu: str, card: str) -> list[Service]:
    """The card's services: what the Prices tab compares once the card is the active one."""
    return card_services(handle, context, nu, card)


def settings_for_card(
    settings: Settings,
    environment: Environment,
    contract: Contract,
    card: PostingCard,
    services: list[Service],
) -> Settings:
    """``settings`` with ``card`` (of ``contract``) active in ``environment`` and its services as products.

    The profile takes the card, its contract and DR; ``prices.products`` becomes the
    card's service codes (in the operator's order, once each) with their descriptions
    in ``prices.product_names``. A card with no services leaves the products as they
    were. Products chosen for comparison stay chosen when the card has them.
    """
    base = settings.profile(environment)
    dr = card.nuSe if card.nuSe is not None else contract.nuSe
    profile = Profile.model_validate(
        base.model_dump()
        | {
            "contract": card.nuContrato or contract.nuContrato,
            "card": card.nuCartaoPostagem,
            "dr": dr if dr is not None else base.dr,
        }
    )
    updated = settings.with_profile(environment, profile)
    codes = list(dict.fromkeys(service.codigo for service in services))
    if not codes:
        return updated
    names = {s.codigo: s.descricao.strip() for s in services if s.descricao and s.descricao.strip()}
    prices = settings.prices
    compared = [code for code in prices.compare_products if code in codes]
    return updated.model_copy(
        update={
            "prices": prices.model_copy(
                update={"products": codes, "product_names": names, "compare_products": compared}
            )
        }
    )


def token_apis(handle: TaskHandle, context: AppContext) -> list[int]:
    """The APIs the current token enables (its ``api`` list), for the configured scope."""
    from postalgui.services.connection import current_token

    return list(current_token(handle, context).apis)
