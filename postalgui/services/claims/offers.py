"""What Claims offers the other features, typed by their ports: `ClaimsMoney` (the money at
stake: today's candidates, open and expired), for the Overview. The composition root hands
it over; the other feature never holds the claims service nor repeats its rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from postalgui.api.cancel import PlainTask
from postalgui.services.claims.use_cases import at_stake

if TYPE_CHECKING:
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.ports import Claimable

__all__ = ["ClaimsOffer"]


class ClaimsOffer:
    """Claims' side of `ClaimsMoney`. Each call reads the office database in force (tasks only)."""

    def __init__(self, service: Callable[[], ClaimsService]) -> None:
        self._service = service

    def claimable(self) -> list[Claimable]:
        return at_stake(PlainTask(), self._service())
