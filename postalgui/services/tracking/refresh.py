"""A refresh: ask the operator about the objects due and save each answer as it comes.

First every object's last event (``resultado=U``, a seventh of the whole history): an
object whose last event is the one kept is only marked asked; the others' whole
histories (``T``) are asked next, for the timeline. Events are only ever added, so the
same last event means the same history, and a routine refresh, where most parcels did
not move, asks the operator little and writes less (REFERENCE.md: poll gently).

The list is read as a stream (`Watchlist.each_due`, a hundred rows at a time) straight
into the tracking calls (`TrackingClient.glances`, read only as far as the comparison
goes): the first calls are out while the rest
is read, and each worker takes the next call as its own returns. The rows stay text
(`Kept`) until an answer needs more. Before, the whole list was read and made into
`WatchedObject`s first and the objects that had not moved were marked asked in one
pass at the end: some 0.4 s of one thread, alone, on a 1.25 s bound
(bench_tracking_refresh.py: 1.50x the bound at low load).

Answers, and the objects marked asked, are saved by one writer at a time, in batches: a
call's thread that finds a write under way leaves its answers to that writer and goes
back to the network at once. Writing each call's answers in its own transaction made
eight threads queue on the database's write lock for longer than the operator took to
answer. An object is marked asked as its call returns, so a refresh cancelled half way
keeps what it asked. The writer only writes: an answer's expected date from the
delivery-time service is asked on the call's own thread before it is handed over, never
while a write is under way (the other calls' answers would wait on that HTTP call).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import TaskControl
from postalgui.api.models.tracking import Glance, TrackedObject
from postalgui.api.values.object_codes import parse_object_code
from postalgui.services.tracking.expected import fill_expected
from postalgui.services.tracking.records import Kept, answer_values

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
    """Answers (and codes asked, with nothing new) handed in from any thread, written by
    whichever thread found no write under way; it writes what waits until nothing does."""

    def __init__(self, write: Callable[[Answers, list[str]], None]) -> None:
        self._write = write
        self._lock = threading.Lock()
        self._waiting: Answers = {}
        self._asked: list[str] = []
        self._writing = False

    def put(self, answers: Answers, asked: Sequence[str] = ()) -> None:
        with self._lock:
            self._waiting.update(answers)
            self._asked.extend(asked)
            if self._writing:
                return  # the writer takes them on its next round
            self._writing = True
        while True:
            with self._lock:
                batch, self._waiting = self._waiting, {}
                codes, self._asked = self._asked, []
                if not batch and not codes:
                    self._writing = False
                    return
            try:
                self._write(batch, codes)
            except BaseException:
                with self._lock:
                    self._writing = False
                raise


class _Run:
    """One refresh's bookkeeping: what was known, what changed, how far it is."""

    def __init__(self, task: TaskControl, service: TrackingService) -> None:
        self.task = task
        self.known: dict[str, Kept] = {}
        """Filled as the list is read, while the first calls are out (`took`)."""
        self.now = service.now()
        self.service = service
        self.watchlist = service.watchlist()
        self.writer = BatchWriter(self._write)
        self.changed: list[str] = []
        self.problems: list[str] = []
        self.moved: list[str] = []
        self.done = 0
        self.listed = False
        """Whether the whole list is read: until then the total is not known, so calls that
        come back early report nothing rather than a count out of a total still growing."""
        self._lock = threading.Lock()

    def took(self, rows: Sequence[Kept]) -> list[str]:
        """Rows just read (the reading thread): known before their calls go out."""
        for row in rows:
            self.known[row.code] = row
        return [row.code for row in rows]

    def glanced(self, _asked: Sequence[str], found: Sequence[Glance | TrackedObject]) -> None:
        """One call's last events (a worker thread): the objects that moved wait for their
        whole history; the rest are written as asked (or as they are, without events) at
        once, so a refresh cancelled half way keeps what it asked."""
        answers: Answers = {}
        moved: list[str] = []
        still: list[str] = []
        for obj in found:
            code = (obj.codObjeto or "").strip().upper()
            kept = self.known.get(code)
            if kept is None:
                continue
            if isinstance(obj, TrackedObject) and not obj.eventos:  # its whole answer
                answers[code] = self._values(obj, kept)
            elif obj.eventos and _same(kept, obj):
                still.append(code)
            else:
                moved.append(code)
        with self._lock:
            self.moved.extend(moved)
            self.done += len(still)
            done = self.done
        self._progress(done)
        if answers or still:
            self._hand(answers, still)

    def answered(self, _asked: Sequence[str], found: Sequence[TrackedObject]) -> None:
        """One call's whole histories (a worker thread): their row values, to the writer."""
        answers: Answers = {}
        for obj in found:
            code = (obj.codObjeto or "").strip().upper()
            kept = self.known.get(code)
            if kept is not None:
                answers[code] = self._values(obj, kept)
        self._hand(answers)

    def _values(self, obj: TrackedObject, kept: Kept) -> dict[str, Any]:
        return answer_values(obj, now=self.now, cep_origem=kept.cep_origem, cep_destino=kept.cep_destino)

    def _hand(self, answers: Answers, still: Sequence[str] = ()) -> None:
        """``answers`` with the expected dates the operator left out (the delivery-time
        service, asked here on the call's thread), to the writer."""
        if answers:
            fill_expected(
                self.service.deadlines, {code: self.known[code].watched() for code in answers}, answers
            )
        self.writer.put(answers, still)

    def _write(self, answers: Answers, still: list[str]) -> None:
        """The writer's round (one thread at a time): the database only, no HTTP."""
        self.watchlist.save(answers, still, self.now)
        with self._lock:
            for code, values in answers.items():
                if self.known[code].status != values["status"]:
                    self.changed.append(code)
                if values.get("message") and values.get("event_code") is None:
                    self.problems.append(code)
            self.done += len(answers)
            done = self.done
        if answers:
            self._progress(done)

    def _progress(self, done: int) -> None:
        if self.listed:
            self.task.progress(done, len(self.known))


def _same(kept: Kept, found: Glance | TrackedObject) -> bool:
    """Whether ``found``'s last event (and expected date) is the one ``kept`` has (compared
    as the row keeps them: text; a `Glance` carries the operator's text, read only as far
    as that takes)."""
    code, kind = found.eventos[0].key
    if not kept.status or kept.event_code != f"{code} {kind}":
        return False
    if isinstance(found, Glance):
        return found.happened_at(kept.last_at) and found.expected_on(kept.expected_on)
    last = found.eventos[0]
    if kept.last_at != (last.dtHrCriado.isoformat() if last.dtHrCriado else None):
        return False
    return found.dtPrevista is None or kept.expected_on == found.dtPrevista.date().isoformat()


def refresh(task: TaskControl, service: TrackingService, codes: Sequence[str] | None = None) -> Refreshed:
    """Ask the operator about ``codes`` (default: every object due: not finished, not asked
    within the refresh interval) and save the answers as they come; then archive what was
    delivered long enough ago. The first calls go out while the list is still read."""
    watchlist = service.watchlist()
    settings = service.settings
    wanted = [parse_object_code(code) for code in codes] if codes is not None else None
    task.raise_if_cancelled()
    run = _Run(task, service)
    client = service.client()
    with client.glances(done=run.glanced) as glances:

        def take(rows: list[Kept]) -> None:
            glances.ask(run.took(rows))

        if wanted is None:
            watchlist.each_due(timedelta(minutes=settings.refresh_minutes), run.now, take)
        else:
            watchlist.each_known(wanted, take)
        run.listed = True  # the whole list is known now: the total holds
        task.progress(run.done, len(run.known))
    if run.moved:
        with client.calls(done=run.answered) as histories:
            histories.ask(run.moved)
    archived = watchlist.archive_delivered(settings.archive_after_days, service.today())
    return Refreshed(len(run.known), tuple(run.changed), tuple(archived), tuple(run.problems))
