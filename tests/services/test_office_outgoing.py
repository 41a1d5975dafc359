"""Writes happen once (`services.office.outgoing`): written down before sending, settled
by the answer, and never sent twice, by this desk or another, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest

from postalgui.api.errors import BadRequestError, InvalidResponseError, ServerError, TransportError
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.outgoing import (
    STALE,
    AlreadySentError,
    Outgoing,
    OutgoingState,
    Resolution,
    UnreadableAnswerError,
    digest,
    send_once,
)

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
BODY = {"destinatario": {"nome": "Maria da Silva"}, "numeroNotaFiscal": "123"}


def unreadable() -> InvalidResponseError:
    error = InvalidResponseError("Invalid pre-posting answer from the operator (HTTP 200)", status=200)
    error.raw = '{"id": "PR123", "statusAtual": 2.5e9}'
    return error


def test_a_request_sent_and_answered_can_be_sent_again(office: OfficeDatabase) -> None:
    book = Outgoing(office)
    assert (
        send_once(book, "preposting", "k1", BODY, "Maria", lambda: "PR1", result=str, now=lambda: NOW)
        == "PR1"
    )
    assert book.lines() == []
    [line] = book.lines(unsettled_only=False)
    assert (line.state, line.result, line.created_by, line.request) == (
        OutgoingState.DONE,
        "PR1",
        "clerk.a",
        BODY,
    )
    assert (
        send_once(book, "preposting", "k1", BODY, "Maria", lambda: "PR2", result=str, now=lambda: NOW)
        == "PR2"
    )


def test_an_unreadable_answer_is_kept_raw_and_never_sent_again(office: OfficeDatabase) -> None:
    book, other_desk = Outgoing(office), Outgoing(office)
    sent: list[str] = []

    def send() -> str:
        sent.append("POST")
        raise unreadable()

    with pytest.raises(UnreadableAnswerError) as caught:
        send_once(book, "preposting", "k1", BODY, "Maria (NF 123)", send, now=lambda: NOW)
    assert caught.value.line.answer == '{"id": "PR123", "statusAtual": 2.5e9}'
    assert "could not be read" in str(caught.value)
    for desk in (book, other_desk):
        with pytest.raises(AlreadySentError) as again:
            send_once(desk, "preposting", "k1", BODY, "Maria (NF 123)", send, now=lambda: NOW)
        assert "Maria (NF 123)" in str(again.value)
        assert "send it again on purpose" in str(again.value)
    assert sent == ["POST"]
    [line] = other_desk.lines()
    assert (line.state, line.http_status) == (OutgoingState.UNREADABLE, 200)


def test_a_person_sends_it_again_on_purpose(office: OfficeDatabase) -> None:
    book = Outgoing(office)

    def lost() -> str:
        raise TransportError("Connection reset")

    with pytest.raises(TransportError):
        send_once(book, "labels", "ids", {"idsPrePostagem": ["PR1"]}, "1 label", lost, now=lambda: NOW)
    [line] = book.lines()
    assert line.state is OutgoingState.LOST
    assert book.resolve(line.uid, Resolution.AGAIN, NOW)
    assert not book.resolve(line.uid, Resolution.AGAIN, NOW)
    assert send_once(book, "labels", "ids", {}, "1 label", lambda: "R1", result=str, now=lambda: NOW) == "R1"


@pytest.mark.parametrize(
    ("error", "state"),
    [
        (BadRequestError(["PPN-004: CEP inválido"], status=400), OutgoingState.REFUSED),
        (ServerError(["HTTP 502"], status=502), OutgoingState.LOST),
    ],
)
def test_a_refusal_settles_and_a_server_error_may_have_been_done(
    office: OfficeDatabase, error: Exception, state: OutgoingState
) -> None:
    book = Outgoing(office)

    def send() -> str:
        raise error

    with pytest.raises(type(error)):
        send_once(book, "preposting", "k1", BODY, "Maria", send, now=lambda: NOW)
    [line] = book.lines(unsettled_only=False)
    assert line.state is state
    assert bool(book.lines()) is (state is OutgoingState.LOST)


def test_a_line_another_desk_is_sending_says_who_and_when(office: OfficeDatabase) -> None:
    book = Outgoing(office)
    line = book.begin("preposting", "k1", BODY, "Maria", NOW)
    with pytest.raises(AlreadySentError) as caught:
        Outgoing(office).begin("preposting", "k1", BODY, "Maria", NOW + timedelta(minutes=1))
    when = NOW.astimezone().strftime("%d/%m/%Y %H:%M")
    assert f"Being sent by clerk.a at {when}" in str(caught.value)
    assert line.shown_state(NOW + STALE + timedelta(seconds=1)) is OutgoingState.LOST


def test_four_desks_sending_the_same_request_at_once_send_it_once(office: OfficeDatabase) -> None:
    desks = [Outgoing(office) for _ in range(4)]
    barrier = threading.Barrier(len(desks))
    others_tried = threading.Semaphore(0)
    sent: list[int] = []
    refused: list[int] = []

    def send(number: int) -> None:
        sent.append(number)
        for _ in desks[1:]:  # the call is still under way while the other desks try
            assert others_tried.acquire(timeout=30)

    def desk(number: int) -> None:
        barrier.wait()
        try:
            send_once(desks[number], "claim-reopen", "98043414", {}, "", lambda: send(number))
        except AlreadySentError:
            refused.append(number)
            others_tried.release()

    threads = [threading.Thread(target=desk, args=(n,)) for n in range(len(desks))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(sent) == 1
    assert sorted(refused + sent) == [0, 1, 2, 3]


def test_the_same_order_has_the_same_digest_whatever_its_key_order() -> None:
    assert digest({"a": 1, "b": [1, 2]}) == digest({"b": [1, 2], "a": 1})
    assert digest({"a": 1}) != digest({"a": 2})


def test_the_newest_line_of_a_request_is_found_whatever_its_state(office: OfficeDatabase) -> None:
    book = Outgoing(office)
    for result in ("PR1", "PR2"):
        send_once(book, "preposting", "k1", BODY, "Maria", lambda r=result: r, result=str, now=lambda: NOW)
    found = book.latest("preposting", ["k1", "k2"])
    assert list(found) == ["k1"]
    assert (found["k1"].state, found["k1"].result) == (OutgoingState.DONE, "PR2")


def test_the_command_line_offers_every_resolution() -> None:
    from postalgui.cli.sent_cmd import RESOLUTIONS

    assert tuple(item.value for item in Resolution) == RESOLUTIONS
