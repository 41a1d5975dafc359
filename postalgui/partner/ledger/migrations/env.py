"""Alembic environment: runs on the connection `ledger.migrate` hands over (online only)."""

from __future__ import annotations

from alembic import context

from postalgui.partner.ledger.schema import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
