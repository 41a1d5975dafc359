"""A CEP's state in SQL, for the tables that keep CEPs but no state (the quotes): the same
ranges `uf_of_cep` reads (`api.values.states.CEP_RANGES`), compared as the 8-digit text the
columns hold. A ``CASE`` of thirty steps costs little over the few thousand quotes of a
period; the followed parcels keep their states in columns instead (migration 0010).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, case, false, null, or_

from postalgui.api.values.states import CEP_RANGES

__all__ = ["cep_in_state", "state_of_cep"]


def _first(prefix: int) -> str:
    return f"{prefix:05d}000"


def _last(prefix: int) -> str:
    return f"{prefix:05d}999"


def state_of_cep(cep: ColumnElement[Any]) -> ColumnElement[str]:
    """The state whose range holds ``cep`` (8 digits), else NULL."""
    steps: list[tuple[ColumnElement[bool], Any]] = []
    reached = -1
    for first, last, uf in CEP_RANGES:  # in order: a step is reached only past the ones before
        if first > reached + 1:
            steps.append((cep < _first(first), null()))
        steps.append((cep <= _last(last), uf))
        reached = last
    return case(*steps, else_=null())


def cep_in_state(cep: ColumnElement[Any], uf: str) -> ColumnElement[bool]:
    """Whether ``cep`` is one of ``uf``'s (false for a state with no range)."""
    ranges = [cep.between(_first(first), _last(last)) for first, last, state in CEP_RANGES if state == uf]
    return or_(*ranges) if ranges else false()
