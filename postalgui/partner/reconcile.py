"""Daily reconciliation (spec 4.2, the alternative to callbacks): what the ledger holds for a
day against what the registration system says, before anything is paid or booked.

Every attendance of the day not in a final state is checked with the operator and
moved to the state it reports; a confirmed one the operator has since reversed
(ESTORNADO) moves to reversed, as the operator's later word. The report lists each kind
of result and difference; it is stored in the ledger (one per day, the last run wins)
and returned. Only a run after the day's 22:00 closes the day; an earlier one is a
preview (`Report.preview`), and the nightly run still reconciles the day.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, Protocol

from postalgui.api.errors import ApiError, NotFoundError
from postalgui.api.models.ster import AttendanceDetail
from postalgui.partner.ledger.schema import Attendance
from postalgui.partner.ledger.store import SAO_PAULO, Ledger
from postalgui.partner.states import FINAL_STATES, AttendanceState, from_operator

__all__ = ["CLOSING", "AttendanceSource", "Report", "reconcilable_days", "reconcile"]

CLOSING = time(22, 0)
"""The last units close by 22:00 Brasília time (spec 8): a day is reconciled after it."""


class AttendanceSource(Protocol):
    """The registration system's two reading calls (`api.ster.SterClient`)."""

    def day(self, day: date) -> list[AttendanceDetail]: ...

    def details(self, protocol: str) -> AttendanceDetail: ...


@dataclass
class Line:
    """One attendance in the report."""

    protocol: str
    ledger_state: str | None
    operator_status: str | None
    ledger_cents: int | None
    operator_cents: int | None
    note: str = ""


@dataclass
class Report:
    """A day's reconciliation. Each list holds `Line`s."""

    day: str
    ran_at: str
    preview: bool = False
    """Run before the day's 22:00 (Brasília): attendances may still conclude; the day stays open."""
    confirmed: list[Line] = field(default_factory=list)
    cancelled: list[Line] = field(default_factory=list)
    reversed: list[Line] = field(default_factory=list)
    pending: list[Line] = field(default_factory=list)
    unknown_to_operator: list[Line] = field(default_factory=list)
    missing_from_ledger: list[Line] = field(default_factory=list)
    amount_differences: list[Line] = field(default_factory=list)
    flagged: list[Line] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def clean(self) -> bool:
        """Nothing to look at: no pending, unknown, missing, differing or flagged attendance."""
        return not (
            self.pending
            or self.unknown_to_operator
            or self.missing_from_ledger
            or self.amount_differences
            or self.flagged
            or self.errors
        )


def _cents(detail: AttendanceDetail) -> int | None:
    amount = detail.amount
    return None if amount is None else int(amount.scaleb(2))


def _line(
    row: Attendance | None, detail: AttendanceDetail | None, note: str = "", state: str | None = None
) -> Line:
    """A report line; `state` is the ledger's state after this reconciliation (the row's, if unchanged)."""
    return Line(
        protocol=row.protocol if row is not None else (detail.protocol if detail else ""),
        ledger_state=state or (row.state if row is not None else None),
        operator_status=(detail.statusAtendimento if detail is not None else None),
        ledger_cents=row.amount_cents if row is not None else None,
        operator_cents=_cents(detail) if detail is not None else None,
        note=note,
    )


_BUCKET = {
    AttendanceState.CONFIRMED: "confirmed",
    AttendanceState.CANCELLED: "cancelled",
    AttendanceState.REVERSED: "reversed",
    AttendanceState.PENDING: "pending",
}


def _operator_view(source: AttendanceSource, day: date, report: Report) -> dict[str, AttendanceDetail] | None:
    try:
        return {detail.protocol: detail for detail in source.day(day)}
    except ApiError as error:  # no day list: ask attendance by attendance
        report.errors.append(f"day list: {error}")
        return None


def _ask(source: AttendanceSource, protocol: str, report: Report) -> AttendanceDetail | None:
    try:
        return source.details(protocol)
    except NotFoundError:
        return None
    except ApiError as error:
        report.errors.append(f"{protocol}: {error}")
        raise


def reconcile(ledger: Ledger, source: AttendanceSource, day: date, *, now: datetime | None = None) -> Report:
    """Reconcile `day` (Brasília time) and store the report; `now` (the ledger's clock when
    None) tells a closing run from a preview."""
    now = now or ledger.now()
    preview = now < due_moment(day)
    report = Report(day=day.isoformat(), ran_at=now.isoformat(timespec="seconds"), preview=preview)
    known = _operator_view(source, day, report)
    rows = ledger.attendances(day)
    for row in rows:
        detail = known.get(row.protocol) if known is not None else None
        if known is None:
            try:
                detail = _ask(source, row.protocol, report)
            except ApiError:
                continue
        _reconcile_row(ledger, row, detail, report)
    if known is not None:
        ours = {row.protocol for row in rows}
        for protocol, detail in sorted(known.items()):
            if protocol not in ours and ledger.get(protocol) is None:
                report.missing_from_ledger.append(_line(None, detail))
    ledger.save_report(day, report.as_json(), closed=not preview)
    return report


def _reconcile_row(ledger: Ledger, row: Attendance, detail: AttendanceDetail | None, report: Report) -> None:
    if row.flag:
        report.flagged.append(_line(row, detail, row.flag))
    if detail is None:
        report.unknown_to_operator.append(_line(row, None))
        return
    status = detail.status
    state = AttendanceState(row.state)
    note = ""
    operator_state = None if status is None else from_operator(status)
    reversal = state is AttendanceState.CONFIRMED and operator_state is AttendanceState.REVERSED
    if status is not None and operator_state is not None and (state not in FINAL_STATES or reversal):
        if reversal:  # the operator's later word wins: it undid what it had concluded
            note = "reversed after confirmation"
        state = operator_state
        ledger.update_from_operator(row.protocol, state, status.value, _cents(detail))
    elif status is not None and operator_state is not state:
        report.flagged.append(_line(row, detail, f"ledger {state.value}, operator {status.value}"))
    bucket = _BUCKET.get(state)
    if bucket is not None:
        getattr(report, bucket).append(_line(row, detail, note, state=state.value))
    operator_cents = _cents(detail)
    if state in (AttendanceState.CONFIRMED, AttendanceState.PENDING) and operator_cents != row.amount_cents:
        report.amount_differences.append(_line(row, detail, state=state.value))


def due_moment(day: date) -> datetime:
    """When `day` can be reconciled: 22:00 Brasília time that day, in UTC."""
    return datetime.combine(day, CLOSING, tzinfo=UTC) - SAO_PAULO


def reconcilable_days(ledger: Ledger, now: datetime, today: Callable[[datetime], date]) -> list[date]:
    """Days with attendances, past their 22:00, not reconciled yet (missed days included)."""
    first = ledger.first_day()
    if first is None:
        return []
    done = ledger.reconciled_days()
    last = today(now)
    if now < due_moment(last):
        last -= timedelta(days=1)
    days = []
    current = first
    while current <= last:
        if current not in done:
            days.append(current)
        current += timedelta(days=1)
    return days
