"""The speed goals a clerk waits on (issue 40), measured in one run: every benchmark in turn.

Each benchmark prints its own figure against its goal and exits non-zero when it misses
it; this runs them one after the other (never two at once: they would measure each
other), keeps each one's output in ``--out`` and prints a summary line per benchmark.
The frozen start-up runs only when a build is there (``packaging/build.py``) and the
history view on PostgreSQL only with ``POSTALGUI_TEST_POSTGRES_URL``.

    uv run python -m tests.benchmarks.goals --out /tmp/goals
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FROZEN = ROOT / "dist" / "postalgui" / "postalgui"

# (benchmark, what it holds a goal on), in the order
GOALS: tuple[tuple[str, str], ...] = (
    ("bench_startup", "window shown <= 1.5x, content <= 3x a bare QMainWindow"),
    ("bench_frozen_startup", "the same, for the frozen build"),
    ("bench_tracking_refresh", "10,000 objects at 50 ms latency <= 1.3x the bound"),
    ("bench_analytic", "100,000-line analytic CSV <= 1.5x the csv.reader + Decimal floor"),
    ("bench_idle_cpu", "idle window, every tab built: < 1 % of a core"),
    ("bench_claims_candidates", "claim candidates of 100,000 lines: peak RSS < 250 MB, <= 2 s"),
    ("bench_price_batch", "1,000 quotes at 50 ms, default concurrency <= 1.15x the bound"),
    ("bench_history_view", "history of 100,000 quotes: worst keystroke <= 100 ms"),
    ("bench_month_report", "the monthly PDF of a seeded office year (100,000 parcels) < 3 s"),
    ("bench_overview", "Overview of a busy year, cold SQL reads: opening and every period < 1 s"),
    ("bench_overview_tab", "the Overview tab on a busy year: page drawn < 1 s, every period change < 200 ms"),
)

# lines of a benchmark's output that carry its figure (the rest is context)
FIGURE_WORDS = ("ratio", "target", "peak", "worst", "% of a core", "within", "skipped")


def run(name: str, out: Path) -> tuple[int, list[str]]:
    """Run one benchmark as its own process; its exit status and its figure lines."""
    log = out / f"{name}.txt"
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as sink:
        done = subprocess.run(
            [sys.executable, "-m", f"tests.benchmarks.{name}"],
            cwd=ROOT,
            stdout=sink,
            stderr=subprocess.STDOUT,
            check=False,
        )
    lines = log.read_text(encoding="utf-8").splitlines()
    figures = [line for line in lines if any(word in line for word in FIGURE_WORDS)]
    figures.append(f"({time.monotonic() - started:.0f} s; whole output in {log})")
    return done.returncode, figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="goals", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("benchmark-goals"), help="folder for each output")
    parser.add_argument("--only", nargs="*", default=None, help="run only these benchmarks")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    missed: list[str] = []
    for name, goal in GOALS:
        if args.only is not None and name not in args.only:
            continue
        if name == "bench_frozen_startup" and not FROZEN.exists():
            print(f"== {name}: no build at {FROZEN}, not run\n")
            continue
        print(f"== {name}: {goal}  (load {os.getloadavg()[0]:.2f})", flush=True)
        status, figures = run(name, args.out)
        print("\n".join(f"   {line}" for line in figures))
        print(f"   {'met' if status == 0 else f'NOT met (exit status {status})'}\n", flush=True)
        if status != 0:
            missed.append(name)
    print("every goal met" if not missed else f"goals missed: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
