"""Alembic environment of the office database (see `store.migrate.run_on_handed_connection`)."""

from __future__ import annotations

from postalgui.store.migrate import run_on_handed_connection
from postalgui.store.tables import metadata

run_on_handed_connection(metadata)
