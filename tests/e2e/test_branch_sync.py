"""Branch search, cache and sync: the real client against the real sandbox over HTTP."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from postalgui.api.branches import BranchClient, BranchSearchNotContractedError, UnitQuery
from postalgui.api.cancel import Cancelled, PlainTask, Progress
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.scopes import Scope, TokenScope
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.services.branches import use_cases
from postalgui.services.branches.store import BranchCache
from tests.e2e.conftest import SandboxControl, make_client

CONTRACT = TokenScope(Scope.CONTRACT, contract=DEMO.contract, dr=DEMO.dr)


class Service:
    """What the use cases ask of `BranchService`: a client with the contract's token and a cache."""

    def __init__(self, client: OperatorClient, cache: BranchCache, scope: TokenScope = CONTRACT) -> None:
        self._client = client
        self._cache = cache
        self._scope = scope

    def client(self) -> BranchClient:
        return BranchClient(self._client, self._scope)

    def cache(self) -> BranchCache:
        return self._cache


@pytest.fixture
def service(
    sandbox: SandboxControl, sandbox_server: SandboxServer, store: CredentialStore, tmp_path: Path
) -> Iterator[Service]:
    client = make_client(sandbox_server.url, store, [])
    cache = BranchCache(tmp_path / "branches.sqlite3")
    yield Service(client, cache)
    cache.close()
    client.close()


def unit_requests(sandbox: SandboxControl) -> int:
    """How many unit lists the sandbox served so far."""
    return int(sandbox.stats()["requests"].get("GET /agencia/v1/unidades", 0))


def test_a_search_walks_every_page_then_refreshes_from_the_newest_change(
    service: Service, sandbox: SandboxControl
) -> None:
    query = UnitQuery(uf="SP", municipio="São Paulo")
    first = use_cases.search(PlainTask(), service, query)  # type: ignore[arg-type]
    assert len(first.units) > 300
    assert {unit.endereco.localidade for unit in first.units} == {"São Paulo"}
    assert first.changed == len(first.units)
    assert not first.from_cache

    offline = use_cases.cached(PlainTask(), service, UnitQuery(uf="sp", municipio="SAO PAULO"))  # type: ignore[arg-type]
    assert offline is not None
    assert offline.from_cache
    assert [unit.id for unit in offline.units] == sorted(unit.id for unit in first.units)

    target = first.units[0]
    other = next(unit for unit in first.units[1:] if unit.status == "2")
    for mcu, fields in (
        (target.id, {"nome": "AC NOVA SE"}),
        (other.id, {"endereco": {"municipio": "OSASCO"}}),
    ):
        response = requests.post(
            f"{sandbox.url}/_sandbox/branches/{mcu}", json={"fields": fields}, timeout=10
        )
        assert response.status_code == 200
    walked = unit_requests(sandbox)
    again = use_cases.search(PlainTask(), service, query)  # type: ignore[arg-type]
    assert unit_requests(sandbox) - walked == 2  # the query's changes, and every change: one page each
    names = {unit.id: unit.nome for unit in again.units}
    assert names[target.id] == "AC NOVA SE"
    assert other.id not in names  # changed, and no longer in the query's municipality
    assert len(again.units) == len(first.units) - 1
    assert again.changed == 2


def test_the_whole_country_comes_at_once_with_progress(service: Service) -> None:
    steps: list[Progress] = []
    result = use_cases.sync_country(PlainTask(steps.append), service, concurrency=4)  # type: ignore[arg-type]
    assert 11_500 <= len(result.units) <= 12_500
    assert len({unit.id for unit in result.units}) == len(result.units)
    assert steps[-1].total == -(-len(result.units) // 50)
    assert max(step.done for step in steps) == steps[-1].total
    cached = service.cache().info("")
    assert cached is not None
    assert cached.count == len(result.units)


def test_a_cancelled_sync_leaves_the_cache_as_it_was(service: Service) -> None:
    use_cases.search(PlainTask(), service, UnitQuery(uf="AC"))  # type: ignore[arg-type]
    before = service.cache().queries()
    task = PlainTask()
    started = threading.Event()

    def on_progress(step: Progress) -> None:
        started.set()
        if step.done >= 3:
            task.cancel()

    task._on_progress = on_progress
    with pytest.raises(Cancelled):
        use_cases.sync_country(task, service, concurrency=2)  # type: ignore[arg-type]
    assert started.is_set()
    assert service.cache().queries() == before
    assert service.cache().info("") is None


def test_a_contract_without_the_service_says_so(
    sandbox: SandboxControl, sandbox_server: SandboxServer, store: CredentialStore, tmp_path: Path
) -> None:
    client = make_client(sandbox_server.url, store, [])
    cache = BranchCache(tmp_path / "b.sqlite3")
    other = Service(client, cache, TokenScope(Scope.CONTRACT, contract="9912345680", dr=20))
    try:
        with pytest.raises(BranchSearchNotContractedError) as caught:
            use_cases.search(PlainTask(), other, UnitQuery(uf="AC"))  # type: ignore[arg-type]
        assert "86711" in str(caught.value)
        assert cache.queries() == []
    finally:
        cache.close()
        client.close()
