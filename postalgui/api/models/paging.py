"""The page envelope of the operator's list operations (spec 001, section 8): ``itens``
plus ``page`` (``size``, ``totalElements``, ``totalPages``, 0-based ``number``), shared by
the contract and branch-search services.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = ["Page", "PageInfo"]


class PageInfo(BaseModel):
    """The ``page`` object of a page envelope (``number`` is 0-based)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    size: int = 0
    totalElements: int = 0
    totalPages: int = 0
    number: int = 0


T = TypeVar("T", bound=BaseModel)


class Page(BaseModel, Generic[T]):
    """A page envelope: ``itens`` and ``page``, plus ``count``/``next``/``previous``/
    ``first``/``last`` when a deployment sends them (kept as sent)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    itens: list[T] = Field(default_factory=list)
    page: PageInfo = Field(default_factory=PageInfo)

    @field_validator("itens", mode="before")
    @classmethod
    def _null(cls, value: object) -> object:
        return [] if value is None else value

    @property
    def last(self) -> bool:
        """Whether this is the last page (or the only one)."""
        return self.page.number + 1 >= self.page.totalPages

    @property
    def total(self) -> int | None:
        """How many records there are over every page (``totalElements``), when stated."""
        return self.page.totalElements or None

    @property
    def extras(self) -> dict[str, Any]:
        """Envelope fields beyond ``itens`` and ``page`` (``count``, ``next``, ...), as sent.

        A ``last`` sent by the operator is here; the `last` property is computed from ``page``.
        """
        return dict(self.model_extra or {})
