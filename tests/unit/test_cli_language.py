"""The command line's language: picked as the window picks it, and every sentence it says
has its Portuguese (the CLI's catalogue is a dict, so this test is its ``lupdate``)."""

from __future__ import annotations

import ast
import json
import string
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from postalgui.cli import language
from postalgui.cli.portuguese import SENTENCES
from postalgui.services.language import locale_language, spoken_language

CLI = Path(language.__file__).resolve().parent


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def said() -> Iterator[tuple[str, str]]:
    """(where, English sentence) of every ``say("...")`` and ``count(n, "...", "...")`` in the CLI."""
    for path in sorted(set(CLI.glob("*.py")) - {CLI / "language.py"}):  # language.py says what it is given
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            where = f"{path.name}:{node.lineno}"
            if node.func.id == "say":
                text = _literal(node.args[0]) if node.args else None
                assert text is not None, f"{where}: say() takes a literal sentence"
                yield where, text
            elif node.func.id == "count" and len(node.args) == 3:  # count(n, one, many)
                for noun in node.args[1:]:
                    text = _literal(noun)
                    assert text is not None, f"{where}: count() takes literal nouns"
                    yield where, text


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_sentence_has_its_portuguese_with_the_same_fields() -> None:
    found = list(said())
    assert len(found) > 50
    missing = sorted({f"{where}: {text!r}" for where, text in found if text not in SENTENCES})
    assert missing == [], "add these to postalgui/cli/portuguese.py"
    changed = [text for _, text in found if fields(SENTENCES[text]) != fields(text)]
    assert changed == [], "a translation must keep the sentence's {fields}"


def test_no_sentence_is_kept_that_nothing_says() -> None:
    needed = {text for _, text in said()}
    assert sorted(set(SENTENCES) - needed) == []


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "pt_BR"),
        ({"LANG": "C.UTF-8"}, "pt_BR"),
        ({"LANG": "POSIX"}, "pt_BR"),
        ({"LANG": "pt_PT.UTF-8"}, "pt_BR"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "pt_BR.UTF-8"}, "pt_BR"),
        ({"LANG": "pt_BR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "en_US"}, "en"),
    ],
)
def test_the_locale_speaks_as_the_window_reads_it(environ: dict[str, str], expected: str) -> None:
    """LC_ALL, then LC_MESSAGES, then LANG (what QLocale.system() reads on Unix); only a
    locale naming another language than Portuguese speaks English."""
    assert locale_language(environ) == expected


def test_the_setting_wins_over_the_locale_and_the_flag_over_both(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    english = {"LANG": "en_US.UTF-8"}
    assert spoken_language("pt_BR", english) == "pt_BR"
    assert spoken_language("", english) == "en"
    assert language.pick(None, settings, english) == "en"  # no settings file: the locale's
    settings.write_text(json.dumps({"language": "pt_BR"}), encoding="utf-8")
    assert language.pick(None, settings, english) == "pt_BR"
    assert language.pick("en", settings, english) == "en"
    settings.write_text("{not json", encoding="utf-8")
    assert language.pick(None, settings, {}) == "pt_BR"


def test_numbers_and_counts_in_the_spoken_language() -> None:
    try:
        language.speak("pt_BR")
        assert language.number(Decimal("1234.56"), places=2) == "1.234,56"
        assert language.count(1500, "object", "objects") == "1.500 objetos"
        assert language.count(1, "object", "objects") == "1 objeto"
        language.speak("en")
        assert language.number(Decimal("1234.56"), places=2) == "1,234.56"
        assert language.count(1500, "object", "objects") == "1,500 objects"
    finally:
        language.speak("en")


def test_service_failures_are_said_in_the_spoken_language() -> None:
    """What the services raise in English (a setting a feature needs, the office database's
    failures) the CLI says in its language, and promises nothing a command that ended does."""
    from postalgui.cli.worded import routine_text
    from postalgui.services.office.errors import OfficeUnavailableError
    from postalgui.services.setting_missing import SettingMissingError

    unreachable = OfficeUnavailableError(
        "The office database postgresql://db/office cannot be reached (connection refused): check that "
        "the server is running and the network, then try again"
    )
    try:
        language.speak("pt_BR")
        assert routine_text(SettingMissingError("shipping.card")).startswith("As pré-postagens precisam")
        assert routine_text(unreachable) == (
            "O banco de dados do escritório postgresql://db/office não pode ser alcançado (connection "
            "refused): confira se o servidor está no ar e a rede, depois rode o comando de novo; "
            "nada foi feito"
        )
        language.speak("en")
        assert routine_text(SettingMissingError("shipping.card")) == (
            "Pre-postings need the posting card number: set it in Settings, or POSTALGUI_CARD"
        )
    finally:
        language.speak("en")


@pytest.fixture
def portuguese() -> Iterator[None]:
    language.speak("pt_BR")
    yield
    language.speak("en")


def test_bad_values_are_said_from_the_windows_own_catalogue(portuguese: None) -> None:
    """An `InvalidValue` reads as the window says it: the .ts's context ``rules``, read
    without Qt, with its `Worded` parameters and inner rules in Portuguese too."""
    from postalgui.api.values import InvalidValue
    from postalgui.api.values.errors import Worded
    from postalgui.api.values.shipping import closed_preposting
    from postalgui.cli.worded import routine_text

    assert routine_text(InvalidValue("card.digits", "12a")) == (
        "Número do cartão de postagem deve conter apenas dígitos (recebido: '12a')"
    )
    assert routine_text(closed_preposting("PR1", Worded("expired"))) == (
        "A pré-postagem PR1 tem status expirado: não se faz etiqueta, declaração nem lista dela"
    )
    inner = InvalidValue("cep.length", "123", count=3)
    field = InvalidValue("shipping.field", "123", field="cep", says=inner.message, inner=inner)
    assert routine_text(field) == "Campo cep: O CEP deve ter 8 dígitos (recebidos: 3)"
    assert routine_text(InvalidValue("parcel.weird", "x")) == "Invalid value (parcel.weird): 'x'"
    language.speak("en")
    assert routine_text(InvalidValue("card.digits", "12a")) == (
        "Posting card number must contain only digits (got '12a')"
    )


def test_service_sentences_are_said_from_the_windows_own_catalogue(portuguese: None, tmp_path: Path) -> None:
    """What the services raise as a `Said` the CLI says in Portuguese from context ``said``."""
    from types import SimpleNamespace
    from typing import Any

    from postalgui.api.cancel import PlainTask
    from postalgui.api.errors import CredentialsMissingError, RoutineError
    from postalgui.api.transport import Transport
    from postalgui.cli.worded import routine_text
    from postalgui.services.invoices.job_files import fetch_job_file
    from postalgui.services.tracking.imports import codes_from_file
    from tests.conftest import MemoryKeyring
    from tests.feature_ports import attendance_service

    no_jobs: Any = SimpleNamespace(jobs=lambda: SimpleNamespace(get=lambda _job_id: None))
    with pytest.raises(RoutineError) as gone:
        fetch_job_file(PlainTask(), no_jobs, 7)
    assert routine_text(gone.value) == "Não existe a solicitação número 7"

    codes = tmp_path / "objetos.csv"
    codes.write_text("Pedido;Etiqueta\n", encoding="utf-8")
    with pytest.raises(RoutineError) as column:
        codes_from_file(codes, "Rastreio")
    assert routine_text(column.value) == (
        "objetos.csv: não há a coluna 'Rastreio' (as colunas são: Pedido, Etiqueta)"
    )

    from postalgui.api.credentials import CredentialStore
    from postalgui.api.tokens import TokenManager

    tokens = TokenManager(Transport("http://127.0.0.1:9"), CredentialStore(MemoryKeyring()), "homologacao")
    with pytest.raises(CredentialsMissingError) as login:
        tokens.get(None)  # type: ignore[arg-type]
    assert routine_text(login.value) == "O login e o código de acesso à API não estão configurados"

    desk = attendance_service(credentials=CredentialStore(MemoryKeyring()))  # nothing in the keyring
    with pytest.raises(CredentialsMissingError) as identity:
        desk._identity()  # what every registration-system call asks first
    assert routine_text(identity.value) == (
        "O login e o código de acesso do portal de identidade não estão definidos"
    )


def test_the_windows_catalogue_is_read_from_a_frozen_build_and_without_qt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PyInstaller ships the .ts beside the .qm (packaging/postalgui.spec); a missing file
    leaves the English, and nothing of it loads Qt."""
    import shutil
    import subprocess
    import sys

    from postalgui.services import translations

    bundle = tmp_path / "_internal"
    frozen = bundle / "resources" / "translations"
    frozen.mkdir(parents=True)
    shipped = translations.catalogue_path()
    assert shipped is not None
    shutil.copy(shipped, frozen)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    translations.catalogue.cache_clear()
    try:
        assert translations.catalogue_path() == frozen / "postalgui_pt_BR.ts"
        assert translations.translated("pt_BR", "said", "someone") == "alguém"
        assert translations.translated("en", "said", "someone") == "someone"
        (frozen / "postalgui_pt_BR.ts").write_text("<TS><context>", encoding="utf-8")  # damaged
        translations.catalogue.cache_clear()
        assert translations.translated("pt_BR", "said", "someone") == "someone"
    finally:
        translations.catalogue.cache_clear()
    script = (
        "import sys\n"
        "from postalgui.api.values import InvalidValue\n"
        "from postalgui.cli import language\n"
        "from postalgui.cli.worded import routine_text\n"
        "language.speak('pt_BR')\n"
        "print(routine_text(InvalidValue('cep.length', '1', count=1)))\n"
        "assert 'PySide6' not in sys.modules\n"
    )
    done = subprocess.run(  # our own interpreter and module
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout == "O CEP deve ter 8 dígitos (recebidos: 1)\n"
