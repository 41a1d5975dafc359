"""The delivery time beside the CLI's prices: its ``--json`` fields, its text, and a
batch's deadlines asked window by window while the same window is priced.

Prices never wait for deadlines and never fail because of them: a missing deadline
is an ``erroPrazo`` saying why (the operator's ``PRZ-`` error, or API 35 missing from
the card's token).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import date
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import PlainTask

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery
    from postalgui.services.price.deadlines import DeadlineOutcome
    from postalgui.services.price.service import PriceService

__all__ = [
    "DeadlinesBeside",
    "deadline_json",
    "deadline_line",
    "not_enabled_note",
    "outcomes_for",
    "why_none",
]

_FIELDS = ("prazoEntrega", "dataMaxima", "entregaDomiciliar", "entregaSabado", "entregaDomingo", "msgPrazo")

WINDOW = 1000
"""Queries whose deadlines are asked together (a batch's price window is as large)."""


def _not_enabled() -> str:
    from postalgui.api.deadline import DEADLINE_API

    return f"delivery time (API {DEADLINE_API}) is not enabled for this card"


def why_none(outcome: DeadlineOutcome) -> str:
    """Why an outcome has no deadline, in the words ``erroPrazo`` carries."""
    if outcome.reason == "not_enabled":
        return _not_enabled()
    if outcome.reason == "international":
        return "international: no national delivery time"
    return "no delivery time" if outcome.error is None else str(outcome.error)


def not_enabled_note() -> str:
    """Said once on stderr when the card's token lacks the delivery-time API."""
    return f"note: {_not_enabled()}: prices come without deadlines"


def deadline_json(outcome: DeadlineOutcome, must_arrive: date | None = None) -> dict[str, Any]:
    """The operator's deadline fields (``chegaAte`` with a must-arrive day), or ``erroPrazo``."""
    deadline = outcome.deadline
    if deadline is None:
        return {"erroPrazo": why_none(outcome)}
    record = deadline.wire()
    found = {key: record[key] for key in _FIELDS if key in record}
    if must_arrive is not None and deadline.by is not None:
        found["chegaAte"] = deadline.by <= must_arrive
    return found


def deadline_line(outcome: DeadlineOutcome, must_arrive: date | None = None) -> dict[str, str]:
    """The ``delivery`` lines of `price national`'s table."""
    from postalgui.cli.deadline_cmd import until_text

    deadline = outcome.deadline
    if deadline is None:
        return {"delivery": f"unknown ({why_none(outcome)})"}
    day = deadline.by
    days = f"{deadline.prazoEntrega} business day(s), " if deadline.prazoEntrega is not None else ""
    line = {"delivery": f"{days}{until_text(day)}" if day else days.rstrip(", ")}
    if deadline.entregaDomiciliar is False:
        line["home delivery"] = "no: pick up at a branch"
    if must_arrive is not None and day is not None:
        line["arrives by " + must_arrive.strftime("%d/%m")] = "yes" if day <= must_arrive else "NO"
    return line


def outcomes_for(
    service: PriceService, queries: Sequence[PriceQuery], run: str | None
) -> list[DeadlineOutcome]:
    """`deadlines_for`, with anything unexpected an outcome of every query, never raised."""
    from postalgui.api.models.price import ItemError
    from postalgui.services.price.deadlines import DeadlineOutcome, deadlines_for

    try:
        return deadlines_for(PlainTask(), service, queries, run)
    except Exception as exc:  # noqa: BLE001  # the prices go on; each row says why it has no date
        error = ItemError(text=str(exc) or type(exc).__name__)
        return [DeadlineOutcome(index, "failed", error=error) for index in range(len(queries))]


class DeadlinesBeside(Mapping[int, "DeadlineOutcome"]):
    """A streamed batch's deadlines by result index, asked a window at a time in one
    worker thread as the same window's prices are.

    `feed` wraps the queries the prices read: each window is sent for its deadlines the
    moment the price side has read it. Looking an index up waits for its window; the
    results come in order, so windows already read are let go (memory holds one).
    """

    def __init__(self, service: PriceService, run: str | None = None, window: int = WINDOW) -> None:
        self._service = service
        self._run = run
        self._window = window
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deadline")
        self._pending: list[PriceQuery] = []
        self._futures: deque[Future[list[DeadlineOutcome]]] = deque()
        self._current: list[DeadlineOutcome] = []
        self._offset = 0

    def feed(self, queries: Iterable[PriceQuery]) -> Iterator[PriceQuery]:
        for query in queries:
            self._pending.append(query)
            if len(self._pending) >= self._window:
                self._send()
            yield query
        self._send()

    def _send(self) -> None:
        if self._pending:
            self._futures.append(self._pool.submit(outcomes_for, self._service, self._pending, self._run))
            self._pending = []

    def __getitem__(self, index: int) -> DeadlineOutcome:
        if index < self._offset:
            raise KeyError(index)  # a window already let go
        while index >= self._offset + len(self._current):
            if not self._futures:
                raise KeyError(index)
            self._offset += len(self._current)
            self._current = self._futures.popleft().result()
        return self._current[index - self._offset]

    def __iter__(self) -> Iterator[int]:
        return iter(range(self._offset, self._offset + len(self._current)))

    def __len__(self) -> int:
        return len(self._current)

    def close(self) -> None:
        """Stop: windows not yet asked are dropped, the one being asked ends first."""
        for future in self._futures:
            future.cancel()
        self._pool.shutdown(wait=True)

    def __enter__(self) -> DeadlinesBeside:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
