"""The branch cache's Alembic migrations (a per-user file; `services.branches.store` runs them)."""
