"""The window says what loading the settings file found: values reset, a newer file kept as is."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.context import build_context
from tests.conftest import MemoryKeyring


def _notice(
    config_dir: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> tuple[str, MessageKind, Path | None]:
    context = build_context(environ={"POSTALGUI_CONFIG_DIR": str(config_dir)}, keyring_backend=memory_keyring)
    runner = TaskRunner()
    try:
        window = MainWindow(context, runner, tab_factories=[])
        qtbot.addWidget(window)
        bar = window.messages.message("settings-file")
        assert bar is not None
        return bar.text(), bar.kind, context.store.kept_copy
    finally:
        runner.shutdown(15000)
        context.close()


def test_a_reset_value_is_named_with_the_kept_original(
    config_dir: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / "settings.json"
    original = json.dumps(
        {
            "first_run_done": True,
            "profiles": {"sandbox": {"cnpj": "11.222.333/0001-82", "contract": "9912208555"}},
        }
    )
    path.write_text(original, encoding="utf-8")
    text, kind, kept = _notice(config_dir, memory_keyring, qtbot)
    assert kind is MessageKind.WARNING
    assert "back to their defaults: CNPJ (Sandbox)." in text  # the words of the Settings dialog
    assert kept is not None
    assert str(kept) in text
    assert kept.read_text(encoding="utf-8") == original
    assert path.read_text(encoding="utf-8") == original  # opening the window rewrites nothing


def test_a_newer_settings_file_is_said_to_be_kept_as_is(
    config_dir: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / "settings.json"
    original = json.dumps({"schema_version": 7, "first_run_done": True, "language": "en"})
    path.write_text(original, encoding="utf-8")
    text, kind, _kept = _notice(config_dir, memory_keyring, qtbot)
    assert kind is MessageKind.WARNING
    assert "newer PostalGUI" in text
    assert str(path) in text
    assert path.read_text(encoding="utf-8") == original


def test_a_list_of_bad_entries_is_one_short_line(
    config_dir: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    """300 bad products are named once, with their count, not 300 times."""
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / "settings.json"
    bad = {"first_run_done": True, "prices": {"products": ["03220", *range(300)]}}
    path.write_text(json.dumps(bad), encoding="utf-8")
    text, _, kept = _notice(config_dir, memory_keyring, qtbot)
    assert "back to their defaults: Products (300)." in text
    assert text.count("Products") == 1
    assert len(text) - len(str(kept)) < 200


def test_past_three_settings_the_rest_are_counted(
    config_dir: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / "settings.json"
    profile = {"cnpj": "1", "contract": "x", "card": "y", "dr": 500}
    path.write_text(json.dumps({"first_run_done": True, "profiles": {"sandbox": profile}}), encoding="utf-8")
    text, _, _ = _notice(config_dir, memory_keyring, qtbot)
    assert "CNPJ (Sandbox)" in text
    assert " and 1 more." in text
