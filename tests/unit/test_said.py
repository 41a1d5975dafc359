"""`Said`: the English sentence as before, with its template and values kept for each front."""

from __future__ import annotations

import pickle

from postalgui.api.errors import ApiError
from postalgui.api.said import Said, said_of


def test_a_said_error_reads_as_its_english_and_keeps_its_template_across_pickling() -> None:
    error = ApiError(Said("{name}: changed by {by}", name="Loja", by=Said("someone")))
    assert str(error) == error.message == "Loja: changed by someone"
    copy = pickle.loads(pickle.dumps(error))  # noqa: S301 -- our own bytes, just made
    said = said_of(copy)
    assert said is not None
    assert (said.template, str(copy)) == ("{name}: changed by {by}", "Loja: changed by someone")
    words = {"{name}: changed by {by}": "{name}: alterada por {by}", "someone": "alguém"}
    assert said.said_in(lambda english: words.get(english, english)) == "Loja: alterada por alguém"
    assert said_of(ApiError("plain")) is None
