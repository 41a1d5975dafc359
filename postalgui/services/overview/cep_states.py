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
    """The state whose range holds ``cep`` (8 digits), else NULL: a ``CASE`` split in halves
    (five comparisons a CEP, not thirty)."""
    steps: list[tuple[str, str | None]] = []  # (the last CEP of a step, its state or None)
    reached = -1
    for first, last, uf in CEP_RANGES:
        if first > reached + 1:
            steps.append((_last(first - 1), None))
        steps.append((_last(last), uf))
        reached = last
    return _split(cep, steps)


def _split(cep: ColumnElement[Any], steps: list[tuple[str, str | None]]) -> ColumnElement[str]:
    """The state of the step ``cep`` falls in (after the last step: NULL)."""
    if len(steps) == 1:
        last, uf = steps[0]
        return case((cep <= last, uf if uf is not None else null()), else_=null())
    middle = len(steps) // 2
    return case((cep <= steps[middle - 1][0], _split(cep, steps[:middle])), else_=_split(cep, steps[middle:]))


def cep_in_state(cep: ColumnElement[Any], uf: str) -> ColumnElement[bool]:
    """Whether ``cep`` is one of ``uf``'s (false for a state with no range)."""
    ranges = [cep.between(_first(first), _last(last)) for first, last, state in CEP_RANGES if state == uf]
    return or_(*ranges) if ranges else false()
