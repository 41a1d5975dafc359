"""Numbers follow the language the app speaks, not the system's locale; money is always R$ 1.234,56.

The defect: with the interface in Portuguese on a machine whose locale was en_US, the
main window (built before the language was known) gave its locale to every spin box,
so "20,5" cm became 205 cm, "150,50" became R$ 15.050,00 and 1500 g showed "1,500 g".
Here the frame is built with the "system" locale as the default, then the language is
installed (as `run_gui` does), then the form is built inside that frame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.values import format_brl
from postalgui.gui import i18n
from postalgui.gui.models.formatting import format_grams, format_measure
from postalgui.gui.tabs.price.quote_form import QuoteForm
from postalgui.gui.widgets.number_input import (
    ENGLISH_FORM,
    PORTUGUESE_FORM,
    GramsSpinBox,
    MeasureSpinBox,
    Plausible,
    Understood,
    understand,
)
from postalgui.services.price.price_settings import PriceSettings

SIZES = Plausible(Decimal(1), Decimal(200))
GRAMS = Plausible(Decimal(1), Decimal(30_000), whole=True)

FormFactory = Callable[[str, str], QuoteForm]


@pytest.fixture
def form_in(qapp: QCoreApplication, qtbot: QtBot) -> Iterator[FormFactory]:
    """``form_in(language, system)``: a quote form speaking ``language`` on a ``system`` machine."""
    default = QLocale()
    installed: list[object] = []
    frames: list[QWidget] = []  # qtbot holds widgets weakly

    def build(language: str, system: str) -> QuoteForm:
        QLocale.setDefault(QLocale(system))
        frame = QWidget()  # the main window: built before the language is known
        qtbot.addWidget(frame)
        frames.append(frame)
        assert frame.locale().name() == system
        translators = i18n.install_translators(qapp, language)
        installed.append(translators)
        form = QuoteForm(PriceSettings(), frame)
        form.format_combo.setCurrentIndex(form.format_combo.findData("2"))
        return form

    yield build
    for translators in installed:
        i18n.remove_translators(qapp, translators)  # type: ignore[arg-type]
    QLocale.setDefault(default)


def type_into(qtbot: QtBot, spin: QWidget, text: str, *, finish: bool = False) -> None:
    """Replace the box's text by ``text`` as typed keys; ``finish`` presses Enter."""
    spin.lineEdit().selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(spin, text)
    if finish:
        qtbot.keyClick(spin, Qt.Key.Key_Return)


# --- the language at start -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("setting", "system", "expected"),
    [
        ("", "C", "pt_BR"),
        ("", "POSIX", "pt_BR"),
        ("", "", "pt_BR"),
        ("", "pt_BR", "pt_BR"),
        ("", "pt_PT", "pt_BR"),
        ("", "en_US", "en"),
        ("", "en_GB", "en"),
        ("", "de_DE", "en"),
        ("en", "C", "en"),
        ("pt_BR", "en_US", "pt_BR"),
    ],
)
def test_a_locale_naming_no_language_starts_in_portuguese(setting: str, system: str, expected: str) -> None:
    assert i18n.resolve_language(setting, QLocale(system)) == expected


@pytest.mark.parametrize(("language", "locale"), [("pt_BR", "pt_BR"), ("en", "en_US")])
def test_installing_a_language_makes_its_locale_the_default(
    qapp: QCoreApplication, language: str, locale: str
) -> None:
    default = QLocale()
    QLocale.setDefault(QLocale("de_DE" if language == "en" else "en_US"))
    installed = i18n.install_translators(qapp, language)
    try:
        assert QLocale().name() == locale
        assert i18n.ui_language() == language
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)


# --- the reading rule ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "form", "expected"),
    [
        ("20,5", PORTUGUESE_FORM, Understood(Decimal("20.5"))),
        ("20.5", ENGLISH_FORM, Understood(Decimal("20.5"))),
        ("20", ENGLISH_FORM, Understood(Decimal(20))),
        # the other language's form, read the only way it can be, and said
        ("20.5", PORTUGUESE_FORM, Understood(Decimal("20.5"), say=True)),
        ("20,5", ENGLISH_FORM, Understood(Decimal("20.5"), say=True)),
        # two readings: fifteen hundred cm is no parcel, one and a half is
        ("1.500", PORTUGUESE_FORM, Understood(Decimal("1.5"), say=True)),
        ("1,500", ENGLISH_FORM, Understood(Decimal("1.5"), say=True)),
        # two plausible readings: the language's wins, and is said
        ("1.050", ENGLISH_FORM, Understood(Decimal("1.05"), say=True)),
        ("abc", PORTUGUESE_FORM, Understood(None)),
        ("1,2,3", PORTUGUESE_FORM, Understood(None)),
    ],
)
def test_sizes_are_read_in_the_language_and_a_second_reading_is_said(
    text: str, form: object, expected: Understood
) -> None:
    assert understand(text, form, SIZES) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "form", "expected"),
    [
        ("1.500", PORTUGUESE_FORM, Understood(Decimal(1500))),  # grams are whole: one reading
        ("1,500", ENGLISH_FORM, Understood(Decimal(1500))),
        ("1,500", PORTUGUESE_FORM, Understood(Decimal(1500), say=True)),
        ("1.500", ENGLISH_FORM, Understood(Decimal(1500), say=True)),
        ("1,5", PORTUGUESE_FORM, Understood(None)),  # one and a half grams is never meant
    ],
)
def test_weights_are_whole_grams(text: str, form: object, expected: Understood) -> None:
    assert understand(text, form, GRAMS) == expected  # type: ignore[arg-type]


def test_kilograms_become_grams() -> None:
    assert understand("1,5", PORTUGUESE_FORM, GRAMS, Decimal(1000)) == Understood(Decimal(1500))
    assert understand("1.5", ENGLISH_FORM, GRAMS, Decimal(1000)) == Understood(Decimal(1500))


# --- the quote form: Portuguese on an English machine ----------------------------------------


def test_portuguese_on_an_english_machine_reads_decimal_commas(form_in: FormFactory, qtbot: QtBot) -> None:
    form = form_in("pt_BR", "en_US")
    type_into(qtbot, form.length_spin, "20,5")
    type_into(qtbot, form.declared_spin, "150,50")
    form.weight_spin.setValue(1500)

    assert form.length_spin.value() == pytest.approx(20.5)
    assert form.length_spin.text() == "20,5 cm"
    assert form.declared_spin.value() == pytest.approx(150.50)
    assert form.declared_spin.text() == "R$ 150,50"
    assert form.weight_spin.text() == "1.500 g"
    assert form.sizes_note.isHidden(), "nothing to say"
    assert form.declared_note.isHidden()
    values = form.base_values("", None)  # what the queries are built from
    assert values["comprimento"] == Decimal("20.5")
    assert values["vlDeclarado"] == Decimal("150.50")
    assert values["psObjeto"] == 1500


def test_portuguese_form_says_what_an_ambiguous_size_was_taken_as(form_in: FormFactory, qtbot: QtBot) -> None:
    form = form_in("pt_BR", "en_US")
    type_into(qtbot, form.width_spin, "1.500", finish=True)

    assert form.width_spin.value() == pytest.approx(1.5)
    assert form.width_spin.text() == "1,5 cm"
    assert not form.sizes_note.isHidden()
    assert form.sizes_note.text() == "Largura: entendido: 1,5 cm"


def test_portuguese_form_takes_english_decimal_points_and_says_so(form_in: FormFactory, qtbot: QtBot) -> None:
    form = form_in("pt_BR", "en_US")
    type_into(qtbot, form.height_spin, "20.5", finish=True)
    assert form.height_spin.value() == pytest.approx(20.5)
    assert form.sizes_note.text() == "Altura: entendido: 20,5 cm"

    form.height_spin.setValue(10)  # a preset or a history re-run: nothing to say any more
    assert form.sizes_note.isHidden()


def test_portuguese_weights_in_grams_or_kilograms(form_in: FormFactory, qtbot: QtBot) -> None:
    form = form_in("pt_BR", "en_US")
    type_into(qtbot, form.weight_spin, "1.500", finish=True)
    assert form.weight_spin.value() == 1500
    assert form.weight_note.isHidden(), "Portuguese thousands: one reading, nothing to say"

    type_into(qtbot, form.weight_spin, "2,500", finish=True)
    assert form.weight_spin.value() == 2500
    assert form.weight_note.text() == "entendido: 2.500 g"

    type_into(qtbot, form.weight_spin, "1,5 kg", finish=True)
    assert form.weight_spin.value() == 1500
    assert form.weight_note.text() == "entendido: 1.500 g"


def test_a_weight_that_cannot_be_read_is_said_and_stops_the_quote(form_in: FormFactory, qtbot: QtBot) -> None:
    form = form_in("pt_BR", "en_US")
    form.weight_spin.setValue(300)
    type_into(qtbot, form.weight_spin, "2,5")  # Enter's shortcut may quote before the box takes it
    problems = {problem.field: problem.message for problem in form.required_problems()}
    expected = "“2,5” não é um peso: digite gramas inteiros (1500) ou quilos (1,5 kg)"
    assert problems["psObjeto"] == expected

    qtbot.keyClick(form.weight_spin, Qt.Key.Key_Return)
    assert form.weight_spin.text() == "2 g", "the box shows what it holds"
    assert form.weight_note.text() == expected
    assert "psObjeto" not in {problem.field for problem in form.required_problems()}


# --- the quote form: English on a Brazilian machine ------------------------------------------


def test_english_form_on_a_brazilian_machine_reads_decimal_points(form_in: FormFactory, qtbot: QtBot) -> None:
    form = form_in("en", "pt_BR")
    type_into(qtbot, form.length_spin, "20.5")
    form.weight_spin.setValue(1500)

    assert form.length_spin.value() == pytest.approx(20.5)
    assert form.length_spin.text() == "20.5 cm"
    assert form.weight_spin.text() == "1,500 g"
    assert form.sizes_note.isHidden()


def test_english_form_shows_money_in_brazilian_form(form_in: FormFactory, qtbot: QtBot) -> None:
    form = form_in("en", "en_US")
    form.declared_spin.setValue(200)
    assert form.declared_spin.text() == "R$ 200,00"

    type_into(qtbot, form.declared_spin, "1.234,56", finish=True)
    assert form.declared_spin.value() == pytest.approx(1234.56)
    assert form.declared_spin.text() == "R$ 1.234,56"
    assert form.declared_note.isHidden(), "Brazilian form: one reading"

    type_into(qtbot, form.declared_spin, "150.50", finish=True)
    assert form.declared_spin.value() == pytest.approx(150.50)
    assert form.declared_spin.text() == "R$ 150,50"
    assert form.declared_note.text() == "understood: R$ 150,50"


# --- displays --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "grams", "size"),
    [("pt_BR", "1.500 g", "20,5"), ("en", "1,500 g", "20.5")],
)
def test_displays_follow_the_language_and_money_stays_brazilian(
    qapp: QCoreApplication, language: str, grams: str, size: str
) -> None:
    default = QLocale()
    QLocale.setDefault(QLocale("en_US" if language == "pt_BR" else "pt_BR"))  # the system's
    installed = i18n.install_translators(qapp, language)
    try:
        assert format_grams(1500) == grams
        assert format_measure(Decimal("20.50")) == size
        assert format_brl(Decimal("1234.56")) == "R$ 1.234,56"
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)


def test_boxes_built_for_a_language_read_it_whatever_their_parent_says(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.setLocale(QLocale("en_US"))
    size = MeasureSpinBox(parent, language="pt_BR")
    weight = GramsSpinBox(parent, language="pt_BR")
    weight.setRange(0, 300_000)
    weight.setGroupSeparatorShown(True)
    weight.setValue(12_500)
    assert size.locale().name() == "pt_BR"
    assert weight.text() == "12.500"


@pytest.mark.parametrize("text", ["1,5 kg", "1,5kg", "1,5 KG g", "1.500 g", "1500g", "1.500"])
def test_weight_units_as_typed(qtbot: QtBot, text: str) -> None:
    weight = GramsSpinBox(language="pt_BR")
    qtbot.addWidget(weight)
    weight.setRange(0, 300_000)
    weight.setSuffix(" g")
    assert weight.understand(text).value == Decimal(1500)


def test_the_frame_built_before_the_language_takes_its_locale(
    monkeypatch: pytest.MonkeyPatch, qapp: QCoreApplication
) -> None:
    """`run_gui` builds the frame with the system's locale, then gives it the language's."""
    from PySide6.QtWidgets import QMessageBox

    from postalgui.gui import app as gui_app

    default = QLocale()
    QLocale.setDefault(QLocale("en_US"))  # the system's
    given: list[str] = []

    class Frame(gui_app.MainWindow):  # type: ignore[misc,name-defined]
        def setLocale(self, locale: QLocale) -> None:
            given.append(locale.name())
            super().setLocale(locale)

    def portuguese(app: QCoreApplication, language: str) -> list[object]:
        del app, language
        QLocale.setDefault(QLocale("pt_BR"))
        return []

    monkeypatch.setenv("POSTALGUI_ENV", "moon")  # stops right after the language is set up
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: QMessageBox.StandardButton.Ok)
    monkeypatch.setattr(i18n, "install_translators", portuguese)
    monkeypatch.setattr(gui_app, "MainWindow", Frame)
    try:
        assert gui_app.run_gui([]) == 2
    finally:
        QLocale.setDefault(default)
    assert given == ["pt_BR"]
