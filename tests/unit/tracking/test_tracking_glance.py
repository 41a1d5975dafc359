"""`Glance`: a refresh's first reading keeps the operator's text and compares it with the
row's text, reading a time only as far as the comparison needs; whatever it cannot read
counts as moved (its whole answer is then read, strictly), never as the same."""

from __future__ import annotations

from datetime import datetime

import pytest

from postalgui.api.models.tracking import Glance, GlanceAnswer

ROW_AT = "2022-03-10T14:44:00"


def glance(created: object = ROW_AT, expected: object = None, tipo: object = "01") -> Glance:
    event = {"codigo": "bde", "tipo": tipo, "dtHrCriado": created, "unidade": {"nome": "skipped"}}
    answer = {"objetos": [{"codObjeto": "AA", "dtPrevista": expected, "eventos": [event]}]}
    return GlanceAnswer.model_validate(answer).objetos[0]


@pytest.mark.parametrize(
    ("created", "same"),
    [
        (ROW_AT, True),  # the operator's usual form: compared as it is
        ("2022-03-10T14:44:00Z", True),  # a zone some gateway adds: read, and dropped
        ("2022-03-10T14:44", True),  # seconds left out: read
        ("2022-03-10T14:45:00", False),
        ("2022-13-10T14:44:00", False),  # no such month: moved, not "the same"
        ("garbage", False),
        ("", False),  # no time: the row has one
    ],
)
def test_the_last_event_time_is_compared_with_the_row_text(created: str, same: bool) -> None:
    assert glance(created).happened_at(ROW_AT) is same


def test_an_event_without_a_time_matches_a_row_without_one() -> None:
    assert glance(None).happened_at(None)
    assert not glance(ROW_AT).happened_at(None)


@pytest.mark.parametrize(
    ("expected", "same"),
    [
        (None, True),  # the answer names no date: nothing to compare
        ("", True),
        ("2022-03-15T23:58:00", True),
        ("2022-03-15T10:00:00-03:00", True),
        ("2022-03-16T00:00:00", False),
        ("2022-03-15T25:00:00", False),  # unreadable: moved
    ],
)
def test_the_expected_date_is_compared_with_the_row_day(expected: str | None, same: bool) -> None:
    assert glance(expected=expected).expected_on("2022-03-15") is same


def test_the_key_and_times_read_as_the_whole_event_reads_them() -> None:
    found = glance(tipo=1, expected="2022-03-15T23:58:00")
    assert found.eventos[0].key == ("BDE", "01")
    assert found.eventos[0].dtHrCriado == datetime(2022, 3, 10, 14, 44)
    assert found.dtPrevista == datetime(2022, 3, 15, 23, 58)
