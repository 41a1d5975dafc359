"""Form claims: a model-1 form's protocol is claimed before its handler runs, so it runs once.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26

Forms answered before this revision get an ``answered`` claim with the digest of their
stored fields, so a repeat with other fields is told apart from a retry for them too.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from postalgui.partner.ledger.claims import form_digest

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    claims = op.create_table(
        "form_claims",
        sa.Column("protocol", sa.String(14), primary_key=True),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("flag", sa.String(255)),
    )
    attendances = sa.table(
        "attendances",
        sa.column("protocol", sa.String(14)),
        sa.column("form", sa.Text),
        sa.column("answer", sa.Text),
        sa.column("created_at", sa.DateTime(timezone=True)),
    )
    connection = op.get_bind()
    answered = connection.execute(
        sa.select(attendances.c.protocol, attendances.c.form, attendances.c.created_at).where(
            attendances.c.form.is_not(None), attendances.c.answer.is_not(None)
        )
    )
    rows = [
        {
            "protocol": protocol,
            "digest": form_digest(json.loads(form)),
            "owner": "migrated",
            "state": "answered",
            "claimed_at": created_at or datetime.now(UTC),
            "flag": None,
        }
        for protocol, form, created_at in answered
    ]
    if rows:
        op.bulk_insert(claims, rows)


def downgrade() -> None:
    op.drop_table("form_claims")
