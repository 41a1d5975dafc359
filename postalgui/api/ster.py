"""The counter registration system (spec 002, "STER"): decrypt an operator code, register an
attendance (model 2), and read attendances back for reconciliation.

Paths live under ``/ster/api/v1/atendimentos`` on the registration system's host
(``app``/``apphom``, not the API's ``api``; REFERENCE.md). The operator code travels in a
URL path, so it is percent-encoded whole (``/``, ``+`` and ``=`` included).

``registra`` is never retried: a 500 means the operator reverted the registration and
the attendant must start a new attendance (`RegistrationRevertedError`); a 400 is a
refused request (`RegistrationRefusedError`), both with the operator's ``mensagem``.

The detail query is the one working partners use (REFERENCE.md). The day list is not in
the spec: ``GET .../numerocontrato/{c}/data/{YYYY-MM-DD}`` is our design, served by the
sandbox, and read tolerantly (a bare array, ``atendimentos``, ``itens`` or ``content``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any
from urllib.parse import quote

from requests.auth import AuthBase, HTTPBasicAuth

from postalgui.api.errors import BadRequestError, InvalidResponseError, NotFoundError, ServerError
from postalgui.api.masking import register_secret
from postalgui.api.models.ster import AttendanceDetail, OperatorCode, RegistrationAnswer
from postalgui.api.records import one_record, validated
from postalgui.api.transport import Transport
from postalgui.api.values.money import format_cents
from postalgui.api.values.ster import (
    check_client_key,
    check_operator_code,
    check_quantity,
    check_ticket,
    parse_protocol,
    parse_ster_contract,
)
from postalgui.api.values.taxid import parse_tax_id

__all__ = [
    "AMOUNT_WARN_DIGITS",
    "BASE_PATH",
    "STER_URLS",
    "Registration",
    "RegistrationRefusedError",
    "RegistrationRevertedError",
    "SterAuth",
    "SterClient",
    "basic_auth",
]

BASE_PATH = "/ster/api/v1/atendimentos"
STER_URLS = {
    "producao": "https://app.correios.com.br",
    "homologacao": "https://apphom.correios.com.br",
}
"""The registration system's host per environment (REFERENCE.md, Environments)."""

SterAuth = AuthBase
"""What a `SterClient` authenticates with: `basic_auth`, or the token manager's bearer auth."""

AMOUNT_WARN_DIGITS = 8
"""The spec's size 8 for amounts, against its own "up to 10 digits": we send up to 10 and warn above 8."""


def basic_auth(user: str, password: str) -> AuthBase:
    """HTTP Basic with the identity-portal credentials (the password is masked in any log)."""
    register_secret(password)
    return HTTPBasicAuth(user, password)


class RegistrationRefusedError(BadRequestError):
    """The registration system refused ``registra`` (400): nothing was registered."""


class RegistrationRevertedError(ServerError):
    """``registra`` failed on the operator's side (500): it was reverted; start a new attendance."""


@dataclass(frozen=True)
class Registration:
    """A model-2 registration, checked field by field when built (spec 4.1).

    `amount` in reais (None for an ERP-tariffed service); `client_tax_id` a CPF or CNPJ
    in any usual writing; `ticket` the wire form (lines joined by ``+``, see
    `values.ster.ticket_from_text`), refused here when a line passes 50 characters or the
    whole 4,000 (2.4), whoever built it. `warnings` lists what is allowed but unusual.
    """

    operator_code: str
    quantity: str = "1"
    amount: Decimal | None = None
    client_tax_id: str | None = None
    client_key: str | None = None
    ticket: str | None = None
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "operator_code", check_operator_code(self.operator_code))
        object.__setattr__(self, "quantity", check_quantity(self.quantity))
        if self.client_tax_id:
            object.__setattr__(self, "client_tax_id", parse_tax_id(self.client_tax_id))
        if self.client_key:
            object.__setattr__(self, "client_key", check_client_key(self.client_key))
        if self.ticket:
            check_ticket(self.ticket)
        cents = None if self.amount is None else format_cents(self.amount)
        if cents is not None and len(cents) > AMOUNT_WARN_DIGITS:
            object.__setattr__(self, "warnings", (*self.warnings, "amount_over_8_digits"))

    def body(self) -> dict[str, Any]:
        """The JSON body of ``registra``; optional fields are left out when empty."""
        body: dict[str, Any] = {"codigoOperador": self.operator_code, "quantidade": self.quantity}
        if self.amount is not None:
            body["valorServico"] = format_cents(self.amount)
        if self.client_tax_id:
            body["numeroIdentificacaoCliente"] = self.client_tax_id
        if self.client_key:
            body["chaveCliente"] = self.client_key
        if self.ticket:
            body["textoTicket"] = self.ticket
        return body


class SterClient:
    """Calls to the registration system for one contract, with the partner's auth.

    `auth` is HTTP Basic with the identity-portal credentials by default, or the token
    service's bearer auth (a setting); the transport is the registration system's host.
    """

    def __init__(self, transport: Transport, auth: AuthBase | None, contract: str) -> None:
        self.transport = transport
        self.auth = auth
        self.contract = parse_ster_contract(contract)

    def _contract_path(self) -> str:
        return f"{BASE_PATH}/numerocontrato/{quote(self.contract, safe='')}"

    def decode(self, code: str) -> OperatorCode:
        """The decrypted operator code (spec 2.1)."""
        checked = check_operator_code(code)
        path = f"{self._contract_path()}/chaveOperador/{quote(checked, safe='')}"
        data = self.transport.request_json("GET", path, auth=self.auth)
        return one_record(data, OperatorCode, "operator code")

    def register(self, registration: Registration) -> RegistrationAnswer:
        """Register a model-2 attendance; the answer carries its protocol. Never retried."""
        try:
            data = self.transport.request_json(
                "POST",
                f"{BASE_PATH}/registra",
                json_body=registration.body(),
                auth=self.auth,
                idempotent=False,
            )
        except ServerError as exc:
            raise RegistrationRevertedError(list(exc.messages), status=exc.status or 500) from exc
        except BadRequestError as exc:
            raise RegistrationRefusedError(list(exc.messages), status=exc.status or 400) from exc
        answer = one_record(data, RegistrationAnswer, "registration")
        parse_protocol(answer.protocol)
        return answer

    def details(self, protocol: str) -> AttendanceDetail:
        """One attendance by protocol (`NotFoundError` when the operator does not know it)."""
        number = parse_protocol(protocol)
        path = f"{self._contract_path()}/protocolo/{number}/detalhes"
        data = self.transport.request_json("GET", path, auth=self.auth)
        if isinstance(data, dict) and not (data.get("numeroProtocolo") or data.get("protocolo")):
            # REFERENCE.md names only `statusAtendimento` in this answer: the protocol is the one asked.
            data = {**data, "protocolo": str(number)}
        return one_record(data, AttendanceDetail, "attendance")

    def day(self, day: date) -> list[AttendanceDetail]:
        """Every attendance of `day` (operator's clock); an empty list when it answers 404."""
        path = f"{self._contract_path()}/data/{day.isoformat()}"
        try:
            data = self.transport.request_json("GET", path, auth=self.auth)
        except NotFoundError:
            return []
        return validated(_records(data), AttendanceDetail, "attendance")


def _records(data: object) -> list[Any]:
    if data is None:
        return []
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        for key in ("atendimentos", "itens", "content"):
            if isinstance(data.get(key), list):
                return list(data[key])
    raise InvalidResponseError(
        "Invalid response from the registration system: expected a list of attendances"
    )
