"""`AttendanceSettings`: the counter-partner side's own settings (nothing secret).

The registration-system contract (12 characters, spec 4.1) and how our calls to it
authenticate; where the partner server keeps its ledger and which paths and schemes it
serves. Partner secrets live in the keyring or ``POSTALGUI_PARTNER_*``, never here.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from postalgui.api.values.ster import parse_ster_contract
from postalgui.services.blank_or import blank_or
from postalgui.services.frozen_model import FrozenModel

__all__ = ["AttendanceSettings"]


class AttendanceSettings(FrozenModel):
    ster_contract: Annotated[str, blank_or(parse_ster_contract)] = ""
    """Empty in the sandbox means its demo contract."""
    ster_auth: Literal["basic", "token"] = "basic"
    partner_database: str = ""
    """A SQLAlchemy URL; empty is SQLite in the data folder, one file per environment."""
    partner_form_path: str = "/ster/formulario"
    partner_auth: Literal["basic", "oauth", "both"] = "both"
    partner_port: int = Field(default=0, ge=0, le=65535)

    @field_validator("partner_form_path")
    @classmethod
    def _path(cls, value: str) -> str:
        value = value.strip()
        if not value.startswith("/") or any(char.isspace() for char in value):
            raise ValueError("the form path must start with / and have no spaces")
        return value
