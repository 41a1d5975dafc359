"""Writes happen once: every call that changes something at the operator is written down
before it is sent (table ``outgoing``), a claim keeps an answer it could not read, an
analytic request line keeps its raw answer, and a shipment keeps the operator's numeric
status apart from our own "labelled" mark.

Revision ID: 0005_writes_once
Revises: 0004_shipping
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_writes_once"
down_revision = "0004_shipping"
branch_labels = None
depends_on = None

_STATUS_NUMBERS = {
    "PREPOSTADO": "2",
    "ROTULADO": "2",
    "POSTADO": "3",
    "EXPIRADO": "4",
    "CANCELADO": "5",
}
"""The words 0004 stored, as the operator's ``statusAtual`` numbers (REFERENCE.md,
Pre-posting): ``ROTULADO`` was never the operator's; ``labelled_at`` says it."""


def upgrade() -> None:
    op.create_table(
        "outgoing",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("open_key", sa.String(280), unique=True),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("summary", sa.String(200), nullable=False, server_default=""),
        sa.Column("request", sa.Text, nullable=False),
        sa.Column("http_status", sa.Integer),
        sa.Column("answer", sa.Text),
        sa.Column("result", sa.String(80)),
        sa.Column("problem", sa.Text),
        sa.Column("created_by", sa.String(120), nullable=False, server_default=""),
        sa.Column("sent_at", sa.String(40), nullable=False),
        sa.Column("answered_at", sa.String(40)),
        sa.Column("resolution", sa.String(20)),
        sa.Column("resolved_by", sa.String(120)),
        sa.Column("resolved_at", sa.String(40)),
    )
    op.create_index("outgoing_kind", "outgoing", ["environment", "kind", "state"])
    with op.batch_alter_table("claim") as batch:
        batch.add_column(sa.Column("answer", sa.Text))
    with op.batch_alter_table("sending") as batch:
        batch.add_column(sa.Column("http_status", sa.Integer))
        batch.add_column(sa.Column("answer", sa.Text))
    with op.batch_alter_table("shipment") as batch:
        batch.add_column(sa.Column("status_word", sa.String(60), nullable=False, server_default=""))
    shipment = sa.table("shipment", sa.column("status", sa.String), sa.column("status_word", sa.String))
    for word, number in _STATUS_NUMBERS.items():
        op.execute(
            shipment.update()
            .where(sa.func.upper(shipment.c.status) == word)
            .values(status=number, status_word="")
        )


def downgrade() -> None:
    with op.batch_alter_table("shipment") as batch:
        batch.drop_column("status_word")
    with op.batch_alter_table("sending") as batch:
        batch.drop_column("answer")
        batch.drop_column("http_status")
    with op.batch_alter_table("claim") as batch:
        batch.drop_column("answer")
    op.drop_index("outgoing_kind", "outgoing")
    op.drop_table("outgoing")
