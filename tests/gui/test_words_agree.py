"""A tab and its export say the same words (issue 39): for every status and every problem
of Tracking, every kind, state and outcome of Claims, every pre-posting status, every
attendance state and every unanswered send's state, in both languages, the window and the
exported file (or the command line) read one entry of the catalogue
(`postalgui.services.words`). The Tracking tab once said "Aguardando retirada na
agência" where its export said "Aguardando retirada"."""

from __future__ import annotations

import csv
from datetime import date
from pathlib import Path

import pytest

from postalgui.api.cancel import PlainTask
from postalgui.api.models.prepostings import PrepostingStatus
from postalgui.gui.dialogs.sent_dialog import state_words as sent_state_words
from postalgui.gui.tabs.attendance.words import operator_status_text, state_text
from postalgui.gui.tabs.claims.filed_words import shown_state, state_word
from postalgui.gui.tabs.claims.words import kind_word
from postalgui.gui.tabs.shipping import words as shipping_tab_words
from postalgui.gui.tabs.tracking import detail_words, words
from postalgui.services.attendance.export import report_rows
from postalgui.services.claims import words as claim_words
from postalgui.services.claims.candidates import Kind
from postalgui.services.claims.records import Claim, ClaimState, Outcome
from postalgui.services.office.outgoing import OutgoingState
from postalgui.services.shipping import words as shipping_words
from postalgui.services.tracking.export import export_objects
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.status import Problem, Status
from postalgui.services.words import Words
from postalgui.services.words.attendance import OPERATOR_STATUS
from postalgui.services.words.attendance import STATE as ATTENDANCE_STATE
from postalgui.services.words.office import OUTGOING_STATE
from postalgui.services.words.tracking import STATUS

TODAY = date(2026, 11, 26)

CASES: list[tuple[Status | None, Problem | None]] = [
    (None, None),
    *((status, None) for status in Status),
    *((Status.PROBLEM, problem) for problem in Problem),
]


def _objects() -> list[WatchedObject]:
    return [
        WatchedObject(code=f"AA{index:09d}BR", status=status, problem=problem)
        for index, (status, problem) in enumerate(CASES)
    ]


def _exported(tmp_path: Path, objects: list[WatchedObject], language: str) -> list[str]:
    path = export_objects(PlainTask(), None, objects, tmp_path / "objects.csv", TODAY, language)
    with path.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle, delimiter=";"))
    return [row[1] for row in rows[1:]]


def test_the_tab_and_its_export_say_the_same_words(each_language: str, tmp_path: Path) -> None:
    objects = _objects()
    exported = _exported(tmp_path, objects, each_language)
    table = [words.status_text(watched.status, watched.problem, None) for watched in objects]
    detail = [detail_words.status_text(watched) for watched in objects]
    assert table == exported
    assert detail == exported


@pytest.mark.parametrize(
    ("status", "problem", "english", "portuguese"),
    [
        (Status.AWAITING_PICKUP, None, "Waiting at a branch", "Aguardando retirada na agência"),
        (Status.PROBLEM, Problem.LOST, "Problem: lost", "Problema: extraviado"),
        (None, None, "Not asked yet", "Ainda não consultado"),
    ],
)
def test_the_shared_words_are_the_tab_s(
    each_language: str,
    tmp_path: Path,
    status: Status | None,
    problem: Problem | None,
    english: str,
    portuguese: str,
) -> None:
    watched = WatchedObject(code="AA000000000BR", status=status, problem=problem)
    expected = english if each_language == "en" else portuguese
    assert _exported(tmp_path, [watched], each_language) == [expected]
    assert words.status_text(status, problem, None) == expected


def test_every_status_has_words_in_both_languages() -> None:
    assert set(STATUS) == set(Status)
    assert all(isinstance(entry, Words) and entry.en and entry.pt for entry in STATUS.values())


def test_claims_kinds_states_and_outcomes_agree(each_language: str) -> None:
    for kind in Kind:
        assert kind_word(kind) == claim_words.kind_words(kind, each_language)
    for outcome in (Outcome.OPEN, Outcome.REOPENED, Outcome.ACCEPTED, Outcome.REFUSED, Outcome.PAID):
        claim = Claim(code="AA000000000BR", state=ClaimState.FILED, outcome=outcome)
        assert state_word(shown_state(claim)) == claim_words.outcome_words(outcome, each_language)
    for state, shown in ((ClaimState.UNCONFIRMED, "unconfirmed"), (ClaimState.REFUSED, "not_filed")):
        assert state_word(shown) == claim_words.state_words(state, each_language)


def test_pre_posting_statuses_agree_with_the_command_line(each_language: str) -> None:
    for status in PrepostingStatus:
        assert shipping_tab_words.status_word(status.value) == shipping_words.status_words(
            status, language=each_language
        )
    unknown = shipping_words.status_words(None, "9", "Em análise", each_language)
    assert shipping_tab_words.status_word("9", "Em análise") == unknown
    assert shipping_tab_words.status_word("") == shipping_words.status_words(None, language=each_language)
    assert shipping_tab_words.labelled_word(True) == shipping_words.labelled_words(each_language)


def test_attendance_states_agree_with_the_reconciliation_files(each_language: str) -> None:
    pairs = [(state.value, status.value) for state in ATTENDANCE_STATE for status in OPERATOR_STATUS]
    report = {
        "confirmed": [
            {"protocol": str(index), "ledger_state": state, "operator_status": status}
            for index, (state, status) in enumerate(pairs)
        ]
    }
    language = "en" if each_language == "en" else "pt"
    exported = [(row[2], row[3]) for row in report_rows(report, language)]
    assert exported == [(state_text(state), operator_status_text(status)) for state, status in pairs]


def test_unanswered_sends_say_what_the_command_line_says(each_language: str) -> None:
    for state in (OutgoingState.SENDING, OutgoingState.UNREADABLE, OutgoingState.LOST):
        assert sent_state_words(state) == OUTGOING_STATE[state].said(each_language)
    expected = "Being sent" if each_language == "en" else "Sendo enviado"
    assert sent_state_words(OutgoingState.SENDING) == expected
