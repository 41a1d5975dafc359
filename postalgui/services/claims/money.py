"""Money back: per month, what could be claimed, was filed, accepted, paid and refused,
counted and summed (the estimates; the operator's answers carry no amount).

A claim counts in the month it was filed; a candidate in the month its 90 days started.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from postalgui.services.claims.candidates import Candidate
from postalgui.services.claims.records import Claim, Outcome

__all__ = ["MonthSummary", "money_by_month"]

ZERO = Decimal(0)


@dataclass
class MonthSummary:
    month: str
    """``"2026-11"``."""
    candidates: int = 0
    candidates_estimate: Decimal = ZERO
    filed: int = 0
    filed_estimate: Decimal = ZERO
    accepted: int = 0
    accepted_estimate: Decimal = ZERO
    paid: int = 0
    paid_estimate: Decimal = ZERO
    refused: int = 0
    refused_estimate: Decimal = ZERO


def money_by_month(claims: Iterable[Claim], candidates: Iterable[Candidate]) -> list[MonthSummary]:
    """The months with anything in them, newest first."""
    months: dict[str, MonthSummary] = {}

    def month(key: str) -> MonthSummary:
        return months.setdefault(key, MonthSummary(key))

    for candidate in candidates:
        row = month(candidate.claim_from.strftime("%Y-%m"))
        row.candidates += 1
        row.candidates_estimate += candidate.estimate or ZERO
    for item in claims:
        if not item.filed or item.filed_at is None:
            continue
        row = month(item.filed_at.strftime("%Y-%m"))
        amount = item.estimate or ZERO
        row.filed += 1
        row.filed_estimate += amount
        if item.outcome in (Outcome.ACCEPTED, Outcome.PAID):
            row.accepted += 1
            row.accepted_estimate += amount
        if item.outcome is Outcome.PAID:
            row.paid += 1
            row.paid_estimate += amount
        if item.outcome is Outcome.REFUSED:
            row.refused += 1
            row.refused_estimate += amount
    return sorted(months.values(), key=lambda row: row.month, reverse=True)
