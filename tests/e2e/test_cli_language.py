"""The command line speaks the window's language: Settings' language, else the locale's
(Portuguese unless it names another language), ``--lang`` over both; numbers in that
language's form in text, JSON the same in both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from postalgui.sandbox import SandboxServer
from tests.e2e.conftest import run
from tests.e2e.test_cli_price import OFFICIAL

HEAVY = [*OFFICIAL[: OFFICIAL.index("--peso")], "--peso", "1500", *OFFICIAL[OFFICIAL.index("--peso") + 2 :]]
"""The official quote at 1,500 g: a charged weight with thousands."""


@pytest.fixture(autouse=True)
def sandbox_env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("POSTALGUI_ENV", "sandbox"), ("POSTALGUI_BASE_URL", sandbox_server.url)):
        monkeypatch.setenv(name, value)


def settings_language(config_dir: Path, language: str) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    content = {"first_run_done": True, "language": language}
    (config_dir / "settings.json").write_text(json.dumps(content), encoding="utf-8")


def test_a_portuguese_locale_speaks_portuguese_with_its_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LC_MESSAGES", "pt_BR.UTF-8")
    code, out, err = run(capsys, *HEAVY)
    assert code == 0, err
    assert "1.500 g" in out
    assert "R$ " in out
    code, out, err = run(capsys, "claims", "list")
    assert (code, out, err) == (0, "", "postalgui: nenhuma reclamação\n")


def test_a_c_locale_speaks_portuguese_as_the_window_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("LC_MESSAGES")
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run(capsys, "claims", "list") == (0, "", "postalgui: nenhuma reclamação\n")


def test_an_english_locale_speaks_english_and_lang_overrides_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, *HEAVY)
    assert code == 0, err
    assert "1,500 g" in out
    assert run(capsys, "claims", "list") == (0, "", "postalgui: no claims\n")
    assert run(capsys, "--lang", "pt", "claims", "list") == (0, "", "postalgui: nenhuma reclamação\n")
    assert run(capsys, "claims", "list", "--lang", "pt") == (0, "", "postalgui: nenhuma reclamação\n")


def test_settings_language_wins_over_the_locale_and_lang_over_settings(
    config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings_language(config_dir, "pt_BR")  # the locale here is English (conftest)
    assert run(capsys, "claims", "list") == (0, "", "postalgui: nenhuma reclamação\n")
    assert run(capsys, "--lang", "en", "claims", "list") == (0, "", "postalgui: no claims\n")


def test_json_is_the_same_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, english, err = run(capsys, *HEAVY, "--json")
    assert code == 0, err
    code, portuguese, err = run(capsys, "--lang", "pt", *HEAVY, "--json")
    assert code == 0, err
    assert json.loads(english) == json.loads(portuguese)


def test_a_bad_value_is_refused_in_the_spoken_language(capsys: pytest.CaptureFixture[str]) -> None:
    """A value rule reads as the window says it (its .ts, read without Qt), not in English."""
    code, out, err = run(capsys, "--lang", "pt", "branches", "search", "--uf", "XX")
    assert (code, out) == (2, "")
    assert "--uf: O estado deve ser uma das 27 siglas, como SP" in err
    code, out, err = run(capsys, "--lang", "pt", "track", "DG04918622BR")
    assert code == 2
    assert "CODE: O código do objeto deve ter 2 letras, 9 dígitos e 2 letras" in err
    code, out, err = run(capsys, "--lang", "en", "branches", "search", "--uf", "XX")
    assert "--uf: State must be one of the 27 abbreviations, such as SP (got 'XX')" in err


def test_a_price_options_bad_value_is_refused_in_the_spoken_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    route = [
        "price",
        "national",
        "03220",
        "--cep-origem",
        "01310-100",
        "--cep-destino",
        "05311-900",
        "--peso",
        "300",
    ]
    code, _, err = run(capsys, "--lang", "pt", *route, "--valor-declarado", "abc")
    assert code == 2
    assert (
        "--valor-declarado: O valor deve estar no formato 1.234,56, 1234,56 ou 1234.56 (recebido: 'abc')"
        in err
    )
    code, _, err = run(capsys, "--lang", "pt", *route, "--data", "2026-02-31")
    assert code == 2
    assert "--data: A data deve ser escrita DD-MM-YYYY (recebida: '2026-02-31')" in err
