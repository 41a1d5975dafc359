"""The programs pip installs: ``postalgui`` a console script (the CLI prints on Windows),
``postalguiw`` a gui-script (the window without a console window)."""

from __future__ import annotations

import importlib
import sys
import tomllib
import types
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import pytest

import postalgui.__main__ as entry

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _tables() -> tuple[dict[str, str], dict[str, str]]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return project.get("scripts", {}), project.get("gui-scripts", {})


def _resolve(target: str) -> Callable[..., object]:
    module, _, name = target.partition(":")
    found = getattr(importlib.import_module(module), name)
    assert callable(found), target
    return found  # type: ignore[no-any-return]


def test_postalgui_is_a_console_script_and_postalguiw_its_window() -> None:
    scripts, gui_scripts = _tables()
    assert scripts == {"postalgui": "postalgui.__main__:main"}
    assert gui_scripts == {"postalguiw": "postalgui.__main__:gui_main"}
    assert _resolve(scripts["postalgui"]) is entry.main
    assert _resolve(gui_scripts["postalguiw"]) is entry.gui_main


def test_the_installed_entry_points_are_those_of_pyproject() -> None:
    scripts, gui_scripts = _tables()
    installed = {
        group: {point.name: point.value for point in metadata.entry_points(group=group)}
        for group in ("console_scripts", "gui_scripts")
    }
    for name, target in scripts.items():
        assert installed["console_scripts"].get(name) == target, "run `uv sync` after editing pyproject.toml"
    for name, target in gui_scripts.items():
        assert installed["gui_scripts"].get(name) == target, "run `uv sync` after editing pyproject.toml"
    assert "postalgui" not in installed["gui_scripts"]  # no console on Windows: the CLI would be mute


def test_a_command_goes_to_the_cli_and_no_command_to_the_window(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened: list[list[str]] = []

    def run_gui(argv: list[str]) -> int:
        opened.append(argv)
        return 0

    window = types.ModuleType("postalgui.gui.app")  # a stand-in: no window in unit tests
    window.run_gui = run_gui  # type: ignore[attr-defined]  # a module built here
    monkeypatch.setitem(sys.modules, "postalgui.gui.app", window)
    with pytest.raises(SystemExit) as done:
        entry.main(["--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("usage: postalgui")
    assert opened == []
    assert entry.main([]) == 0
    assert entry.gui_main() == 0
    assert len(opened) == 2
