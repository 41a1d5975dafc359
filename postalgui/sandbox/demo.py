"""The sandbox's demo company: credentials, contracts, posting cards, enabled APIs.

Plain frozen data, so later features (prices, invoices, branches) extend it by adding
records here instead of writing special cases in the routes. Wire field names appear
only in the ``record()`` methods, which build the spec's shapes (spec 2.2); services,
contacts and categories are in `contract_data`.

The demo company's contracts cover every contract status; the main contract
9912345678 has 45 posting cards in every card status (several pages at the contract
service's default page size), and contract 9912345680 always expires soon: its
validity has a *rolling* end (`ends_in_days`), N days after the date the contract
service is asked about (see `Contract.period`), so the demo never stops showing an
expiring contract however long after this file was written it runs.

Everything here is fictional: the CNPJs have valid check digits but are placeholder
numbers used in documentation, the access code is public on purpose (the sandbox is
a demo that anyone can run with no account).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from postalgui.sandbox import demo_account as account
from postalgui.sandbox.contract_data import (
    CARD_SERVICE_BUNDLES,
    COMPANY_ADMINISTRATION,
    CORPORATE_CATEGORY,
    ECOMMERCE_CATEGORY,
    ECOMMERCE_SERVICES,
    MAIN_CARD_SERVICES,
    MAIN_CONTRACT_SERVICES,
    MG_MANAGEMENT,
    PAC_MINI_SERVICES,
    SMALL_BUSINESS_CATEGORY,
    SP_INTERIOR_MANAGEMENT,
    SP_MANAGEMENT,
    CategoryInfo,
    ContactInfo,
    ServiceInfo,
    services,
    with_deadline_service,
)

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

PRICE_ONLY_API: tuple[int, ...] = (27, 34, 87)
"""APIs of the small PAC/Mini card: prices without delivery time (35), as cards with
the price API alone exist; clients must say "delivery time is not enabled"."""

NO_TRACKING_API: tuple[int, ...] = (27, 34, 35)
"""APIs of one card of the main contract (`NO_TRACKING_CARD`): quotes and delivery time
without tracking (87), so clients can show "tracking is not enabled"."""


def _period_end(valid_until: str, ends_in_days: int | None, today: date | None) -> str:
    """A fixed end of validity, or the rolling one: `ends_in_days` after `today`."""
    if ends_in_days is None:
        return valid_until
    day = (today or date.today()) + timedelta(days=ends_in_days)
    return f"{day.isoformat()}T23:59:59"


@dataclass(frozen=True)
class PostingCard:
    """A posting card (cartão de postagem) of a contract.

    ``ends_in_days`` set: the validity ends that many days after the day asked about
    (`period`), and ``valid_until`` is ignored.
    """

    number: str
    status: str
    holder_cnpj: str
    valid_from: str
    valid_until: str
    api: tuple[int, ...]
    services: tuple[ServiceInfo, ...] = ()
    ends_in_days: int | None = None

    def __post_init__(self) -> None:
        if self.status not in CARD_STATUSES:
            raise ValueError(f"unknown card status {self.status!r}")

    def period(self, today: date | None = None) -> tuple[str, str]:
        """Start and end of validity; a rolling end is counted from `today` (default: the real date)."""
        return self.valid_from, _period_end(self.valid_until, self.ends_in_days, today)

    def service(self, code: str) -> ServiceInfo | None:
        return next((info for info in self.services if info.code == code), None)

    def record(self, contract: Contract, today: date | None = None) -> dict[str, Any]:
        """The spec's posting-card record (contract fields plus the card's own)."""
        valid_from, valid_until = self.period(today)
        return {
            "cnpj": contract.cnpj,
            "nuContrato": contract.number,
            "nuSe": contract.dr,
            "nuCartaoPostagem": self.number,
            "cnpjCartao": self.holder_cnpj,
            "dtInicioVigencia": valid_from,
            "dtFimVigencia": valid_until,
            "status": self.status,
        }


@dataclass(frozen=True)
class Contract:
    """A commercial contract of a company, with its posting cards, services and contacts.

    ``combo`` and ``category`` appear in the record as `nuCombo` and `categoria`
    (REFERENCE: seen in the operator's answers); ``management`` are the operator's
    account managers (`contatoGerencia`), ``administration`` the company's own
    contract administrators (`contatoAcom`). ``ends_in_days``: see `PostingCard`.
    """

    cnpj: str
    number: str
    dr: int
    valid_from: str
    valid_until: str
    status: str
    api: tuple[int, ...]
    cards: tuple[PostingCard, ...] = ()
    services: tuple[ServiceInfo, ...] = ()
    combo: str | None = None
    category: CategoryInfo | None = None
    management: tuple[ContactInfo, ...] = ()
    administration: tuple[ContactInfo, ...] = ()
    ends_in_days: int | None = None

    def __post_init__(self) -> None:
        if self.status not in CONTRACT_STATUSES:
            raise ValueError(f"unknown contract status {self.status!r}")
        for card in self.cards:
            extra = {info.code for info in card.services} - {info.code for info in self.services}
            if extra:
                raise ValueError(f"card {card.number} has services outside its contract: {sorted(extra)}")

    def period(self, today: date | None = None) -> tuple[str, str]:
        """Start and end of validity; a rolling end is counted from `today` (default: the real date)."""
        return self.valid_from, _period_end(self.valid_until, self.ends_in_days, today)

    def record(self, today: date | None = None) -> dict[str, Any]:
        """The spec's contract record (spec 2.2) plus `nuCombo` and `categoria`."""
        valid_from, valid_until = self.period(today)
        return {
            "cnpj": self.cnpj,
            "nuContrato": self.number,
            "nuSe": self.dr,
            "dtInicioVigencia": valid_from,
            "dtFimVigencia": valid_until,
            "status": self.status,
            "nuCombo": self.combo,
            "categoria": self.category.code if self.category else None,
        }

    def card(self, number: str) -> PostingCard | None:
        """The card with this (10-digit) number, if it belongs to this contract."""
        return next((card for card in self.cards if card.number == number), None)

    def service(self, code: str) -> ServiceInfo | None:
        return next((info for info in self.services if info.code == code), None)


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


DEMO_CNPJ = account.CNPJ
FOREIGN_CNPJ = account.FOREIGN_CNPJ

Period = tuple[str, str]


def _period(first_day: str, last_day: str) -> Period:
    """A validity period in the spec's timestamp format, whole days inclusive."""
    return f"{first_day}T00:00:00", f"{last_day}T23:59:59"


def _card(
    number: str,
    status: str,
    period: Period,
    api: tuple[int, ...],
    cnpj: str = DEMO_CNPJ,
    *,
    services: tuple[ServiceInfo, ...] = (),
    ends_in_days: int | None = None,
) -> PostingCard:
    services = with_deadline_service(services, api)
    return PostingCard(number, status, cnpj, period[0], period[1], api, services, ends_in_days)


def _contract(
    number: str,
    dr: int,
    status: str,
    period: Period,
    api: tuple[int, ...],
    cards: tuple[PostingCard, ...] = (),
    cnpj: str = DEMO_CNPJ,
    **details: Any,
) -> Contract:
    """A contract; `details` are Contract's keyword fields (services, combo, category, ...)."""
    if "services" in details:
        details["services"] = with_deadline_service(details["services"], api)
    return Contract(cnpj, number, dr, period[0], period[1], status, api, cards, **details)


_MAIN_PERIOD = _period("2021-03-01", "2041-02-28")
_HOLDERS = (DEMO_CNPJ, "11222333000262", "11222333000343")
"""Card holders on the main contract: the head office and two branches (filiais)."""

MAIN_CONTRACT_CARDS = 45
"""Cards of the main contract: three pages at the contract service's default size (20)."""
NO_TRACKING_CARD = f"{74512349 + MAIN_CONTRACT_CARDS - 5:010d}"
"""The main contract's last card (ATIVO): its APIs are `NO_TRACKING_API`."""


def _more_main_card(index: int) -> PostingCard:
    """The main contract's cards after the first four, by a fixed rule.

    Mostly ATIVO; every 10th CANCELADO (ended a year after it started), every 7th
    SUSPENSO, every 13th IRREGULAR. Services rotate through the card bundles.
    """
    if index % 10 == 9:
        status = "CANCELADO"
    elif index % 7 == 6:
        status = "SUSPENSO"
    elif index % 13 == 12:
        status = "IRREGULAR"
    else:
        status = "ATIVO"
    start_year, start_month = 2021 + index % 4, 1 + index % 12
    last_day = f"{start_year + 1}-12-31" if status == "CANCELADO" else "2041-02-28"
    bundle = CARD_SERVICE_BUNDLES[index % len(CARD_SERVICE_BUNDLES)]
    number = f"{74512349 + index:010d}"
    api = FULL_API if bundle is MAIN_CARD_SERVICES else BASIC_API
    return _card(
        number,
        status,
        _period(f"{start_year}-{start_month:02d}-01", last_day),
        NO_TRACKING_API if number == NO_TRACKING_CARD else api,
        _HOLDERS[index % len(_HOLDERS)],
        services=bundle,
    )


_MAIN_CONTRACT = _contract(
    account.CONTRACT,
    account.DR,
    "ATIVO",
    _MAIN_PERIOD,
    FULL_API,
    cards=(
        _card(account.CARD, "ATIVO", _MAIN_PERIOD, FULL_API, services=MAIN_CARD_SERVICES),
        _card(
            "0074512346",
            "ATIVO",
            _period("2022-07-15", "2041-02-28"),
            PRICE_ONLY_API,
            services=PAC_MINI_SERVICES,
        ),
        _card("0074512347", "IRREGULAR", _MAIN_PERIOD, BASIC_API, services=ECOMMERCE_SERVICES),
        _card(
            "0074512348",
            "CANCELADO",
            _period("2021-03-01", "2023-06-30"),
            BASIC_API,
            services=ECOMMERCE_SERVICES,
        ),
        *(_more_main_card(index) for index in range(MAIN_CONTRACT_CARDS - 4)),
    ),
    services=MAIN_CONTRACT_SERVICES,
    combo="1052",  # the combo of the price sandbox's terms for this contract
    category=ECOMMERCE_CATEGORY,
    management=SP_MANAGEMENT,
    administration=COMPANY_ADMINISTRATION,
)

EXPIRING_CONTRACT = "9912345680"
EXPIRING_IN_DAYS = 20
"""An ATIVO contract whose validity always ends 20 days after the day asked about."""

_EXPIRING_PERIOD: Period = ("2022-01-10T00:00:00", "")
"""Its end is rolling (`ends_in_days`), so `valid_until` stays empty."""

_DEMO_CONTRACTS = (
    _MAIN_CONTRACT,
    _contract(
        "9912345679",
        74,  # DR São Paulo Interior
        "SUSPENSO",
        _period("2019-01-10", "2029-01-09"),
        BASIC_API,
        cards=(
            _card(
                "0074599001",
                "SUSPENSO",
                _period("2019-01-10", "2029-01-09"),
                BASIC_API,
                services=services("03220", "03298"),
            ),
        ),
        services=services("03220", "03298", "04227", "10065"),
        category=SMALL_BUSINESS_CATEGORY,
        management=SP_INTERIOR_MANAGEMENT,
        administration=COMPANY_ADMINISTRATION[:2],
    ),
    _contract(
        EXPIRING_CONTRACT,
        20,  # DR Minas Gerais
        "ATIVO",
        _EXPIRING_PERIOD,
        (27, 34, 35, 41, 76, 87),
        cards=(
            _card(
                "0074600001",
                "ATIVO",
                _EXPIRING_PERIOD,
                BASIC_API,
                services=ECOMMERCE_SERVICES,
                ends_in_days=EXPIRING_IN_DAYS,
            ),
            _card(
                "0074600002",
                "SUSPENSO",
                _EXPIRING_PERIOD,
                BASIC_API,
                _HOLDERS[1],
                services=PAC_MINI_SERVICES,
                ends_in_days=EXPIRING_IN_DAYS,
            ),
        ),
        services=ECOMMERCE_SERVICES,
        category=SMALL_BUSINESS_CATEGORY,
        management=MG_MANAGEMENT,
        administration=COMPANY_ADMINISTRATION[:1],
        ends_in_days=EXPIRING_IN_DAYS,
    ),
    _contract(
        "9911000123",
        72,
        "CANCELADO",
        _period("2015-05-01", "2020-04-30"),
        BASIC_API,
        cards=(
            _card(
                "0070011223",
                "CANCELADO",
                _period("2015-05-01", "2020-04-30"),
                BASIC_API,
                services=services("03220", "03298"),
            ),
        ),
        services=services("03220", "03298", "80250"),
        category=SMALL_BUSINESS_CATEGORY,
        management=SP_MANAGEMENT[:1],
    ),
    _contract(
        "9912999001",
        72,
        "EM_DESENVOLVIMENTO",
        _period("2031-01-01", "2035-12-31"),
        (),
        services=services("03220", "03298", "04227", "03212", "03328"),
        category=CORPORATE_CATEGORY,
        management=SP_MANAGEMENT,
    ),
)

_FOREIGN_PERIOD = _period("2020-01-01", "2040-12-31")
_FOREIGN_COMPANY = Company(
    cnpj=FOREIGN_CNPJ,
    name=account.FOREIGN_COMPANY_NAME,
    contracts=(
        _contract(
            "9917777777",
            50,
            "ATIVO",
            _FOREIGN_PERIOD,
            FULL_API,
            cards=(
                _card(
                    "0079999999",
                    "ATIVO",
                    _FOREIGN_PERIOD,
                    FULL_API,
                    FOREIGN_CNPJ,
                    services=ECOMMERCE_SERVICES,
                ),
            ),
            cnpj=FOREIGN_CNPJ,
            services=ECOMMERCE_SERVICES,
            category=CORPORATE_CATEGORY,
            management=SP_MANAGEMENT[1:],
        ),
    ),
)

DEMO = DemoData(
    login=account.LOGIN,
    access_code=account.ACCESS_CODE,
    company=Company(DEMO_CNPJ, account.COMPANY_NAME, _DEMO_CONTRACTS),
    contract=_MAIN_CONTRACT.number,
    card=_MAIN_CONTRACT.cards[0].number,
    dr=_MAIN_CONTRACT.dr,
    login_api=(27, 87),
    others=(_FOREIGN_COMPANY,),
)
"""The demo account every sandbox serves (also printed by ``postalgui sandbox``)."""
