"""An idle window: the CPU the app uses over 60 s with every tab built and nothing asked.

Target (issue 40, first set by issue 37): under 1 % of a core, the app's process
(window, task threads, office database), and the embedded sandbox's child beside it. A
reload loop (a desk telling itself of its own write, a timer re-reading what did not
change) shows here as a few per cent of a core with a quiet log, long before a user
notices a cleared selection. Issue 40 measured about 11 %; what was left after the loop's
fix were wake-ups: the PostgreSQL change listener polling five times a second, uvicorn's
ten ticks a second in the sandbox child, the garbage collector's look twice a second and
the Branches clock behind a hidden tab.

The app runs as a user starts it (``run_gui``, on the sandbox, offscreen, a first-run-done
settings file in a temporary folder, keyring's fail backend). A watcher inside it opens
every tab in turn once the first is painted, goes back to the first and says "built";
the parent lets the tabs' first loads settle, then reads the process tree's CPU ticks
from ``/proc`` at the start and end of the measured minute. Linux only.

Before the app starts, the office follows the objects of the newest RE invoice and asks
about them once (``postalgui track watch add --from-invoice``, ``track watch refresh``,
on the same folders), so Tracking has alerts and Claims has late parcels to list: the
state in which the loop of issue 37 spun. ``--empty`` skips it. ``--office-url`` makes a
PostgreSQL server the office database (``POSTALGUI_DATABASE_URL``), as a shared office
runs: the change feed then listens on a connection of its own.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_PERCENT = 1.0
TICKS = os.sysconf("SC_CLK_TCK")

WATCH = """
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QTabWidget

STEP_MS = 1500

def say(word):
    sys.stdout.write(word + "\\n")
    sys.stdout.flush()

class Watch(QObject):
    started = False

    def eventFilter(self, obj, event):
        if not self.started and event.type() == QEvent.Type.Paint and isinstance(obj, QMainWindow):
            self.started = True
            QTimer.singleShot(STEP_MS, lambda: self.visit(obj, 0))
        return False

    def visit(self, window, index):
        tabs = window.findChild(QTabWidget)
        if index < tabs.count():
            tabs.setCurrentIndex(index)
            QTimer.singleShot(STEP_MS, lambda: self.visit(window, index + 1))
        else:
            tabs.setCurrentIndex(0)
            say(f"built {tabs.count()}")

app = QApplication(["bench"])
watch = Watch()
app.installEventFilter(watch)
from postalgui.gui.app import run_gui
run_gui([])
"""


def seed(env: dict[str, str]) -> int:
    """Follow the newest RE invoice's objects and refresh them once; how many are followed."""
    listed = _cli(env, "invoices", "list", "--json")
    newest = [row for row in json.loads(listed) if row["tipoDocumento"] == "RE"][-1]
    _cli(env, "track", "watch", "add", "--from-invoice", str(newest["id"]), "--tipo-documento", "RE")
    _cli(env, "track", "watch", "refresh")
    return len(json.loads(_cli(env, "track", "watch", "list", "--json")))


def _cli(env: dict[str, str], *args: str) -> str:
    """``postalgui ARGS``'s output; its error output shown when it fails."""
    done = subprocess.run([sys.executable, "-m", "postalgui", *args], env=env, capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"postalgui {' '.join(args)} failed ({done.returncode})")
    return done.stdout


def tree(pid: int) -> list[int]:
    """`pid` and every descendant (the sandbox child and anything it started)."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        for child in children:
            found.extend(tree(int(child)))
    return found


def ticks(pid: int) -> int:
    """User plus system clock ticks of `pid`, every thread included (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def sample(pids: list[int]) -> dict[int, int]:
    return {pid: ticks(pid) for pid in pids}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench_idle_cpu")
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured idle time")
    parser.add_argument("--settle", type=float, default=15.0, help="settling after the tabs are built")
    parser.add_argument("--empty", action="store_true", help="no followed objects (a new office)")
    parser.add_argument("--office-url", help="a shared office database (PostgreSQL URL) instead of the file")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "settings.json").write_text(json.dumps({"schema_version": 1, "first_run_done": True}))
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "POSTALGUI_CONFIG_DIR": folder,
            "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
            "HOME": str(root),
            "XDG_DATA_HOME": str(root / "data"),
            "XDG_CACHE_HOME": str(root / "cache"),
            "XDG_STATE_HOME": str(root / "state"),
        }
        if args.office_url:
            env["POSTALGUI_DATABASE_URL"] = args.office_url
        if not args.empty:
            print(f"office following {seed(env)} objects of the newest RE invoice")
        process = subprocess.Popen([sys.executable, "-c", WATCH], stdout=subprocess.PIPE, env=env, text=True)
        assert process.stdout is not None
        pids = [process.pid]
        try:
            line = ""
            while not line.startswith("built"):
                line = process.stdout.readline()
                if not line:
                    print("the app ended before its tabs were built", file=sys.stderr)
                    return 2
            print(f"tabs {line.split()[1]} built; settling {args.settle:.0f} s")
            time.sleep(args.settle)
            pids = tree(process.pid)
            before = sample(pids)
            started = time.monotonic()
            time.sleep(args.seconds)
            after = sample(pids)
            elapsed = time.monotonic() - started
        finally:
            pids = tree(process.pid) if process.poll() is None else pids
            for pid in reversed(pids):  # the sandbox child first, then the app
                _kill(pid)
            process.wait(timeout=60)
    app_percent = 100 * (after[process.pid] - before[process.pid]) / TICKS / elapsed
    others = sum(after[p] - before[p] for p in pids if p != process.pid)
    sandbox_percent = 100 * others / TICKS / elapsed
    print(f"idle {elapsed:.0f} s with every tab built")
    print(f"app process: {app_percent:.2f} % of a core (target: under {TARGET_PERCENT} %)")
    print(f"sandbox child: {sandbox_percent:.2f} % of a core")
    return 0 if app_percent < TARGET_PERCENT and sandbox_percent < TARGET_PERCENT else 1


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, 9)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
