"""`FrozenModel`: settings are values; a change makes a new one, checked like the first.

A widget never edits the settings object it was given (with no overrides that is the
saved object itself, shared with every tab): it builds a new value, emits it, and the
owner saves it through `AppContext`.
"""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict


class FrozenModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    def updated(self, **changes: Any) -> Self:
        """A copy with ``changes``, validated (unlike ``model_copy(update=...)``)."""
        return self.model_validate({**dict(self), **changes})
