"""The comparison itself: it must catch what the sandbox's drift looked like before."""

from __future__ import annotations

from tests.contract.shapes import load, shape_problems


def test_a_number_where_the_operator_sends_a_string_is_a_problem() -> None:
    assert shape_problems({"codigo retorno": "0"}, {"codigo retorno": 0}) == [
        "$.codigo retorno: the operator sends string ('0'), the answer has integer (0)"
    ]


def test_keys_spelled_differently_are_missing_and_unknown() -> None:
    problems = shape_problems({"codigo do objeto": "AA"}, {"codigo objeto": "AA"})
    assert problems == [
        "$: missing key 'codigo do objeto'",
        "$: key 'codigo objeto' is not in the operator's answer",
    ]


def test_optional_and_extra_keys_pass_only_when_named() -> None:
    assert shape_problems({"a": 1, "b": 2}, {"a": 1, "c": 3}, optional={"b"}, extra={"c"}) == []


def test_each_list_element_is_held_to_the_fixture() -> None:
    fixture = load("claims-cadastra-answer")
    answer = load("claims-cadastra-answer")
    answer["pi"].append({**answer["pi"][0], "numero do pi": 123})
    assert shape_problems(fixture, answer) == [
        "$.pi[1].numero do pi: the operator sends string ('123456789'), the answer has integer (123)"
    ]


def test_integers_and_fractions_are_both_numbers() -> None:
    assert shape_problems({"peso": 0.5}, {"peso": 1}) == []
