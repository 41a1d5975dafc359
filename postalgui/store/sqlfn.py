"""Date arithmetic over the office's ISO text columns, in the SQL each engine understands.

The tables keep days as ``"2026-10-31"`` and moments as UTC ``"2026-10-31T13:00:00+00:00"``
text (text order is time order on both engines); SQLite reckons with ``julianday``/``date``,
PostgreSQL with casts to ``date``/``timestamptz``. These functions say it once, so a query
(the Overview's sections) is one statement on both.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from sqlalchemy import Integer, String, literal
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import ColumnElement
from sqlalchemy.sql.functions import FunctionElement

__all__ = ["day_plus", "days_between", "local_day"]


class days_between(FunctionElement[int]):  # noqa: N801 -- read as an SQL function
    """Whole days from the ISO day ``start`` to the ISO day ``end`` (negative when before)."""

    type = Integer()
    name = "days_between"
    inherit_cache = True

    def __init__(self, start: ColumnElement[Any], end: ColumnElement[Any]) -> None:
        super().__init__(start, end)


class local_day(FunctionElement[str]):  # noqa: N801 -- read as an SQL function
    """The local ISO day (``"2026-10-31"``) of a UTC ISO moment, ``offset_minutes`` from UTC
    (Brasília: -180; it has no summer time)."""

    type = String()
    name = "local_day"
    inherit_cache = True

    def __init__(self, moment: ColumnElement[Any], offset_minutes: int) -> None:
        super().__init__(moment, literal(int(offset_minutes), Integer()))


class day_plus(FunctionElement[str]):  # noqa: N801 -- read as an SQL function
    """The ISO day ``days`` after an ISO day (before, when negative)."""

    type = String()
    name = "day_plus"
    inherit_cache = True

    def __init__(self, day: ColumnElement[Any], days: int) -> None:
        super().__init__(day, literal(int(days), Integer()))


_SQL: dict[type[FunctionElement[Any]], tuple[str, str]] = {
    days_between: (
        "CAST(julianday({1}) - julianday({0}) AS INTEGER)",
        "(CAST({1} AS date) - CAST({0} AS date))",
    ),
    local_day: (
        "date({0}, ({1} || ' minutes'))",
        "to_char((CAST({0} AS timestamptz) AT TIME ZONE 'UTC') + CAST({1} AS INTEGER) * INTERVAL '1 minute', "
        "'YYYY-MM-DD')",
    ),
    day_plus: (
        "date({0}, ({1} || ' days'))",
        "to_char(CAST({0} AS date) + CAST({1} AS INTEGER), 'YYYY-MM-DD')",
    ),
}
"""Each function's SQL on SQLite (the default) and on PostgreSQL; ``{0}``, ``{1}`` its arguments."""


def _render(template: str, element: FunctionElement[Any], compiler: SQLCompiler, **kw: Any) -> str:
    return template.format(*(compiler.process(clause, **kw) for clause in element.clauses))


for _function, (_sqlite, _postgresql) in _SQL.items():
    compiles(_function)(partial(_render, _sqlite))
    compiles(_function, "postgresql")(partial(_render, _postgresql))
