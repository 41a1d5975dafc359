"""The sandbox's demo company: credentials, contracts, posting cards, enabled APIs.

Plain frozen data, so later features (prices, invoices, branches) extend it by adding
records here instead of writing special cases in the routes. Wire field names appear
only in the ``record()`` methods, which build the spec's shapes (spec 2.2).

Everything here is fictional: the CNPJs have valid check digits but are placeholder
numbers used in documentation, the access code is public on purpose (the sandbox is
a demo that anyone can run with no account).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CONTRACT_STATUSES = ("ATIVO", "SUSPENSO", "CANCELADO", "EM_DESENVOLVIMENTO")
CARD_STATUSES = ("ATIVO", "SUSPENSO", "CANCELADO", "IRREGULAR")


@dataclass(frozen=True)
class ApiInfo:
    """One operator API id as the token service lists it (`api` and `apis[].grupos`).

    The names and groups are the sandbox's own labels: the operator does not publish
    a catalogue, only the ids (34 price, 35 delivery time, 36 pre-posting, 87 tracking).
    """

    api: int
    name: str
    grupos: tuple[str, ...]


API_CATALOG: dict[int, ApiInfo] = {
    info.api: info
    for info in (
        ApiInfo(27, "CEP", ("CONSULTA",)),
        ApiInfo(34, "Preço", ("CONSULTA",)),
        ApiInfo(35, "Prazo", ("CONSULTA",)),
        ApiInfo(36, "Pré-postagem", ("CONSULTA", "CADASTRO")),
        ApiInfo(37, "Logística reversa", ("CONSULTA", "CADASTRO")),
        ApiInfo(41, "Meu contrato", ("CONSULTA",)),
        ApiInfo(76, "Faturas", ("CONSULTA",)),
        ApiInfo(78, "Busca agência", ("CONSULTA",)),
        ApiInfo(80, "Aviso de recebimento", ("CONSULTA",)),
        ApiInfo(83, "Empresas", ("CONSULTA",)),
        ApiInfo(87, "Rastro", ("CONSULTA",)),
        ApiInfo(93, "Ocorrências", ("CONSULTA", "CADASTRO")),
        ApiInfo(566, "Coleta", ("CONSULTA", "CADASTRO")),
        ApiInfo(587, "Agendamento de entrega", ("CONSULTA",)),
    )
}

FULL_API: tuple[int, ...] = (27, 34, 35, 36, 37, 41, 76, 78, 80, 83, 87, 93, 566, 587)
"""APIs of the demo's main card and contract: everything the app can show."""

BASIC_API: tuple[int, ...] = (27, 34, 35, 87)
"""APIs of a secondary card: quotes and tracking only."""


@dataclass(frozen=True)
class PostingCard:
    """A posting card (cartão de postagem) of a contract."""

    number: str
    status: str
    holder_cnpj: str
    valid_from: str
    valid_until: str
    api: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.status not in CARD_STATUSES:
            raise ValueError(f"unknown card status {self.status!r}")

    def record(self, contract: Contract) -> dict[str, Any]:
        """The spec's posting-card record (contract fields plus the card's own)."""
        return {
            "cnpj": contract.cnpj,
            "nuContrato": contract.number,
            "nuSe": contract.dr,
            "nuCartaoPostagem": self.number,
            "cnpjCartao": self.holder_cnpj,
            "dtInicioVigencia": self.valid_from,
            "dtFimVigencia": self.valid_until,
            "status": self.status,
        }


@dataclass(frozen=True)
class Contract:
    """A commercial contract of a company, with its posting cards."""

    cnpj: str
    number: str
    dr: int
    valid_from: str
    valid_until: str
    status: str
    api: tuple[int, ...]
    cards: tuple[PostingCard, ...] = ()

    def __post_init__(self) -> None:
        if self.status not in CONTRACT_STATUSES:
            raise ValueError(f"unknown contract status {self.status!r}")

    def record(self) -> dict[str, Any]:
        """The spec's contract record (spec 2.2)."""
        return {
            "cnpj": self.cnpj,
            "nuContrato": self.number,
            "nuSe": self.dr,
            "dtInicioVigencia": self.valid_from,
            "dtFimVigencia": self.valid_until,
            "status": self.status,
        }

    def card(self, number: str) -> PostingCard | None:
        """The card with this (10-digit) number, if it belongs to this contract."""
        return next((card for card in self.cards if card.number == number), None)


@dataclass(frozen=True)
class Company:
    """A customer company: tax id, legal name and contracts."""

    cnpj: str
    name: str
    contracts: tuple[Contract, ...]


@dataclass(frozen=True)
class CardMatch:
    """Where a posting card was found: its company and contract."""

    company: Company
    contract: Contract
    card: PostingCard


@dataclass(frozen=True)
class DemoData:
    """The demo account (one login) and every company the sandbox knows.

    ``company`` is the demo user's own company; ``others`` hold companies whose
    contracts exist in the sandbox but do not belong to the demo user (403 cases).
    """

    login: str
    access_code: str
    company: Company
    contract: str
    card: str
    dr: int
    login_api: tuple[int, ...]
    others: tuple[Company, ...] = field(default=())

    @property
    def cnpj(self) -> str:
        return self.company.cnpj

    @property
    def company_name(self) -> str:
        return self.company.name

    @property
    def companies(self) -> tuple[Company, ...]:
        return (self.company, *self.others)

    def find_contract(self, number: str) -> tuple[Company, Contract] | None:
        """Look a (10-digit) contract number up across all companies."""
        for company in self.companies:
            for contract in company.contracts:
                if contract.number == number:
                    return company, contract
        return None

    def find_card(self, number: str) -> CardMatch | None:
        """Look a (10-digit) card number up across all companies and contracts."""
        for company in self.companies:
            for contract in company.contracts:
                card = contract.card(number)
                if card is not None:
                    return CardMatch(company, contract, card)
        return None

    def company_of(self, cnpj: str) -> Company | None:
        return next((c for c in self.companies if c.cnpj == cnpj), None)


DEMO_CNPJ = "11222333000181"
FOREIGN_CNPJ = "99888777000100"

Period = tuple[str, str]


def _period(first_day: str, last_day: str) -> Period:
    """A validity period in the spec's timestamp format, whole days inclusive."""
    return f"{first_day}T00:00:00", f"{last_day}T23:59:59"


def _card(
    number: str, status: str, period: Period, api: tuple[int, ...], cnpj: str = DEMO_CNPJ
) -> PostingCard:
    return PostingCard(number, status, cnpj, period[0], period[1], api)


def _contract(
    number: str,
    dr: int,
    status: str,
    period: Period,
    api: tuple[int, ...],
    cards: tuple[PostingCard, ...] = (),
    cnpj: str = DEMO_CNPJ,
) -> Contract:
    return Contract(cnpj, number, dr, period[0], period[1], status, api, cards)


_MAIN_PERIOD = _period("2021-03-01", "2041-02-28")

_MAIN_CONTRACT = _contract(
    "9912345678",
    72,  # DR São Paulo Metropolitana
    "ATIVO",
    _MAIN_PERIOD,
    FULL_API,
    cards=(
        _card("0074512345", "ATIVO", _MAIN_PERIOD, FULL_API),
        _card("0074512346", "ATIVO", _period("2022-07-15", "2041-02-28"), BASIC_API),
        _card("0074512347", "IRREGULAR", _MAIN_PERIOD, BASIC_API),
        _card("0074512348", "CANCELADO", _period("2021-03-01", "2023-06-30"), BASIC_API),
    ),
)

_DEMO_CONTRACTS = (
    _MAIN_CONTRACT,
    _contract(
        "9912345679",
        74,  # DR São Paulo Interior
        "SUSPENSO",
        _period("2019-01-10", "2029-01-09"),
        BASIC_API,
        cards=(_card("0074599001", "SUSPENSO", _period("2019-01-10", "2029-01-09"), BASIC_API),),
    ),
    _contract(
        "9911000123",
        72,
        "CANCELADO",
        _period("2015-05-01", "2020-04-30"),
        BASIC_API,
        cards=(_card("0070011223", "CANCELADO", _period("2015-05-01", "2020-04-30"), BASIC_API),),
    ),
    _contract("9912999001", 72, "EM_DESENVOLVIMENTO", _period("2031-01-01", "2035-12-31"), ()),
)

_FOREIGN_PERIOD = _period("2020-01-01", "2040-12-31")
_FOREIGN_COMPANY = Company(
    cnpj=FOREIGN_CNPJ,
    name="Transportes Outra Empresa S.A.",
    contracts=(
        _contract(
            "9917777777",
            50,
            "ATIVO",
            _FOREIGN_PERIOD,
            FULL_API,
            cards=(_card("0079999999", "ATIVO", _FOREIGN_PERIOD, FULL_API, FOREIGN_CNPJ),),
            cnpj=FOREIGN_CNPJ,
        ),
    ),
)

DEMO = DemoData(
    login="empresa.demo",
    access_code="Sbx7kQ2mZ9pL4vR8nT1wX6cY3hJ5dF0gB2aE7uKq",
    company=Company(DEMO_CNPJ, "Loja Exemplo Comércio Eletrônico Ltda", _DEMO_CONTRACTS),
    contract=_MAIN_CONTRACT.number,
    card=_MAIN_CONTRACT.cards[0].number,
    dr=_MAIN_CONTRACT.dr,
    login_api=(27, 87),
    others=(_FOREIGN_COMPANY,),
)
"""The demo account every sandbox serves (also printed by ``postalgui sandbox``)."""
