"""What lies on the path from process start to the visible tab painted: the biggest items.

`bench_startup` runs the app twice more after its timed runs: once under ``-X importtime``
(the imports made until the content mark, the outermost of each package, and each
package's own time summed over its modules), once under
``cProfile`` (what `run_gui`'s start-up calls spend until that mark). Profiled figures are
inflated, so they rank what to take off the path; the timed runs give the figures.
"""

from __future__ import annotations

import pstats
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

TOP = 3
QT_OWN = ("PySide6", "shiboken", "signature_bootstrap", "_")
"""Imports the bare window pays too (and the interpreter's own ``_`` modules): not listed."""
MARK = "@@content"
_LAUNCH = """
from postalgui.gui.app import run_gui
run_gui([])
"""

# The content mark also goes to stderr, where -X importtime writes, so the imports made
# after it (the background tasks') are left out.
IMPORTS = """
_plain_say = say
def say(word):
    if word == "content":
        sys.stderr.write("@@content\\n")
        sys.stderr.flush()
    _plain_say(word)
"""

# The profile stops at the content mark and is written to the file the parent names.
CALLS = """
import cProfile
_profile = cProfile.Profile()
_plain_say = say
def say(word):
    if word == "content":
        _profile.disable()
        _profile.dump_stats(sys.argv[1])
    _plain_say(word)
_profile.enable()
"""


@dataclass(frozen=True)
class Item:
    """One item on the path: what it is and its (profiled) seconds."""

    name: str
    seconds: float

    def __str__(self) -> str:
        return f"{self.name} {self.seconds * 1000:.0f} ms"


def outermost_imports(importtime: str) -> list[Item]:
    """The outermost import of each package (``postalgui`` by module) before the mark, biggest first.

    ``-X importtime`` writes ``import time: self | cumulative | <indent>name`` as each
    import ends, an import nested in another indented under it.
    """
    lines = importtime.split(MARK, 1)[0].splitlines()
    rows: list[tuple[int, int, str]] = []
    for line in lines:
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        _, cumulative_us, indented = line.removeprefix("import time:").split("|")
        depth = (len(indented) - len(indented.lstrip(" "))) // 2
        rows.append((depth, int(cumulative_us), indented.strip()))
    found: dict[str, int] = {}
    parents: dict[int, str] = {}
    for depth, cumulative, name in reversed(rows):  # a parent's line comes after its children's
        parents[depth] = name
        key = name if name.startswith("postalgui") else name.split(".")[0]
        parent = parents.get(depth - 1, "") if depth else ""
        parent_key = parent if parent.startswith("postalgui") else parent.split(".")[0]
        if key.startswith("postalgui") and parent.startswith("postalgui"):
            continue  # an app module inside another: its parent counts it
        if parent and parent_key == key:
            continue
        if not key.startswith(QT_OWN):
            found[key] = max(found.get(key, 0), cumulative)
    return sorted((Item(name, us / 1e6) for name, us in found.items()), key=lambda i: -i.seconds)


def own_time_by_package(importtime: str) -> list[Item]:
    """Each package's own import time (``self``, its modules summed) before the mark, biggest first.

    `outermost_imports` counts a library with the app module that first imports it
    (pydantic inside ``postalgui.services.context``); this ranks the libraries themselves
    (``postalgui`` by its second-level package: ``postalgui.gui``, ``postalgui.services``...).
    """
    found: dict[str, int] = {}
    for line in importtime.split(MARK, 1)[0].splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own_us, _, name = line.removeprefix("import time:").split("|")
        parts = name.strip().split(".")
        key = ".".join(parts[:2]) if parts[0] == "postalgui" else parts[0]
        if not key.startswith(QT_OWN):
            found[key] = found.get(key, 0) + int(own_us)
    return sorted((Item(name, us / 1e6) for name, us in found.items()), key=lambda i: -i.seconds)


def start_up_calls(stats: pstats.Stats) -> list[Item]:
    """What `_run_first_instance` calls, by cumulative time, its imports together as one;
    and the app module's own import before it."""
    items: dict[str, float] = {}
    for (path, line, name), row in stats.stats.items():  # type: ignore[attr-defined]  # set at run time, not in the stubs
        if path.endswith("postalgui/gui/app.py") and name == "<module>":
            items["import postalgui.gui.app"] = row[3]
        for (_, _, caller), (_, _, _, cumulative) in row[4].items():
            if caller != "_run_first_instance":
                continue
            if "<frozen" in path:
                if name == "_find_and_load":
                    items["its imports"] = items.get("its imports", 0.0) + cumulative
            elif path == "~":  # a built-in: Qt's processEvents (the frame's paint), ...
                items[name.removeprefix("<built-in method ").removesuffix(">")] = cumulative
            elif "importlib" not in path:
                items["/".join(path.split("/")[-2:]) + f":{line}({name})"] = cumulative
    return sorted((Item(name, seconds) for name, seconds in items.items()), key=lambda i: -i.seconds)


def _run(command: list[str], env: dict[str, str]) -> tuple[str, str]:
    """The child's stdout up to its content mark and its stderr (in a file: a pipe could fill
    and stop it), then it is killed."""
    with tempfile.TemporaryFile("w+") as errors:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, env=env, text=True)
        assert process.stdout is not None
        out = ""
        try:
            while "content" not in out.split():
                line = process.stdout.readline()
                if not line:
                    raise RuntimeError(f"the profiled child ended before its content mark: {out!r}")
                out += line
        finally:
            process.kill()
            process.wait(timeout=60)
        errors.seek(0)
        return out, errors.read()


def biggest(watch: str, env: dict[str, str]) -> list[str]:
    """Lines naming the biggest imports and calls on the path to content (two profiled runs)."""
    _, err = _run([sys.executable, "-X", "importtime", "-c", watch + IMPORTS + _LAUNCH], env)
    with tempfile.TemporaryDirectory() as folder:
        profile = str(Path(folder) / "content.prof")
        _run([sys.executable, "-c", watch + CALLS + _LAUNCH, profile], env)
        calls = start_up_calls(pstats.Stats(profile))[:TOP]
    imports = outermost_imports(err)[:TOP]
    own = own_time_by_package(err)[:TOP]
    return [
        "biggest on the path to content (profiled, to rank):",
        "  imports: " + ", ".join(map(str, imports)),
        "  packages' own import time: " + ", ".join(map(str, own)),
        "  start-up calls: " + ", ".join(map(str, calls)),
    ]
