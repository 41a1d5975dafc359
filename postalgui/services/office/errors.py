"""The office database's failures as the app's routine errors (one line, shown in the tab)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from postalgui.api.errors import RoutineError
from postalgui.store.errors import StoreError, StoreUnavailableError

__all__ = ["OfficeDatabaseError", "OfficeUnavailableError", "routine_store_errors"]


class OfficeDatabaseError(RoutineError, RuntimeError):
    """The office database cannot be used (its message says which and what to do)."""


class OfficeUnavailableError(OfficeDatabaseError):
    """The office database's server cannot be reached now; worth trying again."""


@contextmanager
def routine_store_errors(wrap: Callable[[str], OfficeDatabaseError] = OfficeDatabaseError) -> Iterator[None]:
    """Raise a store's failure as a routine error (the GUI shows its line; the CLI exits 1)."""
    try:
        yield
    except StoreUnavailableError as exc:
        raise OfficeUnavailableError(str(exc)) from None
    except StoreError as exc:
        raise wrap(str(exc)) from None
