"""Ports between features: what one feature asks of another, typed, so that neither imports
the other (DESIGN.md, "feature ports"; the `independence` contract in ``pyproject.toml``).

A feature names the ports it uses in its own ``ports.py``; the composition root (`AppContext`)
hands it an object that keeps the promise (Tracking's watchlist keeps `Follow`). Tests hand it
a fake with the same two methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum
from operator import eq
from typing import TYPE_CHECKING, Protocol, overload

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.tracking.proof_records import DeliveryProof, ProofReport

__all__ = [
    "Claimable",
    "ClaimsMoney",
    "Follow",
    "NewObject",
    "NewObjects",
    "Progress",
    "Proofs",
    "Whereabouts",
    "follow_objects",
]


@dataclass(frozen=True)
class NewObject:
    """An object to follow, with what its source knows of it (a statement line, a shipment)."""

    code: str
    tag: str = ""
    co_produto: str | None = None
    cep_origem: str | None = None
    cep_destino: str | None = None
    posted_on: date | None = None
    invoice: str | None = None
    """The statement it was billed on, ``"RE 1234567"``."""
    invoice_amount: Decimal | None = None


class NewObjects(Sequence[NewObject]):
    """Objects to follow, in order, each made when read: by position, or by its code (`by_code`).

    A statement of 100,000 lines is 100,000 objects, of which a statement's claim candidates
    read the codes and the few that may be claimed: making every `NewObject` up front was a
    quarter of that path's CPU (bench_claims_candidates). Following them all (`Follow`) makes
    each once, as a list did.
    """

    __slots__ = ("_codes", "_make")

    def __init__(self, codes: Sequence[str], make: Callable[[str], NewObject]) -> None:
        """``codes`` in order; ``make`` the object of one of them."""
        self._codes = codes
        self._make = make

    @classmethod
    def of(cls, objects: Iterable[NewObject]) -> NewObjects:
        """``objects`` as they are when already `NewObjects`; else these (the last of a code given twice)."""
        if isinstance(objects, NewObjects):
            return objects
        given = list(objects)
        return cls([item.code for item in given], {item.code: item for item in given}.__getitem__)

    @property
    def codes(self) -> Sequence[str]:
        """The objects' codes, in order, without making an object."""
        return self._codes

    def by_code(self, code: str) -> NewObject:
        """The object of ``code``, one of `codes`."""
        return self._make(code)

    def __len__(self) -> int:
        return len(self._codes)

    @overload
    def __getitem__(self, index: int) -> NewObject: ...

    @overload
    def __getitem__(self, index: slice) -> NewObjects: ...

    def __getitem__(self, index: int | slice) -> NewObject | NewObjects:
        if isinstance(index, slice):
            return NewObjects(self._codes[index], self._make)
        return self._make(self._codes[index])

    def __iter__(self) -> Iterator[NewObject]:
        return map(self._make, self._codes)

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same objects (a list of them included)."""
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(self) == len(other) and all(map(eq, self, other))

    __hash__ = None  # type: ignore[assignment]  # a sequence, compared by its objects

    def __repr__(self) -> str:
        return f"NewObjects({list(self)!r})"


class Follow(Protocol):
    """Follow these objects: Tracking keeps them in the office's watchlist and refreshes
    them. Both calls open the office database (tasks only)."""

    def follow(self, objects: Sequence[NewObject], *, source: str) -> int:
        """Follow ``objects`` (``source`` says who put them there: "shipping", "invoice"); how
        many were not followed before."""
        ...

    def unfollow(self, codes: Sequence[str], *, source: str) -> int:
        """Stop following ``codes`` that ``source`` put there (a code a clerk also added by
        hand stays); how many left."""
        ...


class Progress(StrEnum):
    """How far a followed object has come, as another feature reads Tracking's status: coarse on
    purpose (a return is "posted", "in transit" or "delivered back"; the detail is Tracking's)."""

    WAITING = "waiting"
    """Followed, and no event yet (never asked, or the operator does not know it yet)."""
    POSTED = "posted"
    """Its first event, and nothing after: handed in at a branch."""
    MOVING = "moving"
    """On its way (any later event short of delivery)."""
    DELIVERED = "delivered"


class Whereabouts(Protocol):
    """Where followed objects are, from Tracking's watchlist, and "ask the operator about these
    now". Both calls open the office database (tasks only); ``refresh`` asks the operator."""

    def progress(self, codes: Sequence[str]) -> dict[str, Progress]:
        """The progress of each of ``codes`` that is followed (one not followed is left out)."""
        ...

    def refresh(self, task: TaskControl, codes: Sequence[str]) -> None:
        """Ask the operator about ``codes`` now and keep the answers."""
        ...


def follow_objects(task: TaskControl, follow: Follow, objects: Sequence[NewObject], source: str) -> int:
    """`Follow.follow` as a task (it opens the office database): how many were not followed before."""
    task.raise_if_cancelled()
    return follow.follow(objects, source=source)


class Proofs(Protocol):
    """The office's proofs of delivery, as another feature (Claims) reads them: Tracking keeps
    them in the office database (`services.tracking.proofs`). ``stored`` opens the office
    database (tasks only)."""

    def stored(self, code: str) -> DeliveryProof | None:
        """The proof of delivery the office keeps of ``code`` (``None``: none); nothing is sent."""
        ...

    def pdf(self, proofs: Sequence[DeliveryProof], language: str) -> bytes:
        """The "Comprovante de entrega" of ``proofs``, one page each (``"pt"`` or ``"en"``)."""
        ...

    def fetch(self, task: TaskControl, codes: Sequence[str]) -> ProofReport:
        """Ask the operator for the proofs of ``codes`` not kept yet, and keep them (Tracking's
        `fetch_proofs`: progress and cancel through ``task``)."""
        ...


@dataclass(frozen=True)
class Claimable:
    """An object Claims says may be claimed (one of its candidates), as another feature (the
    Overview) counts the money at stake: when its 90 days started and what it may return."""

    code: str
    claim_from: date
    """The day its 90 days to file count from (a candidate's ``claim_from``)."""
    estimate: Decimal | None
    expired: bool
    """Past the 90 days, never filed: money left on the table."""
    service: str | None = None
    """Its product (``co_produto``), when known."""
    destination_uf: str | None = None


class ClaimsMoney(Protocol):
    """What the office can still claim, and what it let go: Claims works it out from its own
    candidates (the compensation table, the postage, the declared values), so another feature
    never repeats those rules. Opens the office database (tasks only)."""

    def claimable(self) -> list[Claimable]:
        """Every candidate of today, open ones and expired ones (never filed)."""
        ...
