"""Batch pricing throughput: 1,000 national quotes (200 chunks of 5) at 50 ms per answer.

The lower bound for a concurrency ``c`` is ``ceil(200 / c) * 50 ms`` (every round of
``c`` chunks waits one answer). Target: within 1.3x of it at the default concurrency.
Prints elapsed time, bound and ratio for a few concurrency values, twice:

- sandbox in a child process, like the real operator: the figure the target is about;
- sandbox in this process (a thread, as the app embeds it): client and server then
  share one GIL, so the server's own CPU time adds to every round and the ratio grows
  with concurrency. That is the sandbox's cost, not the client's.

Even alone a chunk takes a few ms more than the 50 ms injected (timer overshoot, HTTP,
pricing), and the sandbox prices chunks one at a time on its event loop (~2 ms per
chunk of 5), so ``c`` chunks in flight also queue behind each other there. The
'vs alone' column divides by ``rounds x one chunk alone`` to show the client's share.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import requests
from keyring.backends import fail

from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.models.price import PriceQuery
from postalgui.api.price import PriceClient
from postalgui.api.tokens import ACCESS_CODE_KEY, LOGIN_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import Transport
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.config import SandboxConfig
from postalgui.sandbox.faults import FaultConfig

QUOTES = 1000
LATENCY_MS = 50
CONCURRENCIES = (4, 8, 16, 32)
TARGET = 1.3


def queries() -> list[PriceQuery]:
    return [
        PriceQuery(
            coProduto="03220" if n % 2 else "03298",
            cepOrigem="01310100",
            cepDestino="05311900" if n % 3 else "20040020",
            psObjeto=100 + 10 * n,
        )
        for n in range(QUOTES)
    ]


def _config() -> SandboxConfig:
    return SandboxConfig(faults=FaultConfig(latency_ms=LATENCY_MS, paths=("/preco",)))


def _serve_child(urls: multiprocessing.Queue[str], stop: Any, config: SandboxConfig) -> None:
    with SandboxServer(port=0, config=config) as server:
        urls.put(server.url)
        stop.wait()


@contextmanager
def child_sandbox(config: SandboxConfig | None = None) -> Iterator[str]:
    """A sandbox in its own process, as the operator is: its CPU does not take our GIL."""
    context = multiprocessing.get_context("spawn")
    urls: multiprocessing.Queue[str] = context.Queue()
    stop = context.Event()
    args = (urls, stop, config or _config())
    process = context.Process(target=_serve_child, args=args, daemon=True)
    process.start()
    try:
        yield urls.get(timeout=60)
    finally:
        stop.set()
        process.join(10)


@contextmanager
def thread_sandbox() -> Iterator[str]:
    with SandboxServer(port=0, config=_config()) as server:
        yield server.url


def operator_client(url: str, scope: TokenScope | None = None) -> OperatorClient:
    """A client with the demo card's (or ``scope``'s) token already fetched (the token is not measured)."""
    store = CredentialStore(fail.Keyring())  # memory only: the benchmark never touches a keyring
    store.remember("sandbox", LOGIN_KEY, DEMO.login)
    store.remember("sandbox", ACCESS_CODE_KEY, DEMO.access_code)
    transport = Transport(url)
    scope = scope or TokenScope(Scope.CARD, contract=DEMO.contract, card=DEMO.card, dr=DEMO.dr)
    tokens = TokenManager(transport, store, "sandbox")
    tokens.get(scope)
    return OperatorClient(transport, tokens, scope)


def one_chunk_ms(client: OperatorClient, batch: list[PriceQuery]) -> float:
    """Median time of one 5-item POST sent alone: latency plus the server's own work."""
    body = {"idLote": "bench", "parametrosProduto": [q.to_params(for_batch=True) for q in batch[:5]]}
    times = []
    for _ in range(20):
        started = time.perf_counter()
        client.call_json("POST", "/preco/v1/nacional", json_body=body, idempotent=True)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def measure(url: str, title: str, default: int) -> bool:
    """Print one table; True when the default concurrency meets the target."""
    batch = queries()
    chunks = math.ceil(QUOTES / PriceClient.CHUNK_SIZES[0])
    verdict = False
    client = operator_client(url)
    alone = one_chunk_ms(client, batch)
    print(f"{title}: {QUOTES} national quotes in {chunks} chunks, {LATENCY_MS} ms added per answer")
    print(f"one chunk alone: {alone:.1f} ms (the floor per round; 'vs alone' divides by rounds x this)")
    print(f"{'concurrency':>11}  {'elapsed':>9}  {'bound':>7}  {'ratio':>5}  {'vs alone':>8}  failed")
    for concurrency in CONCURRENCIES:
        requests.post(f"{url}/_sandbox/stats/reset", timeout=5)
        prices = PriceClient(client, concurrency=concurrency)
        started = time.perf_counter()
        results = prices.batch(batch)
        elapsed = time.perf_counter() - started
        bound = math.ceil(chunks / concurrency) * LATENCY_MS / 1000
        failed = sum(1 for r in results if not r.ok)
        sent = (
            requests.get(f"{url}/_sandbox/stats", timeout=5)
            .json()["requests"]
            .get("POST /preco/v1/nacional", 0)
        )
        mark = " (default)" if concurrency == default else ""
        floor = math.ceil(chunks / concurrency) * alone / 1000
        print(
            f"{concurrency:>11}  {elapsed:>7.2f} s  {bound:>5.2f} s  {elapsed / bound:>5.2f}  "
            f"{elapsed / floor:>8.2f}  {failed}  [{sent} POSTs]{mark}"
        )
        if concurrency == default:
            verdict = failed == 0 and sent == chunks and elapsed / bound <= TARGET
    client.close()
    return verdict


def main() -> int:
    default = PriceClient.__init__.__kwdefaults__["concurrency"]
    with child_sandbox() as url:
        verdict = measure(url, "sandbox in a child process", default)
    print(f"default concurrency {default}: {'within' if verdict else 'NOT within'} {TARGET}x of the bound\n")
    with thread_sandbox() as url:
        measure(url, "sandbox in this process (shares the GIL)", default)
    return 0 if verdict else 1


if __name__ == "__main__":
    sys.exit(main())
