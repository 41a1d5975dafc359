"""The ledger on SQLite and PostgreSQL: one row per protocol, whatever the timing; callbacks
applied once; contradictions flagged, never applied; every call logged."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from postalgui.partner.ledger.schema import Attendance
from postalgui.partner.ledger.store import (
    FORM_FAILED,
    FORM_OTHER_FIELDS,
    FORM_STILL_PROCESSING,
    FormRecord,
    Ledger,
    Reply,
    partner_code,
    sqlite_url,
)
from postalgui.partner.secrets import token_digest
from postalgui.partner.states import AttendanceState

PROTOCOL = "26470000000042"


def _answer(cents: int = 1234) -> tuple[Reply, FormRecord]:
    reply = Reply(200, {"codigo_retorno": "00", "descricao_retorno": "ok", "valor": str(cents)})
    return reply, FormRecord(1, AttendanceState.RECEIVED, amount_cents=cents)


class Counted:
    """A handler that answers `_answer()` and counts its runs."""

    def __init__(self) -> None:
        self.runs = 0

    def __call__(self) -> tuple[Reply, FormRecord]:
        self.runs += 1
        return _answer()


def _stored(ledger: Ledger) -> Attendance:
    row = ledger.get(PROTOCOL)
    assert row is not None
    return row


def test_opening_migrates_to_the_newest_schema_and_reopening_is_harmless(ledger_url: str) -> None:
    first = Ledger(ledger_url)
    tables = set(inspect(first.engine).get_table_names())
    assert {"attendances", "calls", "tokens", "reconciliations", "form_claims", "alembic_version"} <= tables
    first.close()
    again = Ledger(ledger_url)
    assert again.attendances() == []
    again.close()


def test_on_sqlite_a_write_holds_the_write_lock_from_its_start_and_a_read_waits_for_none(
    tmp_path: Path,
) -> None:
    """The store's engine: a transaction that reads before it writes (a confirmation, a
    settled claim) cannot lose its write to another worker's lock halfway; reads never wait."""
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger(sqlite_url(path))
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        with ledger.engine.begin() as connection:
            connection.execute(text("SELECT count(*) FROM attendances")).scalar_one()
            with pytest.raises(sqlite3.OperationalError, match="locked"):  # held since it began
                other.execute("BEGIN IMMEDIATE")
        other.execute("BEGIN IMMEDIATE")  # the other worker writes now
        started = time.monotonic()
        assert ledger.attendances() == []
        assert ledger.get(PROTOCOL) is None
        assert time.monotonic() - started < 1.0
        other.execute("ROLLBACK")
    finally:
        other.close()
        ledger.close()


def test_a_repeated_form_gets_the_stored_answer_without_running_the_handler(ledger: Ledger) -> None:
    handle = Counted()
    first = ledger.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle)
    second = ledger.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle)
    assert first == second
    assert handle.runs == 1
    assert len(ledger.attendances()) == 1
    assert [call.status for call in ledger.calls(PROTOCOL)] == [200, 200]


def test_the_same_form_at_the_same_moment_in_two_workers_runs_the_handler_once(ledger_url: str) -> None:
    """Two ledgers (two workers), eight threads each, one protocol at once: one handler run, one row."""
    workers = [Ledger(ledger_url), Ledger(ledger_url)]
    runs: list[int] = []
    release = threading.Event()
    answers: list[Reply] = []

    def work(worker: Ledger, cents: int) -> None:
        def handle() -> tuple[Reply, FormRecord]:
            runs.append(cents)
            release.wait(10)  # the others arrive while it runs
            return _answer(cents)

        answers.append(worker.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle))

    threads = [threading.Thread(target=work, args=(workers[i % 2], 100 + i)) for i in range(16)]
    for thread in threads:
        thread.start()
    threading.Timer(0.3, release.set).start()
    for thread in threads:
        thread.join(30)
    try:
        rows = workers[0].attendances()
        assert len(runs) == 1
        assert len(rows) == 1
        assert len(answers) == 16
        assert {answer.body["valor"] for answer in answers} == {str(runs[0])} == {str(rows[0].amount_cents)}
    finally:
        for worker in workers:
            worker.close()


_PROCESS = """
import sys, threading
from postalgui.partner.ledger.store import FormRecord, Ledger, Reply
from postalgui.partner.states import AttendanceState

url, runs, start = sys.argv[1], sys.argv[2], float(sys.argv[3])
ledger = Ledger(url)

def handle():
    with open(runs, "a") as out:
        out.write("run\\n")
    return Reply(200, {"codigo_retorno": "00"}), FormRecord(1, AttendanceState.RECEIVED)

def work():
    ledger.receive_form("26470000000042", {"linhaDigitavel": "1"}, handle)

import time
time.sleep(max(0.0, start - time.time()))
threads = [threading.Thread(target=work) for _ in range(6)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
ledger.close()
"""


def test_the_same_form_in_two_processes_at_once_runs_the_handler_once(
    ledger_url: str, tmp_path: Path
) -> None:
    Ledger(ledger_url).close()  # migrated before the processes race
    runs = tmp_path / "runs.txt"
    start = time.time() + 3
    processes = [
        subprocess.Popen([sys.executable, "-c", _PROCESS, ledger_url, str(runs), str(start)])
        for _ in range(2)
    ]
    assert [process.wait(60) for process in processes] == [0, 0]
    assert runs.read_text().splitlines() == ["run"]
    check = Ledger(ledger_url)
    try:
        assert len(check.attendances()) == 1
        assert [call.status for call in check.calls(PROTOCOL)] == [200] * 12
    finally:
        check.close()


def test_a_handler_that_raises_is_never_run_again_for_its_protocol(ledger: Ledger) -> None:
    """Its outcome is unknown (the money may have moved): the 500 stands, the attendance is
    cancelled and flagged for reconciliation, and no repeat runs the handler again."""
    runs = []

    def broken() -> tuple[Reply, FormRecord]:
        runs.append(1)
        raise RuntimeError("the bank's system hung up")

    first = ledger.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, broken)
    again = ledger.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, _answer)
    assert first == again == FORM_FAILED
    assert first.status == 500
    assert runs == [1]
    row = _stored(ledger)
    assert (row.state, "handler failed (RuntimeError)" in (row.flag or "")) == ("cancelled", True)
    assert ledger.confirm(PROTOCOL, "00", {}) == Reply(400, {"codigo": ""})


_KILLED = """
import os, sys
from postalgui.partner.ledger.store import Ledger

ledger = Ledger(sys.argv[1])

def handle():
    os._exit(9)  # killed while the handler runs

ledger.receive_form("26470000000042", {"linhaDigitavel": "1"}, handle)
"""


def test_a_worker_killed_mid_handler_leaves_the_protocol_claimed_until_its_lease_runs_out(
    ledger_url: str,
) -> None:
    """A repeat waits (bounded) while the lease runs, then settles the claim as failed: never
    stuck, never run twice; the attendance is flagged for reconciliation."""
    killed = subprocess.run([sys.executable, "-c", _KILLED, ledger_url], timeout=60, check=False)
    assert killed.returncode == 9
    handle = Counted()
    soon = Ledger(ledger_url, claim_wait_s=0.2)
    later = Ledger(ledger_url, clock=lambda: datetime.now(UTC) + timedelta(seconds=301))
    try:
        assert soon.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle) == FORM_STILL_PROCESSING
        assert soon.get(PROTOCOL) is None
        assert later.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle) == FORM_FAILED
        assert soon.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle) == FORM_FAILED
        assert handle.runs == 0
        row = _stored(later)
        assert (row.state, "did not finish within its lease" in (row.flag or "")) == ("cancelled", True)
        assert [call.status for call in later.calls(PROTOCOL)] == [500, 500, 500]
    finally:
        soon.close()
        later.close()


def test_a_handler_that_finishes_after_its_lease_ran_out_is_flagged_not_stored(ledger_url: str) -> None:
    slow = Ledger(ledger_url)
    late = Ledger(ledger_url, clock=lambda: datetime.now(UTC) + timedelta(seconds=301))

    def handle() -> tuple[Reply, FormRecord]:
        # Another worker, past the lease, settles the claim while this handler still runs.
        assert late.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, _answer) == FORM_FAILED
        return _answer()

    try:
        assert slow.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle) == FORM_FAILED
        row = _stored(slow)
        assert (row.state, "handler answered 200 after its lease" in (row.flag or "")) == ("cancelled", True)
    finally:
        slow.close()
        late.close()


def test_the_same_protocol_with_other_fields_is_refused_and_flagged(ledger: Ledger) -> None:
    handle = Counted()
    first = ledger.receive_form(PROTOCOL, {"linhaDigitavel": "1", "quantidade": "1"}, handle)
    other = ledger.receive_form(PROTOCOL, {"linhaDigitavel": "1", "quantidade": "2"}, handle)
    assert other == FORM_OTHER_FIELDS
    assert (other.status, other.body["codigo_retorno"] != "00") == (400, True)
    assert ledger.receive_form(PROTOCOL, {"quantidade": "1", "linhaDigitavel": "1"}, handle) == first
    assert handle.runs == 1
    assert "other fields" in (_stored(ledger).flag or "")


def test_other_fields_while_the_first_form_runs_flag_the_row_it_stores(ledger: Ledger) -> None:
    def handle() -> tuple[Reply, FormRecord]:
        assert ledger.receive_form(PROTOCOL, {"linhaDigitavel": "2"}, _answer) == FORM_OTHER_FIELDS
        return _answer()

    assert ledger.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle).status == 200
    row = _stored(ledger)
    assert (row.state, "other fields" in (row.flag or "")) == ("received", True)


def test_forms_answered_before_the_claims_keep_their_digest(ledger_url: str) -> None:
    """Migration 0003 gives every answered form a claim, so its repeats are still told apart."""
    old = Ledger(ledger_url)
    old.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, _answer)
    with old.engine.begin() as connection:
        connection.execute(text("DELETE FROM form_claims"))
        connection.execute(text("DROP TABLE form_claims"))
        connection.execute(text("ALTER TABLE tokens DROP COLUMN client_version"))  # 0004's, after it
        connection.execute(text("UPDATE alembic_version SET version_num = '0002'"))
    old.close()
    migrated = Ledger(ledger_url)
    try:
        assert migrated.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, _answer).status == 200
        assert migrated.receive_form(PROTOCOL, {"linhaDigitavel": "2"}, _answer) == FORM_OTHER_FIELDS
    finally:
        migrated.close()


def test_confirmations_apply_once_and_contradictions_are_flagged(ledger: Ledger) -> None:
    ledger.receive_form(PROTOCOL, {}, _answer)
    assert ledger.confirm("26470000000099", "00", {}) == Reply(400, {"codigo": ""})
    answers = [ledger.confirm(PROTOCOL, code, {}) for code in ("99", "99", "00")]
    assert [answer.status for answer in answers] == [200, 200, 400]
    assert answers[2].body == {"codigo": ""}
    row = _stored(ledger)
    assert (row.state, "00 contradicts 99" in (row.flag or "")) == ("not_confirmed", True)


def test_a_reversal_after_confirmation_moves_the_attendance_to_reversed(ledger: Ledger) -> None:
    """The operator concludes (00), then reverses (99): its later word wins, both calls logged."""
    ledger.receive_form(PROTOCOL, {}, _answer)
    confirmed = ledger.confirm(PROTOCOL, "00", {"codigoConfirmacao": "00"})
    assert confirmed == Reply(200, {"codigo": partner_code(PROTOCOL)})
    assert len(partner_code(PROTOCOL)) <= 20
    assert ledger.confirm(PROTOCOL, "00", {}) == confirmed
    reversal = ledger.confirm(PROTOCOL, "99", {"codigoConfirmacao": "99"})
    assert reversal == Reply(200, {"codigo": partner_code(PROTOCOL)})
    assert ledger.confirm(PROTOCOL, "99", {}) == reversal
    row = _stored(ledger)
    assert (row.state, row.confirmation, row.flag) == ("reversed", "99", None)
    assert [(c.endpoint, c.status) for c in ledger.calls(PROTOCOL)][1:] == [
        ("confirmarAtendimento", 200),
        ("confirmarAtendimento", 200),
        ("confirmarAtendimento", 200),
        ("confirmarAtendimento", 200),
    ]
    # Undone is undone: a later 00 does not book it again.
    assert ledger.confirm(PROTOCOL, "00", {}) == Reply(400, {"codigo": ""})
    row = _stored(ledger)
    assert row.state == "reversed"
    assert "00 contradicts 99" in (row.flag or "")


def test_a_99_for_an_attendance_reconciliation_confirmed_reverses_it(ledger: Ledger) -> None:
    ledger.receive_form(PROTOCOL, {}, _answer)
    ledger.update_from_operator(PROTOCOL, AttendanceState.CONFIRMED, "F", 1234)
    assert ledger.confirm(PROTOCOL, "99", {}).status == 200
    assert _stored(ledger).state == "reversed"


def test_a_00_for_a_refused_form_is_flagged_never_confirmed(ledger: Ledger) -> None:
    def refuse() -> tuple[Reply, FormRecord]:
        return Reply(400, {"codigo_retorno": "10", "descricao_retorno": "boleto vencido"}), FormRecord(
            1, AttendanceState.CANCELLED
        )

    ledger.receive_form(PROTOCOL, {}, refuse)
    assert ledger.confirm(PROTOCOL, "00", {}) == Reply(400, {"codigo": ""})
    assert ledger.confirm(PROTOCOL, "00", {}) == Reply(400, {"codigo": ""})
    row = _stored(ledger)
    assert (row.state, row.confirmation) == ("cancelled", None)
    assert "00 for an attendance the ledger holds cancelled" in (row.flag or "")
    assert ledger.confirm(PROTOCOL, "99", {}).status == 200  # the counter cancelling it is fine
    assert _stored(ledger).state == "cancelled"


def test_a_99_marks_not_confirmed(ledger: Ledger) -> None:
    ledger.receive_form(PROTOCOL, {}, _answer)
    assert ledger.confirm(PROTOCOL, "99", {}).status == 200
    row = ledger.get(PROTOCOL)
    assert row is not None
    assert row.state == "not_confirmed"


def test_every_call_is_logged_in_order(ledger: Ledger) -> None:
    ledger.receive_form(PROTOCOL, {"campo": "á"}, _answer)
    ledger.confirm(PROTOCOL, "00", {"numeroProtocolo": PROTOCOL, "codigoConfirmacao": "00"})
    ledger.log_call("formulario", None, None, Reply(401, {"codigo_retorno": "97"}))
    calls = ledger.calls()
    assert [(c.endpoint, c.status) for c in calls] == [
        ("formulario", 200),
        ("confirmarAtendimento", 200),
        ("formulario", 401),
    ]
    assert '"á"' in calls[0].body


def test_tokens_are_valid_until_they_expire(ledger: Ledger) -> None:
    now = ledger.now()
    ledger.store_token(token_digest("live"), "client", "v1", now + timedelta(hours=12))
    ledger.store_token(token_digest("old"), "client", "v1", now - timedelta(seconds=1))
    assert ledger.token_valid(token_digest("live"), "client", "v1")
    assert not ledger.token_valid(token_digest("old"), "client", "v1")
    assert not ledger.token_valid(token_digest("never issued"), "client", "v1")


def test_the_day_is_brasilia_time(ledger_url: str) -> None:
    late = datetime(2026, 11, 25, 2, 30, tzinfo=UTC)  # 23:30 on the 24th in Brasília
    clocked = Ledger(ledger_url, clock=lambda: late)
    try:
        clocked.receive_form(PROTOCOL, {}, _answer)
        (row,) = clocked.attendances()
        assert row.day.isoformat() == "2026-11-24"
    finally:
        clocked.close()
