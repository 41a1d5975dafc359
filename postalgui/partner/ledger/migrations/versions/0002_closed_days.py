"""Reconciliations say whether they closed their day: a run before 22:00 is a preview.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25

Reports stored before this revision are closed when they ran after their day's 22:00,
Brasília time (01:00 UTC the next day); an earlier one was a preview that wrongly
marked its day done, so the nightly run reconciles that day again.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_CLOSING_UTC = time(1, 0)
"""22:00 in Brasília (UTC-3), the next day in UTC."""


def upgrade() -> None:
    with op.batch_alter_table("reconciliations") as batch:
        batch.add_column(sa.Column("closed", sa.Boolean, nullable=False, server_default=sa.true()))
    table = sa.table(
        "reconciliations",
        sa.column("day", sa.Date),
        sa.column("ran_at", sa.DateTime(timezone=True)),
        sa.column("closed", sa.Boolean),
    )
    connection = op.get_bind()
    previews = []
    for day, ran_at in connection.execute(sa.select(table.c.day, table.c.ran_at)):
        moment = ran_at.replace(tzinfo=UTC) if ran_at.tzinfo is None else ran_at.astimezone(UTC)
        if moment < datetime.combine(day + timedelta(days=1), _CLOSING_UTC, tzinfo=UTC):
            previews.append(day)
    for day in previews:
        connection.execute(sa.update(table).where(table.c.day == day).values(closed=False))


def downgrade() -> None:
    with op.batch_alter_table("reconciliations") as batch:
        batch.drop_column("closed")
