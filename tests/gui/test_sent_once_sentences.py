"""A request not sent (again) reads in the user's language, saying who sent it, when, and
what to do: the same words wherever a tab shows the failure."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from PySide6.QtWidgets import QApplication

from postalgui.api.errors import InvalidResponseError
from postalgui.gui import i18n
from postalgui.gui.messages import describe_error, local_datetime
from postalgui.services.office.outgoing import (
    AlreadySentError,
    OutgoingState,
    SentLine,
    UnreadableAnswerError,
)


@pytest.fixture
def portuguese(qapp: QApplication) -> Iterator[None]:
    installed = i18n.install_translators(qapp, "pt_BR")
    yield
    i18n.remove_translators(qapp, installed)


def line(state: OutgoingState, sent: datetime | None = None) -> SentLine:
    """A line sent now (a line left 'sending' ten minutes reads as lost)."""
    at = sent or datetime.now(UTC).replace(microsecond=0)
    return SentLine("u1", "preposting", "k", state, "Maria da Silva (NF 123)", {}, "clerk.b", at)


def test_a_request_another_desk_is_sending_names_the_desk_and_the_time(portuguese: None) -> None:
    sent = datetime.now(UTC).replace(microsecond=0)
    text = describe_error(AlreadySentError(line(OutgoingState.SENDING, sent)))
    when = local_datetime(sent)
    said = f"Sendo enviado por clerk.b em {when}; nada foi enviado desta mesa."
    assert text == f"Maria da Silva (NF 123): {said}"


def test_an_unreadable_answer_says_what_to_do_in_portuguese(portuguese: None) -> None:
    text = describe_error(AlreadySentError(line(OutgoingState.UNREADABLE)))
    assert "a operadora o recebeu, mas não foi possível ler a resposta" in text
    assert "confira na operadora, cancele lá ou envie de novo de propósito" in text


def test_an_answer_just_found_unreadable_is_said_in_english(qapp: QApplication) -> None:
    cause = InvalidResponseError("Invalid pre-posting answer", status=200)
    text = describe_error(UnreadableAnswerError(line(OutgoingState.UNREADABLE), cause))
    assert text == (
        "Maria da Silva (NF 123): Sent: the operator took it (HTTP 200), but its answer could not be read. "
        "The answer was kept as it came; follow it up at the operator before sending it again."
    )
