"""Versions on the records people edit: addresses and shipments carry a ``version`` (as
presets do) and who changed them last, so a save over someone else's newer change is
refused instead of losing it; a deleted address stays as a mark, so a stale copy saved
later is told it was deleted instead of coming back. Existing rows are version 1, last
changed by whoever made them, when they last changed.

Revision ID: 0006_versions
Revises: 0005_writes_once
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_versions"
down_revision = "0005_writes_once"
branch_labels = None
depends_on = None


def _versioned() -> list[sa.Column[object]]:
    return [
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("updated_by", sa.String(120), nullable=False, server_default=""),
    ]


def upgrade() -> None:
    with op.batch_alter_table("address") as batch:
        for column in _versioned():
            batch.add_column(column)
        batch.add_column(sa.Column("deleted_by", sa.String(120)))
        batch.add_column(sa.Column("deleted_at", sa.String(40)))
    with op.batch_alter_table("shipment") as batch:
        for column in _versioned():
            batch.add_column(column)
        batch.add_column(sa.Column("updated_at", sa.String(40)))
    address = sa.table(
        "address",
        sa.column("created_by", sa.String),
        sa.column("created_at", sa.String),
        sa.column("updated_by", sa.String),
        sa.column("updated_at", sa.String),
    )
    op.execute(
        address.update().values(
            updated_by=address.c.created_by,
            updated_at=sa.func.coalesce(address.c.updated_at, address.c.created_at),
        )
    )
    shipment = sa.table(
        "shipment",
        sa.column("created_by", sa.String),
        sa.column("created_at", sa.String),
        sa.column("updated_by", sa.String),
        sa.column("updated_at", sa.String),
        sa.column("labelled_at", sa.String),
        sa.column("cancelled_at", sa.String),
    )
    op.execute(
        shipment.update().values(
            updated_by=shipment.c.created_by,
            updated_at=sa.func.coalesce(
                shipment.c.cancelled_at, shipment.c.labelled_at, shipment.c.created_at
            ),
        )
    )


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM address WHERE deleted_at IS NOT NULL"))
    with op.batch_alter_table("shipment") as batch:
        batch.drop_column("updated_at")
        batch.drop_column("updated_by")
        batch.drop_column("version")
    with op.batch_alter_table("address") as batch:
        batch.drop_column("deleted_at")
        batch.drop_column("deleted_by")
        batch.drop_column("updated_by")
        batch.drop_column("version")
