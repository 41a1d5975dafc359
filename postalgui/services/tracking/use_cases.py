"""Tracking use cases: look codes up, follow them, refresh what is not finished, and say
which objects need a person.

Plain functions of a `TaskControl` and the feature's `TrackingService`, shared by the GUI
(in the background) and the CLI (with a `PlainTask`). No Qt here.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import TaskControl
from postalgui.api.models.tracking import TrackedObject
from postalgui.api.tracking import Detail
from postalgui.api.values.object_codes import parse_object_code
from postalgui.services.tracking.expected import fill_expected
from postalgui.services.tracking.records import NewObject, WatchedObject, answer_values, object_from_row
from postalgui.services.tracking.status import NEEDS_PERSON
from postalgui.services.tracking.watchlist import LATE, Alert

if TYPE_CHECKING:
    from postalgui.services.tracking.service import TrackingService

__all__ = [
    "Added",
    "Refreshed",
    "add_objects",
    "alerts_of",
    "list_objects",
    "new_alerts",
    "refresh",
    "track",
]


def track(
    task: TaskControl, service: TrackingService, codes: Sequence[str], *, detail: Detail = Detail.ALL
) -> list[WatchedObject]:
    """The operator's answer for ``codes`` as the watchlist would show them, nothing saved.
    A bad code raises `InvalidValue` before anything is sent."""
    wanted = [parse_object_code(code) for code in codes]
    task.raise_if_cancelled()
    found = service.client().track(wanted, detail=detail)
    now = service.now()
    return [
        object_from_row({"code": obj_code(obj, code), **answer_values(obj, now=now)})
        for code, obj in zip(dict.fromkeys(wanted), found, strict=True)
    ]


def obj_code(found: TrackedObject, asked: str) -> str:
    return (found.codObjeto or asked).strip().upper()


@dataclass(frozen=True)
class Added:
    added: int
    already: int
    codes: tuple[str, ...]


def add_objects(
    task: TaskControl, service: TrackingService, objects: Sequence[NewObject], *, source: str
) -> Added:
    """Follow ``objects`` (codes checked first: one bad code and nothing is added)."""
    checked = [NewObject(**{**item.__dict__, "code": parse_object_code(item.code)}) for item in objects]
    task.raise_if_cancelled()
    added = service.watchlist().add(checked, source=source)
    codes = tuple(dict.fromkeys(item.code for item in checked))
    return Added(added, len(codes) - added, codes)


@dataclass(frozen=True)
class Refreshed:
    asked: int
    changed: tuple[str, ...] = ()
    """Codes whose status changed."""
    archived: int = 0
    problems: tuple[str, ...] = field(default=())
    """Codes the operator had no events for (``SRO-019``/``SRO-020``)."""


def refresh(task: TaskControl, service: TrackingService, codes: Sequence[str] | None = None) -> Refreshed:
    """Ask the operator about ``codes`` (default: every object due: not finished, not asked
    within the refresh interval) and save each call's answers as they come; then archive
    what was delivered long enough ago."""
    watchlist = service.watchlist()
    settings = service.settings
    now = service.now()
    if codes is None:
        due = watchlist.due(timedelta(minutes=settings.refresh_minutes), now)
        known = {watched.code: watched for watched in due}
    else:
        known = watchlist.known([parse_object_code(code) for code in codes])
    wanted = list(known)
    total = len(wanted)
    task.progress(0, total)
    changed: list[str] = []
    problems: list[str] = []
    lock = threading.Lock()
    done = [0]
    deadlines = service.deadlines()

    def save(found: Sequence[TrackedObject]) -> None:
        answers: dict[str, dict[str, Any]] = {}
        for obj in found:
            code = (obj.codObjeto or "").strip().upper()
            if code in known:
                answers[code] = answer_values(obj, now=now)
        fill_expected(deadlines, known, answers)
        watchlist.record(answers)
        with lock:
            for code, values in answers.items():
                before = known[code].status
                if before is None or before.value != values["status"]:
                    changed.append(code)
                if values.get("message") and not obj_has_events(values):
                    problems.append(code)
            done[0] += len(found)
            task.progress(done[0], total)

    if wanted:
        service.client().track(wanted, done=save, keep=False)
    archived = watchlist.archive_delivered(settings.archive_after_days, service.today())
    return Refreshed(total, tuple(changed), archived, tuple(problems))


def obj_has_events(values: dict[str, Any]) -> bool:
    return values.get("event_code") is not None


def list_objects(
    task: TaskControl, service: TrackingService, *, archived: bool = False
) -> list[WatchedObject]:
    task.raise_if_cancelled()
    return service.watchlist().objects(archived=archived)


def alerts_of(objects: Sequence[WatchedObject], today: Any) -> list[Alert]:
    """What needs a person in ``objects``: a status to act on, or late."""
    alerts: list[Alert] = []
    for watched in objects:
        if watched.archived_at is not None:
            continue
        if watched.status in NEEDS_PERSON:
            alerts.append(Alert(watched.code, watched.status.value))
        if watched.lateness(today).late:
            alerts.append(Alert(watched.code, LATE))
    return alerts


def new_alerts(task: TaskControl, service: TrackingService, objects: Sequence[WatchedObject]) -> list[Alert]:
    """The alerts of ``objects`` this desk's login was not told yet (they are marked told)."""
    task.raise_if_cancelled()
    return service.watchlist().unannounced(alerts_of(objects, service.today()), service.login)
