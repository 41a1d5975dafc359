"""The invoice book: every invoice a desk listed and every analytic statement it loaded, in
the office database (tables ``invoice``, ``statement``, ``statement_service``,
``statement_item``), so the Overview sums what the office spends without asking the
operator, whichever desk or command fetched them.

The operator stays the source: a listing writes what it said of each invoice (its status
changes from "Em aberto" to "Paga"); a statement is kept whole or not at all (one
transaction replaces it with its services and lines). Money is integer cents. A write that
changed something tells every desk topic ``invoice``.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, case, delete, insert, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite

from postalgui.api.values.states import uf_of_cep
from postalgui.services.office import topics
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.scoped import EnvironmentRows
from postalgui.store.tables import invoice, statement, statement_item, statement_service

if TYPE_CHECKING:
    from postalgui.api.models.invoices import AnalyticStatement, Invoice, ServiceTotal

__all__ = [
    "ITEM_CHUNK",
    "ITEM_COLUMNS",
    "TOPIC",
    "InvoiceBook",
    "InvoiceBookError",
    "StatementKeeper",
    "cents",
    "invoice_month",
    "keep_quietly",
    "statement_keeper",
]

log = logging.getLogger(__name__)

TOPIC = topics.INVOICES
ITEM_CHUNK = 5_000
"""Statement lines per INSERT (300,000 lines: 60 round trips, in one transaction)."""
_KEY_CHUNK = 500
_KEY = ("environment", "contrato", "fatura", "item_fatura", "tipo_documento")
_KEPT = (
    "status", "vencimento", "data_fechamento", "month", "valor_cents", "valor_em_aberto_cents",
    "nome_contrato", "centro_custo", "dr_fatura",
)  # fmt: skip
"""What a listing may change of a kept invoice (a change is written and told)."""


StatementKeeper = Callable[["AnalyticStatement"], None]
"""Keeps a statement just read (`statement_keeper`): what a load is handed."""


class InvoiceBookError(OfficeDatabaseError):
    """The invoice book cannot be used (a newer schema, a damaged or refused database)."""


def cents(amount: Decimal | None) -> int | None:
    """``Decimal("12.34")`` as ``1234`` (half a cent rounds up); ``None`` stays."""
    if amount is None:
        return None
    return int((amount * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def invoice_month(found: Invoice, seen: datetime) -> str:
    """``"2026-10"``: the month it closed, else the month it falls due, else ``seen``'s."""
    day = found.dataFechamento or found.vencimento or seen.date()
    return day.strftime("%Y-%m")


def _text(value: str | None, size: int) -> str | None:
    stripped = (value or "").strip()
    return stripped[:size] or None


def _iso_day(text: str) -> str | None:
    """``DD/MM/YYYY`` (or ``YYYY-MM-DD``) as ``YYYY-MM-DD``; ``None`` when unreadable."""
    text = text.strip()[:10]
    try:
        if len(text) == 10 and text[2] == "/" and text[5] == "/":
            return date(int(text[6:]), int(text[3:5]), int(text[:2])).isoformat()
        if len(text) == 10 and text[4] == "-" and text[7] == "-":
            return date.fromisoformat(text).isoformat()
    except ValueError:
        return None
    return None


class InvoiceBook(EnvironmentRows):
    """The invoices and statements of ``office``'s environment (``environment`` overrides
    it: tests); rows say who saw them (the office's author, as every feature store)."""

    TOPIC = TOPIC
    ERROR = InvoiceBookError

    # --- invoices ------------------------------------------------------------------------

    def keep_invoices(self, invoices: Sequence[Invoice], contrato: str) -> int:
        """Keep what a listing of contract ``contrato`` said of ``invoices``: new ones are
        added, changed ones take the operator's word; how many rows were written (none
        changed: nothing is written, no desk is told)."""
        now = datetime.now(UTC)
        rows = {
            self._key(row): row for row in (self._row(found, contrato.strip(), now) for found in invoices)
        }
        if not rows:
            return 0
        kept = self._run(lambda c: self._kept(c, list(rows)), write=False)
        changed = [row for key, row in rows.items() if _differs(row, kept.get(key))]
        if not changed:
            return 0

        def work(connection: Connection) -> int:
            for start in range(0, len(changed), _KEY_CHUNK):
                self._upsert(connection, changed[start : start + _KEY_CHUNK])
            return len(changed)

        return self._run(work)

    def _row(self, found: Invoice, contrato: str, now: datetime) -> dict[str, Any]:
        return {
            "uid": uuid.uuid4().hex,
            "environment": self.environment,
            "contrato": contrato[:40],
            "fatura": str(found.id),
            "item_fatura": (found.itemFatura or "").strip()[:40],
            "tipo_documento": (found.tipoDocumento or "").strip().upper()[:10],
            "status": (found.status or "").strip()[:40],
            "vencimento": found.vencimento.isoformat() if found.vencimento else None,
            "data_fechamento": found.dataFechamento.isoformat() if found.dataFechamento else None,
            "month": invoice_month(found, now),
            "valor_cents": cents(found.valor) or 0,
            "valor_em_aberto_cents": cents(found.valorEmAberto),
            "nome_contrato": _text(found.nomeContrato, 120),
            "centro_custo": _text(found.centroCusto, 80),
            "dr_fatura": _text(found.drFatura, 40),
            "seen_at": now.isoformat(timespec="seconds"),
            "seen_by": self.author[:120],
        }

    @staticmethod
    def _key(row: dict[str, Any]) -> tuple[str, ...]:
        return tuple(row[name] for name in _KEY)

    def _kept(
        self, connection: Connection, keys: list[tuple[str, ...]]
    ) -> dict[tuple[str, ...], tuple[Any, ...]]:
        """What the book holds of ``keys``' invoices (`_KEPT`), by key."""
        columns = [invoice.c[name] for name in _KEY]
        found: dict[tuple[str, ...], tuple[Any, ...]] = {}
        for start in range(0, len(keys), _KEY_CHUNK):
            query = select(*columns, *(invoice.c[name] for name in _KEPT)).where(
                tuple_(*columns).in_(keys[start : start + _KEY_CHUNK])
            )
            for row in connection.execute(query):
                found[tuple(row[: len(_KEY)])] = tuple(row[len(_KEY) :])
        return found

    @staticmethod
    def _upsert(connection: Connection, rows: list[dict[str, Any]]) -> None:
        """Insert ``rows``; one whose key is kept takes their `_KEPT` values and who saw it
        (an undated invoice keeps the month it was first seen in)."""
        dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
        statement_ = dialect.insert(invoice).values(rows)
        new = statement_.excluded
        dated = new.data_fechamento.is_not(None) | new.vencimento.is_not(None)
        values: dict[str, Any] = {
            name: new[name] for name in (*_KEPT, "seen_at", "seen_by") if name != "month"
        }
        values["month"] = case((dated, new.month), else_=invoice.c.month)
        connection.execute(statement_.on_conflict_do_update(index_elements=list(_KEY), set_=values))

    # --- statements ----------------------------------------------------------------------

    def has_statement(self, fatura: str, tipo_documento: str) -> bool:
        """Whether some desk kept this invoice's analytic statement."""
        query = select(statement.c.item_count).where(*self._statement_key(statement, fatura, tipo_documento))
        return self._run(lambda c: c.execute(query).first() is not None, write=False)

    def keep_statement(self, fatura: str, tipo_documento: str, analytic: AnalyticStatement) -> None:
        """Replace invoice ``fatura``'s statement, its services and its lines with
        ``analytic``'s, in one transaction (lines in `ITEM_CHUNK`s)."""
        fatura, tipo = fatura.strip(), tipo_documento.strip().upper()
        services = _services(analytic.service_totals)
        head = {
            "environment": self.environment,
            "fatura": fatura,
            "tipo_documento": tipo,
            "loaded_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "loaded_by": self.author[:120],
            "item_count": len(analytic.items),
            "services_cents": sum(row["valor_liquido_cents"] for row in services.values()),
            "total_cents": cents(analytic.invoice_total),
        }
        key = {"environment": self.environment, "fatura": fatura, "tipo_documento": tipo}

        def work(connection: Connection) -> None:
            for table in (statement_item, statement_service, statement):
                connection.execute(delete(table).where(*self._statement_key(table, fatura, tipo)))
            connection.execute(insert(statement), [head])
            if services:
                connection.execute(insert(statement_service), [{**key, **row} for row in services.values()])
            for chunk in _item_rows(analytic, (self.environment, fatura, tipo)):
                _insert_lines(connection, chunk)

        self._run(work)

    def _statement_key(self, table: Any, fatura: str, tipo_documento: str) -> list[Any]:
        return [
            table.c.environment == self.environment,
            table.c.fatura == fatura.strip(),
            table.c.tipo_documento == tipo_documento.strip().upper(),
        ]


def _differs(row: dict[str, Any], kept: tuple[Any, ...] | None) -> bool:
    """Whether a listed invoice says something the book does not hold (an undated one's
    month is the one it was first seen in: not a change)."""
    if kept is None:
        return True
    undated = row["vencimento"] is None and row["data_fechamento"] is None
    return any(
        value != was
        for name, value, was in zip(_KEPT, (row[name] for name in _KEPT), kept, strict=True)
        if not (undated and name == "month")
    )


def _services(totals: Sequence[ServiceTotal]) -> dict[str, dict[str, Any]]:
    """Block 4 by service code (a code written twice adds up: the key is the code)."""
    found: dict[str, dict[str, Any]] = {}
    for total in totals:
        code = total.codigo_servico.strip()[:20]
        row = found.setdefault(
            code,
            {
                "codigo_servico": code,
                "descricao": total.descricao.strip()[:200],
                "quantidade": 0,
                "valor_servico_cents": 0,
                "desconto_cents": 0,
                "valor_liquido_cents": 0,
            },
        )
        row["quantidade"] += total.quantidade
        row["valor_servico_cents"] += cents(total.valor_servico) or 0
        row["desconto_cents"] += cents(total.desconto) or 0
        row["valor_liquido_cents"] += cents(total.valor_liquido) or 0
    return found


ITEM_COLUMNS = (
    "environment", "fatura", "tipo_documento", "position", "etiqueta", "codigo_servico",
    "data_postagem", "destination_uf", "quantidade", "valor_liquido_cents",
)  # fmt: skip
"""``statement_item``'s columns in the order `_item_rows` gives them."""


def _item_rows(analytic: AnalyticStatement, key: tuple[str, str, str]) -> Iterator[list[tuple[Any, ...]]]:
    """Block 3's lines as ``statement_item`` rows (`ITEM_COLUMNS`), `ITEM_CHUNK` at a time,
    read from the items' columns: no `AnalyticItem` is made."""
    items = analytic.items
    names = ("etiqueta", "codigo_servico", "data_postagem", "cep_destinatario", "quantidade", "valor_liquido")
    columns = [items.column(name) for name in names]
    day: Callable[[str], str | None] = cache(_iso_day)  # a statement repeats its days
    state: Callable[[str | None], str | None] = cache(uf_of_cep)  # and its CEPs
    for start in range(0, len(items), ITEM_CHUNK):
        yield [
            (
                *key,
                start + offset,
                label.strip()[:13],
                code.strip()[:20],
                day(posted),
                state(cep.strip() or None),
                quantity,
                cents(net) or 0,
            )
            for offset, (label, code, posted, cep, quantity, net) in enumerate(
                zip(*(column[start : start + ITEM_CHUNK] for column in columns), strict=True)
            )
        ]


def _insert_lines(connection: Connection, rows: list[tuple[Any, ...]]) -> None:
    """``rows`` into ``statement_item`` by the driver itself (COPY on PostgreSQL): 300,000
    lines through SQLAlchemy's parameter handling took three times the insert's own time."""
    names = ", ".join(ITEM_COLUMNS)
    if connection.dialect.name != "postgresql":
        marks = ", ".join("?" * len(ITEM_COLUMNS))
        connection.exec_driver_sql(f"INSERT INTO statement_item ({names}) VALUES ({marks})", rows)  # noqa: S608 -- our names
        return
    cursor: Any = connection.connection.cursor()  # psycopg's, in this transaction
    try:
        with cursor.copy(f"COPY statement_item ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
    finally:
        cursor.close()


def keep_quietly(what: str, work: Callable[[], object]) -> None:
    """Run ``work`` (a hook keeping what a desk saw); a failure is logged, never raised:
    the user's listing or statement is shown all the same."""
    try:
        work()
    except Exception:
        log.warning("The office database did not keep %s", what, exc_info=True)


def statement_keeper(
    book: Callable[[], InvoiceBook], fatura: str | None, tipo_documento: str | None
) -> StatementKeeper | None:
    """What keeps invoice ``fatura``'s statement once read, unless some desk kept it
    already (the same invoice's statement says the same); ``None`` without its number and
    document type (a preview, a file chosen by hand)."""
    number, kind = (fatura or "").strip(), (tipo_documento or "").strip()
    if not number or not kind:
        return None

    def keep(analytic: AnalyticStatement) -> None:
        def work() -> None:
            kept = book()
            if not kept.has_statement(number, kind):
                kept.keep_statement(number, kind, analytic)

        keep_quietly(f"the statement of invoice {kind} {number}", work)

    return keep
