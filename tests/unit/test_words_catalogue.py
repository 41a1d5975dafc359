"""The one catalogue of words (`postalgui.services.words`): every member of an enum has an
entry in both languages, looked up by the member itself, Qt-free."""

from __future__ import annotations

from enum import Enum, StrEnum

import pytest

from postalgui.services.tracking.status import Problem, Status
from postalgui.services.words import Words, catalogue, language_of, word
from postalgui.services.words.tracking import PROBLEM, STATUS


class _Colour(Enum):
    RED = 1
    BLUE = 2


def test_a_member_without_words_is_refused_at_import() -> None:
    with pytest.raises(ValueError, match="BLUE"):
        catalogue(_Colour, {_Colour.RED: Words("Red", "Vermelho")})


def test_word_reads_the_member_s_entry_in_either_language() -> None:
    assert word(Status.DELIVERED, "pt") == "Entregue"
    assert word(Status.DELIVERED, "pt_BR") == "Entregue"
    assert word(Status.DELIVERED, "en") == "Delivered"
    assert word(Status.DELIVERED, "en_US") == "Delivered"
    assert (language_of("EN"), language_of(""), language_of("pt_BR")) == ("en", "pt", "pt")


def test_members_of_two_enums_with_one_value_keep_their_own_words() -> None:
    # StrEnum members equal their strings: "problem" is a Status, "other" a Problem; the
    # catalogue looks a member up by its enum first, so equal values never mix.
    assert word(Status.PROBLEM, "en") == STATUS[Status.PROBLEM].en
    assert word(Problem.LOST, "pt") == PROBLEM[Problem.LOST].pt == "Extraviado"


def test_an_enum_nobody_gave_words_is_a_lookup_error() -> None:
    class Unworded(StrEnum):
        ONE = "one"

    with pytest.raises(LookupError, match="Unworded"):
        word(Unworded.ONE, "pt")
