"""The pre-posting service's records (API 36; not in the spec: REFERENCE.md, Pre-posting).

An `Order` is what the office sends: sender and recipient (`Person`), the service, the
package and what it declares. The operator answers a `Preposting`: its id (``PR...``),
its status and, once a label was issued, the object code. Orders are plain frozen
records (built from a form, a file or a quote, kept as JSON in the office database);
the answers are read with every field optional, as deployments differ.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Annotated, Any

from pydantic import AfterValidator, AliasChoices, BaseModel, BeforeValidator, ConfigDict, Field

__all__ = [
    "FROM_CEP",
    "WIRE_NAMES",
    "ContentLine",
    "OperatorLayout",
    "Order",
    "Person",
    "Preposting",
    "PrepostingAnswer",
    "PrepostingStatus",
    "ReturnTerms",
    "declared_value_code",
    "order_from_json",
    "order_to_json",
]


class PrepostingStatus(StrEnum):
    """``statusAtual``: where a pre-posting stands, as the operator's number (REFERENCE.md,
    Pre-posting). Whether a label was issued is not a status: the office records it."""

    PRE_ATTENDED = "1"
    PREPOSTED = "2"
    POSTED = "3"
    EXPIRED = "4"
    CANCELLED = "5"
    REVERSED = "6"
    PENDING = "7"
    """Seen in one public client's fixtures only."""

    @classmethod
    def read(cls, number: object) -> PrepostingStatus | None:
        """The status of the operator's number (``2``, ``"2"``); ``None`` for one this
        version does not know (shown as "unknown (N)", never an error)."""
        text = str(number if number is not None else "").strip()
        try:
            return cls(text)
        except ValueError:
            return None


class OperatorLayout(StrEnum):
    """``layoutImpressao`` of the operator's own label."""

    PADRAO = "PADRAO"
    LINEAR_100_150 = "LINEAR_100_150"
    LINEAR_100_80 = "LINEAR_100_80"
    LINEAR_A4 = "LINEAR_A4"
    LINEAR_A = "LINEAR_A"


PAC_CODES = frozenset({"03298", "03085", "04510", "04669", "03336", "03301"})
DECLARED_VALUE_CODES = frozenset({"019", "064", "065"})
"""The additional services that carry a declared value (SEDEX's, PAC's, Mini Envios')."""


def declared_value_code(service_code: str) -> str:
    """The declared-value service that goes with ``service_code``."""
    if service_code == "04227":
        return "065"
    return "064" if service_code in PAC_CODES else "019"


WIRE_NAMES: dict[str, str] = {
    "nome": "name", "cep": "cep", "logradouro": "street", "numero": "number",
    "complemento": "complement", "bairro": "district", "cidade": "city", "uf": "state",
    "email": "email", "celular": "phone", "cpfCnpj": "cpf_cnpj",
}  # fmt: skip
"""A `Person` field by the API's name of it: what a rule names, a file's column, a form's field."""
FROM_CEP = ("street", "district", "city", "state")
"""The `Person` fields a CEP lookup fills."""


@dataclass(frozen=True)
class Person:
    """A sender or recipient as the operator takes them (``cep`` 8 digits, ``phone`` the
    mobile's digits with the area code, ``cpf_cnpj`` digits)."""

    name: str
    cep: str
    street: str = ""
    number: str = ""
    complement: str = ""
    district: str = ""
    city: str = ""
    state: str = ""
    email: str = ""
    phone: str = ""
    cpf_cnpj: str = ""

    def to_wire(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "nome": self.name,
            "endereco": {
                "cep": self.cep,
                "logradouro": self.street,
                "numero": self.number,
                "complemento": self.complement,
                "bairro": self.district,
                "cidade": self.city,
                "uf": self.state,
            },
        }
        if self.phone:
            body["dddCelular"], body["celular"] = self.phone[:2], self.phone[2:]
        if self.email:
            body["email"] = self.email
        if self.cpf_cnpj:
            body["cpfCnpj"] = self.cpf_cnpj
        return body

    @classmethod
    def from_wire(cls, data: object) -> Person | None:
        if not isinstance(data, dict):
            return None
        place = data.get("endereco") if isinstance(data.get("endereco"), dict) else {}
        text = _texts(data)
        where = _texts(place)
        return cls(
            name=text("nome"),
            cep=where("cep"),
            street=where("logradouro"),
            number=where("numero"),
            complement=where("complemento"),
            district=where("bairro"),
            city=where("cidade"),
            state=where("uf"),
            email=text("email"),
            phone=text("dddCelular") + text("celular"),
            cpf_cnpj=text("cpfCnpj"),
        )


def _texts(data: Any) -> Any:
    def text(key: str) -> str:
        value = data.get(key) if isinstance(data, dict) else None
        return "" if value is None else str(value).strip()

    return text


@dataclass(frozen=True)
class ContentLine:
    """One line of the content declaration."""

    content: str
    quantity: int
    value: Decimal


@dataclass(frozen=True)
class ReturnTerms:
    """What makes an order a return authorization ("logística reversa"): the customer sends
    the parcel back to the office, billed to the office's contract, at any branch until
    ``valid_until``; ``outbound_code`` is the object it answers (``codigoObjetoIda``);
    ``pickup`` asks the operator to collect it at the customer's (``solicitarColeta``)."""

    valid_until: date
    outbound_code: str = ""
    pickup: bool = False

    def to_wire(self) -> dict[str, str]:
        """The body's return keys (REFERENCE.md, Pre-posting): the date as DD/MM/YYYY."""
        body = {
            "logisticaReversa": "S",
            "dataValidadeLogReversa": self.valid_until.strftime("%d/%m/%Y"),
            "solicitarColeta": "S" if self.pickup else "N",
        }
        if self.outbound_code:
            body["codigoObjetoIda"] = self.outbound_code
        return body

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> ReturnTerms | None:
        """The terms a body or an answer carries; ``None`` when it is no return (or its
        validity date cannot be read: DD/MM/YYYY, or the ISO date one public client sends)."""
        text = _texts(data)
        if text("logisticaReversa").upper() != "S":
            return None
        until = _day(text("dataValidadeLogReversa"))
        if until is None:
            return None
        return cls(until, text("codigoObjetoIda").upper(), text("solicitarColeta").upper() == "S")


def _day(text: str) -> date | None:
    """A date as DD/MM/YYYY or ISO (YYYY-MM-DD, with a time or not); ``None`` otherwise."""
    for form in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            return datetime.strptime(text[:10], form).date()
        except ValueError:
            continue
    return None


@dataclass(frozen=True)
class Order:
    """One parcel to pre-post. ``additional_services`` are the operator's 3-digit codes
    (``001`` AR, ``002`` MP, ``019``/``064`` declared value: added for ``declared_value``)."""

    sender: Person
    recipient: Person
    service_code: str
    weight_g: int
    format_code: str = "2"
    length_cm: int = 0
    width_cm: int = 0
    height_cm: int = 0
    declared_value: Decimal | None = None
    additional_services: tuple[str, ...] = ()
    contents: tuple[ContentLine, ...] = field(default=())
    invoice_number: str = ""
    nfe_key: str = ""
    observation: str = ""
    reverse: ReturnTerms | None = None
    """Set for a return authorization: the customer is the sender, the office the recipient."""

    def to_wire(self, card: str) -> dict[str, Any]:
        """The body of ``POST /prepostagem/v1/prepostagens`` for posting card ``card``."""
        body: dict[str, Any] = {
            "remetente": self.sender.to_wire(),
            "destinatario": self.recipient.to_wire(),
            "codigoServico": self.service_code,
            "numeroCartaoPostagem": card,
            "pesoInformado": str(self.weight_g),
            "codigoFormatoObjetoInformado": self.format_code,
            "cienteObjetoNaoProibido": 1,
        }
        for key, value in (
            ("comprimentoInformado", self.length_cm),
            ("larguraInformada", self.width_cm),
            ("alturaInformada", self.height_cm),
        ):
            if value:
                body[key] = str(value)
        services: list[dict[str, str]] = [
            {"codigoServicoAdicional": code}
            for code in self.additional_services
            if code not in DECLARED_VALUE_CODES
        ]
        if self.declared_value is not None:
            services.append(
                {
                    "codigoServicoAdicional": declared_value_code(self.service_code),
                    "valorDeclarado": f"{self.declared_value:.2f}",
                }
            )
        if services:
            body["listaServicoAdicional"] = services
        if self.contents:
            body["itensDeclaracaoConteudo"] = [
                {"conteudo": line.content, "quantidade": str(line.quantity), "valor": f"{line.value:.2f}"}
                for line in self.contents
            ]
        for key, text in (
            ("numeroNotaFiscal", self.invoice_number),
            ("chaveNFe", self.nfe_key),
            ("observacao", self.observation),
        ):
            if text:
                body[key] = text
        if self.reverse is not None:
            body.update(self.reverse.to_wire())
        return body

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> Order | None:
        """The order an answer echoes (``None`` when it leaves the parties out)."""
        sender = Person.from_wire(data.get("remetente"))
        recipient = Person.from_wire(data.get("destinatario"))
        if sender is None or recipient is None:
            return None
        text = _texts(data)
        services = data.get("listaServicoAdicional") or []
        services = [item for item in services if isinstance(item, dict)]
        declared = next(
            (_decimal(item.get("valorDeclarado")) for item in services if item.get("valorDeclarado")), None
        )
        contents = tuple(
            ContentLine(
                str(item.get("conteudo", "")),
                _int(item.get("quantidade")),
                _decimal(item.get("valor")) or Decimal(0),
            )
            for item in data.get("itensDeclaracaoConteudo") or []
            if isinstance(item, dict)
        )
        return cls(
            sender=sender,
            recipient=recipient,
            service_code=text("codigoServico"),
            weight_g=_int(data.get("pesoInformado")),
            format_code=text("codigoFormatoObjetoInformado") or "2",
            length_cm=_int(data.get("comprimentoInformado")),
            width_cm=_int(data.get("larguraInformada")),
            height_cm=_int(data.get("alturaInformada")),
            declared_value=declared,
            additional_services=tuple(
                code
                for code in (str(item.get("codigoServicoAdicional", "")) for item in services)
                if code not in DECLARED_VALUE_CODES
            ),
            contents=contents,
            invoice_number=text("numeroNotaFiscal"),
            nfe_key=text("chaveNFe"),
            observation=text("observacao"),
            reverse=ReturnTerms.from_wire(data),
        )


def _status_number(value: object) -> object:
    """``statusAtual`` as text: ``2`` and ``"2"`` alike; anything else is left to fail."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value.strip()
    return value


def _naive(value: datetime | None) -> datetime | None:
    """The operator's local time: a zone some gateway adds is dropped."""
    return value.replace(tzinfo=None) if value is not None and value.tzinfo is not None else value


def _int(value: object) -> int:
    try:
        return int(Decimal(str(value).strip().replace(",", ".")))
    except (InvalidOperation, ValueError):
        return 0


def _decimal(value: object) -> Decimal | None:
    try:
        return Decimal(str(value).strip().replace(",", ".")) if value not in (None, "") else None
    except InvalidOperation:
        return None


def order_to_json(order: Order) -> dict[str, Any]:
    """``order`` as JSON-ready data (the office database keeps it so)."""
    data = asdict(order)
    data["declared_value"] = None if order.declared_value is None else str(order.declared_value)
    data["contents"] = [
        {"content": line.content, "quantity": line.quantity, "value": str(line.value)}
        for line in order.contents
    ]
    terms = order.reverse
    data["reverse"] = (
        None
        if terms is None
        else {
            "valid_until": terms.valid_until.isoformat(),
            "outbound_code": terms.outbound_code,
            "pickup": terms.pickup,
        }
    )
    return data


def order_from_json(data: dict[str, Any]) -> Order:
    """The order `order_to_json` wrote."""
    declared = data.get("declared_value")
    terms = data.get("reverse")
    return Order(
        sender=Person(**data["sender"]),
        recipient=Person(**data["recipient"]),
        service_code=data["service_code"],
        weight_g=int(data["weight_g"]),
        format_code=data.get("format_code", "2"),
        length_cm=int(data.get("length_cm", 0)),
        width_cm=int(data.get("width_cm", 0)),
        height_cm=int(data.get("height_cm", 0)),
        declared_value=None if declared is None else Decimal(declared),
        additional_services=tuple(data.get("additional_services", ())),
        contents=tuple(
            ContentLine(line["content"], int(line["quantity"]), Decimal(line["value"]))
            for line in data.get("contents", ())
        ),
        invoice_number=data.get("invoice_number", ""),
        nfe_key=data.get("nfe_key", ""),
        observation=data.get("observation", ""),
        reverse=None
        if not terms
        else ReturnTerms(
            date.fromisoformat(terms["valid_until"]),
            terms.get("outbound_code", ""),
            bool(terms.get("pickup")),
        ),
    )


def _moment(value: object) -> object:
    """An operator time, leniently: ISO with any fraction (``2026-05-31T22:07:02.27981743``),
    ``DD/MM/YYYY[ HH:MM:SS]``; one that cannot be read is none (a deadline in a form this
    version does not know never makes the whole answer unreadable)."""
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    fraction = _FRACTION.search(text)
    if fraction:
        text = text[: fraction.start()] + fraction.group(0)[:7] + text[fraction.end() :]
    for form in ("%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M", "%d/%m/%Y"):
        try:
            return datetime.strptime(text, form)
        except ValueError:
            continue
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def _code_text(value: object) -> object:
    """An authorization code as text (a number some deployment sends as a number too); none is ``""``."""
    if isinstance(value, bool) or value is None:
        return ""
    return str(value).strip() if isinstance(value, int | str) else value


_FRACTION = re.compile(r"\.\d+")
StatusNumber = Annotated[str | None, BeforeValidator(_status_number)]
LenientMoment = Annotated[datetime | None, BeforeValidator(_moment), AfterValidator(_naive)]
CodeText = Annotated[str, BeforeValidator(_code_text)]


class PrepostingAnswer(BaseModel):
    """One pre-posting as the operator answers it (create, list): every field optional.
    ``statusAtual`` is a number (its word in ``descStatusAtual``); a value that is no
    number at all (an object, a list) makes the answer unreadable."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str = ""
    object_code: str | None = Field(
        default=None, validation_alias=AliasChoices("codigoObjeto", "object_code")
    )
    status: StatusNumber = Field(default=None, validation_alias=AliasChoices("statusAtual", "status"))
    status_word: str | None = Field(default=None, validation_alias="descStatusAtual")
    status_at: LenientMoment = Field(default=None, validation_alias="dataHoraStatusAtual")
    created_at: LenientMoment = Field(
        default=None, validation_alias=AliasChoices("dataHora", "dataHoraCadastro")
    )
    expires_at: LenientMoment = Field(
        default=None, validation_alias=AliasChoices("prazoPostagem", "dataHoraExpiracao", "dataValidade")
    )
    eticket: CodeText = Field(
        default="",
        validation_alias=AliasChoices("eticket", "numeroEticket", "codigoAutorizacao", "numeroAutorizacao"),
    )
    """A return's authorization code, the one the customer shows at the branch. Under which key the
    operator sends it is uncertain (REFERENCE.md names only the list's ``eticket`` filter; public
    clients read ``codigoAutorizacao`` or ``numeroAutorizacao``): every one is read."""

    def preposting(self) -> Preposting:
        extra = self.model_extra or {}
        number = (self.status or "").strip()
        return Preposting(
            id=self.id.strip(),
            object_code=(self.object_code or "").strip().upper() or None,
            status=PrepostingStatus.read(number),
            created_at=self.created_at,
            expires_at=self.expires_at,
            order=Order.from_wire(extra),
            status_number=number,
            status_word=(self.status_word or "").strip(),
            eticket=self.eticket.strip(),
        )


@dataclass(frozen=True)
class Preposting:
    """A pre-posting the operator knows. ``status`` is ``None`` for a number this version
    does not know (``status_number`` keeps it, ``status_word`` the operator's word) or
    when the answer gave none."""

    id: str
    object_code: str | None
    status: PrepostingStatus | None
    created_at: datetime | None
    expires_at: datetime | None
    order: Order | None
    status_number: str = ""
    status_word: str = ""
    eticket: str = ""
    """A return authorization's code (``""`` for a pre-posting that is none, or when not given)."""

    @property
    def number(self) -> str:
        """The operator's status number as text (``""`` when it gave none)."""
        return self.status.value if self.status is not None else self.status_number
