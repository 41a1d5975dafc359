"""What Tracking offers the other features, over its watchlist, typed by their ports:
`Follow` ("follow these objects": shipping's labels, an invoice's lines), `Whereabouts` (how
far a return's object came), claims' `TrackedObjects` (the objects that may be claimed, their
declared values and statuses, and "refresh these objects") and `Proofs` (the proofs of delivery
kept, and their PDF). The composition root hands one `TrackingOffer` to each; neither feature
holds the tracking service or its watchlist.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from postalgui.services.ports import Progress
from postalgui.services.tracking.claimable import declared_values, maybe_claimable, statement_objects
from postalgui.services.tracking.proofs import fetch_proofs, proof_pdf
from postalgui.services.tracking.refresh import refresh
from postalgui.services.tracking.status import Status

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.ports import NewObject
    from postalgui.services.tracking.proof_records import DeliveryProof, ProofReport
    from postalgui.services.tracking.records import WatchedObject
    from postalgui.services.tracking.service import TrackingService

__all__ = ["TrackingOffer"]


class TrackingOffer:
    """Tracking's side of `Follow`, `Whereabouts`, claims' `TrackedObjects` and `Proofs`. Each
    call reads the watchlist of the office database in force (opens it: tasks only)."""

    def __init__(self, service: Callable[[], TrackingService]) -> None:
        self._service = service

    # --- Follow ----------------------------------------------------------------------------

    def follow(self, objects: Sequence[NewObject], *, source: str) -> int:
        return self._service().watchlist().add(objects, source=source)

    def unfollow(self, codes: Sequence[str], *, source: str) -> int:
        return self._service().watchlist().remove(codes, source=source)

    # --- Whereabouts -----------------------------------------------------------------------

    def progress(self, codes: Sequence[str]) -> dict[str, Progress]:
        known = self._service().watchlist().known(codes, brief=True)
        return {code: _progress(watched.status) for code, watched in known.items()}

    # --- what claims reads and asks --------------------------------------------------------

    def claimable(self) -> list[WatchedObject]:
        return maybe_claimable(self._service().watchlist())

    def statement_objects(self, codes: Sequence[str]) -> tuple[list[WatchedObject], list[str]]:
        return statement_objects(self._service().watchlist(), codes)

    def declared_values(self, codes: Sequence[str]) -> dict[str, Decimal]:
        return declared_values(self._service().watchlist(), codes)

    def statuses(self, codes: Sequence[str]) -> dict[str, Status | None]:
        known = self._service().watchlist().known(codes, brief=True)
        return {code: watched.status for code, watched in known.items()}

    def refresh(self, task: TaskControl, codes: Sequence[str]) -> None:
        refresh(task, self._service(), codes)

    # --- Proofs ----------------------------------------------------------------------------

    def stored(self, code: str) -> DeliveryProof | None:
        kept = self._service().proofs().kept([code.strip().upper()]).get(code.strip().upper())
        return kept.proof if kept is not None and kept.complete else None

    def pdf(self, proofs: Sequence[DeliveryProof], language: str) -> bytes:
        return proof_pdf(proofs, language)

    def fetch(self, task: TaskControl, codes: Sequence[str]) -> ProofReport:
        return fetch_proofs(task, self._service(), codes)


_WAITING = frozenset({None, Status.NOT_FOUND, Status.INVALID})


def _progress(status: Status | None) -> Progress:
    """A status as `Progress`: no event yet, the posting alone, delivered, else moving."""
    if status in _WAITING:
        return Progress.WAITING
    if status is Status.POSTED:
        return Progress.POSTED
    return Progress.DELIVERED if status is Status.DELIVERED else Progress.MOVING
