"""The operator's example answers (``fixtures/``) and the one comparison every contract
test uses: does an answer carry the fixture's keys with the fixture's JSON types?

A fixture is the operator's document quoted verbatim (REFERENCE.md, and the manual's
examples in ``../shared/wire-examples``). Both directions are held to it: the client's
readers must read it into the values a user sees, and the sandbox's answer to the same
call must have the same keys (spaces and accents included) and the same JSON types
(``"300"`` is not ``300``), so the sandbox cannot drift from the operator.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

__all__ = ["FIXTURES", "assert_same_shape", "json_type", "load", "raw", "shape_problems"]

FIXTURES = Path(__file__).parent / "fixtures"


def load(name: str) -> Any:
    """The fixture ``fixtures/<name>.json``, decoded."""
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def raw(name: str) -> bytes:
    """The fixture's bytes, as a server would send them."""
    return (FIXTURES / f"{name}.json").read_bytes()


def json_type(value: object) -> str:
    """The JSON type of a decoded value: ``string``, ``integer``, ``number`` (with a
    fraction), ``boolean``, ``object``, ``array`` or ``null``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def _compatible(expected: str, actual: str) -> bool:
    # A fixture's 0.5 and an answer's 1 are both JSON numbers; a string is never a number.
    return expected == actual or {expected, actual} == {"integer", "number"}


def shape_problems(
    expected: Any,
    actual: Any,
    *,
    optional: Collection[str] = (),
    extra: Collection[str] = (),
    path: str = "$",
) -> list[str]:
    """Where ``actual`` differs from ``expected`` in keys or JSON types.

    ``optional``: keys (by name, at any depth) the fixture shows but an answer may leave
    out (REFERENCE.md: "read every field as optional"). ``extra``: keys an answer may
    carry that this fixture lacks, each one the operator's documents name elsewhere (the
    api-docs). Lists: every element of ``actual`` is compared with the fixture's elements
    merged (an answer with no elements checks nothing of them).
    """
    kind, got = json_type(expected), json_type(actual)
    if not _compatible(kind, got):
        sent, has = f"{expected!r:.40}", f"{actual!r:.40}"
        return [f"{path}: the operator sends {kind} ({sent}), the answer has {got} ({has})"]
    problems: list[str] = []
    if kind == "object":
        for key in expected.keys() - actual.keys():
            if key not in optional:
                problems.append(f"{path}: missing key {key!r}")
        for key in actual.keys() - expected.keys():
            if key not in extra:
                problems.append(f"{path}: key {key!r} is not in the operator's answer")
        for key in expected.keys() & actual.keys():
            problems += shape_problems(
                expected[key], actual[key], optional=optional, extra=extra, path=f"{path}.{key}"
            )
    elif kind == "array" and expected:
        model = _merged(expected)
        for index, item in enumerate(actual):
            problems += shape_problems(model, item, optional=optional, extra=extra, path=f"{path}[{index}]")
    return problems


def _merged(items: Iterable[Any]) -> Any:
    """One element standing for all of a fixture's list (objects: the union of their keys)."""
    items = list(items)
    if not all(isinstance(item, dict) for item in items):
        return items[0]
    merged: dict[str, Any] = {}
    for item in items:
        for key, value in item.items():
            if key in merged and isinstance(merged[key], list) and isinstance(value, list):
                merged[key] = merged[key] + value
            else:
                merged.setdefault(key, value)
    return merged


def assert_same_shape(
    expected: Any, actual: Any, *, optional: Collection[str] = (), extra: Collection[str] = ()
) -> None:
    """Fail naming every key and type where ``actual`` is not shaped like ``expected``."""
    problems = shape_problems(expected, actual, optional=optional, extra=extra)
    assert not problems, "the answer is not shaped like the operator's:\n" + "\n".join(problems)
