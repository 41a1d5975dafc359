"""Date arithmetic over the office's ISO text columns, in the SQL each engine understands.

The tables keep days as ``"2026-10-31"`` and moments as UTC ``"2026-10-31T13:00:00+00:00"``
text (text order is time order on both engines); SQLite reckons with ``julianday``/``date``,
PostgreSQL with casts to ``date``/``timestamptz``. These functions say it once, so a query
(the Overview's sections) is one statement on both.
"""

from __future__ import annotations

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


def _args(element: FunctionElement[Any], compiler: SQLCompiler, **kw: Any) -> list[str]:
    return [compiler.process(clause, **kw) for clause in element.clauses]


@compiles(days_between)
def _days_between_sqlite(element: days_between, compiler: SQLCompiler, **kw: Any) -> str:
    start, end = _args(element, compiler, **kw)
    return f"CAST(julianday({end}) - julianday({start}) AS INTEGER)"


@compiles(days_between, "postgresql")
def _days_between_postgresql(element: days_between, compiler: SQLCompiler, **kw: Any) -> str:
    start, end = _args(element, compiler, **kw)
    return f"(CAST({end} AS date) - CAST({start} AS date))"


@compiles(local_day)
def _local_day_sqlite(element: local_day, compiler: SQLCompiler, **kw: Any) -> str:
    moment, offset = _args(element, compiler, **kw)
    return f"date({moment}, ({offset} || ' minutes'))"


@compiles(local_day, "postgresql")
def _local_day_postgresql(element: local_day, compiler: SQLCompiler, **kw: Any) -> str:
    moment, offset = _args(element, compiler, **kw)
    return (
        f"to_char((CAST({moment} AS timestamptz) AT TIME ZONE 'UTC') "
        f"+ CAST({offset} AS INTEGER) * INTERVAL '1 minute', 'YYYY-MM-DD')"
    )


@compiles(day_plus)
def _day_plus_sqlite(element: day_plus, compiler: SQLCompiler, **kw: Any) -> str:
    day, days = _args(element, compiler, **kw)
    return f"date({day}, ({days} || ' days'))"


@compiles(day_plus, "postgresql")
def _day_plus_postgresql(element: day_plus, compiler: SQLCompiler, **kw: Any) -> str:
    day, days = _args(element, compiler, **kw)
    return f"to_char(CAST({day} AS date) + CAST({days} AS INTEGER), 'YYYY-MM-DD')"
