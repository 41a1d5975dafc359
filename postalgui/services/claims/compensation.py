"""What a claim is likely worth: a table from consumer guides, kept as a setting and always
shown as an estimate (REFERENCE.md, Claims: no official page was found).

Late delivery returns a share of the postage by product family and days late: PAC 1-5
days 5 %, 6-10 days 10 %, more 15 %; SEDEX 1-3 days 5 %, 4-5 days 10 %, more 15 %; the
time-bound express products (SEDEX 10, SEDEX 12, SEDEX Hoje) all of it. A lost, stolen
or damaged object returns the postage plus its declared value.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum

from pydantic import Field, field_validator

from postalgui.services.frozen_model import FrozenModel
from postalgui.services.price.products import product_name

__all__ = ["Band", "CompensationTable", "Family", "family_of"]

CENT = Decimal("0.01")


class Family(StrEnum):
    PAC = "pac"
    SEDEX = "sedex"
    EXPRESS = "express"
    """SEDEX 10, SEDEX 12, SEDEX Hoje: a time-bound delivery returns the whole postage."""
    OTHER = "other"
    """No table (Mini Envios, international...): no estimate for a delay."""


_EXPRESS = ("SEDEX 10", "SEDEX 12", "SEDEX HOJE")


def family_of(co_produto: str | None, name: str = "") -> Family:
    """The family of a product code, else of its name (tracking's ``ETIQUETA LOGICA SEDEX``)."""
    text = f"{product_name(co_produto or '')} {name}".upper()
    if any(express in text for express in _EXPRESS):
        return Family.EXPRESS
    if "SEDEX" in text:
        return Family.SEDEX
    if "PAC" in text:
        return Family.PAC
    return Family.OTHER


class Band(FrozenModel):
    """Up to ``days`` days late (``None``: any more), ``percent`` of the postage."""

    days: int | None = Field(default=None, ge=1, le=365)
    percent: Decimal = Field(ge=0, le=100)


def _bands(*pairs: tuple[int | None, int]) -> list[Band]:
    return [Band(days=days, percent=Decimal(percent)) for days, percent in pairs]


class CompensationTable(FrozenModel):
    """The estimate's table (Settings, Claims)."""

    pac: list[Band] = Field(default_factory=lambda: _bands((5, 5), (10, 10), (None, 15)))
    sedex: list[Band] = Field(default_factory=lambda: _bands((3, 5), (5, 10), (None, 15)))
    express_percent: Decimal = Field(default=Decimal(100), ge=0, le=100)

    @field_validator("pac", "sedex")
    @classmethod
    def _ordered(cls, bands: list[Band]) -> list[Band]:
        """Bands by their days, the open-ended one last; at least one."""
        if not bands:
            raise ValueError("a family needs at least one band")
        bounded = sorted((band for band in bands if band.days is not None), key=lambda band: band.days or 0)
        days = [band.days for band in bounded]
        if len(set(days)) != len(days):
            raise ValueError("two bands end on the same day")
        return bounded + [band for band in bands if band.days is None][:1]

    def percent(self, family: Family, days_late: int) -> Decimal | None:
        """The share of the postage a delay of ``days_late`` days returns (``None``: no table)."""
        if days_late <= 0:
            return Decimal(0)
        if family is Family.EXPRESS:
            return self.express_percent
        bands = {Family.PAC: self.pac, Family.SEDEX: self.sedex}.get(family)
        if bands is None:
            return None
        for band in bands:
            if band.days is None or days_late <= band.days:
                return band.percent
        return bands[-1].percent

    def late(self, family: Family, days_late: int, postage: Decimal | None) -> Decimal | None:
        """What a delay likely returns, in reais (``None``: postage or table unknown)."""
        percent = self.percent(family, days_late)
        if percent is None or postage is None:
            return None
        return (postage * percent / 100).quantize(CENT, ROUND_HALF_UP)

    @staticmethod
    def lost(postage: Decimal | None, declared: Decimal | None) -> Decimal | None:
        """What a loss likely returns: the postage plus the declared value."""
        if postage is None and declared is None:
            return None
        return ((postage or Decimal(0)) + (declared or Decimal(0))).quantize(CENT, ROUND_HALF_UP)
