"""Task functions of the Attendances tab: plain functions of a task handle and their inputs.

Each runs in the background (``fn(task, service, ...)``, as the use cases do) and touches
no widget; every call that reaches the network, the partner's child process or the
ledger's database goes through here, so the GUI thread never waits on one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from postalgui.services.attendance import counter, use_cases
from postalgui.services.attendance.export import write_report_csv, write_report_pdf

if TYPE_CHECKING:
    from datetime import date
    from pathlib import Path

    from postalgui.api.cancel import TaskControl
    from postalgui.api.models.ster import OperatorCode
    from postalgui.services.attendance.service import AttendanceService, PartnerStatus
    from postalgui.services.attendance.use_cases import LedgerRow, Registered, Registration

__all__ = [
    "counter_attendances",
    "decode",
    "export_report",
    "finish_at_counter",
    "load_ledger",
    "partner_status",
    "reconcile",
    "register",
    "start_at_counter",
    "start_partner",
    "stop_partner",
]


def partner_status(task: TaskControl, service: AttendanceService) -> PartnerStatus:
    """The partner server's status (reads the settings and the ledger's address)."""
    del task
    return service.partner_status()


def start_partner(task: TaskControl, service: AttendanceService) -> PartnerStatus:
    """Start the partner server; in the sandbox, point the simulated counter at it."""
    url = service.start_partner()
    task.raise_if_cancelled()
    if service.in_sandbox:
        counter.configure_counter(service, url)
    return service.partner_status()


def stop_partner(task: TaskControl, service: AttendanceService) -> PartnerStatus:
    del task
    service.stop_partner()
    return service.partner_status()


def start_at_counter(
    task: TaskControl, service: AttendanceService, model: int, form: dict[str, str] | None
) -> dict[str, Any]:
    del task
    return counter.start(service, model, form)


def finish_at_counter(
    task: TaskControl, service: AttendanceService, protocol: str, outcome: str, callback: bool
) -> dict[str, Any]:
    del task
    return counter.finish(service, protocol, outcome, callback=callback)


def counter_attendances(task: TaskControl, service: AttendanceService) -> list[dict[str, Any]]:
    del task
    return counter.attendances(service)


def decode(task: TaskControl, service: AttendanceService, text: str) -> OperatorCode:
    del task
    return use_cases.decode_code(service, text)


def register(
    task: TaskControl, service: AttendanceService, registration: Registration, decoded: OperatorCode | None
) -> Registered:
    del task
    return use_cases.register_attendance(service, registration, decoded)


def load_ledger(
    task: TaskControl, service: AttendanceService, day: date | None, state: str | None
) -> list[LedgerRow]:
    del task
    return use_cases.list_attendances(service, day, state)


def reconcile(task: TaskControl, service: AttendanceService, day: date) -> dict[str, Any]:
    """Reconcile `day` now; the report as plain data (what the exports take)."""
    task.progress(0, None, "reconciling")
    report = use_cases.reconcile_day(service, day)
    return dict(report.as_json())


def export_report(
    task: TaskControl, path: Path, report: dict[str, Any], language: Literal["pt", "en"], kind: str
) -> Path:
    """Write the report as ``kind`` ("csv" or "pdf") in ``language``."""
    del task
    if kind == "pdf":
        return write_report_pdf(path, report, language)
    return write_report_csv(path, report, language)
