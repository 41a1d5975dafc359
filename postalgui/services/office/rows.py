"""Per-row values written to many rows of an office table at once: the watchlist's answers
(thousands of objects a refresh), the claims book's filing answers and follow-ups.

One UPDATE per set of columns, run for every row that sets them (executemany): a handful
of statements, not one per row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import ColumnElement, Connection, Table, bindparam, update

__all__ = ["update_by_code"]


def update_by_code(
    connection: Connection,
    table: Table,
    values: Mapping[str, Mapping[str, Any]],
    where: Sequence[ColumnElement[bool]] = (),
) -> None:
    """Each ``code``'s row of ``table`` (among those ``where`` selects) takes its values."""
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for code, row_values in values.items():
        row = {"b_code": code, **{f"v_{name}": value for name, value in row_values.items()}}
        groups.setdefault(tuple(sorted(row_values)), []).append(row)
    for names, rows in groups.items():
        statement = (
            update(table)
            .where(*where, table.c.code == bindparam("b_code"))
            .values({name: bindparam(f"v_{name}") for name in names})
        )
        connection.execute(statement, rows)
