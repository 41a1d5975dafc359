"""The Tracking tab's list actions as tasks: follow, remove, archive, tag, import, export
(the list itself is read with its alerts, `use_cases.listed`).

Plain functions of a `TaskControl` and the `TrackingService` (the shape `Desk.run` runs),
each one watchlist write (every desk is told topic ``tracked_object``). The file
formats live in ``imports`` and ``export``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.cancel import TaskControl
from postalgui.api.values.object_codes import FoundCodes
from postalgui.services.ports import NewObject
from postalgui.services.tracking.export import export_objects, late_report
from postalgui.services.tracking.imports import codes_from_file
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.use_cases import Added, add_objects

if TYPE_CHECKING:
    from postalgui.services.tracking.service import TrackingService

__all__ = [
    "archive",
    "export_list",
    "follow_objects",
    "read_codes",
    "remove",
    "report_late",
    "set_tag",
    "unarchive",
]


def follow_objects(
    task: TaskControl, service: TrackingService, objects: Sequence[NewObject], source: str
) -> Added:
    """Follow ``objects`` with what their source knows of them (a statement's lines)."""
    return add_objects(task, service, objects, source=source)


def remove(task: TaskControl, service: TrackingService, codes: Sequence[str]) -> int:
    task.raise_if_cancelled()
    return service.watchlist().remove(list(codes))


def archive(task: TaskControl, service: TrackingService, codes: Sequence[str]) -> None:
    task.raise_if_cancelled()
    service.watchlist().archive(list(codes))


def unarchive(task: TaskControl, service: TrackingService, codes: Sequence[str]) -> None:
    task.raise_if_cancelled()
    service.watchlist().unarchive(list(codes))


def set_tag(task: TaskControl, service: TrackingService, codes: Sequence[str], tag: str) -> None:
    task.raise_if_cancelled()
    service.watchlist().set_tag(list(codes), " ".join(tag.split()))


def read_codes(task: TaskControl, _service: TrackingService, path: Path) -> FoundCodes:
    """The object codes of a CSV or .xlsx file (its column of codes)."""
    task.raise_if_cancelled()
    return codes_from_file(path)


def export_list(
    task: TaskControl,
    service: TrackingService,
    objects: Sequence[WatchedObject],
    path: Path,
    today: date,
    language: str,
) -> Path:
    """``objects`` saved as CSV or .xlsx (by ``path``'s suffix) in ``language``; the path saved."""
    return export_objects(task, service, objects, path, today, language)


def report_late(
    task: TaskControl,
    service: TrackingService,
    objects: Sequence[WatchedObject],
    path: Path,
    month: date,
    language: str,
) -> Path:
    """The PDF report of the objects late in ``month``, in ``language``; the path saved."""
    return late_report(task, service, objects, path, month, language)
