"""The Attendances use cases, shared by the tab and the CLI: plain functions of their inputs.

Each runs in a background task (or the CLI's thread) and may block on the network or
the ledger's database.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

from postalgui.api.models.ster import OperatorCode, RegistrationAnswer
from postalgui.api.ster import Registration
from postalgui.partner.ledger.schema import Attendance, utc
from postalgui.partner.ledger.store import FormRecord, operator_day
from postalgui.partner.reconcile import Report, reconcile
from postalgui.partner.states import AttendanceState
from postalgui.services.attendance.service import AttendanceService

__all__ = [
    "LedgerRow",
    "Registered",
    "Registration",
    "code_from_text",
    "decode_code",
    "list_attendances",
    "reconcile_day",
    "register_attendance",
    "today",
]

CODE_KEYS = ("codigoOperador", "codigoCorreios")
"""The URL parameter the operator appends (the spec's name, and the one some partners see)."""


def today() -> date:
    """Today in Brasília time: the operator's day."""
    return operator_day(datetime.now(UTC))


def code_from_text(text: str) -> str:
    """The operator code from what the attendant pasted: the code itself, or the partner URL
    with ``?codigoOperador=`` (percent-decoded)."""
    stripped = text.strip()
    if "?" in stripped and "://" in stripped.split("?", 1)[0]:
        query = parse_qs(urlsplit(stripped).query, keep_blank_values=True)
        for key in CODE_KEYS:
            if query.get(key):
                return query[key][0].strip()
    return stripped


def decode_code(service: AttendanceService, text: str) -> OperatorCode:
    return service.ster_client().decode(code_from_text(text))


@dataclass(frozen=True)
class LedgerRow:
    """One attendance of the ledger as the tab and the CLI show it (no database object escapes)."""

    protocol: str
    day: date
    model: int
    state: str
    amount: Decimal | None
    quantity: int | None
    client_tax_id: str | None
    client_key: str | None
    attendant: str | None
    unit: str | None
    confirmation: str | None
    partner_code: str | None
    operator_status: str | None
    flag: str | None
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, row: Attendance) -> LedgerRow:
        cents = row.amount_cents
        return cls(
            protocol=row.protocol,
            day=row.day,
            model=row.model,
            state=row.state,
            amount=None if cents is None else Decimal(cents).scaleb(-2),
            quantity=row.quantity,
            client_tax_id=row.client_tax_id,
            client_key=row.client_key,
            attendant=row.attendant,
            unit=row.unit,
            confirmation=row.confirmation,
            partner_code=row.partner_code,
            operator_status=row.operator_status,
            flag=row.flag,
            created_at=utc(row.created_at),
            updated_at=utc(row.updated_at),
        )


@dataclass(frozen=True)
class Registered:
    answer: RegistrationAnswer
    warnings: tuple[str, ...]


def register_attendance(
    service: AttendanceService, registration: Registration, decoded: OperatorCode | None = None
) -> Registered:
    """Register a model-2 attendance and keep it in the ledger as registered."""
    answer = service.ster_client().register(registration)
    cents = None if registration.amount is None else int(registration.amount.scaleb(2))
    record = FormRecord(
        model=2,
        state=AttendanceState.REGISTERED,
        amount_cents=cents,
        quantity=int(registration.quantity),
        client_tax_id=registration.client_tax_id,
        client_key=registration.client_key,
        attendant=decoded.nome if decoded else None,
        unit=decoded.mcmcuAgencia if decoded else None,
        terminal=decoded.numeroCaixa if decoded else None,
    )
    body = {key: value for key, value in registration.body().items() if key != "codigoOperador"}
    service.ledger().record_registration(answer.protocol, record, body)
    return Registered(answer, registration.warnings)


def list_attendances(service: AttendanceService, day: date | None, state: str | None) -> list[LedgerRow]:
    """The ledger's attendances of `day` (all days when None), in one state or all."""
    states = {AttendanceState(state).value} if state else None
    return [LedgerRow.of(row) for row in service.ledger().attendances(day, states)]


def reconcile_day(service: AttendanceService, day: date) -> Report:
    """Reconcile `day` with the registration system now (also done nightly by the server)."""
    return reconcile(service.ledger(), service.ster_client(), day)
