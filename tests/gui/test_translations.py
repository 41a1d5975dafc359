"""The pt_BR catalog covers every UI string, is compiled, and loads."""

from __future__ import annotations

import ast
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from pytestqt.qtbot import QtBot

from postalgui.api.values import InvalidValue
from postalgui.api.values.errors import MESSAGES, WORDS
from postalgui.gui import i18n
from postalgui.gui.dialogs.settings_dialog import SettingsDialog
from postalgui.gui.messages import describe_error, rule_message
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext

ROOT = Path(__file__).resolve().parents[2]
GUI = ROOT / "postalgui" / "gui"
TS = ROOT / "resources" / "translations" / "postalgui_pt_BR.ts"
QM = ROOT / "resources" / "translations" / "postalgui_pt_BR.qm"
TOOLS = Path(sys.executable).parent


def _messages(ts_file: Path) -> dict[tuple[str, str], ET.Element]:
    """(context, source) -> the <translation> element."""
    found: dict[tuple[str, str], ET.Element] = {}
    for context in ET.parse(ts_file).getroot().iter("context"):  # noqa: S314  # our own files
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None
            found[(name, message.findtext("source", ""))] = translation
    return found


def _finished(translation: ET.Element) -> bool:
    """Translated and not marked unfinished; a plural (%n) entry needs every form."""
    if translation.get("type") is not None:
        return False
    forms = translation.findall("numerusform")
    if forms:
        return all((form.text or "").strip() for form in forms)
    return bool((translation.text or "").strip())


def test_every_gui_string_has_a_finished_translation(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.ts"
    subprocess.run(
        [
            str(TOOLS / "pyside6-lupdate"),
            "-extensions",
            "py",
            "-locations",
            "none",
            str(GUI),
            "-ts",
            str(fresh),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    needed = _messages(fresh)
    committed = _messages(TS)
    assert len(needed) > 100
    missing = [key for key in needed if key not in committed or not _finished(committed[key])]
    assert missing == [], "run lupdate and translate these (see resources/translations/README.md)"
    leftovers = [key for key, translation in committed.items() if not _finished(translation)]
    assert leftovers == [], "unfinished, vanished or obsolete entries in the .ts"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _said_templates() -> set[str]:
    """Every ``Said("...")`` template in the code (its one argument that is a literal)."""
    found: set[str] = set()
    for path in sorted((ROOT / "postalgui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Said":
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(first.value)
                else:
                    assert path.name == "said.py", f"{path}:{node.lineno}: Said() takes a literal template"
    return found


@pytest.mark.parametrize(
    ("context", "needed"),
    [
        ("rules", lambda: {*MESSAGES.values(), *WORDS}),
        ("said", _said_templates),
    ],
    ids=["rules", "said"],
)
def test_one_catalogue_for_the_rules_and_the_services_sentences(
    context: str, needed: Callable[[], set[str]]
) -> None:
    """The value rules' templates (`api.values.errors.MESSAGES`) and the services' `Said`
    sentences are not in `postalgui/gui`, so lupdate does not list them: each has its finished
    translation with the same ``{fields}``, and the .ts keeps none that nothing says (the
    window and the CLI both read these: there is no other copy)."""
    committed = {source: tr for (name, source), tr in _messages(TS).items() if name == context}
    sources = needed()
    assert len(sources) > 15
    missing = sorted(
        source for source in sources if source not in committed or not _finished(committed[source])
    )
    assert missing == [], f"add these to context {context!r} of {TS.name}"
    changed = sorted(source for source in sources if _fields(committed[source].text or "") != _fields(source))
    assert changed == [], "a translation must keep its template's {fields}"
    assert sorted(set(committed) - sources) == [], "nothing says these any more"


PLACEHOLDERS = ("%1", "%2", "{value}", "{count}", "{check}", "{expected}", "{label}", "{width}")


def test_placeholders_survive_translation() -> None:
    for (_, source), translation in _messages(TS).items():
        forms = [form.text or "" for form in translation.findall("numerusform")] or [translation.text or ""]
        for text in forms:
            for placeholder in PLACEHOLDERS:
                assert (placeholder in source) == (placeholder in text), (source, text)


def test_compiled_catalog_matches_the_source(tmp_path: Path) -> None:
    compiled = tmp_path / "fresh.qm"
    subprocess.run(
        [str(TOOLS / "pyside6-lrelease"), str(TS), "-qm", str(compiled)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert compiled.read_bytes() == QM.read_bytes(), "recompile the .qm with lrelease"


def test_catalog_loads_and_translates(portuguese: list[QTranslator]) -> None:
    assert i18n.catalog_path() == QM
    assert len(portuguese) == 2  # Qt's qtbase and ours
    translator = QTranslator()
    assert translator.load(str(QM))
    assert translator.translate("MainWindow", "&Settings…") == "&Configurações…"
    assert QCoreApplication.translate("SettingsDialog", "&Test connection") == "&Testar conexão"
    assert QCoreApplication.translate("MainWindow", "Token valid until %1") == "Token válido até %1"
    assert QCoreApplication.translate("messages", "Homologation") == "Homologação"


def test_value_rules_read_in_portuguese(portuguese: list[QTranslator]) -> None:
    error = InvalidValue("cnpj.check_digits", "11222333000100", check="00", expected="81")
    assert (
        rule_message(error)
        == "Os dígitos verificadores do CNPJ não conferem (recebidos: '00', esperados: '81')"
    )
    card = InvalidValue("card.digits", "12a")
    assert describe_error(card) == "Número do cartão de postagem deve conter apenas dígitos (recebido: '12a')"


def test_a_missing_setting_reads_in_portuguese(portuguese: list[QTranslator]) -> None:
    """A service's "set it in Settings" reaches the window in its language, not the service's English."""
    from postalgui.services.setting_missing import NEEDS, SettingMissingError

    for need in NEEDS:
        said = describe_error(SettingMissingError(need))
        assert said.endswith("nas Configurações."), (need, said)
    assert describe_error(SettingMissingError("shipping.card")) == (
        "As pré-postagens precisam do número do cartão de postagem: preencha-o nas Configurações."
    )


def test_settings_dialog_in_portuguese(
    portuguese: list[QTranslator], context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = SettingsDialog(context, runner)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Configurações"
    assert dialog.test_button.text() == "&Testar conexão"
    assert dialog.environment_combo.itemText(1) == "Homologação (apihom.correios.com.br)"
    assert dialog.dr_spin.specialValueText() == "Nenhuma"


@pytest.mark.parametrize(
    ("setting", "locale", "expected"),
    [
        ("", "pt_BR", "pt_BR"),
        ("", "pt_PT", "pt_BR"),
        ("", "en_US", "en"),
        ("", "de_DE", "en"),
        ("en", "pt_BR", "en"),
        ("pt_BR", "en_US", "pt_BR"),
    ],
)
def test_language_follows_setting_then_system_locale(setting: str, locale: str, expected: str) -> None:
    assert i18n.resolve_language(setting, QLocale(locale)) == expected


def test_english_needs_only_its_plural_forms(qapp: QCoreApplication) -> None:
    default = QLocale()
    installed = i18n.install_translators(qapp, "en")
    try:
        assert len(installed) == 1  # postalgui_en.qm: the plural messages alone
        assert QCoreApplication.translate("CardsPage", "%n card(s)", "", 1) == "1 card"
        assert QCoreApplication.translate("MainWindow", "&Settings…") == "&Settings…"
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)  # English numbers became the default


def test_english_plural_catalog_is_compiled(tmp_path: Path) -> None:
    compiled = tmp_path / "en.qm"
    subprocess.run(
        [str(TOOLS / "pyside6-lrelease"), str(TS.with_name("postalgui_en.ts")), "-qm", str(compiled)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert compiled.read_bytes() == QM.with_name("postalgui_en.qm").read_bytes(), "recompile the .qm"
