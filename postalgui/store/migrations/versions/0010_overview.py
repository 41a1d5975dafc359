"""The manager's Overview: the invoices a desk listed (``invoice``) and the analytic
statements it loaded (``statement``, its services ``statement_service`` and lines
``statement_item``), kept so a month's spending is a SUM, not a call to the operator; the
states of a followed object's CEPs (``tracked_object.origin_uf``/``destination_uf``), filled
here from the CEPs already known; and the indexes the Overview's sections read through.

Measured at 100,000 parcels with their answers (SQLite): a CASE over the CEP's range per
row doubles a section's time, so the state is stored; ``tracked_object_period`` holds every
column the sections read, so they never read a row's 1.5 kB ``answer`` (a year's parcels per
state: 270 ms with an index on the posting day, 53 ms with it).

An object without a CEP (a statement's have no origin CEP) takes the state of the unit that
posted it (``PO``) and of the one that delivered it or holds it for pickup, from the answer
kept with it: a delivered object is never asked again, so no refresh would fill them.

The CEP ranges and those event codes are frozen here as they were when this was written (a migration does not
import the application's code, which may change later).

Revision ID: 0010_overview
Revises: 0009_delivery_proofs
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0010_overview"
down_revision = "0009_delivery_proofs"
branch_labels = None
depends_on = None

UF_RANGES = (
    ("01000", "19999", "SP"),
    ("20000", "28999", "RJ"),
    ("29000", "29999", "ES"),
    ("30000", "39999", "MG"),
    ("40000", "48999", "BA"),
    ("49000", "49999", "SE"),
    ("50000", "56999", "PE"),
    ("57000", "57999", "AL"),
    ("58000", "58999", "PB"),
    ("59000", "59999", "RN"),
    ("60000", "63999", "CE"),
    ("64000", "64999", "PI"),
    ("65000", "65999", "MA"),
    ("66000", "68899", "PA"),
    ("68900", "68999", "AP"),
    ("69000", "69299", "AM"),
    ("69300", "69399", "RR"),
    ("69400", "69899", "AM"),
    ("69900", "69999", "AC"),
    ("70000", "72799", "DF"),
    ("72800", "72999", "GO"),
    ("73000", "73699", "DF"),
    ("73700", "76799", "GO"),
    ("76800", "76999", "RO"),
    ("77000", "77999", "TO"),
    ("78000", "78899", "MT"),
    ("79000", "79999", "MS"),
    ("80000", "87999", "PR"),
    ("88000", "89999", "SC"),
    ("90000", "99999", "RS"),
)
"""A state's CEPs by their first five digits, first to last (both included)."""

PERIOD_COLUMNS = (
    "environment",
    "posted_on",
    "co_produto",
    "status",
    "origin_uf",
    "destination_uf",
    "arrived_on",
    "expected_on",
    "problem",
    "archived_at",
)


def _uf_case(cep: sa.ColumnElement[str]) -> sa.ColumnElement[str | None]:
    """The state of an 8-digit CEP (text: digits of one length compare as numbers)."""
    return sa.case(
        *(
            (sa.and_(cep >= first + "000", cep <= last + "999"), sa.literal(uf))
            for first, last, uf in UF_RANGES
        ),
        else_=sa.null(),
    )


def _backfill() -> None:
    tracked = sa.table(
        "tracked_object",
        sa.column("cep_origem", sa.String),
        sa.column("cep_destino", sa.String),
        sa.column("origin_uf", sa.String),
        sa.column("destination_uf", sa.String),
    )
    for cep, uf in (
        (tracked.c.cep_origem, tracked.c.origin_uf),
        (tracked.c.cep_destino, tracked.c.destination_uf),
    ):
        op.execute(
            tracked.update()
            .where(cep.is_not(None), sa.func.length(cep) == 8)
            .values({uf.name: _uf_case(cep)})
        )


BATCH = 2_000
STATES = frozenset({uf for _, _, uf in UF_RANGES})
ARRIVED = {("BDE", "00"), ("BDE", "01"), ("BDI", "00"), ("BDI", "01"), ("BDR", "00"), ("BDR", "01")} | {
    ("LDI", kind) for kind in ("00", "01", "02", "03", "14")
}
"""Events that delivered an object or left it at a branch for pickup: their unit is where it went."""


def _unit_uf(event: dict[str, Any]) -> str | None:
    unit = event.get("unidade") or {}
    uf = str((unit.get("endereco") or {}).get("uf") or "").strip().upper()
    return uf if uf in STATES else None


def _answer_states(answer: str) -> tuple[str | None, str | None]:
    """The states of the posting unit and of the delivering one, from an answer's JSON."""
    try:
        events = json.loads(answer).get("eventos") or []
    except (ValueError, AttributeError):
        return None, None
    origin = destination = None
    for event in reversed(events):  # oldest first
        if not isinstance(event, dict):
            continue
        key = (str(event.get("codigo") or "").strip().upper(), str(event.get("tipo") or "").strip().zfill(2))
        if key[0] == "PO" and origin is None:
            origin = _unit_uf(event)
        elif key in ARRIVED and destination is None:
            destination = _unit_uf(event)
    return origin, destination


def _backfill_from_answers() -> None:
    """What the CEPs left unknown, from each row's answer, in batches by id."""
    bind = op.get_bind()
    tracked = sa.table(
        "tracked_object",
        sa.column("id", sa.Integer),
        sa.column("answer", sa.Text),
        sa.column("origin_uf", sa.String),
        sa.column("destination_uf", sa.String),
    )
    unknown = sa.or_(tracked.c.origin_uf.is_(None), tracked.c.destination_uf.is_(None))
    update = (
        tracked.update()
        .where(tracked.c.id == sa.bindparam("b_id"))
        .values(
            origin_uf=sa.func.coalesce(tracked.c.origin_uf, sa.bindparam("b_origin")),
            destination_uf=sa.func.coalesce(tracked.c.destination_uf, sa.bindparam("b_destination")),
        )
    )
    after = 0
    while True:
        rows = bind.execute(
            sa.select(tracked.c.id, tracked.c.answer)
            .where(tracked.c.id > after, tracked.c.answer.is_not(None), unknown)
            .order_by(tracked.c.id)
            .limit(BATCH)
        ).all()
        if not rows:
            return
        after = rows[-1][0]
        found = [(row[0], *_answer_states(row[1])) for row in rows]
        values = [{"b_id": i, "b_origin": o, "b_destination": d} for i, o, d in found if o or d]
        if values:
            bind.execute(update, values)


def upgrade() -> None:
    _create_invoices()
    _create_statements()
    with op.batch_alter_table("tracked_object") as batch:
        batch.add_column(sa.Column("origin_uf", sa.String(2)))
        batch.add_column(sa.Column("destination_uf", sa.String(2)))
    _backfill()
    _backfill_from_answers()
    op.create_index("tracked_object_period", "tracked_object", list(PERIOD_COLUMNS))
    op.create_index("claim_filed", "claim", ["environment", "filed_at"])
    op.create_index("quote_route", "quote", ["environment", "co_produto", "cep_destino", "at"])
    op.create_index(
        "shipment_route", "shipment", ["environment", "service_code", "recipient_cep", "created_at"]
    )


def _create_invoices() -> None:
    op.create_table(
        "invoice",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("contrato", sa.String(40), nullable=False, server_default=""),
        sa.Column("fatura", sa.String(40), nullable=False),
        sa.Column("item_fatura", sa.String(40), nullable=False, server_default=""),
        sa.Column("tipo_documento", sa.String(10), nullable=False, server_default=""),
        sa.Column("status", sa.String(40), nullable=False, server_default=""),
        sa.Column("vencimento", sa.String(10)),
        sa.Column("data_fechamento", sa.String(10)),
        sa.Column("month", sa.String(7), nullable=False),
        sa.Column("valor_cents", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("valor_em_aberto_cents", sa.BigInteger),
        sa.Column("nome_contrato", sa.String(120)),
        sa.Column("centro_custo", sa.String(80)),
        sa.Column("dr_fatura", sa.String(40)),
        sa.Column("seen_at", sa.String(40), nullable=False),
        sa.Column("seen_by", sa.String(120), nullable=False, server_default=""),
        sa.UniqueConstraint(
            "environment", "contrato", "fatura", "item_fatura", "tipo_documento", name="invoice_key"
        ),
    )
    op.create_index("invoice_month", "invoice", ["environment", "month"])


def _create_statements() -> None:
    op.create_table(
        "statement",
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("fatura", sa.String(40), nullable=False),
        sa.Column("tipo_documento", sa.String(10), nullable=False),
        sa.Column("loaded_at", sa.String(40), nullable=False),
        sa.Column("loaded_by", sa.String(120), nullable=False, server_default=""),
        sa.Column("item_count", sa.Integer, nullable=False),
        sa.Column("services_cents", sa.BigInteger, nullable=False),
        sa.Column("total_cents", sa.BigInteger),
        sa.PrimaryKeyConstraint("environment", "fatura", "tipo_documento", name="statement_key"),
    )
    op.create_table(
        "statement_service",
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("fatura", sa.String(40), nullable=False),
        sa.Column("tipo_documento", sa.String(10), nullable=False),
        sa.Column("codigo_servico", sa.String(20), nullable=False),
        sa.Column("descricao", sa.String(200), nullable=False, server_default=""),
        sa.Column("quantidade", sa.Integer, nullable=False),
        sa.Column("valor_servico_cents", sa.BigInteger),
        sa.Column("desconto_cents", sa.BigInteger),
        sa.Column("valor_liquido_cents", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint(
            "environment", "fatura", "tipo_documento", "codigo_servico", name="statement_service_key"
        ),
    )
    op.create_table(
        "statement_item",
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("fatura", sa.String(40), nullable=False),
        sa.Column("tipo_documento", sa.String(10), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("etiqueta", sa.String(13), nullable=False, server_default=""),
        sa.Column("codigo_servico", sa.String(20), nullable=False),
        sa.Column("data_postagem", sa.String(10)),
        sa.Column("destination_uf", sa.String(2)),
        sa.Column("quantidade", sa.Integer, nullable=False),
        sa.Column("valor_liquido_cents", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint(
            "environment", "fatura", "tipo_documento", "position", name="statement_item_key"
        ),
    )


def downgrade() -> None:
    op.drop_index("shipment_route", "shipment")
    op.drop_index("quote_route", "quote")
    op.drop_index("claim_filed", "claim")
    op.drop_index("tracked_object_period", "tracked_object")
    with op.batch_alter_table("tracked_object") as batch:
        batch.drop_column("destination_uf")
        batch.drop_column("origin_uf")
    op.drop_table("statement_item")
    op.drop_table("statement_service")
    op.drop_table("statement")
    op.drop_index("invoice_month", "invoice")
    op.drop_table("invoice")
