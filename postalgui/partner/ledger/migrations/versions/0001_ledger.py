"""The ledger: attendances, calls, tokens, reconciliations.

Revision ID: 0001
Revises:
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "attendances",
        sa.Column("protocol", sa.String(14), primary_key=True),
        sa.Column("model", sa.SmallInteger, nullable=False),
        sa.Column("state", sa.String(16), nullable=False, index=True),
        sa.Column("day", sa.Date, nullable=False, index=True),
        sa.Column("amount_cents", sa.BigInteger),
        sa.Column("quantity", sa.Integer),
        sa.Column("client_tax_id", sa.String(14)),
        sa.Column("client_key", sa.String(30)),
        sa.Column("attendant", sa.String(120)),
        sa.Column("unit", sa.String(20)),
        sa.Column("terminal", sa.String(20)),
        sa.Column("form", sa.Text),
        sa.Column("answer_status", sa.SmallInteger),
        sa.Column("answer", sa.Text),
        sa.Column("confirmation", sa.String(2)),
        sa.Column("partner_code", sa.String(20)),
        sa.Column("operator_status", sa.String(1)),
        sa.Column("operator_amount_cents", sa.BigInteger),
        sa.Column("flag", sa.String(255)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "calls",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("endpoint", sa.String(40), nullable=False),
        sa.Column("protocol", sa.String(14), index=True),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("status", sa.SmallInteger, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
    )
    op.create_table(
        "tokens",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("client_id", sa.String(250), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )
    op.create_table(
        "reconciliations",
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("ran_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("report", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("reconciliations", "tokens", "calls", "attendances"):
        op.drop_table(table)
