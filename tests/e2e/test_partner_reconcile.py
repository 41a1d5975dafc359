"""Reconciliation of a day against the sandbox's registration system finds every kind of
result and difference, updates the ledger, stores the report, and is run by the
server's own schedule for days it missed."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from postalgui.api.ster import SterClient
from postalgui.partner.ledger.store import FormRecord, Ledger, Reply, operator_day, sqlite_url
from postalgui.partner.reconcile import reconcilable_days, reconcile
from postalgui.partner.schedule import ReconciliationSchedule
from postalgui.partner.states import AttendanceState
from tests.e2e.conftest import SandboxControl
from tests.e2e.partner_support import (
    RunningPartner,
    counter_call,
    typed_line,
)


def _start(sandbox: SandboxControl, cents: int = 2500, *, deliver: bool = True) -> str:
    form = {"linhaDigitavel": typed_line(cents)}
    body = {"model": 1, "form": form, "deliver": deliver}
    protocol: str = counter_call(sandbox.url, "POST", "/attendances", body)["protocolo"]
    return protocol


def _finish(sandbox: SandboxControl, protocol: str, outcome: str, *, callback: bool) -> None:
    counter_call(
        sandbox.url, "POST", f"/attendances/{protocol}/finish", {"outcome": outcome, "callback": callback}
    )


def _protocols(report_list: list) -> set[str]:
    return {line.protocol for line in report_list}


def test_a_day_with_every_kind_of_result(
    sandbox: SandboxControl, partner: RunningPartner, ster: SterClient
) -> None:
    confirmed = _start(sandbox)
    _finish(sandbox, confirmed, "concluded", callback=True)
    silent = _start(sandbox)
    _finish(sandbox, silent, "concluded", callback=False)
    cancelled = _start(sandbox)
    _finish(sandbox, cancelled, "cancelled", callback=False)
    reversed_ = _start(sandbox)
    _finish(sandbox, reversed_, "reversed", callback=True)
    pending = _start(sandbox)
    missing = _start(sandbox, deliver=False)
    differing = _start(sandbox, 9990)
    _finish(sandbox, differing, "concluded", callback=True)
    counter_call(sandbox.url, "POST", f"/attendances/{differing}/amount", {"valorServico": "9900"})
    undone = _start(sandbox)  # concluded, then reversed at the counter without a callback
    _finish(sandbox, undone, "concluded", callback=True)
    _finish(sandbox, undone, "reversed", callback=False)
    contradicted = _start(sandbox)  # a 99 after the 00 while the operator still says F
    _finish(sandbox, contradicted, "concluded", callback=True)
    counter_call(sandbox.url, "POST", f"/attendances/{contradicted}/callback", {"codigoConfirmacao": "99"})
    ledger_only = "26479999999999"
    partner.ledger.receive_form(
        ledger_only,
        {},
        lambda: (
            Reply(200, {"codigo_retorno": "00"}),
            FormRecord(1, AttendanceState.RECEIVED, amount_cents=1),
        ),
    )

    day = operator_day(datetime.now(UTC))
    report = reconcile(partner.ledger, ster, day)

    assert _protocols(report.confirmed) == {confirmed, silent, differing}
    assert _protocols(report.cancelled) == {cancelled}
    assert _protocols(report.reversed) == {reversed_, undone, contradicted}
    assert _protocols(report.pending) == {pending}
    assert _protocols(report.missing_from_ledger) == {missing}
    assert _protocols(report.unknown_to_operator) == {ledger_only}
    (difference,) = report.amount_differences
    assert (difference.protocol, difference.ledger_cents, difference.operator_cents) == (
        differing,
        9990,
        9900,
    )
    assert _protocols(report.flagged) == {contradicted}
    assert not report.clean
    assert partner.ledger.get(undone).state == "reversed"
    # The ledger follows the operator for what was not final.
    assert partner.ledger.get(silent).state == "confirmed"
    assert partner.ledger.get(cancelled).state == "cancelled"
    assert partner.ledger.get(reversed_).state == "reversed"
    assert partner.ledger.get(pending).state == "pending"
    assert partner.ledger.report(day)["pending"][0]["protocol"] == pending


def test_the_schedule_catches_up_missed_days_after_22h(
    sandbox: SandboxControl, partner: RunningPartner, ster: SterClient
) -> None:
    protocol = _start(sandbox)
    _finish(sandbox, protocol, "concluded", callback=False)
    day = operator_day(datetime.now(UTC))
    before_closing = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(
        hours=24
    )  # 21:00 Brasília
    assert reconcilable_days(partner.ledger, before_closing, operator_day) == []
    two_days_later = before_closing + timedelta(days=2)
    # 21:00 two days later: that day is not closed yet; the two before it are due.
    assert reconcilable_days(partner.ledger, two_days_later, operator_day) == [day, day + timedelta(days=1)]
    assert reconcilable_days(partner.ledger, two_days_later + timedelta(hours=1), operator_day)[-1] == (
        day + timedelta(days=2)
    )
    schedule = ReconciliationSchedule(partner.ledger, ster, clock=lambda: two_days_later, wake_s=3600)
    done = schedule.run_due()
    assert done == [day.isoformat(), (day + timedelta(days=1)).isoformat()]
    assert partner.ledger.get(protocol).state == "confirmed"
    assert reconcilable_days(partner.ledger, two_days_later, operator_day) == []
    schedule.start()
    schedule.stop()


def test_without_a_day_list_each_attendance_is_asked_by_protocol(
    sandbox: SandboxControl, partner: RunningPartner, ster: SterClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from postalgui.api.errors import NotFoundError

    protocol = _start(sandbox)
    _finish(sandbox, protocol, "cancelled", callback=False)

    def no_day_list(day: date) -> list:
        raise NotFoundError(["Recurso não encontrado"], status=404)

    monkeypatch.setattr(ster, "day", no_day_list)
    report = reconcile(partner.ledger, ster, operator_day(datetime.now(UTC)))
    assert _protocols(report.cancelled) == {protocol}
    assert report.errors
    assert "day list" in report.errors[0]


def test_ledger_of_a_new_server_has_nothing_to_reconcile(tmp_path: Path) -> None:
    ledger = Ledger(sqlite_url(tmp_path / "empty.sqlite3"))
    try:
        assert reconcilable_days(ledger, datetime.now(UTC), operator_day) == []
    finally:
        ledger.close()
