"""How claims are filed and followed: saved with the other settings (``Settings.claims``)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from postalgui.api.values.claims import Packaging, parse_claim_email, parse_claim_phone
from postalgui.services.blank_or import blank_or
from postalgui.services.claims.compensation import CompensationTable
from postalgui.services.frozen_model import FrozenModel

__all__ = ["ClaimsSettings"]


class ClaimsSettings(FrozenModel):
    reply_email: Annotated[str, blank_or(parse_claim_email)] = ""
    """Where the operator answers (``emailResposta``); empty until the office sets it."""
    phone: Annotated[str, blank_or(parse_claim_phone)] = ""
    """The office's phone (``telefone``), 10 or 11 digits."""
    lot_size: int = Field(default=20, ge=1, le=50)
    """Claims per call (the operator publishes no bound)."""
    follow_minutes: int = Field(default=120, ge=15, le=24 * 60)
    """Open claims are asked again this often."""
    package: Packaging = Packaging.BOX
    compensation: CompensationTable = Field(default_factory=CompensationTable)
