"""The CLI and a settings file with a bad value or of a newer PostalGUI: said once, never rewritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from postalgui.cli.main import main
from postalgui.sandbox import SandboxServer
from tests.e2e.conftest import SandboxControl


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


def _write(config_dir: Path, content: dict[str, object]) -> tuple[Path, str]:
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / "settings.json"
    text = json.dumps(content)
    path.write_text(text, encoding="utf-8")
    return path, text


def _notes(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("postalgui: note: ") and "settings" in line]


def test_a_read_only_command_keeps_the_file_and_names_the_reset_field(
    env: None, sandbox: SandboxControl, config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, original = _write(
        config_dir,
        {"first_run_done": True, "language": "en", "profiles": {"producao": {"cnpj": "11.222.333/0001-82"}}},
    )
    for _ in range(2):
        code = main(["token", "--json"])
        out, err = capsys.readouterr()
        assert code == 0, err
        assert json.loads(out)["escopo"] == "cartao"
        [note] = _notes(err)
        assert "profiles.producao.cnpj" in note
        kept = list(config_dir.glob("settings.json.bad-*"))
        assert len(kept) == 1  # kept once, not on every run
        assert str(kept[0]) in note
        assert kept[0].read_text(encoding="utf-8") == original
        assert path.read_text(encoding="utf-8") == original
        assert "Traceback" not in err


def test_a_newer_file_is_read_and_left_alone(
    env: None, sandbox: SandboxControl, config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, original = _write(config_dir, {"schema_version": 42, "first_run_done": True, "future": [1, 2]})
    code = main(["token", "--json"])
    _out, err = capsys.readouterr()
    assert code == 0, err
    [note] = _notes(err)
    assert "newer PostalGUI" in note
    assert path.read_text(encoding="utf-8") == original
    assert list(config_dir.glob("settings.json.bad-*")) == []


def test_a_good_file_says_nothing(
    env: None, sandbox: SandboxControl, config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(config_dir, {"first_run_done": True})
    code = main(["token", "--json"])
    _out, err = capsys.readouterr()
    assert code == 0, err
    assert _notes(err) == []


@pytest.mark.parametrize("damage", ["deep", "300 bad products"])
def test_a_badly_damaged_file_is_one_short_note_and_the_rest_kept(
    env: None, sandbox: SandboxControl, config_dir: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / "settings.json"
    products = "[" * 100_000 + "]" * 100_000 if damage == "deep" else ", ".join(str(n) for n in range(300))
    original = (
        f'{{"first_run_done": true, "language": "en", "prices": {{"products": ["03220", {products}]}}}}'
    )
    path.write_text(original, encoding="utf-8")
    code = main(["token", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err[:500]
    assert json.loads(out)["escopo"] == "cartao"
    [line] = err.splitlines()  # one line: no warning beside the note
    assert line.startswith("postalgui: note: invalid settings reset to their defaults: prices.products")
    assert len(line) < 300
    [kept] = list(config_dir.glob("settings.json.bad-*"))
    assert kept.read_text(encoding="utf-8") == original
    assert path.read_text(encoding="utf-8") == original
