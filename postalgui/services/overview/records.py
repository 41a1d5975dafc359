"""The manager's Overview as plain records: what the office database says of a period, per
section, read by the window's charts, the monthly PDF and the CLI alike.

Money is `Decimal` reais (the tables keep integer cents); days are local calendar days;
a month is ``"2026-10"``; a week is the ISO date of its Monday.
"""

from __future__ import annotations

import calendar
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from enum import StrEnum

from postalgui.services.spreadsheet import SheetColumn

__all__ = [
    "NOT_ITEMIZED",
    "OTHER_CHARGES",
    "Arrival",
    "ClaimFigures",
    "ClerkDay",
    "Conversion",
    "Filter",
    "LateRoute",
    "MoneyLeft",
    "MonthSpending",
    "Overview",
    "Period",
    "PeriodKind",
    "Punctuality",
    "QuoteFigures",
    "Section",
    "SectionTable",
    "ServiceAmount",
    "Spending",
    "StateFigures",
    "TimingCounts",
    "Whereabouts",
    "add_months",
]

ZERO = Decimal(0)
NOT_ITEMIZED = ""
"""The service of an invoice's amount whose analytic statement the office has not loaded."""
OTHER_CHARGES = "*"
"""The service of what an itemized invoice charges beyond its services (block 5's other rows)."""


class PeriodKind(StrEnum):
    THIS_MONTH = "this_month"
    LAST_MONTH = "last_month"
    QUARTER = "quarter"
    YEAR = "year"
    CUSTOM = "custom"


def _month_start(day: date) -> date:
    return day.replace(day=1)


def _month_end(day: date) -> date:
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def add_months(day: date, months: int) -> date:
    """The first day of the month ``months`` after ``day``'s (before, if negative)."""
    index = day.year * 12 + day.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


@dataclass(frozen=True)
class Period:
    """Local calendar days ``start`` to ``end``, both included."""

    kind: PeriodKind
    start: date
    end: date

    @classmethod
    def of(cls, kind: PeriodKind, today: date, start: date | None = None, end: date | None = None) -> Period:
        """This month, last month, this quarter and this year end on their last day (the
        days still to come count nothing); a custom period is ``start`` to ``end``."""
        if kind is PeriodKind.THIS_MONTH:
            return cls(kind, _month_start(today), _month_end(today))
        if kind is PeriodKind.LAST_MONTH:
            first = add_months(_month_start(today), -1)
            return cls(kind, first, _month_end(first))
        if kind is PeriodKind.QUARTER:
            first = date(today.year, (today.month - 1) // 3 * 3 + 1, 1)
            return cls(kind, first, _month_end(add_months(first, 2)))
        if kind is PeriodKind.YEAR:
            return cls(kind, date(today.year, 1, 1), date(today.year, 12, 31))
        if start is None or end is None:
            raise ValueError("a custom period needs its first and last day")
        if end < start:
            raise ValueError("a period's last day comes after its first")
        return cls(kind, start, end)

    @classmethod
    def month(cls, text: str) -> Period:
        """``"2026-10"`` (the CLI's and the monthly report's month); `ValueError` else."""
        first = datetime.strptime(text.strip(), "%Y-%m").date()
        return cls(PeriodKind.CUSTOM, first, _month_end(first))

    def previous(self) -> Period:
        """The period of the same length just before: whole months give whole months (the
        "change against the last" compares October with September, not 31 days)."""
        if self.start.day == 1 and self.end == _month_end(self.end):
            months = (self.end.year - self.start.year) * 12 + self.end.month - self.start.month + 1
            first = add_months(self.start, -months)
            return Period(PeriodKind.CUSTOM, first, self.start - timedelta(days=1))
        days = (self.end - self.start).days + 1
        return Period(PeriodKind.CUSTOM, self.start - timedelta(days=days), self.start - timedelta(days=1))

    def months(self) -> tuple[str, ...]:
        """The months it touches, oldest first (``"2026-10"``)."""
        found: list[str] = []
        day = _month_start(self.start)
        while day <= self.end:
            found.append(day.strftime("%Y-%m"))
            day = add_months(day, 1)
        return tuple(found)

    def __contains__(self, day: object) -> bool:
        return isinstance(day, date) and self.start <= day <= self.end


@dataclass(frozen=True)
class Filter:
    """What the page shows: a period (``None``: all time, as the other tabs count), some
    services (``co_produto``; empty: all) and a destination state picked on the map."""

    period: Period | None
    services: frozenset[str] = frozenset()
    state: str | None = None
    include_archived: bool = True
    """Tracking's counters leave archived objects out: the parity test asks the same."""

    def with_state(self, state: str | None) -> Filter:
        return Filter(self.period, self.services, state, self.include_archived)


class Arrival(StrEnum):
    """Where a parcel stands against its expected day (tracking's `lateness.assess`, in SQL)."""

    ON_TIME = "on_time"
    LATE = "late"
    WAITING = "waiting"
    LOST = "lost"
    OTHER = "other"
    """Returned, compensated, damaged, invalid: neither on time nor late."""
    UNKNOWN = "unknown"
    """No expected day known yet."""


@dataclass(frozen=True)
class ServiceAmount:
    """``service`` is a ``co_produto``, `NOT_ITEMIZED` or `OTHER_CHARGES`; ``name`` its words."""

    service: str
    name: str
    amount: Decimal
    parcels: int = 0

    @property
    def average(self) -> Decimal | None:
        """The average price of a parcel, ``None`` without parcels."""
        return (self.amount / self.parcels).quantize(Decimal("0.01")) if self.parcels else None


@dataclass(frozen=True)
class MonthSpending:
    month: str
    total: Decimal
    by_service: tuple[ServiceAmount, ...]
    in_period: bool = True
    """The chart shows up to twelve months ending with the period's last for context."""


@dataclass(frozen=True)
class Spending:
    months: tuple[MonthSpending, ...]
    total: Decimal
    """Invoiced in the period: paid and open invoices (not reversed, not under review)."""
    previous_total: Decimal
    """The same, the period before (`Period.previous`)."""
    by_service: tuple[ServiceAmount, ...]
    """The period's amounts and parcels per service (the average price per parcel)."""
    invoices: int = 0
    itemized: int = 0
    """Of ``invoices``, how many have their analytic statement in the office database."""

    @property
    def change(self) -> Decimal | None:
        """``0.12`` is 12 % more than the period before; ``None`` when it had nothing."""
        if not self.previous_total:
            return None
        return (self.total - self.previous_total) / self.previous_total


@dataclass(frozen=True)
class StateFigures:
    uf: str
    parcels: int
    delivered: int
    average_days: float | None
    """Posting day to delivery day, over the delivered ones."""


@dataclass(frozen=True)
class Whereabouts:
    states: tuple[StateFigures, ...]
    no_state: int = 0
    """Parcels of the period whose destination state is not known."""
    no_posting_day: int = 0
    """Followed parcels never seen posted (only "all time" counts them elsewhere)."""


@dataclass(frozen=True)
class TimingCounts:
    """``key``: a ``co_produto`` (per service), an ISO Monday (per week) or "" (the total)."""

    key: str
    counts: Mapping[Arrival, int]
    name: str = ""

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def share(self, arrival: Arrival) -> float | None:
        return self.counts.get(arrival, 0) / self.total if self.total else None


@dataclass(frozen=True)
class LateRoute:
    origin: str
    destination: str
    late: int
    parcels: int


@dataclass(frozen=True)
class Punctuality:
    by_service: tuple[TimingCounts, ...]
    by_week: tuple[TimingCounts, ...]
    routes: tuple[LateRoute, ...]
    """The ten routes (origin state, destination state) with the most late deliveries."""
    total: TimingCounts


@dataclass(frozen=True)
class ClaimFigures:
    """Claims filed in the period (`claims.money.money_by_month`'s rule: accepted counts the
    paid ones too), with their estimates."""

    filed: int = 0
    accepted: int = 0
    refused: int = 0
    paid: int = 0
    filed_estimate: Decimal = ZERO
    accepted_estimate: Decimal = ZERO
    refused_estimate: Decimal = ZERO
    paid_estimate: Decimal = ZERO


@dataclass(frozen=True)
class MoneyLeft:
    """Claims' own candidates (the `ClaimsMoney` port) whose 90 days started in the period:
    still open to claim, and gone unclaimed (money left on the table)."""

    open_count: int = 0
    open_estimate: Decimal = ZERO
    left_count: int = 0
    left_estimate: Decimal = ZERO

    @property
    def at_stake(self) -> Decimal:
        return self.open_estimate + self.left_estimate


@dataclass(frozen=True)
class ClerkDay:
    clerk: str
    day: date
    quotes: int


@dataclass(frozen=True)
class Conversion:
    """Quotes of a route and service, and how many became pre-postings (same service and
    destination CEP, registered within seven days after the quote: a heuristic)."""

    service: str
    origin: str
    destination: str
    quotes: int
    converted: int
    name: str = ""

    @property
    def share(self) -> float | None:
        return self.converted / self.quotes if self.quotes else None


@dataclass(frozen=True)
class QuoteFigures:
    by_clerk_day: tuple[ClerkDay, ...]
    conversions: tuple[Conversion, ...]
    quotes: int = 0
    converted: int = 0


@dataclass(frozen=True)
class Overview:
    filter: Filter
    today: date
    spending: Spending
    where: Whereabouts
    on_time: Punctuality
    claims: ClaimFigures
    quotes: QuoteFigures
    read_at: datetime


class Section(StrEnum):
    """A chart's numbers: one table each, copied, exported, printed."""

    SPENDING = "spending"
    AVERAGE_PRICE = "average_price"
    STATES = "states"
    ON_TIME_SERVICE = "on_time_service"
    ON_TIME_WEEK = "on_time_week"
    LATE_ROUTES = "late_routes"
    MONEY_BACK = "money_back"
    QUOTES_CLERK = "quotes_clerk"
    CONVERSION = "conversion"


@dataclass(frozen=True)
class SectionTable:
    """A section's numbers in the user's language: typed cells (Decimal money, dates, ints)
    under typed columns, for the window's table, the clipboard, CSV/.xlsx and the PDF."""

    section: Section
    title: str
    columns: tuple[SheetColumn, ...]
    rows: tuple[tuple[object, ...], ...]
    total: tuple[object, ...] | None = None
    notes: tuple[str, ...] = field(default=())
