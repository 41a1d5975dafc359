"""Every quote the office made, kept in SQLite so a clerk can find, re-export or redo it.

One file (``quotes.sqlite3`` in the data folder), one connection shared by the GUI
thread and the workers (``check_same_thread=False``, every use under a lock), WAL
journal so a reader never waits long for a writer. The schema version lives in
``PRAGMA user_version``; the database is created on first use. A file SQLite cannot
read (a crash on a bad disk, a stray copy) is renamed aside as
``quotes.sqlite3.bad-<timestamp>`` and a fresh one started: the history is a
convenience, the quotes themselves were already shown and exported.

The query and the response are stored as JSON that their models read back
(`PriceQuery.model_validate`, `PriceResponse.model_validate`): money and percentages as
decimal-comma text with their scale, dates ``DD-MM-YYYY``, formats ``"1"``-``"3"``. A
few columns are copied out of them for searching and sorting; ``search_text`` holds
them case-folded (CEPs with and without the hyphen) so that one ``LIKE`` finds a
product, CEP, country, request number or error.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from pydantic import ValidationError

from postalgui.api.errors import RoutineError
from postalgui.api.models.price import ItemError, PriceQuery, PriceResponse, QuoteResult
from postalgui.api.values import format_cep, format_date_dmy
from postalgui.services.price.deadline_outcome import DeadlineOutcome, outcome_from_json, outcome_json
from postalgui.store.sqlite_file import SqliteStore

__all__ = ["FILENAME", "SCHEMA_VERSION", "SOURCES", "HistoryEntry", "HistoryError", "QuoteHistory"]

log = logging.getLogger(__name__)

FILENAME = "quotes.sqlite3"
SCHEMA_VERSION = 2
SOURCES = frozenset({"form", "compare", "batch", "history", "cli"})
"""Where a quote was made: the form, the comparison, a batch file, a redo from the history, the CLI."""

_CHUNK = 500  # ids per DELETE: well under SQLite's bound-parameter limit

_DEADLINES = """
CREATE TABLE quote_deadline (
    run TEXT NOT NULL,
    co_produto TEXT NOT NULL,
    cep_origem TEXT NOT NULL,
    cep_destino TEXT NOT NULL,
    dt_evento TEXT NOT NULL,
    outcome TEXT NOT NULL,
    PRIMARY KEY (run, co_produto, cep_origem, cep_destino, dt_evento)
);
"""
"""The deadline of a route in one run (a form quote, a batch): its prices and it are
written by two tasks in either order, so they meet by key when read, never by row id."""

_SCHEMA = (
    """
CREATE TABLE quote (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    environment TEXT NOT NULL,
    source TEXT NOT NULL,
    query TEXT NOT NULL,
    response TEXT,
    failure_code TEXT,
    failure_text TEXT,
    co_produto TEXT NOT NULL,
    cep_origem TEXT,
    cep_destino TEXT,
    sg_pais TEXT,
    nu_requisicao TEXT,
    pc_final TEXT,
    error TEXT,
    search_text TEXT NOT NULL,
    run TEXT,
    dt_evento TEXT NOT NULL DEFAULT ''
);
CREATE INDEX quote_at ON quote (at DESC, id DESC);
CREATE INDEX quote_co_produto ON quote (co_produto);
CREATE INDEX quote_cep_origem ON quote (cep_origem);
CREATE INDEX quote_cep_destino ON quote (cep_destino);
CREATE INDEX quote_sg_pais ON quote (sg_pais);
CREATE INDEX quote_nu_requisicao ON quote (nu_requisicao);
CREATE INDEX quote_run ON quote (run);
"""
    + _DEADLINES
)

_MIGRATIONS = {
    2: """
ALTER TABLE quote ADD COLUMN run TEXT;
ALTER TABLE quote ADD COLUMN dt_evento TEXT NOT NULL DEFAULT '';
CREATE INDEX quote_run ON quote (run);
"""
    + _DEADLINES,
}
"""Schema 2 keeps deadlines: quotes made before have none (their ``run`` is NULL)."""

_COLUMNS = (
    "q.id, q.at, q.environment, q.source, q.query, q.response, q.failure_code, q.failure_text, d.outcome"
)
_FROM = (
    " FROM quote q LEFT JOIN quote_deadline d ON d.run = q.run AND d.co_produto = q.co_produto"
    " AND d.cep_origem = q.cep_origem AND d.cep_destino = q.cep_destino AND d.dt_evento = q.dt_evento"
)
_INSERT = (
    "INSERT INTO quote (at, environment, source, query, response, failure_code, failure_text,"
    " co_produto, cep_origem, cep_destino, sg_pais, nu_requisicao, pc_final, error, search_text,"
    " run, dt_evento) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_DEADLINE = (
    "INSERT OR REPLACE INTO quote_deadline (run, co_produto, cep_origem, cep_destino, dt_evento, outcome)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
_DROP_ORPHANS = (
    "DELETE FROM quote_deadline WHERE run = ?"
    " AND NOT EXISTS (SELECT 1 FROM quote WHERE quote.run = quote_deadline.run)"
)


class HistoryError(RoutineError, RuntimeError):
    """The history file belongs to a newer PostalGUI (its schema is unknown here)."""


@dataclass(frozen=True)
class HistoryEntry:
    """One stored quote. ``at`` is aware (UTC); ``failure`` as the result carried it."""

    id: int
    at: datetime
    environment: str
    source: str
    query: PriceQuery
    response: PriceResponse | None
    failure: ItemError | None
    deadline: DeadlineOutcome | None = None
    """The deadline fetched beside the price, ``None`` when none was kept (quotes made
    before the history kept deadlines, or a run whose deadlines never came)."""

    @property
    def error(self) -> ItemError | None:
        """The quote's failure, or the item error inside its response."""
        if self.failure is not None:
            return self.failure
        return self.response.error if self.response is not None else None

    def to_result(self, index: int = 0) -> QuoteResult:
        """As a `QuoteResult`, for the CSV and PDF exports."""
        return QuoteResult(index, self.query, self.response, self.failure)


# --------------------------------------------------------------------------- JSON


def _plain(value: Any) -> Any:
    """JSON-ready value that the price models read back exactly.

    Decimals become decimal-comma text keeping their scale: pydantic's own dump writes
    ``"1.500"`` for one and a half, which the operator's reading rule takes as 1500.
    """
    if isinstance(value, Decimal):
        text = format(value, "f")
        return text.replace(".", ",")
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return format_date_dmy(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _query_json(query: PriceQuery) -> str:
    return json.dumps(_plain(query.model_dump(exclude_defaults=True)), ensure_ascii=False)


def _response_json(response: PriceResponse) -> str:
    return json.dumps(_plain(response.model_dump(exclude_none=True)), ensure_ascii=False)


def _fold(*parts: str | None) -> str:
    return "\x1f".join(part for part in parts if part).casefold()


def _day(query: PriceQuery) -> str:
    """The query's own posting date as the deadline key holds it (``""`` for today)."""
    return "" if query.dtEvento is None else query.dtEvento.isoformat()


def _row(result: QuoteResult, at: str, environment: str, source: str, run: str | None) -> tuple[object, ...]:
    query, response, failure = result.query, result.response, result.failure
    error = failure or (response.error if response is not None else None)
    error_text = None if error is None else str(error)
    pc_final = None
    if response is not None and error is None and response.pcFinal is not None:
        pc_final = format(response.pcFinal, "f")
    origin, destination = query.cepOrigem, query.cepDestino
    search = _fold(
        query.coProduto,
        response.product_name if response is not None else None,
        origin,
        format_cep(origin) if origin else None,
        destination,
        format_cep(destination) if destination else None,
        query.sgPaisDestino,
        query.nuRequisicao,
        error_text,
    )
    return (
        at,
        environment,
        source,
        _query_json(query),
        None if response is None else _response_json(response),
        None if failure is None else failure.code,
        None if failure is None else failure.text,
        query.coProduto,
        origin,
        destination,
        query.sgPaisDestino,
        query.nuRequisicao,
        pc_final,
        error_text,
        search,
        run,
        _day(query),
    )


def _entry(row: sqlite3.Row | tuple[Any, ...]) -> HistoryEntry:
    entry_id, at, environment, source, query, response, failure_code, failure_text, deadline = row
    return HistoryEntry(
        id=entry_id,
        at=datetime.fromisoformat(at),
        environment=environment,
        source=source,
        query=PriceQuery.model_validate(json.loads(query)),
        response=None if response is None else PriceResponse.model_validate(json.loads(response)),
        failure=None if failure_text is None else ItemError(code=failure_code, text=failure_text),
        deadline=_deadline(entry_id, deadline),
    )


def _deadline(entry_id: int, text: str | None) -> DeadlineOutcome | None:
    """A kept deadline; one that cannot be read back is left out (the quote still shows)."""
    if text is None:
        return None
    try:
        return outcome_from_json(text)
    except (ValidationError, ValueError, TypeError) as exc:
        log.warning("The deadline of quote %s in the history could not be read back: %s", entry_id, exc)
        return None


def _like(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _where(text: str) -> tuple[str, list[str]]:
    """Every whitespace-separated term must occur in ``search_text`` (case-insensitive)."""
    terms = text.casefold().split()
    if not terms:
        return "", []
    clause = " AND ".join("q.search_text LIKE ? ESCAPE '\\'" for _ in terms)
    return f" WHERE {clause}", [_like(term) for term in terms]


# --------------------------------------------------------------------------- the store


class QuoteHistory(SqliteStore):
    """The quote history at ``path`` (a file; a folder gets `FILENAME` inside it).

    Thread-safe: every method takes the lock. The file is opened on first use and can
    be closed any time (`close`); a later call opens it again.
    """

    FILENAME = FILENAME
    SCHEMA = _SCHEMA
    VERSION = SCHEMA_VERSION
    MIGRATIONS = _MIGRATIONS
    PROBE = "quote"
    LABEL = "quote history"
    NEWER_ERROR = HistoryError

    # --- writing ---------------------------------------------------------------------

    def add(
        self,
        results: Sequence[QuoteResult],
        *,
        environment: str,
        source: str,
        at: datetime | None = None,
        run: str | None = None,
    ) -> list[int]:
        """Store ``results`` in one transaction; their ids, in order.

        ``at`` defaults to now; a naive ``at`` is taken as local time. Stored as UTC.
        ``run`` is the key the deadlines fetched beside them come under (`add_deadlines`).
        """
        if source not in SOURCES:
            raise ValueError(f"unknown quote source {source!r}")
        moment = (at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="microseconds")
        rows = [_row(result, moment, environment, source, run) for result in results]
        if not rows:
            return []

        def insert(conn: sqlite3.Connection) -> list[int]:
            ids: list[int] = []
            conn.execute("BEGIN IMMEDIATE")
            try:
                for row in rows:
                    cursor = conn.execute(_INSERT, row)
                    ids.append(int(cursor.lastrowid or 0))
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return ids

        return self._file.run(insert)

    def add_deadlines(self, run: str, found: Sequence[tuple[PriceQuery, DeadlineOutcome]]) -> None:
        """Keep the deadline of each national route of ``run``, before or after its quotes.

        One per route and posting date (a batch repeating a route with other weights
        shares it); international outcomes say nothing worth keeping.
        """
        rows = {
            (run, query.coProduto, query.cepOrigem, query.cepDestino, _day(query)): outcome_json(outcome)
            for query, outcome in found
            if query.cepOrigem
            and query.cepDestino
            and not query.sgPaisDestino
            and outcome.reason != "international"
        }
        if not rows:
            return

        def insert(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.executemany(_INSERT_DEADLINE, [(*key, text) for key, text in rows.items()])
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

        self._file.run(insert)

    def delete(self, ids: Iterable[int]) -> None:
        wanted = [int(entry_id) for entry_id in ids]
        if not wanted:
            return

        def remove(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                runs: set[str] = set()
                for start in range(0, len(wanted), _CHUNK):
                    chunk = wanted[start : start + _CHUNK]
                    marks = ", ".join("?" * len(chunk))
                    where = f" FROM quote WHERE id IN ({marks}) AND run IS NOT NULL"
                    runs.update(row[0] for row in conn.execute("SELECT DISTINCT run" + where, chunk))
                    conn.execute(f"DELETE FROM quote WHERE id IN ({marks})", chunk)  # noqa: S608 -- only "?" marks
                conn.executemany(_DROP_ORPHANS, [(run,) for run in runs])
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

        self._file.run(remove)

    def clear(self) -> None:
        def empty(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM quote")
            conn.execute("DELETE FROM quote_deadline")
            conn.execute("COMMIT")

        self._file.run(empty)

    def prune(self, keep_last: int) -> int:
        """Keep the newest ``keep_last`` quotes, delete the rest; how many were deleted."""
        if keep_last < 0:
            raise ValueError("keep_last must not be negative")

        def cut(conn: sqlite3.Connection) -> int:
            old = " FROM quote WHERE id NOT IN (SELECT id FROM quote ORDER BY at DESC, id DESC LIMIT ?)"
            conn.execute("BEGIN IMMEDIATE")
            try:
                runs = [
                    row[0]
                    for row in conn.execute(
                        "SELECT DISTINCT run" + old + " AND run IS NOT NULL", (keep_last,)
                    )
                ]
                cursor = conn.execute("DELETE" + old, (keep_last,))
                conn.executemany(_DROP_ORPHANS, [(run,) for run in runs])
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return int(cursor.rowcount)

        return self._file.run(cut)

    # --- reading ---------------------------------------------------------------------

    def search(self, text: str = "", *, limit: int = 500, offset: int = 0) -> list[HistoryEntry]:
        """Newest first. Each word of ``text`` must match a product code or name, a CEP
        (with or without hyphen), a country, a request number or the error text."""
        where, params = _where(text)
        sql = f"SELECT {_COLUMNS}{_FROM}{where} ORDER BY q.at DESC, q.id DESC LIMIT ? OFFSET ?"
        rows = self._file.run(lambda conn: conn.execute(sql, [*params, limit, offset]).fetchall())
        entries: list[HistoryEntry] = []
        for row in rows:
            try:
                entries.append(_entry(row))
            except (ValidationError, ValueError) as exc:
                log.warning("Quote %s in the history could not be read back: %s", row[0], exc)
        return entries

    def count(self, text: str = "") -> int:
        where, params = _where(text)
        sql = f"SELECT count(*) FROM quote q{where}"  # noqa: S608 -- fixed text, values bound
        return int(self._file.run(lambda conn: conn.execute(sql, params).fetchone()[0]))

    def get(self, entry_id: int) -> HistoryEntry | None:
        row = self._file.run(
            lambda conn: conn.execute(f"SELECT {_COLUMNS}{_FROM} WHERE q.id = ?", (entry_id,)).fetchone()
        )
        if row is None:
            return None
        try:
            return _entry(row)
        except (ValidationError, ValueError) as exc:
            log.warning("Quote %s in the history could not be read back: %s", entry_id, exc)
            return None
