"""The quote history's search on PostgreSQL finds the few quotes a word matches in an index,
instead of reading every quote to learn that none does.

A search is a substring of ``search_text`` (any part of a product, CEP, request number or
error), newest first, a page of 500. A word that matches many quotes fills the page from the
newest ones at once; a word that matches few or none read the whole table: at 100,000
quotes 18,000 pages of heap (the JSON of each quote lives beside its search text), 70 to
200 ms a keystroke depending on what the server keeps in memory (bench_history_view). A
trigram GIN index (``pg_trgm``) answers ``LIKE '%word%'`` for words of three characters
or more in under 2 ms.

``pg_trgm`` ships with PostgreSQL's contrib package and is a trusted extension (13+): the
owner of the office database may create it. A server without it, or a login that may not
create it, keeps the scan: the search gives the same answers either way, so the migration
goes on without it (and says so in the log). SQLite keeps its scan of the ``quote_at``
index, which holds the search text (0001).

Revision ID: 0007_quote_trigrams
Revises: 0006_versions
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

revision = "0007_quote_trigrams"
down_revision = "0006_versions"
branch_labels = None
depends_on = None

log = logging.getLogger(__name__)

INDEX = "quote_search_trigrams"


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    available = bind.execute(sa.text("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'")).first()
    if available is None:
        log.info("The office server has no pg_trgm: the quote history's search scans its table")
        return
    try:
        with bind.begin_nested():  # a refusal leaves the migration's transaction usable
            op.execute(sa.text("CREATE EXTENSION IF NOT EXISTS pg_trgm"))
            op.create_index(
                INDEX,
                "quote",
                ["search_text"],
                postgresql_using="gin",
                postgresql_ops={"search_text": "gin_trgm_ops"},
            )
    except sa.exc.DBAPIError as exc:
        log.info("The quote history's search scans its table: pg_trgm cannot be used here (%s)", exc.orig)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(sa.text(f"DROP INDEX IF EXISTS {INDEX}"))
