"""Frozen start-up: process start to content in place (the visible tab painted), the frozen
build against the source run. Target (issue 14): the frozen app within 1.2x.

Build first (``uv run --group packaging python packaging/build.py``); ``--frozen PATH``
names another build. Both sides run in fresh processes, alternating, on a first-run-done
settings file in a temporary folder, offscreen, with keyring's fail backend, marked by
the app's own start-up probe (``POSTALGUI_STARTUP_PROBE``). The source side runs from
compiled bytecode (written once by the warm-up run), as an installed app would.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from tests.benchmarks.bench_startup import time_to_command

ROOT = Path(__file__).resolve().parents[2]
RUNS = 7
TARGET = 1.2


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench_frozen_startup")
    parser.add_argument("--frozen", type=Path, default=ROOT / "dist" / "postalgui" / "postalgui")
    args = parser.parse_args(argv)
    if not args.frozen.exists():
        print(f"no frozen build at {args.frozen}: run packaging/build.py first", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "settings.json").write_text(json.dumps({"schema_version": 1, "first_run_done": True}))
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "POSTALGUI_CONFIG_DIR": folder,
            "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
            "POSTALGUI_STARTUP_PROBE": "1",
            "PYTHONPYCACHEPREFIX": str(Path(folder) / "pycache"),
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        source = [sys.executable, "-m", "postalgui"]
        frozen = [str(args.frozen)]
        for command in (source, frozen):  # warm the file cache; compile the source once
            time_to_command(command, env, ("content",))
        source_times, frozen_times = [], []
        for _ in range(RUNS):
            source_times.append(time_to_command(source, env, ("content",))["content"])
            frozen_times.append(time_to_command(frozen, env, ("content",))["content"])
    ratio = statistics.median(f / s for f, s in zip(frozen_times, source_times, strict=True))
    print(f"source content in place: median {statistics.median(source_times) * 1000:.0f} ms")
    print(f"frozen content in place: median {statistics.median(frozen_times) * 1000:.0f} ms")
    print(f"ratio (frozen/source): {ratio:.2f}x (target: at most {TARGET}x)")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
