"""`OfficeService`: the office database as Settings reaches it, for the values typed there.

Test and "Copy my local data into it" work on what the form holds, before OK saves it,
so they cannot use the app's current office (`AppContext.office`): they open a
candidate of their own for the typed URL and password, and close it when done. A
candidate leaves this desk's queue alone: what waits is for the office once saved.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.ports import OfficePorts

__all__ = ["OfficeService", "TypedDatabase"]


@dataclass(frozen=True)
class TypedDatabase:
    """An environment's office database as typed: ``url`` (``""``: this computer only) and its password."""

    env_key: str
    url: str
    password: str = field(default="", repr=False)


class OfficeService:
    """Builds candidate office databases in the ports' data folder, written by their author
    (the login); built from its ports (`office/ports.py`) only."""

    def __init__(self, ports: OfficePorts) -> None:
        self._ports = ports

    @contextmanager
    def candidate(self, typed: TypedDatabase) -> Iterator[OfficeDatabase]:
        """The office database ``typed`` names, closed (its connections too) on leaving."""
        password = typed.password or None
        office = OfficeDatabase(
            self._ports.data_dir,
            typed.env_key,
            typed.url,
            password=lambda: password,
            author=self._ports.author,
            queue=False,
        )
        try:
            yield office
        finally:
            office.close()
