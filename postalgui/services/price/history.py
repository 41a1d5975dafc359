"""Every quote the office made, kept in the office database so a clerk can find, re-export or redo it.

The tables are the office database's ``quote`` and ``quote_deadline`` (`store.tables`):
this desk's SQLite file by default, the office's PostgreSQL server when it shares one,
where every desk's quotes meet. Each row says who made it (``created_by``, the login)
and carries a ``uid``; every write tells the desks topic ``"quote"``. The view shows the
current environment's quotes (a server may hold several), everyone's or one login's.

When the server cannot be reached (or this desk's file is a newer PostalGUI's), writes
wait in this desk's `Outbox` and are sent when the office database answers again: the
history is a convenience, the quote itself was already shown, and nothing of it is lost.
Reads then raise `OfficeUnavailableError` (the tab shows its line).
How a quote becomes a row is `history_rows`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    ColumnElement,
    Connection,
    Select,
    and_,
    delete,
    exists,
    func,
    insert,
    literal_column,
    select,
    union_all,
)
from sqlalchemy.dialects import postgresql, sqlite

from postalgui.api.models.price import PriceQuery, QuoteResult
from postalgui.services.office import topics
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.errors import OfficeDatabaseError, routine_store_errors
from postalgui.services.price.deadline_outcome import DeadlineOutcome, outcome_json
from postalgui.services.price.history_cache import ReadBack
from postalgui.services.price.history_rows import HistoryEntry, day_key, quote_row
from postalgui.store.errors import StoreError
from postalgui.store.office import OfficeStore
from postalgui.store.tables import QUOTE_SEARCH_COVERED, quote, quote_deadline
from postalgui.store.urls import sqlite_url

__all__ = ["FILENAME", "SOURCES", "TOPIC", "HistoryEntry", "HistoryError", "QuoteHistory"]

log = logging.getLogger(__name__)

T = TypeVar("T")

FILENAME = "office.sqlite3"
"""The file a folder given to `QuoteHistory` gets (tests, the CLI's own folder)."""
TOPIC = topics.QUOTES
"""What a history write tells every desk (`OfficeStore.subscribe`)."""
SOURCES = frozenset({"form", "compare", "batch", "history", "cli"})
"""Where a quote was made: the form, the comparison, a batch file, a redo from the history, the CLI."""

_CHUNK = 500  # ids per DELETE: well under SQLite's bound-parameter limit

_TRIGRAM = re.compile(r"[^\W_]{3}")
"""Three letters or digits in a row: what ``pg_trgm`` takes a trigram of (it splits words
at anything else)."""

_DEADLINE_KEY = ("run", "co_produto", "cep_origem", "cep_destino", "dt_evento")
_JOINED = quote.outerjoin(
    quote_deadline, and_(*(quote_deadline.c[name] == quote.c[name] for name in _DEADLINE_KEY))
)
_COLUMNS = (*quote.c, quote_deadline.c.outcome)


class HistoryError(OfficeDatabaseError):
    """The quote history cannot be used (a newer schema, a damaged or refused database)."""


# --------------------------------------------------------------------------- statements


def _contains(term: str, backend: str) -> ColumnElement[bool]:
    """``search_text`` holds ``term``.

    On PostgreSQL a term with three letters or digits in a row is a ``LIKE`` (``%``, ``_``
    and ``\\`` escaped), which the trigram index answers when the server has one (migration
    0007): a word that matches few quotes no longer reads the whole table. A shorter one
    (``"no"``, ``"q-9"``) gives the index no trigram to look up, and the planner, taking it
    for rare, would read every row of the index and the table (400 ms at 100,000 quotes):
    it is a ``strpos``, which the index never answers. On SQLite ``instr`` finds a plain
    substring, nothing to escape, faster than a ``LIKE`` scan of every row.
    """
    if backend != "postgresql":
        return func.instr(quote.c.search_text, term) > 0
    if _TRIGRAM.search(term) is None:
        return func.strpos(quote.c.search_text, term) > 0
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return quote.c.search_text.like(f"%{escaped}%", escape="\\")


def _insert_quotes(connection: Connection, rows: list[dict[str, object]]) -> list[int]:
    statement = insert(quote).returning(quote.c.id, sort_by_parameter_order=True)
    return [int(row[0]) for row in connection.execute(statement, rows)]


def _upsert_deadlines(connection: Connection, rows: list[dict[str, object]]) -> None:
    """A route's deadline in a run is kept once: the latest written wins."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(quote_deadline)
    statement = statement.on_conflict_do_update(
        index_elements=list(_DEADLINE_KEY), set_={"outcome": statement.excluded.outcome}
    )
    connection.execute(statement, rows)


def _drop_orphans(connection: Connection, runs: Iterable[str]) -> None:
    """Deadlines of ``runs`` that no quote is left to show."""
    wanted = sorted(runs)
    for start in range(0, len(wanted), _CHUNK):
        connection.execute(
            delete(quote_deadline).where(
                quote_deadline.c.run.in_(wanted[start : start + _CHUNK]),
                ~exists().where(quote.c.run == quote_deadline.c.run),
            )
        )


def _delete_ids(connection: Connection, ids: list[int]) -> None:
    runs: set[str] = set()
    for start in range(0, len(ids), _CHUNK):
        chunk = quote.c.id.in_(ids[start : start + _CHUNK])
        found = connection.execute(select(quote.c.run).where(chunk, quote.c.run.is_not(None)).distinct())
        runs.update(row[0] for row in found)
        connection.execute(delete(quote).where(chunk))
    _drop_orphans(connection, runs)


def _clear(connection: Connection, where: list[ColumnElement[bool]]) -> None:
    """Quotes matching ``where``, and every deadline no quote is left to show."""
    connection.execute(delete(quote).where(*where))
    connection.execute(delete(quote_deadline).where(~exists().where(quote.c.run == quote_deadline.c.run)))


def _delete_where(connection: Connection, where: list[ColumnElement[bool]]) -> int:
    found = connection.execute(select(quote.c.run).where(*where, quote.c.run.is_not(None)).distinct())
    runs = {row[0] for row in found}
    deleted = connection.execute(delete(quote).where(*where)).rowcount
    _drop_orphans(connection, runs)
    return int(deleted)


def _scanned(where: list[ColumnElement[bool]], *, limit: int, offset: int) -> Select[Any]:
    """The page of quotes matching ``where``, found in the narrow indexes of migration 0008.

    For words with no trigram to look up: a search that finds few or none walks every
    quote, and the narrow index holds what it reads (1,930 pages instead of the table's
    18,099 at 100,000 quotes; the server's CPU for ``"no"`` 31-37 ms instead of 95, in one
    run). The page's ids come from ``quote_search_scan`` (rows of `QUOTE_SEARCH_COVERED`
    bytes of search text at most) and ``quote_search_long`` (the others), each newest first
    and cut at the page's end, merged in the same order; then their rows. Same rows, same
    order as ``where`` over the whole table: the two conditions part the quotes.
    """
    # the number written out, as the indexes' conditions write it, or the planner cannot use them
    bound: ColumnElement[int] = literal_column(str(QUOTE_SEARCH_COVERED))
    length = func.octet_length(quote.c.search_text)
    branches = (
        select(quote.c.id, quote.c.at).where(*where, part).order_by(quote.c.at.desc(), quote.c.id.desc())
        for part in (length <= bound, length > bound)
    )
    found = union_all(*(branch.limit(limit + offset) for branch in branches)).subquery("found")
    return (
        select(*_COLUMNS)
        .select_from(found.join(_JOINED, quote.c.id == found.c.id))
        .order_by(found.c.at.desc(), found.c.id.desc())
        .limit(limit)
        .offset(offset)
    )


def _read(
    connection: Connection, query: Select[Any], scanned: Select[Any] | None = None
) -> list[dict[str, Any]]:
    """The rows of ``query`` (of ``scanned`` instead where the server has its indexes: 0008
    made them on PostgreSQL 11+); on PostgreSQL planned for the words searched, every time.

    The same statement comes back with every keystroke, and psycopg prepares it after five:
    PostgreSQL may then keep one plan for every word. The right plan depends on the word:
    one in every quote fills the page from the newest quotes at once, one in few is found
    in the trigram index (0007); the index for a one-letter word reads the whole table.
    """
    version = connection.dialect.server_version_info or (0,)
    if connection.dialect.name == "postgresql":
        if version >= (12,):
            connection.exec_driver_sql("SET LOCAL plan_cache_mode = force_custom_plan")
        if scanned is not None and version >= (11,):
            query = scanned
    return [dict(row._mapping) for row in connection.execute(query)]


# --------------------------------------------------------------------------- the store


class QuoteHistory:
    """The quote history on ``where``: an `OfficeDatabase` (the app: its office database,
    writes queued while its server is away), or a `Path` (a SQLite file; a folder gets
    `FILENAME` inside it).

    ``environment`` is the one the view shows (default: the office's; ``None`` with a
    path: all). Thread-safe; opened on first use and closed any time (`close`): a later
    call opens it again.
    """

    def __init__(
        self, where: OfficeDatabase | Path, *, environment: str | None = None, author: str = ""
    ) -> None:
        self._office: OfficeDatabase | None = None
        self._file: OfficeStore | None = None
        self._set_aside: Path | None = None
        self._read_back = ReadBack()
        if isinstance(where, OfficeDatabase):
            self._office = where
            self._store: Callable[[], OfficeStore] = where.store
            self.environment: str | None = where.env_key if environment is None else environment
        else:
            path = where / FILENAME if where.is_dir() else where
            file = self._file = OfficeStore(sqlite_url(path), author=author)
            self._store = lambda: file
            self.environment = environment

    @property
    def store(self) -> OfficeStore:
        """The office database the history is kept in (opened on first use)."""
        return self._store()

    @property
    def office(self) -> OfficeDatabase | None:
        """The office database the history was built on (``None``: a file of its own)."""
        return self._office

    @property
    def path(self) -> Path | None:
        """The SQLite file the history is kept in (``None`` on a server)."""
        return self.store.path

    @property
    def author(self) -> str:
        """The login rows written now say made them ("" when none is configured)."""
        return self._office.author if self._office is not None else self.store.author

    @property
    def set_aside_path(self) -> Path | None:
        """Where a damaged file was moved on opening, if it was (a server never is): as the
        last read found it, so the GUI thread asks no store (nor the login behind it)."""
        return self._set_aside

    # --- writing ---------------------------------------------------------------------

    def _write(self, work: Callable[[Connection], T], queued: T) -> T:
        """``work`` on the office database; on its queue (returning ``queued``) while it
        cannot take it (`OfficeDatabase.waits`). Any answer of it sends what waited."""
        with routine_store_errors(HistoryError):
            try:
                return self.store.run(work, topics=(TOPIC,))
            except StoreError as exc:  # away, refusing, or a newer PostalGUI's: the quote waits
                office = self._office
                if office is None or not office.waits(exc):
                    raise
                log.info("The office database cannot take the history write; it waits on this desk: %s", exc)
                office.outbox().keep(work, problem=str(exc))
                return queued

    def add(
        self,
        results: Sequence[QuoteResult],
        *,
        environment: str,
        source: str,
        at: datetime | None = None,
        run: str | None = None,
    ) -> list[int]:
        """Store ``results`` in one transaction; their ids, in order (none while they
        wait for the server).

        ``at`` defaults to now; a naive ``at`` is taken as local time. Stored as UTC.
        ``run`` is the key the deadlines fetched beside them come under (`add_deadlines`).
        """
        if source not in SOURCES:
            raise ValueError(f"unknown quote source {source!r}")
        if not results:
            return []
        moment = (at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="microseconds")
        author = self.author
        rows = [
            quote_row(result, at=moment, environment=environment, source=source, run=run, created_by=author)
            for result in results
        ]
        return self._write(partial(_insert_quotes, rows=rows), [])

    def add_deadlines(self, run: str, found: Sequence[tuple[PriceQuery, DeadlineOutcome]]) -> None:
        """Keep the deadline of each national route of ``run``, before or after its quotes.

        One per route and posting date (a batch repeating a route with other weights
        shares it); international outcomes say nothing worth keeping.
        """
        rows = {
            (run, query.coProduto, query.cepOrigem, query.cepDestino, day_key(query)): outcome_json(outcome)
            for query, outcome in found
            if query.cepOrigem
            and query.cepDestino
            and not query.sgPaisDestino
            and outcome.reason != "international"
        }
        if rows:
            values: list[dict[str, object]] = [
                {**dict(zip(_DEADLINE_KEY, key, strict=True)), "outcome": text} for key, text in rows.items()
            ]
            self._write(partial(_upsert_deadlines, rows=values), None)

    def delete(self, ids: Iterable[int]) -> None:
        wanted = [int(entry_id) for entry_id in ids]
        if wanted:
            self._change(partial(_delete_ids, ids=wanted))

    def clear(self) -> None:
        """Delete the shown environment's quotes (every quote with no environment set)."""
        self._change(partial(_clear, where=self._scope()))

    def prune(self, keep_last: int) -> int:
        """Keep the newest ``keep_last`` quotes, delete the rest; how many were deleted."""
        if keep_last < 0:
            raise ValueError("keep_last must not be negative")
        kept = self._ordered(select(quote.c.id).where(*self._scope())).limit(keep_last)
        return self._change(partial(_delete_where, where=[*self._scope(), quote.c.id.not_in(kept)]))

    def _change(self, work: Callable[[Connection], T]) -> T:
        """A deletion: never queued (the server must say what it deletes)."""
        with routine_store_errors(HistoryError):
            return self.store.run(work, topics=(TOPIC,))

    # --- reading ---------------------------------------------------------------------

    def _scope(self, text: str = "", author: str | None = None) -> list[ColumnElement[bool]]:
        where: list[ColumnElement[bool]] = []
        if self.environment is not None:
            where.append(quote.c.environment == self.environment)
        if author is not None:
            where.append(quote.c.created_by == author)
        backend = self.store.url.get_backend_name()
        where.extend(_contains(term, backend) for term in text.casefold().split())
        return where

    @staticmethod
    def _ordered(query: Select[Any]) -> Select[Any]:
        return query.order_by(quote.c.at.desc(), quote.c.id.desc())

    def _read(self, query: Select[Any], scanned: Select[Any] | None = None) -> list[dict[str, Any]]:
        with routine_store_errors(HistoryError):
            store = self.store
            try:
                return store.run(partial(_read, query=query, scanned=scanned), read=True)
            finally:
                self._set_aside = store.set_aside_path

    def search(
        self, text: str = "", *, limit: int = 500, offset: int = 0, author: str | None = None
    ) -> list[HistoryEntry]:
        """Newest first. Each word of ``text`` must match a product code or name, a CEP
        (with or without hyphen), a country, a request number or the error text;
        ``author``: only that login's quotes (None: everyone's)."""
        where = self._scope(text, author)
        query = select(*_COLUMNS).select_from(_JOINED).where(*where)
        words = text.split()
        scanned = None
        if (
            words
            and self.store.url.get_backend_name() == "postgresql"
            and not any(_TRIGRAM.search(word.casefold()) for word in words)
        ):
            scanned = _scanned(where, limit=limit, offset=offset)  # no word the trigram index answers
        return self._read_back.entries(self._read(self._ordered(query).limit(limit).offset(offset), scanned))

    def count(self, text: str = "", *, author: str | None = None) -> int:
        query = select(func.count().label("n")).select_from(quote).where(*self._scope(text, author))
        return int(self._read(query)[0]["n"])

    def get(self, entry_id: int) -> HistoryEntry | None:
        found = self._read_back.entries(
            self._read(select(*_COLUMNS).select_from(_JOINED).where(quote.c.id == entry_id))
        )
        return found[0] if found else None

    def close(self) -> None:
        """Close what the history opened itself (the office database and its queue are its owner's)."""
        if self._file is not None:
            self._file.close()
