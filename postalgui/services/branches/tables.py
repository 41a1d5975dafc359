"""The branch cache's tables (SQLAlchemy Core), the ones its file has had since schema 1.

Apart from `store` because the cache's Alembic environment reads them too. The layout is
the hand-made file's (``PRAGMA user_version`` 1), so a cache made before the store layer
is adopted as it is by the first migration: nothing is copied at start-up.
"""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, MetaData, PrimaryKeyConstraint, Table, Text

__all__ = ["member", "meta", "metadata", "query", "unit"]

metadata = MetaData()

unit = Table(
    "unit",
    metadata,
    Column("id", Text, primary_key=True),
    Column("changed", Text),
    Column("record", Text, nullable=False),
    sqlite_with_rowid=False,
)

query = Table(
    "query",
    metadata,
    Column("key", Text, primary_key=True),
    Column("synced_at", Text, nullable=False),
    Column("newest", Text),
    sqlite_with_rowid=False,
)

member = Table(
    "member",
    metadata,
    Column("query", Text, ForeignKey("query.key", ondelete="CASCADE"), nullable=False),
    Column("unit", Text, nullable=False),
    PrimaryKeyConstraint("query", "unit"),
    sqlite_with_rowid=False,
)

meta = Table(
    "meta",
    metadata,
    Column("name", Text, primary_key=True),
    Column("saved_at", Text, nullable=False),
    Column("value", Text, nullable=False),
    sqlite_with_rowid=False,
)
