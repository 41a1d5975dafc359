"""How the Tracking tab follows the watchlist: saved with the other settings."""

from __future__ import annotations

from pydantic import Field

from postalgui.services.frozen_model import FrozenModel

__all__ = ["TrackingSettings"]


class TrackingSettings(FrozenModel):
    refresh_minutes: int = Field(default=30, ge=5, le=24 * 60)
    """Objects not finished are asked again this often (the operator blocks who polls hard)."""
    codes_per_call: int = Field(default=50, ge=1, le=50)
    """Codes in one tracking call: public clients send at most 50 (REFERENCE.md)."""
    archive_after_days: int = Field(default=30, ge=0, le=3650)
    """Delivered objects leave the list this many days after delivery (0: never)."""
    notify: bool = True
    """Desktop notifications for objects that need a person."""
