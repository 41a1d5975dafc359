"""The contract service (spec 001, `/meucontrato/v1`): contracts, posting cards, services,
contacts and category of the caller's company.

Every path names the company's CNPJ (``/empresas/{cnpj}``), which the caller takes from
the settings; only contracts of the token's own company can be read (spec 1, 5.7).
Contract and card numbers are zero-padded to 10 digits before they go in a path.

Where the spec and working deployments differ (REFERENCE.md), this module takes both:

- list endpoints answer with the page envelope (``itens`` + ``page``) or, on some
  deployments, with a bare array, which is read as a single page;
- paths are sent unaccented (``servicos``, ``cartoes``);
- ``CON-011`` (404: the contract or card lacks the service) is an answer, not a
  failure: `ServiceLookup` with ``missing`` set. Any other 404 (unknown contract or
  card) raises `NotFoundError`.
"""

from __future__ import annotations

import logging
import re
from typing import Any, TypeVar
from urllib.parse import quote

from pydantic import BaseModel, ValidationError

from postalgui.api.client import OperatorClient
from postalgui.api.errors import InvalidResponseError, NotFoundError
from postalgui.api.models.contracts import (
    Category,
    Contact,
    Contract,
    MissingService,
    Page,
    PageInfo,
    PostingCard,
    Service,
    ServiceLookup,
)
from postalgui.api.paging import MAX_PAGES, walk_pages
from postalgui.api.records import one_record, record_list, validated
from postalgui.api.tokens import TokenScope
from postalgui.api.values import InvalidValue, pad_card_number, pad_contract_number, parse_cnpj

__all__ = [
    "MAX_PAGES",
    "SERVICES_PAGE_SIZE",
    "SERVICE_MISSING_CODE",
    "ContractClient",
    "MissingService",
    "ServiceLookup",
    "parse_service_code",
]

log = logging.getLogger(__name__)

SERVICE_MISSING_CODE = "CON-011"
"""The operator's code for "service not found for the contract and card" (404)."""

SERVICES_PAGE_SIZE = 500
"""Page size working clients use for service lists (``?page=0&size=500``)."""

_SERVICE_CODE = re.compile(r"[A-Za-z0-9]{1,10}", flags=re.ASCII)

_Model = TypeVar("_Model", bound=BaseModel)


def parse_service_code(value: str | int) -> str:
    """A service code for a path (normally 5 digits, ``03220``): kept as typed, not padded.

    Letters and digits only, at most 10; rule ``contract.service_code``.
    """
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise InvalidValue("contract.service_code", value)
    text = str(value).strip()
    if not _SERVICE_CODE.fullmatch(text):
        raise InvalidValue("contract.service_code", value)
    return text


def _vigente(value: bool | None) -> str | None:
    """``vigente=S`` filters to what is valid today; the spec defines no other value."""
    return "S" if value else None


class ContractClient:
    """Verb-named calls of the contract service for the company ``cnpj``.

    ``scope`` (normally the configured contract's token scope) is used for every call;
    ``None`` falls back to the client's default scope. ``cnpj`` is checked (masked or
    bare) and raises `InvalidValue` when it is not a CNPJ.
    """

    BASE = "/meucontrato/v1"

    def __init__(self, client: OperatorClient, cnpj: str, scope: TokenScope | None = None) -> None:
        self.client = client
        self.cnpj = parse_cnpj(cnpj)
        self.scope = scope

    # --- contracts -----------------------------------------------------------------------

    def contracts(self, status: str | None = None, vigente: bool | None = None) -> list[Contract]:
        """The company's contracts (``GET .../contratos``), optionally by status and in validity."""
        params = _params(status=_upper(status), vigente=_vigente(vigente))
        data = self._get(self._company(), params)
        return _page_of(data, Contract, "contract").itens

    def contract(self, nu: str | int) -> Contract:
        """One contract (``GET .../contratos/{nuContrato}``)."""
        return one_record(self._get(self._contract(nu)), Contract, "contract")

    def contract_services(
        self,
        nu: str | int,
        *,
        card: str | int | None = None,
        page: int | None = None,
        size: int | None = None,
    ) -> Page[Service]:
        """One page of the contract's services; with ``card``, only that card's
        (``GET .../contratos/{nuContrato}/servicos?nuCartaoPostagem=``)."""
        params = _params(
            nuCartaoPostagem=None if card is None else pad_card_number(card),
            page=_page_number(page),
            size=_page_size(size),
        )
        return _page_of(self._get(f"{self._contract(nu)}/servicos", params), Service, "service")

    def all_contract_services(
        self, nu: str | int, *, card: str | int | None = None, size: int = SERVICES_PAGE_SIZE
    ) -> list[Service]:
        """Every service of the contract (or of ``card`` within it), walking all pages."""
        return walk_pages(lambda page: self.contract_services(nu, card=card, page=page, size=size))

    def contract_service(self, nu: str | int, codigo: str | int) -> ServiceLookup:
        """Whether the contract has service ``codigo`` (``GET .../servicos/{coServico}``)."""
        code = parse_service_code(codigo)
        return self._lookup(f"{self._contract(nu)}/servicos/{quote(code, safe='')}", code)

    def management_contacts(self, nu: str | int) -> list[Contact]:
        """The contract's management contacts (``GET .../contatoGerencia``)."""
        return record_list(
            self._get(f"{self._contract(nu)}/contatoGerencia"), Contact, "contact", bare_record=True
        )

    def administration_contacts(self, nu: str | int) -> list[Contact]:
        """The contract's administration contacts (``GET .../contatoAcom``)."""
        return record_list(
            self._get(f"{self._contract(nu)}/contatoAcom"), Contact, "contact", bare_record=True
        )

    def category(self, nu: str | int) -> Category:
        """The contract's category (``GET .../categoria``)."""
        return one_record(self._get(f"{self._contract(nu)}/categoria"), Category, "category")

    # --- posting cards ---------------------------------------------------------------------

    def cards(
        self,
        nu: str | int,
        *,
        status: str | None = None,
        vigente: bool | None = None,
        page: int | None = None,
        size: int | None = None,
    ) -> Page[PostingCard]:
        """One page of the contract's posting cards (``GET .../cartoes``)."""
        params = _params(
            status=_upper(status),
            vigente=_vigente(vigente),
            page=_page_number(page),
            size=_page_size(size),
        )
        return _page_of(self._get(f"{self._contract(nu)}/cartoes", params), PostingCard, "posting card")

    def all_cards(
        self,
        nu: str | int,
        *,
        status: str | None = None,
        vigente: bool | None = None,
        size: int | None = None,
    ) -> list[PostingCard]:
        """Every posting card of the contract, walking all pages."""
        return walk_pages(lambda page: self.cards(nu, status=status, vigente=vigente, page=page, size=size))

    def card(self, nu: str | int, card: str | int) -> PostingCard:
        """One posting card (``GET .../cartoes/{nuCartaoPostagem}``)."""
        return one_record(self._get(self._card(nu, card)), PostingCard, "posting card")

    def card_services(
        self, nu: str | int, card: str | int, *, page: int | None = None, size: int | None = None
    ) -> Page[Service]:
        """One page of the card's services (``GET .../cartoes/{nuCartaoPostagem}/servicos``)."""
        params = _params(page=_page_number(page), size=_page_size(size))
        return _page_of(self._get(f"{self._card(nu, card)}/servicos", params), Service, "service")

    def all_card_services(
        self, nu: str | int, card: str | int, *, size: int = SERVICES_PAGE_SIZE
    ) -> list[Service]:
        """Every service of the card, walking all pages."""
        return walk_pages(lambda page: self.card_services(nu, card, page=page, size=size))

    def card_service(self, nu: str | int, card: str | int, codigo: str | int) -> ServiceLookup:
        """Whether the card has service ``codigo``; ``CON-011`` gives a lookup with ``missing``."""
        code = parse_service_code(codigo)
        return self._lookup(f"{self._card(nu, card)}/servicos/{quote(code, safe='')}", code)

    # --- plumbing ------------------------------------------------------------------------

    def _company(self) -> str:
        return f"{self.BASE}/empresas/{quote(self.cnpj, safe='')}/contratos"

    def _contract(self, nu: str | int) -> str:
        return f"{self._company()}/{pad_contract_number(nu)}"

    def _card(self, nu: str | int, card: str | int) -> str:
        return f"{self._contract(nu)}/cartoes/{pad_card_number(card)}"

    def _get(self, path: str, params: dict[str, str] | None = None) -> Any:
        return self.client.call_json("GET", path, params=params or None, scope=self.scope)

    def _lookup(self, path: str, code: str) -> ServiceLookup:
        try:
            data = self._get(path)
        except NotFoundError as exc:
            if exc.code != SERVICE_MISSING_CODE:
                raise
            log.debug("%s: %s, the service is not there", path, exc.code)
            return ServiceLookup(codigo=code, missing=MissingService(code=exc.code, text=exc.text))
        return ServiceLookup(codigo=code, service=one_record(data, Service, "service"))


# --------------------------------------------------------------------------- parameters


def _params(**values: str | int | None) -> dict[str, str]:
    return {key: str(value) for key, value in values.items() if value is not None}


def _upper(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    return value.strip().upper()


def _page_number(page: int | None) -> int | None:
    if page is not None and (isinstance(page, bool) or page < 0):
        raise ValueError(f"page numbers start at 0 (got {page!r})")
    return page


def _page_size(size: int | None) -> int | None:
    if size is not None and (isinstance(size, bool) or size < 1):
        raise ValueError(f"page size must be 1 or more (got {size!r})")
    return size


# --------------------------------------------------------------------------- answers


def _page_of(data: object, model: type[_Model], what: str) -> Page[_Model]:
    """A page envelope, or a bare array (some deployments) read as the only page."""
    if data is None:
        data = []
    if isinstance(data, list):
        items = validated(data, model, what)
        count = len(items)
        info = PageInfo(size=count, totalElements=count, totalPages=1 if count else 0, number=0)
        return Page[model](itens=items, page=info)  # type: ignore[valid-type]
    if not isinstance(data, dict) or not isinstance(data.get("itens", []), list | None):
        raise InvalidResponseError(f"Invalid response from the operator: expected a page of {what} records")
    try:
        return Page[model].model_validate(data)  # type: ignore[valid-type]
    except ValidationError as exc:
        raise InvalidResponseError(
            f"Invalid {what} record from the operator: {exc.error_count()} problem(s)"
        ) from exc
