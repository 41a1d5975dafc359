"""Copy office rows from one database to another, skipping what is already there.

Used for "copy my local data into the office database" (an upload run once, or again:
it skips rows whose ``uid`` or key the target has) and for sending the offline queue
(then the copied rows leave the queue). Rows are read and written in batches, each
batch in one transaction on the target, so a server that goes away mid-way loses
nothing: the next run copies what is left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import Connection, Delete, Select, Table, delete, func, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite

from postalgui.store import tables
from postalgui.store.office import OfficeStore

__all__ = ["BATCH", "COPIED_TABLES", "Copied", "copy_office", "copy_table"]

BATCH = 500

COPIED_TABLES: tuple[tuple[Table, tuple[str, ...]], ...] = (
    (tables.quote, ("uid",)),
    (tables.quote_deadline, ("run", "co_produto", "cep_origem", "cep_destino", "dt_evento")),
    (tables.job, ("uid",)),
    (tables.preset, ("uid",)),
    (tables.tracked_object, ("environment", "code")),
    (tables.tracking_alert, ("environment", "code", "status", "login")),
    (tables.claim, ("environment", "code")),
    (tables.address, ("uid",)),
    (tables.shipment, ("environment", "prepost_id")),
    (tables.outgoing, ("uid",)),
    (tables.invoice, ("environment", "contrato", "fatura", "item_fatura", "tipo_documento")),
    (tables.statement, ("environment", "fatura", "tipo_documento")),
    (tables.statement_service, ("environment", "fatura", "tipo_documento", "codigo_servico")),
    (tables.statement_item, ("environment", "fatura", "tipo_documento", "position")),
)
"""The office's tables and the key that says "already there" (``sending`` stays on its desk)."""


@dataclass(frozen=True)
class Copied:
    """What one table's copy did."""

    table: str
    copied: int
    skipped: int


Progress = Callable[[str, int, int], None]
"""``progress(table, done, total)`` after each batch; may raise to cancel."""


def copy_table(
    source: OfficeStore,
    target: OfficeStore,
    table: Table,
    key: Sequence[str],
    *,
    move: bool = False,
    progress: Progress | None = None,
) -> Copied:
    """Copy ``table``'s rows (not their ``id``: the target numbers its own); ``move`` deletes
    each batch from ``source`` once the target has committed it."""
    columns = [column for column in table.columns if column.name != "id"]
    order = [table.c[name] for name in key]
    total = int(
        source.run(lambda c: c.execute(select(func.count()).select_from(table)).scalar_one(), read=True)
    )
    copied = skipped = done = 0
    after: tuple[object, ...] | None = None
    while True:
        query = select(*columns).order_by(*order).limit(BATCH)
        if after is not None:
            query = query.where(tuple_(*order) > tuple_(*after))
        rows = source.run(partial(_rows, query=query), read=True)
        if not rows:
            break
        added = target.run(partial(_insert_new, table=table, rows=rows), topics=(table.name,))
        copied += added
        skipped += len(rows) - added
        after = tuple(rows[-1][name] for name in key)
        if move:
            keys = [tuple(row[name] for name in key) for row in rows]
            source.run(partial(_delete, statement=delete(table).where(tuple_(*order).in_(keys))))
            after = None  # what was read is gone: start again from the first left
        done += len(rows)
        if progress is not None:
            progress(table.name, done, total)
    return Copied(table.name, copied, skipped)


def _rows(connection: Connection, query: Select[Any]) -> list[dict[str, Any]]:
    return [dict(row._mapping) for row in connection.execute(query)]


def _delete(connection: Connection, statement: Delete) -> None:
    connection.execute(statement)


def _insert_new(connection: Connection, table: Table, rows: list[dict[str, Any]]) -> int:
    """Insert ``rows`` whose key the table lacks; how many went in (counted from RETURNING:
    a multi-row insert's ``rowcount`` is not reliable on every driver)."""
    first = next(iter(table.primary_key.columns))
    if connection.dialect.name == "postgresql":
        statement = postgresql.insert(table).values(rows).on_conflict_do_nothing().returning(first)
    else:
        statement = sqlite.insert(table).values(rows).on_conflict_do_nothing().returning(first)
    return len(connection.execute(statement).all())


def copy_office(
    source: OfficeStore, target: OfficeStore, *, move: bool = False, progress: Progress | None = None
) -> list[Copied]:
    """Every office table of ``source`` into ``target`` (see `copy_table`). A server's
    statistics are brought up to date for the tables that grew, as autovacuum would a
    minute later: a search right after a big upload must not meet a plan made for none."""
    copied = [
        copy_table(source, target, table, key, move=move, progress=progress) for table, key in COPIED_TABLES
    ]
    grown = [result.table for result in copied if result.copied]
    if target.shared and grown:
        target.run(partial(_analyze, names=grown))
    return copied


def _analyze(connection: Connection, names: list[str]) -> None:
    for name in names:  # our own table names, not user text
        connection.exec_driver_sql(f"ANALYZE {name}")
