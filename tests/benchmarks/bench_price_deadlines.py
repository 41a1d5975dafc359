"""Prices and deadlines together: a 1,000-quote batch priced alone, then priced while its
deadlines are fetched beside it, with 50 ms added to every answer of both services.

Target (issue 15): together within 1.3x of prices alone. Both clients run at their
default concurrency against a sandbox in its own process (as the operator is), each
side measured several times, alternating; the medians and their ratio are printed.
"""

from __future__ import annotations

import statistics
import time
from concurrent.futures import ThreadPoolExecutor

from postalgui.api.deadline import DeadlineClient
from postalgui.api.models.deadline import DeadlineQuery
from postalgui.api.price import PriceClient
from postalgui.sandbox.config import SandboxConfig
from postalgui.sandbox.faults import FaultConfig
from tests.benchmarks.bench_price_batch import QUOTES, child_sandbox, operator_client, queries

LATENCY_MS = 50
RUNS = 3
TARGET = 1.3


def _runs(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s  (runs: {', '.join(f'{x:.2f}' for x in values)})"


def main() -> int:
    config = SandboxConfig(faults=FaultConfig(latency_ms=LATENCY_MS, paths=("/preco", "/prazo")))
    batch = queries()
    asked = [
        DeadlineQuery(coProduto=q.coProduto, cepOrigem=q.cepOrigem, cepDestino=q.cepDestino)  # type: ignore[arg-type]
        for q in batch
    ]
    with child_sandbox(config) as url:
        client = operator_client(url)
        prices, deadlines = PriceClient(client), DeadlineClient(client)
        alone, together, missing = [], [], 0
        for _ in range(RUNS):
            started = time.perf_counter()
            prices.batch(batch)
            alone.append(time.perf_counter() - started)
            started = time.perf_counter()
            with ThreadPoolExecutor(2) as pool:
                priced = pool.submit(prices.batch, batch)
                found = pool.submit(deadlines.batch, asked)
                priced.result()
                missing = sum(1 for r in found.result() if r.deadline is None)
            together.append(time.perf_counter() - started)
    ratio = statistics.median(together) / statistics.median(alone)
    print(f"{QUOTES} national quotes, {LATENCY_MS} ms added per answer, default concurrency (8 and 8)")
    print(f"prices alone:          {_runs(alone)}")
    print(f"prices and deadlines:  {_runs(together)}")
    print(f"items without a deadline: {missing} (routes a product does not serve)")
    print(f"ratio: {ratio:.2f}x (target: at most {TARGET}x)")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
