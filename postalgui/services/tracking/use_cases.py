"""Tracking use cases: look codes up, follow them, refresh what is not finished, and say
which objects need a person.

Plain functions of a `TaskControl` and the feature's `TrackingService`, shared by the GUI
(in the background) and the CLI (with a `PlainTask`). No Qt here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import TaskControl
from postalgui.api.errors import RoutineError
from postalgui.api.models.tracking import TrackedObject
from postalgui.api.tracking import Detail
from postalgui.api.values.object_codes import parse_object_code
from postalgui.services.ports import NewObject
from postalgui.services.tracking.records import WatchedObject, answer_values, object_from_row
from postalgui.services.tracking.refresh import Refreshed, refresh
from postalgui.services.tracking.status import NEEDS_PERSON
from postalgui.services.tracking.watchlist import LATE, Alert

if TYPE_CHECKING:
    from postalgui.services.tracking.service import TrackingService

__all__ = [
    "Added",
    "Listed",
    "Refreshed",
    "RefreshedList",
    "add_objects",
    "alerts_of",
    "list_objects",
    "listed",
    "new_alerts",
    "refresh",
    "refresh_listed",
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
    task: TaskControl,
    service: TrackingService,
    objects: Sequence[NewObject],
    *,
    source: str,
    replace_tags: bool = True,
) -> Added:
    """Follow ``objects`` (codes checked first: one bad code and nothing is added); an object
    already followed keeps a tag it has when ``replace_tags`` is False (`Watchlist.add`)."""
    checked = [NewObject(**{**item.__dict__, "code": parse_object_code(item.code)}) for item in objects]
    task.raise_if_cancelled()
    added = service.watchlist().add(checked, source=source, replace_tags=replace_tags)
    codes = tuple(dict.fromkeys(item.code for item in checked))
    return Added(added, len(codes) - added, codes)


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


@dataclass(frozen=True)
class Listed:
    """The watchlist as read, and the alerts in it this desk's login was not told yet (none
    asked of the archived list). ``alerts_error``: why the alerts could not be read (the
    list stands without them)."""

    objects: tuple[WatchedObject, ...]
    alerts: tuple[Alert, ...] = ()
    archived: bool = False
    alerts_error: str = ""


@dataclass(frozen=True)
class RefreshedList:
    """A refresh and the list read after it, in one answer: the window's refresh tick is
    one task and one hop back, not a refresh, then a read, then the alerts."""

    refreshed: Refreshed
    listed: Listed


def listed(task: TaskControl, service: TrackingService, *, archived: bool = False) -> Listed:
    """The watchlist (the archived objects instead, with ``archived``) with its new alerts."""
    objects = tuple(list_objects(task, service, archived=archived))
    if archived:
        return Listed(objects, archived=True)
    try:
        alerts = tuple(new_alerts(task, service, objects))
    except RoutineError as error:  # the list is the answer; the alerts come with the next read
        return Listed(objects, alerts_error=str(error))
    return Listed(objects, alerts)


def refresh_listed(
    task: TaskControl, service: TrackingService, codes: Sequence[str] | None = None, *, archived: bool = False
) -> RefreshedList:
    """`refresh`, then `listed`: what the window shows after a refresh, from one task."""
    refreshed = refresh(task, service, codes)
    return RefreshedList(refreshed, listed(task, service, archived=archived))
