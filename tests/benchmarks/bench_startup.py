"""Start-up: process start to the main window shown, and to its visible tab painted.

Targets, against a bare PySide6 ``QMainWindow`` started by the same run: the window's
frame shown within 1.5x the bare window's first paint (issue 2), and the content (the
visible tab built and painted, so usable) within 3x (issue 40). Each side runs in fresh
processes, alternating, several times; the medians are printed, and each ratio is the
median of the runs' own ratios (a run of the app against the bare run just before it,
so a machine busy with other work skews both alike). The content ratio comes last,
then the three biggest imports and start-up calls on the path to content, from two more
runs under ``-X importtime`` and ``cProfile`` (`tests.benchmarks.startup_path`).

The app runs on a first-run-done settings file in a temporary folder, with keyring's
fail backend (no keychain is touched). An installed app loads compiled bytecode, so
the children write and read theirs under a temporary ``PYTHONPYCACHEPREFIX`` even when
the caller's environment says ``PYTHONDONTWRITEBYTECODE`` (the warm-up run compiles);
``--source`` measures compiling from source on every start instead.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks.startup_path import biggest

RUNS = 9
SHOWN_TARGET = 1.5
CONTENT_TARGET = 3.0

# Prints "shown" at the first Show event of a QMainWindow, then "painted" once its first
# paint is done and "content" once the current page of its tab widget (the visible tab)
# is painted (each after the paint pass, from a zero timer); the parent then kills it.
WATCH = """
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget, QTabWidget

def say(word):
    sys.stdout.write(word + "\\n")
    sys.stdout.flush()

def is_visible_tab(obj):  # a tab widget's current page: the first painted is the window's tab
    stack = obj.parent()
    tabs = stack.parent() if isinstance(stack, QStackedWidget) else None
    return isinstance(tabs, QTabWidget) and tabs.currentWidget() is obj

class Watch(QObject):
    said = set()

    def once(self, word):
        if word not in self.said:
            self.said.add(word)
            QTimer.singleShot(0, lambda: say(word))

    def eventFilter(self, obj, event):
        kind = event.type()
        if kind == QEvent.Type.Show and isinstance(obj, QMainWindow) and "shown" not in self.said:
            self.said.add("shown")
            say("shown")
        elif kind == QEvent.Type.Paint and obj.isWidgetType():
            if isinstance(obj, QMainWindow):
                self.once("painted")
            elif is_visible_tab(obj):
                self.once("content")
        return False

app = QApplication(["bench"])
watch = Watch()
app.installEventFilter(watch)
"""

BARE = (
    WATCH
    + """
window = QMainWindow()
window.resize(1100, 720)
window.show()
app.exec()
"""
)

APP = (
    WATCH
    + """
from postalgui.gui.app import run_gui
run_gui([])
"""
)


def time_to(code: str, env: dict[str, str], marks: tuple[str, ...]) -> dict[str, float]:
    """Seconds from process start to each of ``marks`` printed by ``python -c code``."""
    return time_to_command([sys.executable, "-c", code], env, marks)


def time_to_command(command: list[str], env: dict[str, str], marks: tuple[str, ...]) -> dict[str, float]:
    """Seconds from process start to each of ``marks`` printed by the child (other lines ignored)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, env=env, text=True)
    assert process.stdout is not None
    seen: dict[str, float] = {}
    try:
        while not set(marks) <= seen.keys():
            line = process.stdout.readline()
            if not line:
                raise RuntimeError(f"the child ended before {marks}: saw {sorted(seen)}")
            seen.setdefault(line.strip(), time.perf_counter() - started)
    finally:
        process.kill()
        process.wait(timeout=60)
    return seen


def _environment(folder: str, *, compiled: bool) -> dict[str, str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "POSTALGUI_CONFIG_DIR": folder,
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    if compiled:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
    return env


def _line(name: str, values: list[float]) -> str:
    runs = ", ".join(f"{x * 1000:.0f}" for x in values)
    return f"{name:<28} median {statistics.median(values) * 1000:.0f} ms  (runs: {runs})"


def main(argv: list[str]) -> int:
    compiled = "--source" not in argv
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "settings.json").write_text(json.dumps({"schema_version": 1, "first_run_done": True}))
        env = _environment(folder, compiled=compiled)
        time_to(BARE, env, ("painted",))  # warm the file cache (and compile) for both
        time_to(APP, env, ("content",))
        bare, shown, content = [], [], []
        for _ in range(RUNS):
            bare.append(time_to(BARE, env, ("painted",))["painted"])
            app = time_to(APP, env, ("shown", "content"))
            shown.append(app["shown"])
            content.append(app["content"])
        path = biggest(WATCH, env)
    shown_ratio = statistics.median(a / b for a, b in zip(shown, bare, strict=True))
    content_ratio = statistics.median(a / b for a, b in zip(content, bare, strict=True))
    print("bytecode: compiled once (an installed app)" if compiled else "bytecode: compiled on every start")
    print(_line("bare QMainWindow painted:", bare))
    print(_line("PostalGUI window shown:", shown))
    print(_line("PostalGUI content painted:", content))
    print(f"ratio (shown): {shown_ratio:.2f}x (target: at most {SHOWN_TARGET}x)")
    print(f"ratio (content): {content_ratio:.2f}x (target: at most {CONTENT_TARGET}x)")
    print("\n".join(path))
    return 0 if shown_ratio <= SHOWN_TARGET and content_ratio <= CONTENT_TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
