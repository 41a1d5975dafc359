"""Bring a ledger database to the newest schema with Alembic, from the migrations shipped here.

Several workers may start at once against one PostgreSQL: a transaction-scoped advisory
lock lets one migrate while the others wait, then find nothing left to do.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

__all__ = ["migrate"]

MIGRATIONS = Path(__file__).with_name("migrations")
_LOCK_KEY = 7_455_310_013  # any constant: "the PostalGUI ledger's migration"


def migrate(engine: Engine) -> None:
    """Upgrade the database of `engine` to ``head``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
