"""The branch cache: units, the queries that found them, their members, saved lists.

A cache made before the store layer (the hand-made file, ``PRAGMA user_version`` 1, no
version table) already has these four tables, with its units: they are kept as they are
(the tab answers from them at once, nothing is copied) and only missing ones are made.

Revision ID: 0001_branch_cache
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_branch_cache"
down_revision = None
branch_labels = None
depends_on = None


def _tables() -> list[tuple[str, list[sa.Column[str] | sa.PrimaryKeyConstraint]]]:
    return [
        (
            "unit",
            [
                sa.Column("id", sa.Text, primary_key=True),
                sa.Column("changed", sa.Text),
                sa.Column("record", sa.Text, nullable=False),
            ],
        ),
        (
            "query",
            [
                sa.Column("key", sa.Text, primary_key=True),
                sa.Column("synced_at", sa.Text, nullable=False),
                sa.Column("newest", sa.Text),
            ],
        ),
        (
            "member",
            [
                sa.Column("query", sa.Text, sa.ForeignKey("query.key", ondelete="CASCADE"), nullable=False),
                sa.Column("unit", sa.Text, nullable=False),
                sa.PrimaryKeyConstraint("query", "unit"),
            ],
        ),
        (
            "meta",
            [
                sa.Column("name", sa.Text, primary_key=True),
                sa.Column("saved_at", sa.Text, nullable=False),
                sa.Column("value", sa.Text, nullable=False),
            ],
        ),
    ]


def upgrade() -> None:
    there = set(sa.inspect(op.get_bind()).get_table_names())
    for name, columns in _tables():
        if name not in there:
            op.create_table(name, *columns, sqlite_with_rowid=False)


def downgrade() -> None:
    for name, _columns in reversed(_tables()):
        op.drop_table(name)
