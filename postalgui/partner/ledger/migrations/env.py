"""Alembic environment: runs on the connection `store.migrate.upgrade` hands over (online only).

The version table comes with the connection (the ledger's is Alembic's default,
``alembic_version``, which a script that upgrades by hand gets too).
"""

from __future__ import annotations

from alembic import context

from postalgui.partner.ledger.schema import Base

config = context.config
context.configure(
    connection=config.attributes["connection"],
    target_metadata=Base.metadata,
    version_table=config.attributes.get("version_table", "alembic_version"),
    render_as_batch=True,
)
with context.begin_transaction():
    context.run_migrations()
