"""The Attendances use cases, shared by the tab and the CLI: ``fn(task, service, ...)``.

Each runs in a background task (the tab's runner) or the CLI's thread (with a
`PlainTask`) and may block on the network, the partner's child process or the ledger's
database, so the GUI thread never waits on one. The simulated counter's own use cases
are in `counter`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Literal
from urllib.parse import parse_qs, urlsplit

from postalgui.api.models.ster import OperatorCode, RegistrationAnswer
from postalgui.api.ster import Registration
from postalgui.partner.ledger.schema import Attendance, utc
from postalgui.partner.ledger.store import FormRecord, operator_day
from postalgui.partner.reconcile import Report, reconcile
from postalgui.partner.states import AttendanceState
from postalgui.services.attendance import counter
from postalgui.services.attendance.export import write_report_csv, write_report_pdf
from postalgui.services.attendance.service import AttendanceService, PartnerStatus

if TYPE_CHECKING:
    from pathlib import Path

    from postalgui.api.cancel import TaskControl
from postalgui.api.ster import RegistrationRefusedError, RegistrationRevertedError
from postalgui.services.office.outgoing import digest, send_once

__all__ = [
    "LedgerRow",
    "Registered",
    "Registration",
    "Report",
    "code_from_text",
    "decode_code",
    "export_report",
    "list_attendances",
    "partner_status",
    "reconcile_day",
    "register_attendance",
    "start_partner",
    "stop_partner",
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


# --- the partner server ---------------------------------------------------------------------


def partner_status(task: TaskControl, service: AttendanceService) -> PartnerStatus:
    """The partner server's status (reads the settings and the ledger's address)."""
    del task  # no network: the settings and the child process's state
    return service.partner_status()


def start_partner(task: TaskControl, service: AttendanceService) -> PartnerStatus:
    """Start the partner server; in the sandbox, point the simulated counter at it."""
    url = service.start_partner()
    task.raise_if_cancelled()
    if service.in_sandbox:
        counter.configure_counter(service, url)
    return service.partner_status()


def stop_partner(task: TaskControl, service: AttendanceService) -> PartnerStatus:
    """Stop the partner server (waits for its process to end)."""
    del task  # stopping is not cancelled half way
    service.stop_partner()
    return service.partner_status()


# --- model 2: decode and register ---------------------------------------------------------------


def decode_code(task: TaskControl, service: AttendanceService, text: str) -> OperatorCode:
    """Ask the registration system who is attending, where, and how old the code is."""
    del task  # one request: the transport sees the cancel
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
        """The row's own fields as stored; the amount in reais, the times in UTC."""
        cents = row.amount_cents
        return cls(
            amount=None if cents is None else Decimal(cents).scaleb(-2),
            created_at=utc(row.created_at),
            updated_at=utc(row.updated_at),
            **{name: getattr(row, name) for name in _COPIED},
        )


_COPIED = tuple(f.name for f in fields(LedgerRow) if f.name not in {"amount", "created_at", "updated_at"})
"""The `LedgerRow` fields that are the ledger row's own columns, as stored."""


@dataclass(frozen=True)
class Registered:
    answer: RegistrationAnswer
    warnings: tuple[str, ...]


def register_attendance(
    task: TaskControl,
    service: AttendanceService,
    registration: Registration,
    decoded: OperatorCode | None = None,
) -> Registered:
    """Register a model-2 attendance and keep it in the ledger as registered.

    Written down before it is sent (`send_once`, kind ``attendance``): an answer lost or
    unreadable leaves the line, and the same registration is not sent again, from this
    desk or another, until a person settles it (the day's reconciliation finds it).
    """
    del task  # never retried, never cancelled half way: the ledger must follow the operator
    answer = _register_once(service, registration)
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


def _register_once(service: AttendanceService, registration: Registration) -> RegistrationAnswer:

    ster = service.ster_client()
    body = registration.body()
    kept = {key: value for key, value in body.items() if key != "codigoOperador"}  # secret-ish: not kept
    amount = "" if registration.amount is None else f" R$ {registration.amount:.2f}"
    return send_once(
        service.outgoing(),
        "attendance",
        digest(body),
        kept,
        f"Attendance {registration.client_tax_id or ''}{amount}".strip(),
        lambda: ster.register(registration),
        result=lambda answer: answer.protocol,
        nothing_done=(RegistrationRefusedError, RegistrationRevertedError),
    )


# --- the ledger and the day's reconciliation -----------------------------------------------------


def list_attendances(
    task: TaskControl, service: AttendanceService, day: date | None, state: str | None
) -> list[LedgerRow]:
    """The ledger's attendances of `day` (all days when None), in one state or all."""
    del task  # one query of the local ledger
    states = {AttendanceState(state).value} if state else None
    return [LedgerRow.of(row) for row in service.ledger().attendances(day, states)]


def reconcile_day(task: TaskControl, service: AttendanceService, day: date) -> Report:
    """Reconcile `day` with the registration system now (also done nightly by the server).

    Cancelling stops it between the operator's answers (the transport watches the task's
    token); what was booked by then stays booked.
    """
    task.progress(0, None, "reconciling")
    return reconcile(service.ledger(), service.ster_client(), day)


def export_report(
    task: TaskControl, path: Path, report: Report, language: Literal["pt", "en"], kind: str
) -> Path:
    """Write the report as ``kind`` ("csv" or "pdf") in ``language``."""
    del task  # a local file, written at once
    data = report.as_json()
    if kind == "pdf":
        return write_report_pdf(path, data, language)
    return write_report_csv(path, data, language)
