"""The quote history's search on PostgreSQL reads a short word's matches from a narrow index,
not from the table whose rows carry each quote's JSON.

A word of one or two characters (``"no"``) gives the trigram index (0007) nothing to look
up: its search walks the quotes newest first until a page of 500 is found, and one that
matches few or none walks all of them. Each row holds its query and response JSON inline
(about 1.3 KB: PostgreSQL moves a value out of line only when a row passes about 2 KB,
whatever ``toast_tuple_target`` says, measured on 15), so at 100,000 quotes that walk read
18,099 pages (130 MB), 120 ms on a quiet machine. ``quote_search_scan`` holds, in the
search's order, what the search reads (environment, time, id, author and search text):
1,930 pages, and the walk is an index-only scan: the server's CPU for ``"no"`` 31-37 ms
instead of 95, measured in one run (28 ms instead of 230-330 ms wall, under load).

A b-tree row must stay under 2,704 bytes, and ``search_text`` holds the error text, which
has no bound: the index holds only rows whose search text has at most 1,500 bytes (every
other column at its widest still fits beside it). ``quote_search_long`` finds the others,
in the same order, from the table; there are normally none. `QuoteHistory.search` merges
the two.

Creating them reads the table once (0.4 s at 100,000 quotes, 9 s at 1,000,000, under
load); nothing is rewritten, and the insert of 1,000 quotes costs the server 4.5 ms more of
CPU (48 instead of 43.5). At 1,000,000 quotes such a word still reads the whole index
(152 MB, a tenth of the table) to learn that nothing matches. SQLite keeps its own
covering index (``quote_at`` holds the search text, 0001). INCLUDE needs PostgreSQL 11; an
older server keeps the walk, with the same answers.

Revision ID: 0008_quote_scan
Revises: 0007_quote_trigrams
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

revision = "0008_quote_scan"
down_revision = "0007_quote_trigrams"
branch_labels = None
depends_on = None

log = logging.getLogger(__name__)

SCAN = "quote_search_scan"
LONG = "quote_search_long"
COVERED = 1_500
"""Bytes of search text a row of ``quote_search_scan`` holds at most (the search repeats it)."""


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    if (bind.dialect.server_version_info or (0,)) < (11,):
        log.info("The office server is older than PostgreSQL 11: the quote history's search reads its table")
        return
    op.create_index(
        SCAN,
        "quote",
        ["environment", "at", "id"],
        postgresql_include=["created_by", "search_text"],
        postgresql_where=sa.text(f"octet_length(search_text) <= {COVERED}"),
    )
    op.create_index(
        LONG,
        "quote",
        ["environment", "at", "id"],
        postgresql_where=sa.text(f"octet_length(search_text) > {COVERED}"),
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(sa.text(f"DROP INDEX IF EXISTS {LONG}"))
        op.execute(sa.text(f"DROP INDEX IF EXISTS {SCAN}"))
