"""Prices with their delivery times: the one path the Quote page, the Batch page,
``price national`` and ``price batch`` take.

Queries are priced a window at a time on the task's own thread; the moment a window is
read, its deadlines are asked in one side thread, so the prices never wait for them (the
delivery-time API may be missing from the card, slower, or failing). Everything goes
out as progress payloads of one type, `PriceEvent`: each price as it settles
(`PriceArrived`), each window's deadlines when known (`DeadlinesArrived`), and
`PricesSettled` once the last price is in while deadlines may still come. A receiver
hands each event a `PriceReceiver` (``event.reach(receiver)``) and is called at the
method for its kind: no sorting by type. The task ends when both sides have; a failure of the
deadline side is the outcome of each of its queries, never the prices' failure. The GUI
reads the stream in ``on_progress``, the CLI in its `PlainTask`'s callback, which is
called from the pricing and deadline threads (it must be thread-safe).

Window ``k + 2`` is not read before the deadlines of window ``k`` are in: a caller that
writes each price beside its deadline (``price batch`` on a 50,000-row file) holds two
windows at most, and the prices still do not wait, as those deadlines had a whole
window's time. Both sides keep what they found in the history under ``run``.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import TYPE_CHECKING, Literal, Protocol

from postalgui.api.cancel import Cancelled, CountsOnly, TaskControl
from postalgui.api.errors import RoutineError
from postalgui.services.price.use_cases import (
    BATCH_WINDOW,
    RelayedTask,
    Renumbered,
    quote_checked,
    quote_single,
    quote_window,
)

if TYPE_CHECKING:
    from concurrent.futures import Future

    from postalgui.api.models.price import PriceQuery
    from postalgui.api.price import PriceClient
    from postalgui.services.price.deadline_outcome import DeadlineOutcome
    from postalgui.services.price.service import PriceService, Source
from concurrent.futures import ThreadPoolExecutor

from postalgui.api.models.price import ItemError, QuoteResult

__all__ = [
    "AHEAD",
    "DeadlinesArrived",
    "PriceArrived",
    "PriceEvent",
    "PriceReceiver",
    "PricesSettled",
    "Pricing",
    "prices_with_deadlines",
]

log = logging.getLogger(__name__)

AHEAD = 1
"""Windows the prices may run ahead of their deadlines (memory holds ``AHEAD + 1``)."""

Pricing = Literal["batch", "checked", "national", "international"]
"""How a window is priced: the batch route; the batch route after the declared-value
rule (`quote_checked`: queries no file check went over); or one query at a time
through its own GET (the operator's whole answer, errors raised: the CLI's single quote)."""


class PriceReceiver(Protocol):
    """Who reads the stream: one method per kind of `PriceEvent`."""

    def price_arrived(self, result: QuoteResult) -> None: ...

    def deadlines_arrived(self, outcomes: list[DeadlineOutcome]) -> None: ...

    def prices_settled(self, settled: PricesSettled) -> None: ...


class PriceEvent:
    """A step of the stream; `reach` calls the receiver's method for its kind."""

    def reach(self, receiver: PriceReceiver) -> None:
        raise NotImplementedError

    def renumbered(self, indices: Sequence[int]) -> PriceEvent:
        """The event with its results and deadlines at ``indices[k]`` instead of ``k``."""
        return self


@dataclass(frozen=True)
class PriceArrived(PriceEvent):
    """One price settled (or failed), at its index in the whole run."""

    result: QuoteResult

    def reach(self, receiver: PriceReceiver) -> None:
        receiver.price_arrived(self.result)

    def renumbered(self, indices: Sequence[int]) -> PriceEvent:
        return PriceArrived(replace(self.result, index=indices[self.result.index]))


@dataclass(frozen=True)
class DeadlinesArrived(PriceEvent):
    """The deadline outcomes of one window, numbered as the prices."""

    outcomes: list[DeadlineOutcome]

    def reach(self, receiver: PriceReceiver) -> None:
        receiver.deadlines_arrived(self.outcomes)

    def renumbered(self, indices: Sequence[int]) -> PriceEvent:
        return DeadlinesArrived([replace(o, index=indices[o.index]) for o in self.outcomes])


@dataclass(frozen=True)
class PricesSettled(PriceEvent):
    """Every price is in (the deadlines may still be coming): how many, how many failed."""

    count: int
    failed: int

    def reach(self, receiver: PriceReceiver) -> None:
        receiver.prices_settled(self)


def prices_with_deadlines(
    task: TaskControl[PriceEvent],
    service: PriceService,
    queries: Iterable[PriceQuery],
    run: str,
    source: Source = "batch",
    pricing: Pricing = "batch",
    indices: Sequence[int] | None = None,
    *,
    total: int | None = None,
    window: int = BATCH_WINDOW,
) -> PricesSettled:
    """Price ``queries`` with their deadlines beside them, streamed as progress payloads.

    ``queries`` is read ``window`` at a time (a generator reading a file row by row stays
    one); ``total`` is for progress only (``len(queries)`` when it has one). ``indices``
    numbers the payloads' results and deadlines (``indices[k]`` for the k-th query; by
    default ``k``): a file's rows keep their numbers when rows with a problem were
    skipped (`BatchFile.indices`). Returns what `PricesSettled` said, once the deadlines
    are in too.
    """
    if total is None and isinstance(queries, Sequence):
        total = len(queries)
    if indices is not None:
        task = _Numbered(task, indices)
    prices = _PriceSide(task, service, run, source, pricing, total)
    rows = iter(queries)
    offset = 0
    with _DeadlineSide(task, service, run) as deadlines:
        while chunk := list(islice(rows, window)):
            deadlines.ask(chunk, offset)
            prices.price(chunk, offset)
            offset += len(chunk)
        settled = PricesSettled(prices.count, prices.failed)
        task.progress(offset, total, payload=settled)
        deadlines.finish()
    return settled


class _Numbered(RelayedTask[PriceEvent]):
    """The run's payloads with each result and deadline at its own index (``indices``)."""

    def __init__(self, task: TaskControl[PriceEvent], indices: Sequence[int]) -> None:
        super().__init__(task)
        self._indices = indices

    def progress(
        self, done: int, total: int | None = None, text: str = "", payload: PriceEvent | None = None
    ) -> None:
        super().progress(
            done, total, text, payload.renumbered(self._indices) if payload is not None else None
        )


class _PriceSide(CountsOnly["QuoteResult"]):
    """The price half: prices a window as ``pricing`` says, and relays each settled
    `QuoteResult` payload as a `PriceArrived`, counted."""

    def __init__(
        self,
        task: TaskControl[PriceEvent],
        service: PriceService,
        run: str,
        source: Source,
        pricing: Pricing,
        total: int | None,
    ) -> None:
        # lazy: the command line starts without it
        from postalgui.api.price import new_batch_id

        super().__init__(task)
        self._events = task
        self._service = service
        self._run = run
        self._source: Source = source
        self._pricing: Pricing = pricing
        self._total = total
        self._result_type = QuoteResult
        self._lote = new_batch_id()  # one idLote for every window
        self._client: PriceClient | None = None
        self._lock = threading.Lock()
        self.count = 0
        self.failed = 0

    def progress(
        self, done: int, total: int | None = None, text: str = "", payload: QuoteResult | None = None
    ) -> None:
        if payload is None:
            self._events.progress(done, total, text)
            return
        with self._lock:
            self.count += 1
            self.failed += not payload.ok
        self._events.progress(done, total, text, PriceArrived(payload))

    def price(self, chunk: Sequence[PriceQuery], offset: int) -> None:
        if self._pricing == "batch":
            if self._client is None:
                self._client = self._service.client()
            quote_window(
                self, self._service, self._client, chunk, self._source,
                lote=self._lote, offset=offset, total=self._total, run=self._run,
            )  # fmt: skip
        elif self._pricing == "checked":
            part = Renumbered(self, range(offset, offset + len(chunk)), offset, self._total)
            quote_checked(part, self._service, chunk, self._source, self._run)
        else:
            self._one_by_one(chunk, offset)

    def _one_by_one(self, chunk: Sequence[PriceQuery], offset: int) -> None:
        international = self._pricing == "international"
        for number, query in enumerate(chunk, offset):
            price = quote_single(
                self, self._service, query, international=international, source=self._source, run=self._run
            )
            self.progress(
                number + 1, self._total, payload=self._result_type(number, query, price, price.error)
            )


class _DeadlineSide:
    """The deadline half: one thread asking each window's deadlines as it is read."""

    def __init__(self, task: TaskControl[PriceEvent], service: PriceService, run: str) -> None:
        self._task = task
        self._service = service
        self._run = run

        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="postalgui-deadline")
        self._asked: deque[Future[None]] = deque()

    def ask(self, chunk: Sequence[PriceQuery], offset: int) -> None:
        """Ask the window's deadlines beside its prices, once the one ``AHEAD`` back is in."""
        while len(self._asked) > AHEAD:
            self._asked.popleft().result()
        self._asked.append(self._pool.submit(self._window, list(chunk), offset))

    def finish(self) -> None:
        """Wait for the deadlines still coming (an error in sending them is raised here)."""
        while self._asked:
            self._asked.popleft().result()

    def _window(self, chunk: list[PriceQuery], offset: int) -> None:
        outcomes = [
            replace(o, index=o.index + offset) for o in _outcomes(self._task, self._service, chunk, self._run)
        ]
        self._task.progress(offset + len(chunk), None, payload=DeadlinesArrived(outcomes))

    def __enter__(self) -> _DeadlineSide:
        return self

    def __exit__(self, *_: object) -> None:
        """Windows not yet asked are dropped; the one being asked ends first (a cancel
        reaches its request through the task's token)."""
        for future in self._asked:
            future.cancel()
        self._pool.shutdown(wait=True)


def _outcomes(
    task: TaskControl, service: PriceService, queries: Sequence[PriceQuery], run: str
) -> list[DeadlineOutcome]:
    """`deadlines_for`, with anything unexpected an outcome of every query, never raised:
    the prices go on, and each row says why it has no date."""
    # lazy: the command line starts without it
    from postalgui.services.price.deadlines import DeadlineOutcome, deadlines_for

    try:
        return deadlines_for(task, service, queries, run)
    except Cancelled:
        raise
    except Exception as exc:  # a bug is logged below; the prices must not fail for it
        if not isinstance(exc, RoutineError):
            log.exception("Delivery times of %d queries failed unexpectedly", len(queries))
        error = ItemError(text=str(exc) or type(exc).__name__)
        return [DeadlineOutcome(index, "failed", error=error) for index in range(len(queries))]
