"""`ReadBack`: quote rows made into entries once, by uid, the least recently read dropped first."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from postalgui.api.models.price import PriceQuery, QuoteResult
from postalgui.services.price.history_cache import ReadBack
from postalgui.services.price.history_rows import quote_row


def row(number: int, outcome: str | None = None) -> dict[str, Any]:
    query = PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="20040020", psObjeto=300 + number)
    made = quote_row(
        QuoteResult(0, query, None),
        at="2026-01-05T12:00:00+00:00",
        environment="sandbox",
        source="form",
        run=None,
        created_by="clerk.a",
    )
    return {**made, "id": number, "outcome": outcome}


def test_a_row_read_again_is_the_same_entry_and_the_oldest_read_is_dropped() -> None:
    read_back = ReadBack(kept=2)
    rows = [row(1), row(2), row(3)]
    first = read_back.entries(rows)
    assert [entry.query.psObjeto for entry in first] == [301, 302, 303]
    again = read_back.entries(rows[1:])
    assert again[0] is first[1]
    assert again[1] is first[2]
    (made_again,) = read_back.entries(rows[:1])  # dropped: four pages at most are kept
    assert made_again is not first[0]
    assert made_again == first[0]


def test_a_changed_deadline_makes_the_entry_again() -> None:
    read_back = ReadBack()
    plain = row(1)
    (before,) = read_back.entries([plain])
    (after,) = read_back.entries([{**plain, "outcome": "not a deadline"}])
    assert after is not before
    assert after.deadline is None  # unreadable: left out, the quote still shows


def test_a_row_that_cannot_be_read_back_is_left_out_and_said(caplog: pytest.LogCaptureFixture) -> None:
    read_back = ReadBack()
    broken = {**row(2), "query": "{not json"}
    with caplog.at_level(logging.WARNING):
        entries = read_back.entries([row(1), broken, row(3)])
    assert [entry.id for entry in entries] == [1, 3]
    assert "Quote 2 in the history could not be read back" in caplog.text
