"""`PresetStore`: the Prices tab's saved origins and package presets, as office data.

Every desk pointed at one office database shares them, so two clerks may edit the same
preset: each row carries a ``version``, and a save names the version it read. The
comparison is in the ``UPDATE``'s (or ``DELETE``'s) ``WHERE``, so it is atomic on both
engines with no read-then-write window; a save that finds a newer version writes nothing
and raises `VersionConflictError` saying who changed it and when. `overwrite` is the
user's "keep mine": it saves over whatever version is there.

The presets in a user's settings file (`PriceSettings.origin_presets` / ``package_presets``)
are imported once per office database and user (`import_settings`, marked in
``store_meta``); after that the settings' lists are not read for presets.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Literal, TypeAlias

from pydantic import ValidationError
from sqlalchemy import Connection, Table, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.dml import ReturningInsert

from postalgui.services.office import topics
from postalgui.services.price.price_settings import OriginPreset, PackagePreset, PriceSettings
from postalgui.store import tables
from postalgui.store.errors import Change, VersionConflictError
from postalgui.store.office import OfficeStore

__all__ = ["KINDS", "TOPIC", "Kind", "Preset", "PresetStore", "StoredPreset", "import_key"]

log = logging.getLogger(__name__)

Kind = Literal["origin", "package"]
Preset: TypeAlias = OriginPreset | PackagePreset
KINDS: dict[Kind, type[OriginPreset] | type[PackagePreset]] = {
    "origin": OriginPreset,
    "package": PackagePreset,
}
TOPIC = topics.PRESETS
"""The change feed's topic of every preset write."""

_table = tables.preset


@dataclass(frozen=True)
class StoredPreset:
    """A preset as the office database holds it: its ``version`` is what a save names."""

    kind: Kind
    preset: Preset
    version: int
    updated_by: str
    updated_at: datetime

    @property
    def name(self) -> str:
        return self.preset.name


def import_key(author: str) -> str:
    """The ``store_meta`` key that says this user's settings presets were imported."""
    return f"presets.imported:{author}"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _at(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return datetime.fromtimestamp(0, UTC)


def _what(kind: Kind, name: str) -> str:
    return f'The {kind} preset "{name}"'


class PresetStore:
    """The presets of one office database, written as ``store.author``.

    Thread-safe as the `OfficeStore` is; every method is a database call (tasks only).
    """

    def __init__(self, store: OfficeStore) -> None:
        self.store = store

    def list(self, kind: Kind) -> list[StoredPreset]:
        """The presets of ``kind`` in the order they were first saved (a body this version
        cannot read, written by a newer PostalGUI, is left out and logged)."""
        query = select(_table).where(_table.c.kind == kind).order_by(_table.c.id)
        rows = self.store.run(lambda c: c.execute(query).mappings().all(), read=True)
        found: list[StoredPreset] = []
        for row in rows:
            try:
                found.append(_stored(kind, dict(row)))
            except (ValidationError, ValueError):
                log.warning("Preset %r (%s) cannot be read; left out", row["name"], kind)
        return found

    def save(self, kind: Kind, preset: Preset, expected_version: int | None) -> StoredPreset:
        """Save ``preset`` over the version read (``None``: a new name).

        `VersionConflictError` (nothing written) when the name holds another version than
        ``expected_version``, or already exists for a new one. A preset deleted meanwhile
        is saved again as new: the edit keeps it.
        """
        return self.store.run(
            partial(self._save, kind=kind, preset=preset, expected=expected_version), topics=(TOPIC,)
        )

    def overwrite(self, kind: Kind, preset: Preset) -> StoredPreset:
        """Save ``preset`` over whatever version is there (the user chose to keep theirs)."""
        return self.store.run(partial(self._overwrite, kind=kind, preset=preset), topics=(TOPIC,))

    def delete(self, kind: Kind, name: str, expected_version: int | None) -> None:
        """Delete the preset if it still has ``expected_version`` (``None``: whatever it has).

        `VersionConflictError` (nothing deleted) when someone saved it since; one already
        gone is no error.
        """
        self.store.run(
            partial(self._delete, kind=kind, name=name, expected=expected_version), topics=(TOPIC,)
        )

    def import_settings(self, prices: PriceSettings) -> int | None:
        """Copy the presets of a user's settings in, once per office database and user;
        how many went in (names already there are skipped), ``None`` when done before."""
        imported = self.store.run(partial(self._import, prices=prices))
        if imported:
            self.store.run(lambda c: None, topics=(TOPIC,))
        return imported

    # --- in one transaction ------------------------------------------------------------

    def _row(self, connection: Connection, kind: Kind, name: str) -> dict[str, object] | None:
        query = select(_table).where(_table.c.kind == kind, _table.c.name == name)
        row = connection.execute(query).mappings().first()
        return None if row is None else dict(row)

    def _conflict(self, connection: Connection, kind: Kind, name: str) -> VersionConflictError | None:
        row = self._row(connection, kind, name)
        if row is None:
            return None
        change = Change(int(str(row["version"])), str(row["updated_by"]), _at(str(row["updated_at"])))
        return VersionConflictError(_what(kind, name), change)

    def _values(self, kind: Kind, preset: Preset) -> dict[str, object]:
        now = _now()
        return {
            "uid": uuid.uuid4().hex,
            "kind": kind,
            "name": preset.name,
            "body": preset.model_dump_json(),
            "version": 1,
            "created_by": self.store.author,
            "created_at": now,
            "updated_by": self.store.author,
            "updated_at": now,
        }

    def _save(self, connection: Connection, kind: Kind, preset: Preset, expected: int | None) -> StoredPreset:
        if expected is not None:
            changed = connection.execute(
                update(_table)
                .where(_table.c.kind == kind, _table.c.name == preset.name, _table.c.version == expected)
                .values(
                    body=preset.model_dump_json(),
                    version=_table.c.version + 1,
                    updated_by=self.store.author,
                    updated_at=_now(),
                )
            )
            if changed.rowcount == 1:
                return self._read(connection, kind, preset.name)
        added = connection.execute(_insert_new(connection, [self._values(kind, preset)])).all()
        if added:
            return self._read(connection, kind, preset.name)
        conflict = self._conflict(connection, kind, preset.name)
        if conflict is None:  # pragma: no cover - the row was there for the insert
            raise RuntimeError(f"{_what(kind, preset.name)} vanished while it was saved")
        raise conflict

    def _overwrite(self, connection: Connection, kind: Kind, preset: Preset) -> StoredPreset:
        statement = _dialect_insert(connection, _table).values(self._values(kind, preset))
        connection.execute(
            statement.on_conflict_do_update(
                index_elements=[_table.c.kind, _table.c.name],
                set_={
                    "body": statement.excluded.body,
                    "version": _table.c.version + 1,
                    "updated_by": statement.excluded.updated_by,
                    "updated_at": statement.excluded.updated_at,
                },
            )
        )
        return self._read(connection, kind, preset.name)

    def _delete(self, connection: Connection, kind: Kind, name: str, expected: int | None) -> None:
        statement = delete(_table).where(_table.c.kind == kind, _table.c.name == name)
        if expected is not None:
            statement = statement.where(_table.c.version == expected)
        if connection.execute(statement).rowcount == 0:
            conflict = self._conflict(connection, kind, name)
            if conflict is not None:
                raise conflict

    def _read(self, connection: Connection, kind: Kind, name: str) -> StoredPreset:
        row = self._row(connection, kind, name)
        if row is None:  # pragma: no cover - read in the transaction that wrote it
            raise RuntimeError(f"{_what(kind, name)} vanished while it was saved")
        return _stored(kind, row)

    def _import(self, connection: Connection, prices: PriceSettings) -> int | None:
        key = import_key(self.store.author)
        meta = tables.store_meta
        if connection.execute(select(meta.c.key).where(meta.c.key == key)).first() is not None:
            return None
        rows = [self._values("origin", p) for p in _unique(prices.origin_presets)]
        rows += [self._values("package", p) for p in _unique(prices.package_presets)]
        added = len(connection.execute(_insert_new(connection, rows)).all()) if rows else 0
        mark = {"key": key, "value": json.dumps({"imported": added, "of": len(rows), "at": _now()})}
        connection.execute(_dialect_insert(connection, meta).values(mark).on_conflict_do_nothing())
        return added


def _dialect_insert(connection: Connection, table: Table) -> postgresql.Insert | sqlite.Insert:
    """An INSERT that can say ON CONFLICT (both engines have it, each in its own dialect)."""
    if connection.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def _insert_new(connection: Connection, rows: Sequence[dict[str, object]]) -> ReturningInsert[tuple[int]]:
    """An insert of ``rows`` that skips a (kind, name) already there, returning what went in."""
    statement = _dialect_insert(connection, _table).values(list(rows)).on_conflict_do_nothing()
    return statement.returning(_table.c.id)


def _unique(presets: Sequence[Preset]) -> list[Preset]:
    """The presets with one of each name (the last, as the settings' lists kept it)."""
    return list({preset.name: preset for preset in presets}.values())


def _stored(kind: Kind, row: dict[str, object]) -> StoredPreset:
    body = json.loads(str(row["body"]))
    body["name"] = row["name"]
    return StoredPreset(
        kind=kind,
        preset=KINDS[kind].model_validate(body),
        version=int(str(row["version"])),
        updated_by=str(row["updated_by"]),
        updated_at=_at(str(row["updated_at"])),
    )
