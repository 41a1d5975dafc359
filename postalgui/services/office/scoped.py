"""`OfficeRows`: a feature store over rows of the office database; `EnvironmentRows`: over
one environment's rows.

The watchlist and the claims book each keep rows keyed by environment, the address book
office-wide rows; all reach the store, write as the identity-portal login, and run each
call in one transaction that tells every desk their topic. Here once, so each keeps only
what its rows mean.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from sqlalchemy import Connection

from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.errors import OfficeDatabaseError, routine_store_errors
from postalgui.store.office import OfficeStore

__all__ = ["EnvironmentRows", "OfficeRows"]

T = TypeVar("T")


class OfficeRows:
    """Rows of ``office``'s database, whatever the environment."""

    TOPIC: ClassVar[str]
    """What a write tells every desk."""
    ERROR: ClassVar[type[OfficeDatabaseError]] = OfficeDatabaseError
    """What a store problem is raised as (the GUI shows its line; the CLI exits 1)."""

    def __init__(self, office: OfficeDatabase) -> None:
        self._office = office

    @property
    def office(self) -> OfficeDatabase:
        return self._office

    @property
    def store(self) -> OfficeStore:
        return self._office.store()

    @property
    def author(self) -> str:
        return self._office.author

    def _run(self, work: Callable[[Connection], T], *, write: bool = True, tell: bool = True) -> T:
        """``work`` in one transaction; a write tells every desk (``tell``) unless it changed
        nothing they show."""
        with routine_store_errors(self.ERROR):
            if write:
                return self.store.run(work, topics=(self.TOPIC,) if tell else ())
            return self.store.run(work, read=True)


class EnvironmentRows(OfficeRows):
    """The rows of ``office``'s environment (``environment`` overrides it: tests)."""

    def __init__(self, office: OfficeDatabase, *, environment: str | None = None) -> None:
        super().__init__(office)
        self.environment = environment or office.env_key
