"""Proof of delivery: each delivered object's proof, fetched once (``delivery_proof``), and
its delivery images (``delivery_proof_image``).

Revision ID: 0009_delivery_proofs
Revises: 0008_quote_scan
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_delivery_proofs"
down_revision = "0008_quote_scan"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "delivery_proof",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("code", sa.String(13), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("receiver", sa.String(120), nullable=False, server_default=""),
        sa.Column("document", sa.String(60), nullable=False, server_default=""),
        sa.Column("delivered_at", sa.String(40)),
        sa.Column("place", sa.String(200), nullable=False, server_default=""),
        sa.Column("note", sa.Text, nullable=False, server_default=""),
        sa.Column("ar_type", sa.String(60)),
        sa.Column("ar_data", sa.LargeBinary),
        sa.Column("receipt", sa.String(40)),
        sa.Column("receipt_until", sa.String(40)),
        sa.Column("created_by", sa.String(120), nullable=False, server_default=""),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("completed_at", sa.String(40)),
        sa.UniqueConstraint("environment", "code", name="delivery_proof_code"),
    )
    op.create_index("delivery_proof_receipt", "delivery_proof", ["environment", "receipt"])
    op.create_table(
        "delivery_proof_image",
        sa.Column("environment", sa.String(40), nullable=False),
        sa.Column("code", sa.String(13), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("content_type", sa.String(60), nullable=False),
        sa.Column("comment", sa.String(300), nullable=False, server_default=""),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.PrimaryKeyConstraint("environment", "code", "position", name="delivery_proof_image_key"),
    )


def downgrade() -> None:
    op.drop_table("delivery_proof_image")
    op.drop_index("delivery_proof_receipt", "delivery_proof")
    op.drop_table("delivery_proof")
