"""The Tracking tab's list actions as tasks: follow, remove, archive, tag, import, export.

Plain functions of a `TaskControl` and the `TrackingService` (the shape `Desk.run` runs),
each one watchlist write (every desk is told topic ``tracked_object``). The file
formats live in ``imports`` and ``export`` (their own modules); they are reached by name
when called, so the tab's actions are wired before those modules land.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import TaskControl
from postalgui.api.values.object_codes import FoundCodes
from postalgui.services.tracking.records import NewObject, WatchedObject
from postalgui.services.tracking.use_cases import Added, add_objects, list_objects

if TYPE_CHECKING:
    from postalgui.services.tracking.service import TrackingService

__all__ = [
    "archive",
    "export_list",
    "follow_objects",
    "load",
    "read_codes",
    "remove",
    "report_late",
    "set_tag",
    "unarchive",
]


def load(task: TaskControl, service: TrackingService, archived: bool) -> list[WatchedObject]:
    """The watchlist (the archived objects instead, with ``archived``)."""
    return list_objects(task, service, archived=archived)


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


def _module(name: str) -> Any:
    return importlib.import_module(f"postalgui.services.tracking.{name}")


def read_codes(task: TaskControl, _service: TrackingService, path: Path) -> FoundCodes:
    """The object codes of a CSV or .xlsx file (its column of codes)."""
    task.raise_if_cancelled()
    found: FoundCodes = _module("imports").codes_from_file(path)
    return found


def export_list(
    task: TaskControl, service: TrackingService, objects: Sequence[WatchedObject], path: Path, today: date
) -> Path:
    """``objects`` saved as CSV or .xlsx (by ``path``'s suffix); the path saved."""
    _module("export").export_objects(task, service, objects, path, today)
    return path


def report_late(
    task: TaskControl, service: TrackingService, objects: Sequence[WatchedObject], path: Path, month: date
) -> Path:
    """The PDF report of the objects late in ``month``; the path saved."""
    _module("export").late_report(task, service, objects, path, month)
    return path
