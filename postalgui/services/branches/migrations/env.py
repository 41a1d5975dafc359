"""Alembic environment of the branch cache (see `store.migrate.run_on_handed_connection`).

No target metadata: the cache's layout is its revisions' own (`versions/`), and its store
reads and writes it in SQL; nothing is generated from models.
"""

from __future__ import annotations

from postalgui.store.migrate import run_on_handed_connection

run_on_handed_connection()
