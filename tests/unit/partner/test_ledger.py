"""The ledger on SQLite and PostgreSQL: one row per protocol, whatever the timing; callbacks
applied once; contradictions flagged, never applied; every call logged."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

from sqlalchemy import inspect

from postalgui.partner.ledger.schema import Attendance
from postalgui.partner.ledger.store import FormRecord, Ledger, Reply, partner_code
from postalgui.partner.secrets import token_digest
from postalgui.partner.states import AttendanceState

PROTOCOL = "26470000000042"


def _answer(cents: int = 1234) -> tuple[Reply, FormRecord]:
    reply = Reply(200, {"codigo_retorno": "00", "descricao_retorno": "ok", "valor": str(cents)})
    return reply, FormRecord(1, AttendanceState.RECEIVED, amount_cents=cents)


def _stored(ledger: Ledger) -> Attendance:
    row = ledger.get(PROTOCOL)
    assert row is not None
    return row


def test_opening_migrates_to_the_newest_schema_and_reopening_is_harmless(ledger_url: str) -> None:
    first = Ledger(ledger_url)
    tables = set(inspect(first.engine).get_table_names())
    assert {"attendances", "calls", "tokens", "reconciliations", "alembic_version"} <= tables
    first.close()
    again = Ledger(ledger_url)
    assert again.attendances() == []
    again.close()


def test_a_repeated_form_gets_the_stored_answer_without_running_the_handler(ledger: Ledger) -> None:
    calls = []

    def handle() -> tuple[Reply, FormRecord]:
        calls.append(1)
        return _answer()

    first = ledger.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle)
    second = ledger.receive_form(PROTOCOL, {"linhaDigitavel": "1"}, handle)
    assert first == second
    assert len(calls) == 1
    assert len(ledger.attendances()) == 1
    assert [call.status for call in ledger.calls(PROTOCOL)] == [200, 200]


def test_the_same_form_at_the_same_moment_in_two_workers_makes_one_row(ledger_url: str) -> None:
    """Two ledgers (two workers) handle one protocol at once: both answer the stored answer."""
    workers = [Ledger(ledger_url), Ledger(ledger_url)]
    both_handling = threading.Barrier(2, timeout=10)
    answers: list[Reply] = []

    def work(worker: Ledger, cents: int) -> None:
        def handle() -> tuple[Reply, FormRecord]:
            both_handling.wait()  # both handlers run before either stores
            return _answer(cents)

        answers.append(worker.receive_form(PROTOCOL, {}, handle))

    threads = [threading.Thread(target=work, args=(w, c)) for w, c in zip(workers, (100, 200), strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    try:
        rows = workers[0].attendances()
        assert len(rows) == 1
        assert answers[0] == answers[1]
        assert answers[0].body["valor"] == str(rows[0].amount_cents)
    finally:
        for worker in workers:
            worker.close()


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
