"""Leaves every layer may use for storage: the SQLite file helper."""
