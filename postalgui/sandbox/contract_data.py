"""The contract service's own demo data: services with segments, contacts, categories.

Plain frozen records that `demo.py` hangs on contracts and posting cards; wire field
names appear only in the ``record()`` methods. The spec publishes the service fields
(`codigo`, `descricao`, `coSegmento`, `descSegmento`) but not those of contacts or the
category: the sandbox sends the fields working clients read (`nome`, `cargo`, `email`,
`telefone`, `celular`, `tipo`; `codigo`, `descricao`) plus a few more (`ramal`,
`horarioAtendimento`, `unidade`, `nivel`) that a client must keep rather than drop.

Service codes and names follow the price sandbox (`price_catalog`) and the invoice
sandbox (`invoice_data`); segment codes and texts are the sandbox's own labels. Names,
e-mail addresses and phone numbers are fictional (`.example` domains, 5555 numbers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SERVICE_CODE_DIGITS = 5


def normalize_service_code(text: str) -> str:
    """A service code as sent in a path: digits are zero-padded to 5, anything else kept."""
    code = text.strip()
    return code.zfill(SERVICE_CODE_DIGITS) if code.isascii() and code.isdigit() else code


@dataclass(frozen=True)
class Segment:
    """A service segment (coSegmento, descSegmento)."""

    code: str
    description: str


EXPRESS = Segment("1", "ENCOMENDA EXPRESSA")
ECONOMY = Segment("2", "ENCOMENDA ECONOMICA")
REVERSE = Segment("3", "LOGISTICA REVERSA")
MAIL = Segment("4", "MENSAGEM")
INTERNATIONAL = Segment("5", "INTERNACIONAL")
DIGITAL = Segment("6", "SERVICOS DIGITAIS")


@dataclass(frozen=True)
class ServiceInfo:
    """A service a contract or posting card may use (spec 2.2, Service)."""

    code: str
    description: str
    segment: Segment

    def __post_init__(self) -> None:
        if len(self.code) != SERVICE_CODE_DIGITS or not self.code.isdigit():
            raise ValueError(f"service code must have {SERVICE_CODE_DIGITS} digits: {self.code!r}")

    def record(self) -> dict[str, Any]:
        return {
            "codigo": self.code,
            "descricao": self.description,
            "coSegmento": self.segment.code,
            "descSegmento": self.segment.description,
        }


SERVICES: dict[str, ServiceInfo] = {
    info.code: info
    for info in (
        ServiceInfo("03220", "SEDEX CONTRATO AG", EXPRESS),
        ServiceInfo("03158", "SEDEX 10 CONTRATO AG", EXPRESS),
        ServiceInfo("03140", "SEDEX 12 CONTRATO AG", EXPRESS),
        ServiceInfo("03204", "SEDEX HOJE CONTRATO AG", EXPRESS),
        ServiceInfo("03212", "SEDEX CONTRATO GRANDES FORMATOS", EXPRESS),
        ServiceInfo("03298", "PAC CONTRATO AG", ECONOMY),
        ServiceInfo("03328", "PAC CONTRATO GRANDES FORMATOS", ECONOMY),
        ServiceInfo("04227", "MINI ENVIOS CONTRATO AG", ECONOMY),
        ServiceInfo("03247", "SEDEX CONTRATO AG LOGISTICA REVERSA", REVERSE),
        ServiceInfo("03301", "PAC CONTRATO AG LOGISTICA REVERSA", REVERSE),
        ServiceInfo("80250", "CARTA REGISTRADA A FATURAR", MAIL),
        ServiceInfo("10065", "CARTA COMERCIAL A FATURAR", MAIL),
        ServiceInfo("45209", "EXPORTA FACIL ECONOMICO", INTERNATIONAL),
        ServiceInfo("45110", "EXPORTA FACIL STANDARD", INTERNATIONAL),
        ServiceInfo("45128", "EXPORTA FACIL PREMIUM", INTERNATIONAL),
        ServiceInfo("86711", "BUSCA AGENCIA", DIGITAL),
        ServiceInfo("38210", "API PRAZOS", DIGITAL),
    )
}
"""Every service the demo contracts use, by code."""


def services(*codes: str) -> tuple[ServiceInfo, ...]:
    """The services with these codes, sorted by code (KeyError for an unknown one)."""
    return tuple(sorted((SERVICES[code] for code in codes), key=lambda info: info.code))


DEADLINE_SERVICE = "38210"
"""The contract service that enables delivery time (REFERENCE.md): present exactly where API 35 is."""


def with_deadline_service(found: tuple[ServiceInfo, ...], api: tuple[int, ...]) -> tuple[ServiceInfo, ...]:
    """``found`` with 38210 "API PRAZOS" when ``api`` lists 35 and without it otherwise,
    so a card's services and its token never disagree about delivery time."""
    rest = [info.code for info in found if info.code != DEADLINE_SERVICE]
    return services(*rest, DEADLINE_SERVICE) if 35 in api else services(*rest)


PRICE_PRODUCTS = ("03220", "03298", "04227", "03158", "03140", "03204", "03212", "03328")
"""The national products the price sandbox quotes, all on the demo's main card."""

MAIN_CONTRACT_SERVICES = services(
    *PRICE_PRODUCTS, "03247", "03301", "80250", "10065", "45209", "45110", "45128", "86711"
)
"""The main contract's services; 86711 enables the branch search (spec 5.6)."""

MAIN_CARD_SERVICES = MAIN_CONTRACT_SERVICES
"""The main card has every service of its contract, price products first among them."""

PAC_MINI_SERVICES = services("03298", "04227")
"""A card for small parcels only: switching to it visibly shrinks the product list."""

ECOMMERCE_SERVICES = services("03220", "03298", "04227", "03247", "03301")
EXPRESS_SERVICES = services("03220", "03158", "03140", "03204", "80250")
LARGE_SERVICES = services("03220", "03298", "03212", "03328")
MAIL_SERVICES = services("80250", "10065")

CARD_SERVICE_BUNDLES: tuple[tuple[ServiceInfo, ...], ...] = (
    ECOMMERCE_SERVICES,
    PAC_MINI_SERVICES,
    EXPRESS_SERVICES,
    LARGE_SERVICES,
    MAIL_SERVICES,
    MAIN_CARD_SERVICES,
)
"""What the main contract's other cards carry, in turn."""


@dataclass(frozen=True)
class ContactInfo:
    """A management (operator side) or administration (customer side) contact."""

    name: str
    role: str
    email: str
    phone: str
    mobile: str
    kind: str
    extension: str | None = None
    hours: str | None = None
    unit: str | None = None

    def record(self) -> dict[str, Any]:
        """The contact as sent; `ramal`, `horarioAtendimento`, `unidade` only when known."""
        body: dict[str, Any] = {
            "nome": self.name,
            "cargo": self.role,
            "email": self.email,
            "telefone": self.phone,
            "celular": self.mobile,
            "tipo": self.kind,
        }
        extras = {"ramal": self.extension, "horarioAtendimento": self.hours, "unidade": self.unit}
        return body | {key: value for key, value in extras.items() if value is not None}


_HOURS = "Segunda a sexta, das 8h às 17h"

SP_MANAGEMENT = (
    ContactInfo(
        "Mariana Albuquerque Reis",
        "Gerente de Contas",
        "mariana.reis@operador.example",
        "(11) 5555-0140",
        "(11) 95555-0141",
        "PRINCIPAL",
        extension="2140",
        hours=_HOURS,
        unit="Gerência de Negócios São Paulo Metropolitana",
    ),
    ContactInfo(
        "Rodrigo Tavares Conceição",
        "Consultor de Negócios",
        "rodrigo.conceicao@operador.example",
        "(11) 5555-0152",
        "(11) 95555-0153",
        "SUBSTITUTO",
        extension="2152",
        hours=_HOURS,
        unit="Gerência de Negócios São Paulo Metropolitana",
    ),
)
"""The operator's account managers of the main contract (contatoGerencia)."""

SP_INTERIOR_MANAGEMENT = (
    ContactInfo(
        "Luciana Ferraz Monteiro",
        "Gerente de Contas",
        "luciana.monteiro@operador.example",
        "(19) 5555-0310",
        "(19) 95555-0311",
        "PRINCIPAL",
        extension="310",
        hours="Segunda a sexta, das 9h às 16h",
        unit="Gerência de Negócios São Paulo Interior",
    ),
)

MG_MANAGEMENT = (
    ContactInfo(
        "Fábio Nogueira Lacerda",
        "Gerente de Contas",
        "fabio.lacerda@operador.example",
        "(31) 5555-0420",
        "(31) 95555-0421",
        "PRINCIPAL",
        extension="420",
        hours=_HOURS,
        unit="Gerência de Negócios Minas Gerais",
    ),
)

COMPANY_ADMINISTRATION = (
    ContactInfo(
        "Patrícia Gomes Andrade",
        "Coordenadora de Logística",
        "patricia.andrade@lojaexemplo.example",
        "(11) 5555-0200",
        "(11) 95555-0201",
        "GESTOR",
        extension="205",
        hours="Segunda a sábado, das 8h às 18h",
    ),
    ContactInfo(
        "João Pedro Siqueira",
        "Analista Financeiro",
        "financeiro@lojaexemplo.example",
        "(11) 5555-0210",
        "(11) 95555-0211",
        "FINANCEIRO",
        extension="212",
    ),
    ContactInfo(
        "Aline Moura Teixeira",
        "Supervisora de Expedição",
        "expedicao@lojaexemplo.example",
        "(11) 5555-0220",
        "(11) 95555-0221",
        "OPERACIONAL",
    ),
)
"""The demo company's people who administer its contracts (contatoAcom)."""


@dataclass(frozen=True)
class CategoryInfo:
    """A contract category: code, description and the sandbox's extra `nivel`."""

    code: str
    description: str
    level: str

    def record(self) -> dict[str, Any]:
        return {"codigo": self.code, "descricao": self.description, "nivel": self.level}


ECOMMERCE_CATEGORY = CategoryInfo("4", "Contrato Comercial – Comércio Eletrônico", "OURO")
SMALL_BUSINESS_CATEGORY = CategoryInfo("2", "Contrato Comercial – Pequenas e Médias Empresas", "PRATA")
CORPORATE_CATEGORY = CategoryInfo("6", "Contrato Comercial – Grandes Clientes", "DIAMANTE")
