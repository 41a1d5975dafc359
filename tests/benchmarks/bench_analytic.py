"""Analytic statement CSV: parse time of 100,000 detail lines (target: under 1 s).

Prints the best of a few runs for the file's bytes (decode + parse), wall clock and
CPU time of this process (the CPU figure holds when other work shares the machine),
and for reconcile(). The statement is the generated one the unit tests check
(tests/unit/test_analytic.py ``make_statement``): random amounts, CRLF, UTF-8.
"""

from __future__ import annotations

import time

from postalgui.api.analytic import parse_analytic_csv, reconcile
from tests.unit.test_analytic import make_statement

LINES = 100_000
RUNS = 5
TARGET_S = 1.0


def main() -> int:
    data = make_statement(LINES).encode("utf-8")
    parse_times: list[float] = []
    cpu_times: list[float] = []
    reconcile_times: list[float] = []
    for _ in range(RUNS):
        started = time.perf_counter()
        cpu_started = time.process_time()
        statement = parse_analytic_csv(data)
        cpu_times.append(time.process_time() - cpu_started)
        parsed = time.perf_counter()
        result = reconcile(statement)
        parse_times.append(parsed - started)
        reconcile_times.append(time.perf_counter() - parsed)
        assert len(statement.items) == LINES
        assert result.balanced
    best = min(parse_times)
    print(
        f"parse {LINES:,} detail lines ({len(data) / 1e6:.1f} MB): best {best * 1000:.0f} ms, "
        f"worst {max(parse_times) * 1000:.0f} ms, best CPU {min(cpu_times) * 1000:.0f} ms "
        f"(target < {TARGET_S * 1000:.0f} ms); "
        f"reconcile {min(reconcile_times) * 1000:.0f} ms"
    )
    return 0 if best < TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
