"""Alembic environment of the partner's ledger (see `store.migrate.run_on_handed_connection`).

Its version table is Alembic's default, ``alembic_version``, which a script that upgrades
by hand gets too.
"""

from __future__ import annotations

from postalgui.partner.ledger.schema import Base
from postalgui.store.migrate import run_on_handed_connection

run_on_handed_connection(Base.metadata)
