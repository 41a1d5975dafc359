"""Presets in the office database, on SQLite and PostgreSQL: versions that never clobber,
two desks on one preset, the settings' presets imported once, every write told."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from decimal import Decimal

import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import URL

from postalgui.api.cancel import PlainTask
from postalgui.services.price.preset_store import PresetStore, import_key
from postalgui.services.price.preset_tasks import PresetConflictError, delete_preset, save_preset
from postalgui.services.price.price_settings import OriginPreset, PackagePreset, PriceSettings
from postalgui.store import tables
from postalgui.store.errors import VersionConflictError
from postalgui.store.office import OfficeStore
from tests.feature_ports import price_service

LOJA = OriginPreset(name="Loja", cep="01310100")
BOX = PackagePreset(
    name="Caixa loja", length=Decimal(30), width=Decimal("20.5"), height=Decimal(10), weight_g=750
)


@pytest.fixture
def desks(office_url_for_test: URL) -> Iterator[tuple[PresetStore, PresetStore]]:
    """Two desks (two stores, two clerks) on one office database."""
    first = OfficeStore(office_url_for_test, author="clerk.a")
    second = OfficeStore(office_url_for_test, author="clerk.b")
    yield PresetStore(first), PresetStore(second)
    first.close()
    second.close()


def test_a_saved_preset_is_read_back_by_every_desk_with_its_version(
    desks: tuple[PresetStore, PresetStore],
) -> None:
    a, b = desks
    saved = a.save("package", BOX, None)
    assert (saved.version, saved.updated_by, saved.preset) == (1, "clerk.a", BOX)
    (read,) = b.list("package")
    assert read.preset == BOX  # Decimal sizes survive the JSON body
    assert read.version == 1
    assert b.list("origin") == []


def test_saving_over_a_newer_change_raises_naming_who_and_writes_nothing(
    desks: tuple[PresetStore, PresetStore],
) -> None:
    a, b = desks
    a.save("origin", LOJA, None)
    (opened_by_a,) = a.list("origin")
    (opened_by_b,) = b.list("origin")
    theirs = b.save("origin", OriginPreset(name="Loja", cep="20040020"), opened_by_b.version)
    assert theirs.version == 2

    with pytest.raises(VersionConflictError) as raised:
        a.save("origin", OriginPreset(name="Loja", cep="70002900"), opened_by_a.version)
    assert raised.value.current.by == "clerk.b"
    assert raised.value.current.version == 2
    assert raised.value.current.at == theirs.updated_at
    assert "clerk.b" in str(raised.value)
    (kept,) = a.list("origin")
    assert (kept.preset.cep, kept.version) == ("20040020", 2)


def test_a_new_name_someone_else_just_saved_is_a_conflict_too(
    desks: tuple[PresetStore, PresetStore],
) -> None:
    a, b = desks
    b.save("origin", LOJA, None)
    with pytest.raises(VersionConflictError) as raised:
        a.save("origin", OriginPreset(name="Loja", cep="70002900"), None)
    assert raised.value.current.by == "clerk.b"
    assert [p.preset for p in a.list("origin")] == [LOJA]


def test_delete_checks_the_version_and_overwrite_keeps_mine(desks: tuple[PresetStore, PresetStore]) -> None:
    a, b = desks
    first = a.save("package", BOX, None)
    b.save("package", BOX.model_copy(update={"weight_g": 900}), first.version)
    with pytest.raises(VersionConflictError):
        a.delete("package", BOX.name, first.version)
    assert len(a.list("package")) == 1

    mine = a.overwrite("package", BOX)
    assert (mine.version, mine.updated_by, mine.preset.weight_g) == (3, "clerk.a", 750)
    a.delete("package", BOX.name, mine.version)
    assert b.list("package") == []
    a.delete("package", BOX.name, mine.version)  # already gone: nothing to say


def test_two_desks_saving_the_same_version_at_once_one_wins(desks: tuple[PresetStore, PresetStore]) -> None:
    a, b = desks
    version = a.save("origin", LOJA, None).version
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def save(store: PresetStore, cep: str) -> None:
        start.wait()
        try:
            store.save("origin", OriginPreset(name="Loja", cep=cep), version)
            outcomes.append("saved")
        except VersionConflictError:
            outcomes.append("conflict")

    threads = [threading.Thread(target=save, args=args) for args in ((a, "20040020"), (b, "70002900"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict", "saved"]
    (kept,) = a.list("origin")
    assert kept.version == version + 1


def test_every_write_is_told_as_preset(desks: tuple[PresetStore, PresetStore]) -> None:
    a, _b = desks
    heard: list[str] = []
    a.store.subscribe(heard.append)
    a.save("origin", LOJA, None)
    a.delete("origin", LOJA.name, None)
    if not a.store.shared:  # on PostgreSQL the listener's thread hears it (the store tests cover it)
        assert heard == ["preset", "preset"]


def test_the_settings_presets_are_imported_once_skipping_names_already_there(
    desks: tuple[PresetStore, PresetStore],
) -> None:
    a, b = desks
    b.save("origin", OriginPreset(name="Loja", cep="20040020"), None)
    prices = PriceSettings(origin_presets=[LOJA, OriginPreset(name="CD", cep="70002900")])
    assert a.import_settings(prices) == 1 + len(prices.package_presets)
    assert a.import_settings(prices) is None  # marked: never again for this user
    origins = {p.name: p.preset.cep for p in a.list("origin")}
    assert origins == {"Loja": "20040020", "CD": "70002900"}  # the office's own kept
    assert [p.name for p in a.list("package")] == [p.name for p in prices.package_presets]
    a.delete("package", "Caixa tipo 1", None)
    assert a.import_settings(prices) is None
    assert "Caixa tipo 1" not in [p.name for p in a.list("package")]  # a deleted one stays deleted
    marks = a.store.run(
        lambda c: c.execute(select(func.count()).select_from(tables.store_meta)).scalar_one(), read=True
    )
    assert marks == 1
    assert import_key("clerk.a") != import_key("clerk.b")


class _Service:
    def __init__(self, store: PresetStore) -> None:
        self._store = store

    def preset_store(self) -> PresetStore:
        return self._store


def test_the_use_cases_turn_a_conflict_into_a_routine_error(desks: tuple[PresetStore, PresetStore]) -> None:
    a, b = desks
    service_a = _Service(a)
    first = save_preset(PlainTask(), service_a, "origin", LOJA, None)  # type: ignore[arg-type]
    b.save("origin", OriginPreset(name="Loja", cep="20040020"), first.version)
    with pytest.raises(PresetConflictError) as raised:
        delete_preset(PlainTask(), service_a, "origin", "Loja", first.version)  # type: ignore[arg-type]
    assert (raised.value.kind, raised.value.name, raised.value.current.by) == ("origin", "Loja", "clerk.b")


def test_the_facade_says_when_it_has_no_office_database() -> None:
    service = price_service()  # no presets port
    with pytest.raises(RuntimeError):
        service.preset_store()
