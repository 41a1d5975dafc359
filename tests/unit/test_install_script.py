"""packaging/install-linux.sh against a fake build, with HOME and XDG_DATA_HOME in tmp_path.

The fake build is what PyInstaller's one-folder build looks like from outside: a folder
with an executable ``postalgui`` (here a shell script) and its ``_internal`` data.
"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "install-linux.sh"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

BASH = shutil.which("bash") or "bash"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="the installer is a bash script")


def make_build(folder: Path, greeting: str = "hello from postalgui") -> Path:
    (folder / "_internal").mkdir(parents=True)
    (folder / "_internal" / "data.txt").write_text("bundled data\n")
    executable = folder / "postalgui"
    executable.write_text(f'#!/bin/sh\necho "{greeting}" "$@"\n')
    executable.chmod(0o755)
    return folder


class Home:
    """A user's home in tmp_path and the places the installer and the menus use there."""

    def __init__(self, tmp_path: Path) -> None:
        self.root = tmp_path
        self.home = tmp_path / "home user"  # a space: Exec= must quote the path
        self.data = tmp_path / "xdg data"
        self.home.mkdir()
        self.data.mkdir()
        self.app = self.data / "postalgui" / "app"
        self.launcher = self.home / ".local" / "bin" / "postalgui"
        self.desktop = self.data / "applications" / "postalgui.desktop"
        self.icons = self.data / "icons" / "hicolor"

    def env(self) -> dict[str, str]:
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.home),
            "XDG_DATA_HOME": str(self.data),
            "LANG": "C.UTF-8",
        }

    def run(
        self, *args: str | Path, check: bool = True, script: Path = SCRIPT
    ) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [BASH, str(script), *map(str, args)],
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        if check:
            assert result.returncode == 0, result.stderr
        return result

    def contents(self) -> set[Path]:
        return {path.relative_to(self.root) for path in self.root.rglob("*")}


@pytest.fixture
def user(tmp_path: Path) -> Home:
    return Home(tmp_path)


def read_desktop_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_install_puts_everything_where_the_menu_looks(user: Home, tmp_path: Path) -> None:
    build = make_build(tmp_path / "dist" / "postalgui")
    result = user.run("--from", build)

    assert "Installed PostalGUI" in result.stdout
    assert (user.app / "postalgui").is_file()
    assert os.access(user.app / "postalgui", os.X_OK)
    assert (user.app / "_internal" / "data.txt").read_text() == "bundled data\n"
    for size in SIZES:
        icon = user.icons / f"{size}x{size}" / "apps" / "postalgui.png"
        assert icon.read_bytes() == (ROOT / "resources" / "icons" / f"postalgui-{size}.png").read_bytes()
    svg = user.icons / "scalable" / "apps" / "postalgui.svg"
    assert svg.read_bytes() == (ROOT / "packaging" / "icons" / "postalgui.svg").read_bytes()
    assert user.launcher.is_symlink()
    assert user.launcher.resolve() == (user.app / "postalgui").resolve()


def test_desktop_entry_runs_the_installed_executable(user: Home, tmp_path: Path) -> None:
    user.run("--from", make_build(tmp_path / "build"))

    entry = read_desktop_entry(user.desktop)
    assert entry["Type"] == "Application"
    assert entry["Name"] == "PostalGUI"
    assert entry["Icon"] == "postalgui"
    # The path has a space, so it is quoted; the string-level escaping doubles no backslash here.
    assert entry["Exec"] == f'"{user.app / "postalgui"}"'
    validator = shutil.which("desktop-file-validate")
    if validator is not None:
        check = subprocess.run([validator, str(user.desktop)], capture_output=True, text=True, check=False)
        assert check.returncode == 0, check.stdout + check.stderr
        assert check.stdout + check.stderr == ""  # not even a hint


def test_the_launcher_runs_the_app(user: Home, tmp_path: Path) -> None:
    user.run("--from", make_build(tmp_path / "build"))

    ran = subprocess.run(
        [str(user.launcher), "--version"], capture_output=True, text=True, timeout=30, check=True
    )
    assert ran.stdout == "hello from postalgui --version\n"


def test_a_second_install_replaces_the_first(user: Home, tmp_path: Path) -> None:
    first = make_build(tmp_path / "first", greeting="first build")
    (first / "_internal" / "only-in-first.txt").write_text("old\n")
    user.run("--from", first)
    second = make_build(tmp_path / "second", greeting="second build")

    result = user.run("--from", second)

    assert "Replacing" in result.stdout
    assert not (user.app / "_internal" / "only-in-first.txt").exists()
    ran = subprocess.run([str(user.launcher)], capture_output=True, text=True, timeout=30, check=True)
    assert ran.stdout == "second build\n"
    assert not list((user.data / "postalgui").glob(".app-*"))  # no staging folder left over


def test_uninstall_leaves_nothing_behind(user: Home, tmp_path: Path) -> None:
    build = make_build(tmp_path / "build")
    before = user.contents()
    user.run("--from", build)
    user.run("--from", build)  # a reinstall is undone as well as a first install

    result = user.run("--uninstall")

    assert "Removed PostalGUI" in result.stdout
    assert user.contents() == before


def test_uninstall_keeps_what_is_not_its_own(user: Home, tmp_path: Path) -> None:
    """The app's own data sits in DATA/postalgui, next to app/; other apps share the menus."""
    (user.data / "postalgui").mkdir()
    (user.data / "postalgui" / "branches.sqlite").write_text("the app's data\n")
    (user.data / "applications").mkdir()
    (user.data / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    user.run("--from", make_build(tmp_path / "build"))
    user.launcher.unlink()
    user.launcher.write_text("#!/bin/sh\n# pip install --user's own postalgui\n")

    user.run("--uninstall")

    assert (user.data / "postalgui" / "branches.sqlite").read_text() == "the app's data\n"
    assert (user.data / "applications" / "other.desktop").exists()
    assert not user.desktop.exists()
    assert user.launcher.read_text().startswith("#!/bin/sh\n# pip")
    assert not user.app.exists()


def test_uninstall_without_an_install_says_so(user: Home) -> None:
    result = user.run("--uninstall")
    assert "not installed" in result.stdout


def test_a_launcher_it_did_not_make_is_not_overwritten(user: Home, tmp_path: Path) -> None:
    user.launcher.parent.mkdir(parents=True)
    user.launcher.write_text("#!/bin/sh\n")

    result = user.run("--from", make_build(tmp_path / "build"), check=False)

    assert result.returncode == 1
    assert str(user.launcher) in result.stderr
    assert not user.app.exists()


def test_prefix_puts_everything_under_it(user: Home, tmp_path: Path) -> None:
    prefix = tmp_path / "opt"
    user.run("--from", make_build(tmp_path / "build"), "--prefix", prefix)

    assert (prefix / "bin" / "postalgui").resolve() == (prefix / "share" / "postalgui" / "app" / "postalgui")
    assert (prefix / "share" / "applications" / "postalgui.desktop").is_file()
    assert (prefix / "share" / "icons" / "hicolor" / "48x48" / "apps" / "postalgui.png").is_file()
    assert not user.app.exists()
    assert not user.launcher.exists()
    user.run("--uninstall", "--prefix", prefix)
    assert not prefix.exists()


def test_a_missing_build_exits_1_naming_the_folder(user: Home, tmp_path: Path) -> None:
    empty = tmp_path / "dist" / "postalgui"
    empty.mkdir(parents=True)  # the folder is there, its executable is not

    result = user.run("--from", empty, check=False)

    assert result.returncode == 1
    assert str(empty / "postalgui") in result.stderr
    assert "build" in result.stderr.lower()
    assert not (user.data / "postalgui").exists()


def test_the_default_build_folder_is_the_projects_dist(user: Home, tmp_path: Path) -> None:
    # A copy of the script in a project of its own, without a build: the answer must not
    # depend on whether this checkout happens to hold one in dist/.
    project = tmp_path / "project"
    (project / "packaging").mkdir(parents=True)
    copy = project / "packaging" / SCRIPT.name
    shutil.copy2(SCRIPT, copy)
    result = user.run(check=False, script=copy)
    assert result.returncode == 1
    assert str(project / "dist" / "postalgui") in result.stderr


def test_the_script_is_shellcheck_clean() -> None:
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.skip("shellcheck is not installed (apt-get install shellcheck)")
    result = subprocess.run([shellcheck, str(SCRIPT)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout
