"""`branch_at`: the branch a parcel waits at, from the branch cache first, the operator after."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from postalgui.api.branches import UnitQuery
from postalgui.api.cancel import PlainTask
from postalgui.api.errors import TransportError
from postalgui.api.models.branches import Unit
from postalgui.api.models.tracking import TrackingUnit
from postalgui.services.branches.store import BranchCache
from postalgui.services.tracking.branch_link import branch_at

BRANCH = Unit.model_validate(
    {"id": "00012345", "nome": "AC CAMPINAS", "codigoSro": ["13010999"], "endereco": {"uf": "SP"}}
)


class FakeClient:
    """Answers ``all_units`` from a list of units, counting the calls (or failing)."""

    def __init__(self, units: list[Unit], fail: bool = False) -> None:
        self.units = units
        self.fail = fail
        self.asked: list[UnitQuery] = []

    def all_units(self, query: UnitQuery, **_: Any) -> list[Unit]:
        self.asked.append(query)
        if self.fail:
            raise TransportError("offline")
        return [
            unit
            for unit in self.units
            if (not query.ids or unit.id in query.ids)
            and (not query.sro_codes or set(query.sro_codes) & set(unit.codigoSro))
        ]


class FakeBranches:
    def __init__(self, cache: BranchCache, client: FakeClient) -> None:
        self._cache, self._client = cache, client

    def cache(self) -> BranchCache:
        return self._cache

    def client(self) -> FakeClient:
        return self._client


class FakeTracking:
    def __init__(self, branches: Callable[[], FakeBranches | None]) -> None:
        self._branches = branches

    def branches(self) -> FakeBranches | None:
        return self._branches()


@pytest.fixture
def cache(tmp_path: Path) -> BranchCache:
    return BranchCache(tmp_path / "branches.sqlite3")


def _at(service: Any, code: str | None) -> Unit | None:
    return branch_at(PlainTask(), service, TrackingUnit(codSro=code) if code is not None else None)


def test_the_unit_is_asked_once_by_its_identifier_then_read_from_the_cache(cache: BranchCache) -> None:
    client = FakeClient([BRANCH])
    service = FakeTracking(lambda: FakeBranches(cache, client))
    assert _at(service, "00012345") == BRANCH
    assert client.asked == [UnitQuery(ids=("00012345",))]
    assert _at(service, "00012345") == BRANCH
    assert len(client.asked) == 1  # the cache answered


def test_an_sro_code_that_is_not_an_identifier_finds_the_unit_that_lists_it(cache: BranchCache) -> None:
    client = FakeClient([BRANCH])
    service = FakeTracking(lambda: FakeBranches(cache, client))
    assert _at(service, "13010999") == BRANCH
    assert client.asked == [UnitQuery(ids=("13010999",)), UnitQuery(sro_codes=("13010999",))]


def test_no_unit_no_code_or_no_branches_feature_is_none(cache: BranchCache) -> None:
    client = FakeClient([BRANCH])
    service = FakeTracking(lambda: FakeBranches(cache, client))
    assert _at(service, None) is None
    assert _at(service, " ") is None
    assert _at(service, "99999999") is None
    assert _at(FakeTracking(lambda: None), "00012345") is None


def test_offline_an_old_copy_answers_and_without_one_the_error_says_why(cache: BranchCache) -> None:
    old = datetime.now(UTC) - timedelta(days=3)
    cache.replace(UnitQuery(ids=("00012345",)).key(), [BRANCH], synced_at=old)
    offline = FakeClient([], fail=True)
    service = FakeTracking(lambda: FakeBranches(cache, offline))
    assert _at(service, "00012345") == BRANCH
    with pytest.raises(TransportError):
        _at(service, "00054321")
