"""Tokens carry the version of the client credentials that obtained them.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25

A token stays valid only while the server's client id and secret are the ones it was
issued to (`PartnerConfig.client_version`). Tokens stored before this revision carry no
version and cannot be tied to a client: they are deleted (the operator fetches a new one
on its next 401).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(sa.text("DELETE FROM tokens"))
    with op.batch_alter_table("tokens") as batch:
        batch.add_column(sa.Column("client_version", sa.String(64), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("tokens") as batch:
        batch.drop_column("client_version")
