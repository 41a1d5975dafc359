"""Build the frozen app: ``uv run --group packaging python packaging/build.py [--smoke]``.

Runs PyInstaller on ``packaging/postalgui.spec`` into ``dist/postalgui/`` (and
``dist/PostalGUI.app`` on macOS), refuses a folder over `MAX_MB`, and packs a versioned
archive beside it: ``dist/postalgui-<version>-<system>-<machine>.tar.gz`` (``.zip`` on
Windows). ``--smoke`` then runs the frozen app's own smoke test (offscreen unless a
display is asked for with ``--platform``).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "postalgui.spec"
MAX_MB = 250


def version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def folder_mb(folder: Path) -> float:
    """Megabytes the folder holds (a symbolic link counts as the link, not its target again)."""
    return (
        sum(path.lstat().st_size for path in folder.rglob("*") if path.is_file() or path.is_symlink()) / 1e6
    )


def build(dist: Path, work: Path) -> Path:
    subprocess.run(  # noqa: S603  # our own build tool, our own spec
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
         "--distpath", str(dist), "--workpath", str(work), str(SPEC)],
        check=True, cwd=ROOT,
    )  # fmt: skip
    return dist / "postalgui"


def pack(folder: Path) -> Path:
    system = platform.system().lower()
    name = f"postalgui-{version()}-{system}-{platform.machine().lower()}"
    kind = "zip" if system == "windows" else "gztar"
    return Path(shutil.make_archive(str(folder.parent / name), kind, folder.parent, folder.name))


def smoke(folder: Path, qpa: str) -> int:
    executable = folder / ("postalgui.exe" if os.name == "nt" else "postalgui")
    env = dict(os.environ, QT_QPA_PLATFORM=qpa)
    shots = folder.parent / f"smoke-{qpa}"
    command = [str(executable), "--smoke-test", "--screenshots", str(shots)]
    return subprocess.run(command, env=env, check=False).returncode  # noqa: S603  # the app just built


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="packaging/build.py", description=__doc__)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build")
    parser.add_argument("--smoke", action="store_true", help="run the frozen app's smoke test afterwards")
    parser.add_argument("--platform", default="offscreen", help="Qt platform for --smoke (offscreen, xcb)")
    args = parser.parse_args(argv)
    folder = build(args.dist, args.work)
    size = folder_mb(folder)
    print(f"build: {folder} is {size:.0f} MB (limit {MAX_MB} MB)")  # noqa: T201
    if size > MAX_MB:
        print(f"build: the folder is over {MAX_MB} MB", file=sys.stderr)  # noqa: T201
        return 1
    print(f"build: archive {pack(folder)}")  # noqa: T201
    if args.smoke:
        return smoke(folder, args.platform)
    return 0


if __name__ == "__main__":
    sys.exit(main())
