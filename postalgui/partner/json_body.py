"""`parse_object`: a request's JSON read with limits, so hostile input is a 400, never a 500.

`json.loads` alone turns a 5,000-digit number into a ValueError, 990 nested arrays into a
RecursionError (or a crash later, when the body is logged), and accepts a lone surrogate
that no database can store. Here the body must be UTF-8, at most `MAX_DEPTH` levels deep,
with number literals of at most `MAX_NUMBER` characters, no NaN or Infinity, no lone
surrogate, and an object at the top; anything else is a `MalformedBodyError` naming the
rule (in Portuguese: it goes back to the operator in ``descricao_retorno``).
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["MAX_DEPTH", "MAX_NUMBER", "MalformedBodyError", "parse_object"]

MAX_DEPTH = 32
"""Nesting levels: the spec's bodies are flat objects."""
MAX_NUMBER = 40
"""Characters of a number literal: the longest numeric field (the protocol) has 14 digits."""


class MalformedBodyError(ValueError):
    """The body is not a JSON object within the limits; the message says which rule."""


def parse_object(raw: bytes) -> dict[str, Any]:
    """The JSON object in `raw`, or `MalformedBodyError`."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedBodyError("o corpo não é UTF-8") from None
    try:
        data = json.loads(text, parse_int=_number(int), parse_float=_number(float), parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise MalformedBodyError(f"não é JSON (erro no caractere {exc.pos})") from None
    except RecursionError:  # hundreds of levels: the parser's own guard
        raise MalformedBodyError(f"aninhado em mais de {MAX_DEPTH} níveis") from None
    if not isinstance(data, dict):
        raise MalformedBodyError("o corpo não é um objeto JSON")
    _check_depth(data)
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise MalformedBodyError("um texto tem um surrogate isolado (\\ud800-\\udfff)") from None
    return data


def _check_depth(data: dict[str, Any]) -> None:
    """Walk the parsed value without recursion (it may be hundreds of levels deep)."""
    level: list[Any] = [data]
    for _depth in range(MAX_DEPTH):
        level = [
            child
            for value in level
            for child in (value.values() if isinstance(value, dict) else value)
            if isinstance(child, dict | list)
        ]
        if not level:
            return
    raise MalformedBodyError(f"aninhado em mais de {MAX_DEPTH} níveis")


def _number(kind: type[int] | type[float]) -> Any:
    def parse(literal: str) -> int | float:
        if len(literal) > MAX_NUMBER:
            raise MalformedBodyError(f"um número de {len(literal)} caracteres (no máximo {MAX_NUMBER})")
        value = kind(literal)
        if isinstance(value, float) and not math.isfinite(value):
            raise MalformedBodyError(f"o número {literal} está fora do intervalo")
        return value

    return parse


def _constant(name: str) -> Any:
    raise MalformedBodyError(f"{name} não é um número JSON")
