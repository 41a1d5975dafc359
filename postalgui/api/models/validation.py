"""Turning a pydantic `ValidationError` into per-field problems a person can act on.

Forms, CSV importers and the command line all validate user input through request
models. Each wants "which field, which rule": `field_problems` gives the operator
field name and the `InvalidValue` (with its translatable rule key) of every error.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from postalgui.api.values.errors import InvalidValue

__all__ = ["FieldProblem", "field_problems"]


@dataclass(frozen=True)
class FieldProblem:
    """One rejected field: its wire name (``""`` for the whole record) and why."""

    field: str
    error: InvalidValue | None
    message: str

    @property
    def rule(self) -> str | None:
        return None if self.error is None else self.error.rule


def field_problems(exc: ValidationError) -> list[FieldProblem]:
    """Every problem of ``exc``, in the order pydantic found them."""
    problems: list[FieldProblem] = []
    for entry in exc.errors(include_url=False):
        field = ".".join(str(part) for part in entry.get("loc", ()) if not isinstance(part, int))
        original = (entry.get("ctx") or {}).get("error")
        if isinstance(original, InvalidValue):
            problems.append(FieldProblem(field, original, original.message))
        else:
            problems.append(FieldProblem(field, None, str(entry.get("msg", ""))))
    return problems
