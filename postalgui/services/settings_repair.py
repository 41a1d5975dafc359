"""Reading a damaged settings file: what can be kept is kept, what cannot is named.

Apart from `postalgui.services.settings` because it is a different job from the model
and its store: it knows nothing of the fields, only JSON and a pydantic model's errors.
Two kinds of damage are repaired here:

* values nested far deeper than any setting (a thousand ``[`` overflow the stack of
  ``json.loads`` and of everything that walks the result): `shallow_json` replaces each
  with a marker in the text, before it is parsed, and `drop_deep` takes the markers out
  of the parsed document, naming their places;
* invalid values: `validate_leniently` drops the place of every error of a round at once
  (300 bad products are one round, not 300 rounds and then a reset of everything).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from postalgui.api.values import InvalidValue

__all__ = ["MAX_DEPTH", "ResetField", "drop_deep", "shallow_json", "validate_leniently"]

M = TypeVar("M", bound=BaseModel)

MAX_DEPTH = 32
"""Deeper than any setting nests (a preset in a list in ``prices`` is four)."""

MAX_ROUNDS = 20
"""Rounds of dropping every invalid place: one or two do for any real file (dropping a
value shows another error only in what contained it); past this nothing is kept."""

_DEEP = "\x00postalgui: nested too deeply"
"""What stands for a value nested past `MAX_DEPTH` between `shallow_json` and `drop_deep`;
a NUL no setting holds."""

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', flags=re.DOTALL)
"""A whole JSON string (its brackets are not structure) or one bracket."""


@dataclass(frozen=True)
class ResetField:
    """A setting whose stored value was invalid and is used at its default."""

    name: str  # dotted, as in the file: ``profiles.producao.cnpj``, ``prices.origin_presets[2]``
    reason: str


def shallow_json(text: str, limit: int = MAX_DEPTH) -> str:
    """``text`` with every array or object that opens deeper than ``limit`` replaced by a
    marker string, so parsing it cannot overflow the stack. Text that is not JSON stays
    as broken as it was (the parser then says why)."""
    pieces: list[str] = []
    depth, kept_to, cut_from = 0, 0, -1
    for match in _TOKEN.finditer(text):
        found = match.group()
        if found.startswith('"'):
            continue
        if found in "[{":
            depth += 1
            if depth > limit and cut_from < 0:
                cut_from = match.start()
        else:
            depth -= 1
            if cut_from >= 0 and depth == limit:
                pieces += [text[kept_to:cut_from], json.dumps(_DEEP)]
                kept_to, cut_from = match.end(), -1
    pieces.append(text[kept_to:])
    return "".join(pieces)


def drop_deep(data: dict[str, Any]) -> list[ResetField]:
    """Take the markers `shallow_json` left out of ``data`` (in place); their places.
    Iterative: the document is at most `MAX_DEPTH` deep now, but a walk need not count on it."""
    dropped: list[ResetField] = []
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        parts = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        for key, value in reversed(parts):  # from the end: a list's earlier positions hold
            if value == _DEEP:
                del node[key]
                dropped.append(ResetField(dotted((*path, key)), f"nested more than {MAX_DEPTH} levels deep"))
            elif isinstance(value, dict | list):
                stack.append((value, (*path, key)))
    return sorted(dropped, key=lambda field: field.name)


def validate_leniently(model: type[M], data: dict[str, Any]) -> tuple[M, list[ResetField]]:
    """``model`` from ``data`` with every invalid value dropped (so at its default).

    Each round validates and drops the place of every error: the value itself, or
    when it is missing (a required part of a preset), the entry that lacks it; a bad
    key of a mapping drops that entry. ``data`` is not changed. Past `MAX_ROUNDS`, or
    when an error has no place to drop, the defaults and a ``*`` entry.
    """
    work: Any = json.loads(json.dumps(data))
    reset: list[ResetField] = []
    for _ in range(MAX_ROUNDS):
        try:
            return model.model_validate(work), reset
        except ValidationError as exc:
            dropped = _drop_all(work, exc.errors())
            if not dropped:
                break
            reset += dropped
    reset.append(ResetField("*", "too many invalid values"))
    return model(), reset


def _drop_all(data: Any, errors: list[Any]) -> list[ResetField]:
    """Drop the place of each error in ``data``, all found before any is dropped (so the
    positions in a list still hold) and dropped last first; what was dropped, in order."""
    targets: dict[tuple[Any, ...], str] = {}
    for error in errors:
        path = _target(data, tuple(error["loc"]))
        if path and path not in targets:
            targets[path] = _error_reason(error)
    kept = [path for path in targets if not any(path[:size] in targets for size in range(1, len(path)))]
    for path in sorted(kept, key=_order, reverse=True):  # a later entry of a list before an earlier one
        container = data
        for part in path[:-1]:
            container = container[part]
        del container[path[-1]]
    return [ResetField(dotted(path), targets[path]) for path in sorted(kept, key=_order)]


def _target(data: Any, loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """The deepest part of ``data`` on the path ``loc`` (a bad mapping key: its entry)."""
    if loc and loc[-1] == "[key]":
        loc = loc[:-1]
    path: list[Any] = []
    node = data
    for part in loc:
        if not _holds(node, part):
            break
        path.append(part)
        node = node[part]
    return tuple(path)


def _holds(node: Any, part: Any) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def _order(path: tuple[Any, ...]) -> tuple[tuple[int, int, str], ...]:
    """A path's sort key: list positions by number, keys by text (never compared with each other)."""
    return tuple((0, part, "") if isinstance(part, int) else (1, 0, str(part)) for part in path)


def dotted(path: tuple[Any, ...]) -> str:
    """``("prices", "origin_presets", 2)`` as ``prices.origin_presets[2]``."""
    return "".join(
        f"[{part}]" if isinstance(part, int) else (f".{part}" if index else str(part))
        for index, part in enumerate(path)
    )


def _error_reason(error: Any) -> str:
    ctx_error = (error.get("ctx") or {}).get("error")
    if isinstance(ctx_error, InvalidValue):
        return str(ctx_error)
    return str(error.get("msg", "invalid")).removeprefix("Value error, ")
