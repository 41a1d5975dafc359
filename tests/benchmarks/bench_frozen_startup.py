"""Frozen start-up: process start to the window shown and to its content in place (the
visible tab painted), the frozen build against a bare PySide6 ``QMainWindow`` and against
the source run, in one run. Targets: shown within 1.5x and content within 3x of the bare
window's first paint (issue 40, as ``bench_startup`` holds the source run to), and content
within 1.2x of the source run's (issue 14).

Build first (``uv run --group packaging python packaging/build.py``); ``--frozen PATH``
names another build. The three sides run in fresh processes, alternating, on a first-run-done
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

from tests.benchmarks.bench_startup import BARE, CONTENT_TARGET, SHOWN_TARGET, time_to_command

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
        bare = [sys.executable, "-c", BARE]
        time_to_command(bare, env, ("painted",))  # warm the file cache; compile the source once
        for command in (source, frozen):
            time_to_command(command, env, ("content",))
        bare_times: list[float] = []
        source_times: list[float] = []
        frozen_marks: list[dict[str, float]] = []
        for _ in range(RUNS):
            bare_times.append(time_to_command(bare, env, ("painted",))["painted"])
            source_times.append(time_to_command(source, env, ("content",))["content"])
            frozen_marks.append(time_to_command(frozen, env, ("shown", "content")))
    return _report(bare_times, source_times, frozen_marks)


def _ratio(tops: list[float], bottoms: list[float]) -> float:
    """The median of each run's own ratio (a busy moment skews both sides of a run alike)."""
    return statistics.median(a / b for a, b in zip(tops, bottoms, strict=True))


def _report(bare: list[float], source: list[float], frozen: list[dict[str, float]]) -> int:
    shown = [marks["shown"] for marks in frozen]
    content = [marks["content"] for marks in frozen]
    figures = {
        "frozen shown / bare window": (_ratio(shown, bare), SHOWN_TARGET),
        "frozen content / bare window": (_ratio(content, bare), CONTENT_TARGET),
        "frozen content / source content": (_ratio(content, source), TARGET),
    }
    for name, values in (
        ("bare QMainWindow painted", bare),
        ("source content in place", source),
        ("frozen window shown", shown),
        ("frozen content in place", content),
    ):
        print(f"{name + ':':<28} median {statistics.median(values) * 1000:.0f} ms")
    for name, (ratio, target) in figures.items():
        print(f"ratio ({name}): {ratio:.2f}x (target: at most {target}x)")
    return 0 if all(ratio <= target for ratio, target in figures.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
