"""Alembic environment: runs on the connection `store.migrate.upgrade` hands over (online only)."""

from __future__ import annotations

from alembic import context

from postalgui.services.branches.tables import metadata

config = context.config
context.configure(
    connection=config.attributes["connection"],
    target_metadata=metadata,
    version_table=config.attributes["version_table"],
    render_as_batch=True,
)
with context.begin_transaction():
    context.run_migrations()
