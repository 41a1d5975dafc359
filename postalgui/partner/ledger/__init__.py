"""The partner's attendance ledger: one row per protocol, an append-only call log, tokens,
reconciliation reports. SQLAlchemy 2 over SQLite (the default) or PostgreSQL on the store
layer's engine (`postalgui.store`), migrated by Alembic under its own lock when opened."""
