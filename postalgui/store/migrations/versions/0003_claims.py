"""Claims: every claim filed for a late, lost or damaged object, and where it stands.

Revision ID: 0003_claims
Revises: 0002_tracking
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_claims"
down_revision = "0002_tracking"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "claim",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("code", sa.String(13), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("outcome", sa.String(20), nullable=False, server_default=""),
        sa.Column("protocol", sa.String(40)),
        sa.Column("lot", sa.String(40)),
        sa.Column("reason", sa.Integer, nullable=False),
        sa.Column("manifestation", sa.String(1), nullable=False),
        sa.Column("package", sa.String(1), nullable=False),
        sa.Column("email", sa.String(120), nullable=False, server_default=""),
        sa.Column("phone", sa.String(20), nullable=False, server_default=""),
        sa.Column("recipient", sa.String(100), nullable=False, server_default=""),
        sa.Column("return_code", sa.Integer),
        sa.Column("return_message", sa.String(300)),
        sa.Column("filed_at", sa.String(40), nullable=False),
        sa.Column("created_by", sa.String(120), nullable=False, server_default=""),
        sa.Column("kind", sa.String(20)),
        sa.Column("days_late", sa.Integer),
        sa.Column("postage", sa.String(40)),
        sa.Column("estimate", sa.String(40)),
        sa.Column("invoice", sa.String(40)),
        sa.Column("situation", sa.String(80)),
        sa.Column("merit", sa.String(80)),
        sa.Column("max_delivery", sa.String(10)),
        sa.Column("last_event", sa.String(200)),
        sa.Column("reply", sa.Text),
        sa.Column("followed_at", sa.String(40)),
        sa.Column("follow_code", sa.Integer),
        sa.Column("reopened_at", sa.String(40)),
        sa.Column("closed_at", sa.String(40)),
        sa.Column("paid_at", sa.String(40)),
        sa.UniqueConstraint("environment", "code", name="claim_code"),
    )
    op.create_index("claim_open", "claim", ["environment", "outcome", "followed_at"])


def downgrade() -> None:
    op.drop_index("claim_open", "claim")
    op.drop_table("claim")
