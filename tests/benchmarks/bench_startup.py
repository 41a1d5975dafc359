"""Start-up: process start to main window shown (offscreen), against a bare QMainWindow.

Target (issue 2): the app within 1.5x the time of a bare PySide6 ``QMainWindow``
started by the same run. Each side runs in fresh processes, alternating, several
times; the medians are printed. The app runs on a first-run-done settings file in a
temporary folder, with keyring's fail backend (no keychain is touched).
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

RUNS = 7

# Prints "shown" at the first QMainWindow Show event and "ready" when the window gets
# its status bar (PostalGUI adds it with the rest of its content, once the context is
# built; the bare window adds one right after showing); the parent then kills it.
WATCH = """
import sys
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QMainWindow, QStatusBar

class Watch(QObject):
    def eventFilter(self, obj, event):
        kind = event.type()
        if kind == QEvent.Type.Show and isinstance(obj, QMainWindow):
            sys.stdout.write("shown\\n")
            sys.stdout.flush()
        elif (kind == QEvent.Type.ChildPolished and isinstance(obj, QMainWindow)
              and isinstance(event.child(), QStatusBar)):
            sys.stdout.write("ready\\n")
            sys.stdout.flush()
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
window.statusBar()
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


def time_to_shown(code: str, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from process start to the window shown, and to its content in place."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, env=env, text=True)
    assert process.stdout is not None
    first = process.stdout.readline()
    shown = time.perf_counter() - started
    second = process.stdout.readline()
    ready = time.perf_counter() - started
    process.kill()
    process.wait(timeout=60)
    if (first.strip(), second.strip()) != ("shown", "ready"):
        raise RuntimeError(f"unexpected output: {first!r} {second!r}")
    return shown, ready


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "settings.json").write_text(json.dumps({"schema_version": 1, "first_run_done": True}))
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "POSTALGUI_CONFIG_DIR": folder,
            "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
        }
        time_to_shown(BARE, env)  # warm the file cache for both
        time_to_shown(APP, env)
        bare, app, app_ready = [], [], []
        for _ in range(RUNS):
            bare.append(time_to_shown(BARE, env)[0])
            shown, ready = time_to_shown(APP, env)
            app.append(shown)
            app_ready.append(ready)
    b, a, r = statistics.median(bare), statistics.median(app), statistics.median(app_ready)
    runs = ", ".join(f"{x * 1000:.0f}" for x in bare)
    print(f"bare QMainWindow shown:     median {b * 1000:.0f} ms  (runs: {runs})")
    runs = ", ".join(f"{x * 1000:.0f}" for x in app)
    print(f"PostalGUI window shown:     median {a * 1000:.0f} ms  (runs: {runs})")
    runs = ", ".join(f"{x * 1000:.0f}" for x in app_ready)
    print(f"PostalGUI content in place: median {r * 1000:.0f} ms  (runs: {runs})")
    print(f"ratio (shown): {a / b:.2f}x (target: at most 1.5x)")
    return 0 if a / b <= 1.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
