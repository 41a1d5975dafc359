"""What can go wrong with the office database, in sentences a user can act on.

The store is a leaf (no `postalgui.api`): the feature services turn these into their own
routine errors where a message reaches the user. No message ever carries a password.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = [
    "Change",
    "StoreError",
    "StoreNewerError",
    "StoreOpenError",
    "StoreUnavailableError",
    "StoreUrlError",
    "VersionConflictError",
]


class StoreError(Exception):
    """Any failure of the office database that the user can act on."""


class StoreUrlError(StoreError, ValueError):
    """The database URL breaks a rule (its message names the rule)."""


class StoreOpenError(StoreError):
    """The database exists but cannot be used: damaged, newer, tables changed by hand,
    a password refused. The message names the database (never the password) and what to do."""


class StoreNewerError(StoreOpenError):
    """The database was written by a newer PostalGUI: this version can never use it (that
    version, or a later one, can)."""


class StoreUnavailableError(StoreError):
    """The database server cannot be reached now (down, network gone): worth trying again."""


@dataclass(frozen=True)
class Change:
    """Who last changed a record, and when (for `VersionConflictError`)."""

    version: int
    by: str
    at: datetime


class VersionConflictError(StoreError):
    """A record was saved over a newer change made by someone else; nothing was written.

    ``current`` says who changed it and when, so the user can reload it or overwrite it.
    """

    def __init__(self, what: str, current: Change) -> None:
        self.what = what
        self.current = current
        super().__init__(
            f"{what} was changed by {current.by or 'someone'} at "
            f"{current.at.strftime('%Y-%m-%d %H:%M')} (version {current.version}) after you opened it"
        )
