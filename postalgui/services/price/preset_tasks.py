"""The presets' use cases: read them, save, delete or overwrite one, in a task.

Plain functions ``fn(task, service, ...)`` the window runs in the background (the office
database may be a server away) and the CLI could call alike. A store failure becomes a
routine error (`routine_store_errors`: one line in the tab); a version conflict becomes
`PresetConflictError`, routine too, which keeps who changed the preset and when, so the
window can ask whether to reload or overwrite.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from postalgui.api.cancel import TaskControl
from postalgui.api.said import Said
from postalgui.services.office.errors import OfficeDatabaseError, routine_store_errors
from postalgui.store.errors import Change, VersionConflictError

if TYPE_CHECKING:
    from postalgui.services.price.preset_store import Kind, Preset, StoredPreset
    from postalgui.services.price.service import PriceService

__all__ = [
    "OfficePresets",
    "PresetConflictError",
    "delete_preset",
    "load_presets",
    "overwrite_preset",
    "save_preset",
]


@dataclass(frozen=True)
class OfficePresets:
    """The office's saved origins and package presets, in the order they were saved."""

    origins: list[StoredPreset] = field(default_factory=list)
    packages: list[StoredPreset] = field(default_factory=list)


class PresetConflictError(OfficeDatabaseError):
    """Someone else saved or deleted the preset after it was read; nothing was written.

    Its message is a `Said` (the store's own is English): who changed it and when, on this
    desk's clock, in each front's language where the question dialog is not shown."""

    def __init__(self, kind: Kind, name: str, current: Change) -> None:
        super().__init__(_conflict_said(kind, name, current))
        self.kind = kind
        self.name = name
        self.current = current


def _conflict_said(kind: Kind, name: str, current: Change) -> Said:
    by = current.by or Said("someone")
    at = current.at.astimezone().strftime("%d/%m/%Y %H:%M")
    if kind == "origin":
        return Said(
            "The saved origin “{name}” was changed by {by} at {at} after you opened it",
            name=name,
            by=by,
            at=at,
        )
    return Said(
        "The package preset “{name}” was changed by {by} at {at} after you opened it", name=name, by=by, at=at
    )


@contextmanager
def _routine(kind: Kind, name: str) -> Iterator[None]:
    """Store failures as routine errors; a version conflict as `PresetConflictError`."""
    with routine_store_errors():
        try:
            yield
        except VersionConflictError as exc:
            raise PresetConflictError(kind, name, exc.current) from None


def load_presets(task: TaskControl, service: PriceService) -> OfficePresets:
    """The presets of the office database, after importing this user's settings' ones
    the first time (once per office database and user)."""
    task.raise_if_cancelled()
    with routine_store_errors():
        store = service.preset_store()
        store.import_settings(service.prices_settings())
        task.raise_if_cancelled()
        return OfficePresets(store.list("origin"), store.list("package"))


def save_preset(
    task: TaskControl, service: PriceService, kind: Kind, preset: Preset, expected_version: int | None
) -> StoredPreset:
    """Save ``preset`` over the version read (``None``: new); `PresetConflictError` if it moved on."""
    task.raise_if_cancelled()
    with _routine(kind, preset.name):
        return service.preset_store().save(kind, preset, expected_version)


def overwrite_preset(task: TaskControl, service: PriceService, kind: Kind, preset: Preset) -> StoredPreset:
    """Save ``preset`` over whatever version is there (the user chose to keep theirs)."""
    task.raise_if_cancelled()
    with routine_store_errors():
        return service.preset_store().overwrite(kind, preset)


def delete_preset(
    task: TaskControl, service: PriceService, kind: Kind, name: str, expected_version: int | None
) -> None:
    """Delete the preset read at ``expected_version`` (``None``: whatever version it has)."""
    task.raise_if_cancelled()
    with _routine(kind, name):
        service.preset_store().delete(kind, name, expected_version)
