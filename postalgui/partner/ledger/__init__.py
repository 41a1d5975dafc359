"""The partner's attendance ledger: one row per protocol, an append-only call log, tokens,
reconciliation reports. SQLAlchemy 2 over SQLite (the default) or PostgreSQL, migrated
by Alembic when opened."""
