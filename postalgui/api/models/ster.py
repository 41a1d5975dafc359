"""Records of the counter registration system (spec 002; REFERENCE.md, Counter-partner).

Tolerant where deployments differ: identifiers sent as numbers or text, the protocol
under ``numeroProtocolo`` or ``protocolo``, amounts as cent digits or empty (ERP-tariffed
services). Unknown fields are kept (``extra="allow"``) so ``--json`` prints what came.
The operator code's ``chave`` (``user:password`` in base 64) is never in ``repr`` or
``str``: `OperatorCode.credentials` decodes it on request, and the CLI and the tab show
it masked. User and password inside ``chave`` hold at most 250 characters each (spec
2.1 and 8): `check_chave_credentials` says which one is too long (rules
``ster.chave_user``/``ster.chave_password``, counting characters, never showing them)
before a pair that would make such a ``chave`` is sent anywhere.
"""

from __future__ import annotations

import base64
import binascii
from datetime import UTC, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator

from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.money import parse_cents

__all__ = [
    "CHAVE_PART_MAX",
    "AttendanceDetail",
    "AttendanceStatus",
    "OperatorCode",
    "PartnerCredentials",
    "RegistrationAnswer",
    "check_chave_credentials",
]

CHAVE_PART_MAX = 250
"""The most characters of the user, and of the password, inside ``chave`` (spec 002, 2.1 and 8)."""


def check_chave_credentials(user: str, password: str) -> None:
    """Raise `InvalidValue` (``ster.chave_user``/``ster.chave_password``) for a part over 250
    characters; the value shown is the count, so a password never reaches a message."""
    for rule, text in (("ster.chave_user", user), ("ster.chave_password", password)):
        if len(text) > CHAVE_PART_MAX:
            raise InvalidValue(rule, len(text))


def _text(value: object) -> object:
    """Numbers the spec types "number or string" become text."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(int(value)) if float(value).is_integer() else str(value)
    return value


def _protocol_of(cls: type, data: object) -> object:
    """The protocol under the spec's ``numeroProtocolo`` or the ``protocolo`` seen in the wild."""
    if isinstance(data, dict) and "protocol" not in data:
        value = data.get("numeroProtocolo") or data.get("protocolo")
        return {**data, "protocol": _text(value)}
    return data


class PartnerCredentials(BaseModel):
    """User and password decoded from ``chave`` (at most 250 characters each, spec 2.1)."""

    user: str
    password: SecretStr

    @model_validator(mode="after")
    def _limits(self) -> PartnerCredentials:
        check_chave_credentials(self.user, self.password.get_secret_value())
        return self


class OperatorCode(BaseModel):
    """The decrypted operator code (spec 2.1): who attends, where, and when the code was made."""

    model_config = ConfigDict(extra="allow", populate_by_name=True, hide_input_in_errors=True)

    ateNu: str | None = None
    servicoTerceiro: str | None = None
    numeroCaixa: str | None = None
    mcmcuAgencia: str | None = None
    tipoAgencia: str | None = None
    codigoAgencia: str | None = None
    cpf: str | None = None
    matricula: str | None = None
    chave: SecretStr | None = None
    nome: str | None = None
    siglaLotacao: str | None = None
    time: int | None = None
    cep: str | None = None
    cidade: str | None = None
    uf: str | None = None

    _texts = field_validator(
        "ateNu",
        "servicoTerceiro",
        "numeroCaixa",
        "mcmcuAgencia",
        "codigoAgencia",
        "cpf",
        "matricula",
        "cep",
        mode="before",
    )(_text)

    @field_validator("time", mode="before")
    @classmethod
    def _millis(cls, value: object) -> object:
        if isinstance(value, str) and value.strip().isdigit():
            return int(value.strip())
        return value

    @property
    def issued_at(self) -> datetime | None:
        """When the code was made (``time`` is milliseconds since the epoch)."""
        if self.time is None:
            return None
        return datetime.fromtimestamp(self.time / 1000, tz=UTC)

    def age_seconds(self, now: datetime) -> float | None:
        """How old the code is at `now` (None when it carries no ``time``)."""
        issued = self.issued_at
        return None if issued is None else (now - issued).total_seconds()

    def credentials(self) -> PartnerCredentials | None:
        """``chave`` decoded into user and password; None when absent, unreadable or over
        the 250-character limits."""
        if self.chave is None:
            return None
        try:
            decoded = base64.b64decode(self.chave.get_secret_value(), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            return None
        user, sep, password = decoded.partition(":")
        if not sep or max(len(user), len(password)) > CHAVE_PART_MAX:
            return None
        return PartnerCredentials(user=user, password=SecretStr(password))

    def wire(self) -> dict[str, Any]:
        """The record as the operator sent it, with ``chave`` masked."""
        data = self.model_dump(exclude_none=True)
        if self.chave is not None:
            data["chave"] = "********"
        return data


class RegistrationAnswer(BaseModel):
    """The answer to ``registra`` (spec 4.1): the protocol under either key."""

    model_config = ConfigDict(extra="allow")

    codigo: int | None = None
    mensagem: str | None = None
    protocol: str = Field(min_length=14, max_length=14, pattern=r"^\d{14}$")

    _protocol_key = model_validator(mode="before")(_protocol_of)

    @field_validator("codigo", mode="before")
    @classmethod
    def _code(cls, value: object) -> object:
        return int(value) if isinstance(value, str) and value.strip().isdigit() else value


class AttendanceStatus(StrEnum):
    """``statusAtendimento`` as the detail query answers it (REFERENCE: F, P, C; E is ours)."""

    FINALISED = "F"
    PENDING = "P"
    CANCELLED = "C"
    REVERSED = "E"

    @classmethod
    def read(cls, value: object) -> AttendanceStatus | None:
        """The status from a letter or the spec's words (FINALIZADO, CANCELADO, ESTORNADO)."""
        text = str(value or "").strip().upper()
        for status in cls:
            if text == status.value or (text and _WORDS[status].startswith(text)):
                return status
        return None


_WORDS = {
    AttendanceStatus.FINALISED: "FINALIZADO",
    AttendanceStatus.PENDING: "PENDENTE",
    AttendanceStatus.CANCELLED: "CANCELADO",
    AttendanceStatus.REVERSED: "ESTORNADO",
}


class AttendanceDetail(BaseModel):
    """One attendance as the registration system knows it (detail query or day list)."""

    model_config = ConfigDict(extra="allow")

    protocol: str
    statusAtendimento: str | None = None
    valorServico: str | None = None
    quantidade: str | None = None
    chaveCliente: str | None = None
    mcmcuAgencia: str | None = None
    dataHoraAtendimento: str | None = None

    _protocol_key = model_validator(mode="before")(_protocol_of)

    _texts = field_validator("valorServico", "quantidade", "mcmcuAgencia", mode="before")(_text)

    @property
    def status(self) -> AttendanceStatus | None:
        return AttendanceStatus.read(
            self.statusAtendimento or (self.model_extra or {}).get("descricaoStatus")
        )

    @property
    def amount(self) -> Decimal | None:
        """The amount in reais, or None when not sent (an ERP-tariffed service) or unreadable."""
        text = (self.valorServico or "").strip()
        if not text:
            return None
        try:
            return parse_cents(text)
        except ValueError:
            return None
