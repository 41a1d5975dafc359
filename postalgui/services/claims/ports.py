"""What the Claims feature needs, and nothing more: the operator's client for the settings in
force, the profile's contract and card, its own settings (read, and the reply address kept),
the office database, a clock, and three ports to other features: Tracking's `TrackedObjects`,
an invoice's objects, and the pre-postings' recipients. `AppContext` fills it in; a test
hands in fakes.

Claims reads tracking's value types (`WatchedObject`, `Status`): the links are named in the
``independence`` contract of ``pyproject.toml``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

from postalgui.services.claims.recipients import Recipients, no_recipients

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.api.client import OperatorClient
    from postalgui.api.scopes import TokenScope
    from postalgui.services.claims.settings import ClaimsSettings
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.ports import NewObject, Proofs
    from postalgui.services.settings import Profile
    from postalgui.services.tracking.records import WatchedObject
    from postalgui.services.tracking.status import Status

__all__ = ["ClaimsPorts", "InvoiceObjects", "TrackedObjects"]


class TrackedObjects(Protocol):
    """What claims reads of the office's followed objects, and asks Tracking to do (Tracking's
    `TrackingOffer` keeps it). Each call opens the office database: tasks only."""

    def claimable(self) -> list[WatchedObject]:
        """The followed objects not archived that may be claimed: late, lost, with a
        problem, or still coming."""
        ...

    def statement_objects(self, codes: Sequence[str]) -> tuple[list[WatchedObject], list[str]]:
        """Of a statement's ``codes``, the followed objects that may be claimed, and the codes
        the operator was never asked about, in their order."""
        ...

    def declared_values(self, codes: Sequence[str]) -> dict[str, Decimal]:
        """The declared value of each object's last answer, when it has one."""
        ...

    def statuses(self, codes: Sequence[str]) -> dict[str, Status | None]:
        """The status of each of ``codes`` that is followed (``None``: never asked yet)."""
        ...

    def refresh(self, task: TaskControl, codes: Sequence[str]) -> None:
        """Ask the operator about ``codes`` now (a delivered object too) and keep the answers."""
        ...


class InvoiceObjects(Protocol):
    """The objects of invoice ``number`` (``document_type`` RE, RT...): its analytic
    statement's labels, downloaded before or requested and followed now (Tracking's are
    `NewObjects`, each made when read)."""

    def __call__(
        self, task: TaskControl, number: str, document_type: str, *, interval_s: float | None = None
    ) -> Sequence[NewObject]: ...


@dataclass(frozen=True)
class ClaimsPorts:
    """Each member is read when used, so a settings change or a new environment is followed."""

    operator: Callable[[], OperatorClient]
    """The operator's client of the settings in force (blocks while the sandbox starts: tasks only)."""
    scope: Callable[[], TokenScope]
    """The token scope claims use: the posting card's."""
    profile: Callable[[], Profile]
    settings: Callable[[], ClaimsSettings]
    """The claims settings in force (environment overrides applied)."""
    saved: Callable[[], ClaimsSettings]
    """The settings file's own claims settings, which `keep` replaces."""
    keep: Callable[[ClaimsSettings], None]
    """Keep claims settings in the settings file (`OSError` when it cannot be written); the
    connection stays as it is."""
    office: Callable[[], OfficeDatabase]
    tracked: TrackedObjects
    clock: Callable[[], datetime]
    """Aware UTC: tracking's, so a claim's deadline and an object's lateness count the same days."""
    invoice_objects: InvoiceObjects | None = None
    recipients: Recipients = no_recipients
    proofs: Proofs | None = None
    """Tracking's proofs of delivery (the answer to "it never arrived"; ``None``: tests)."""
