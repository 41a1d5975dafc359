"""Whole-Brazil branch sync ("All of Brazil") from the sandbox with 50 ms added per answer.

The bound for ``c`` pages at once is ``ceil((pages - 1) / c) x 50 ms`` plus page 0,
which comes alone because it says how many pages there are. Target: within 1.3x of
``pages / concurrency x latency`` at the default concurrency (`SYNC_CONCURRENCY`).
The sandbox runs in a child process, as the operator is remote; the units are parsed
into records as they would be in the app (that parse is part of the figure).
"""

from __future__ import annotations

import math
import sys
import time

from postalgui.api.branches import BranchClient, UnitQuery
from postalgui.api.tokens import Scope, TokenScope
from postalgui.sandbox import DEMO
from postalgui.sandbox.config import SandboxConfig
from postalgui.sandbox.faults import FaultConfig
from postalgui.services.branches.use_cases import SYNC_CONCURRENCY
from tests.benchmarks.bench_price_batch import child_sandbox, operator_client

LATENCY_MS = 50
CONCURRENCIES = (1, 2, 4, 8)
TARGET = 1.3


def main() -> int:
    config = SandboxConfig(faults=FaultConfig(latency_ms=LATENCY_MS, paths=("/agencia",)))
    scope = TokenScope(Scope.CONTRACT, contract=DEMO.contract, dr=DEMO.dr)
    verdict = False
    with child_sandbox(config) as url:
        client = operator_client(url, scope)
        branches = BranchClient(client, scope)
        branches.units(UnitQuery(), size=1)  # the sandbox builds its units on first use: not measured
        print(f"Whole-Brazil sync, {LATENCY_MS} ms added per page, 50 units per page")
        print(f"{'concurrency':>11}  {'units':>6}  {'pages':>5}  {'elapsed':>9}  {'ideal':>7}  {'ratio':>5}")
        for concurrency in CONCURRENCIES:
            started = time.perf_counter()
            units = branches.all_units(UnitQuery(), concurrency=concurrency)
            elapsed = time.perf_counter() - started
            pages = math.ceil(len(units) / 50)
            ideal = pages / concurrency * LATENCY_MS / 1000
            mark = " (default)" if concurrency == SYNC_CONCURRENCY else ""
            print(
                f"{concurrency:>11}  {len(units):>6}  {pages:>5}  {elapsed:>7.2f} s  {ideal:>5.2f} s  "
                f"{elapsed / ideal:>5.2f}{mark}"
            )
            if concurrency == SYNC_CONCURRENCY:
                verdict = elapsed / ideal <= TARGET
        client.close()
    print(
        f"target: within {TARGET}x of pages / concurrency x latency at {SYNC_CONCURRENCY}: "
        f"{'met' if verdict else 'NOT met'}"
    )
    return 0 if verdict else 1


if __name__ == "__main__":
    sys.exit(main())
