"""Ports between features: what one feature asks of another, typed, so that neither imports
the other (DESIGN.md, "feature ports"; the `independence` contract in ``pyproject.toml``).

A feature names the ports it uses in its own ``ports.py``; the composition root (`AppContext`)
hands it an object that keeps the promise (Tracking's watchlist keeps `Follow`). Tests hand it
a fake with the same two methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl

__all__ = ["Follow", "NewObject", "follow_objects"]


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


def follow_objects(task: TaskControl, follow: Follow, objects: Sequence[NewObject], source: str) -> int:
    """`Follow.follow` as a task (it opens the office database): how many were not followed before."""
    task.raise_if_cancelled()
    return follow.follow(objects, source=source)
