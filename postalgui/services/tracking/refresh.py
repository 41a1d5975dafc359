"""A refresh: ask the operator about the objects due and save each answer as it comes.

First every object's last event (``resultado=U``, a seventh of the whole history): an
object whose last event is the one kept is only marked asked; the others' whole
histories (``T``) are asked next, for the timeline. Events are only ever added, so the
same last event means the same history, and a routine refresh, where most parcels did
not move, asks the operator little and writes less (REFERENCE.md: poll gently).

The tracking calls run in parallel (`TrackingClient.track`); their answers are saved by
one writer at a time, in batches: a call's thread that finds a write under way leaves
its answers to that writer and goes back to the network at once. Writing each call's
answers in its own transaction made eight threads queue on the database's write lock
for longer than the operator took to answer (bench_tracking_refresh.py). The writer only
writes: an answer's expected date from the delivery-time service is asked on the call's
own thread before it is handed over, never while a write is under way (the other calls'
answers would wait on that HTTP call).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import TaskControl
from postalgui.api.models.tracking import TrackedObject
from postalgui.api.tracking import Detail
from postalgui.api.values.object_codes import parse_object_code
from postalgui.services.tracking.expected import fill_expected
from postalgui.services.tracking.records import WatchedObject, answer_values

if TYPE_CHECKING:
    from postalgui.services.tracking.service import TrackingService

__all__ = ["Refreshed", "refresh"]

Answers = dict[str, dict[str, Any]]


@dataclass(frozen=True)
class Refreshed:
    asked: int
    changed: tuple[str, ...] = ()
    """Codes whose status changed."""
    archived_codes: tuple[str, ...] = ()
    """Codes archived after it: delivered on time longer ago than the setting says (any
    object of the list, not only those asked)."""
    problems: tuple[str, ...] = field(default=())
    """Codes the operator had no events for (``SRO-019``/``SRO-020``)."""

    @property
    def archived(self) -> int:
        return len(self.archived_codes)


class BatchWriter:
    """Answers handed in from any thread, written by whichever thread found no write under
    way; it writes what waits until nothing does."""

    def __init__(self, write: Callable[[Answers], None]) -> None:
        self._write = write
        self._lock = threading.Lock()
        self._waiting: Answers = {}
        self._writing = False

    def put(self, answers: Answers) -> None:
        with self._lock:
            self._waiting.update(answers)
            if self._writing:
                return  # the writer takes them on its next round
            self._writing = True
        while True:
            with self._lock:
                batch, self._waiting = self._waiting, {}
                if not batch:
                    self._writing = False
                    return
            try:
                self._write(batch)
            except BaseException:
                with self._lock:
                    self._writing = False
                raise


class _Run:
    """One refresh's bookkeeping: what was known, what changed, how far it is."""

    def __init__(self, task: TaskControl, service: TrackingService, known: dict[str, WatchedObject]) -> None:
        self.task = task
        self.known = known
        self.now = service.now()
        self.service = service
        self.watchlist = service.watchlist()
        self.writer = BatchWriter(self._write)
        self.changed: list[str] = []
        self.problems: list[str] = []
        self.moved: list[str] = []
        self.still: list[str] = []
        """Objects whose last event is the one kept: marked asked once, at the end."""
        self.done = 0
        self._lock = threading.Lock()

    def glanced(self, found: Sequence[TrackedObject]) -> None:
        """One call's last events (a worker thread): the objects that moved wait for their
        whole history; the rest are written as asked (or as they are, without events)."""
        answers: Answers = {}
        moved: list[str] = []
        still: list[str] = []
        for obj in found:
            code = (obj.codObjeto or "").strip().upper()
            kept = self.known.get(code)
            if kept is None:
                continue
            if not obj.eventos:
                answers[code] = answer_values(obj, now=self.now)
            elif _same(kept, obj):
                still.append(code)
            else:
                moved.append(code)
        with self._lock:
            self.moved.extend(moved)
            self.still.extend(still)
            self.done += len(still)
            done = self.done
        if answers:
            self._hand(answers)
        self.task.progress(done, len(self.known))

    def answered(self, found: Sequence[TrackedObject]) -> None:
        """One call's whole histories (a worker thread): their row values, to the writer."""
        answers: Answers = {}
        for obj in found:
            code = (obj.codObjeto or "").strip().upper()
            if code in self.known:
                answers[code] = answer_values(obj, now=self.now)
        self._hand(answers)

    def _hand(self, answers: Answers) -> None:
        """``answers`` with the expected dates the operator left out (the delivery-time
        service, asked here on the call's thread), to the writer."""
        fill_expected(self.service.deadlines, self.known, answers)
        self.writer.put(answers)

    def _write(self, answers: Answers) -> None:
        """The writer's round (one thread at a time): the database only, no HTTP."""
        self.watchlist.record(answers)
        with self._lock:
            for code, values in answers.items():
                before = self.known[code].status
                if before is None or before.value != values["status"]:
                    self.changed.append(code)
                if values.get("message") and values.get("event_code") is None:
                    self.problems.append(code)
            self.done += len(answers)
            done = self.done
        self.task.progress(done, len(self.known))


def _same(kept: WatchedObject, found: TrackedObject) -> bool:
    """Whether ``found``'s last event (and expected date) is the one ``kept`` has."""
    last = found.eventos[0]
    if (
        kept.status is None
        or kept.event_code != f"{last.key[0]} {last.key[1]}"
        or kept.last_at != last.dtHrCriado
    ):
        return False
    return found.dtPrevista is None or kept.expected_on == found.dtPrevista.date()


def refresh(task: TaskControl, service: TrackingService, codes: Sequence[str] | None = None) -> Refreshed:
    """Ask the operator about ``codes`` (default: every object due: not finished, not asked
    within the refresh interval) and save the answers as they come; then archive what was
    delivered long enough ago."""
    watchlist = service.watchlist()
    settings = service.settings
    if codes is None:
        due = watchlist.due(timedelta(minutes=settings.refresh_minutes), service.now(), brief=True)
        known = {watched.code: watched for watched in due}
    else:
        known = watchlist.known([parse_object_code(code) for code in codes], brief=True)
    task.progress(0, len(known))
    run = _Run(task, service, known)
    if known:
        client = service.client()
        client.track(list(known), detail=Detail.LAST, done=run.glanced, keep=False)
        if run.moved:
            client.track(run.moved, done=run.answered, keep=False)
        watchlist.asked(run.still, run.now)
    archived = watchlist.archive_delivered(settings.archive_after_days, service.today())
    return Refreshed(len(known), tuple(run.changed), tuple(archived), tuple(run.problems))
