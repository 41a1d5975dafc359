"""Alembic environment: runs on the connection `store.migrate.upgrade` hands over (online only).

No target metadata: the cache's layout is its revisions' own (`versions/`), and its store
reads and writes it in SQL; nothing is generated from models.
"""

from __future__ import annotations

from alembic import context

config = context.config
context.configure(
    connection=config.attributes["connection"],
    version_table=config.attributes["version_table"],
    render_as_batch=True,
)
with context.begin_transaction():
    context.run_migrations()
