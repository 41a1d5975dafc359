"""The sandbox serves its routes on its event loop: no worker thread per request."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.dependencies import utils as dependency_utils

from postalgui.api.client import OperatorClient
from postalgui.api.models.price import PriceQuery
from postalgui.api.price import PriceClient


def test_a_price_chunk_is_answered_without_a_worker_thread(
    client: OperatorClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dependency that is not ``async`` goes through a worker thread on every request: a
    hand-over each way and the loop's thread waiting for the interpreter lock (its state
    dependency did, on every call of the 1,000-quote batch, 0.35 ms of the sandbox's CPU a chunk)."""
    client.tokens.get(client.default_scope)  # the token route is not what is checked

    async def no_worker_thread(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a dependency went to a worker thread")

    monkeypatch.setattr(dependency_utils, "run_in_threadpool", no_worker_thread)
    query = PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="05311900", psObjeto=300)
    results = PriceClient(client).batch([query] * 3)
    assert [result.ok for result in results] == [True] * 3
