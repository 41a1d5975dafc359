"""Tracking: the objects the office follows and who was told about them.

Revision ID: 0002_tracking
Revises: 0001_office
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_tracking"
down_revision = "0001_office"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tracked_object",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("code", sa.String(13), nullable=False),
        sa.Column("tag", sa.String(120), nullable=False, server_default=""),
        sa.Column("source", sa.String(20), nullable=False),
        sa.Column("created_by", sa.String(120), nullable=False, server_default=""),
        sa.Column("added_at", sa.String(40), nullable=False),
        sa.Column("archived_at", sa.String(40)),
        sa.Column("co_produto", sa.String(20)),
        sa.Column("cep_origem", sa.String(8)),
        sa.Column("cep_destino", sa.String(8)),
        sa.Column("posted_on", sa.String(10)),
        sa.Column("invoice", sa.String(40)),
        sa.Column("invoice_amount", sa.String(40)),
        sa.Column("status", sa.String(20), nullable=False, server_default=""),
        sa.Column("problem", sa.String(20)),
        sa.Column("final", sa.Integer, nullable=False, server_default="0"),
        sa.Column("event_code", sa.String(10)),
        sa.Column("last_event", sa.String(200)),
        sa.Column("last_place", sa.String(120)),
        sa.Column("last_at", sa.String(40)),
        sa.Column("arrived_on", sa.String(10)),
        sa.Column("expected_on", sa.String(10)),
        sa.Column("expected_source", sa.String(20)),
        sa.Column("pickup_until", sa.String(40)),
        sa.Column("product", sa.String(120)),
        sa.Column("message", sa.String(200)),
        sa.Column("checked_at", sa.String(40)),
        sa.Column("answer", sa.Text),
        sa.UniqueConstraint("environment", "code", name="tracked_object_code"),
    )
    op.create_index("tracked_object_due", "tracked_object", ["environment", "final", "checked_at"])
    op.create_table(
        "tracking_alert",
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("code", sa.String(13), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("login", sa.String(120), nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
        sa.PrimaryKeyConstraint("environment", "code", "status", "login", name="tracking_alert_key"),
    )


def downgrade() -> None:
    op.drop_table("tracking_alert")
    op.drop_index("tracked_object_due", "tracked_object")
    op.drop_table("tracked_object")
