"""Notes and inline errors keep their room: nothing below them moves when they come or go.

A row that moved under the pointer made the next click land on the wrong row; each case
records where a widget below the note or error is, shows the note or error, hides it
again, and finds the widget where it was every time.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QPoint, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui import i18n
from postalgui.gui.tabs.attendance.register_form import RegistrationForm
from postalgui.gui.tabs.price.quote_form import QuoteForm
from postalgui.gui.tasks import TaskRunner
from postalgui.services.price.price_settings import PriceSettings
from tests.gui.test_attendance_tab import FakeAttendanceService, alone, bare_runner
from tests.gui.test_number_locale import type_into

__all__ = ["bare_runner"]  # the attendance tests' fixture, used here too


def _top(widget: QWidget, frame: QWidget) -> int:
    return widget.mapTo(frame, QPoint(0, 0)).y()


@pytest.fixture
def portuguese_form(qapp: QCoreApplication, qtbot: QtBot) -> Iterator[tuple[QWidget, QuoteForm]]:
    """The quote form in Portuguese on an English machine (where notes are said), shown."""
    default = QLocale()
    QLocale.setDefault(QLocale("en_US"))
    translators = i18n.install_translators(qapp, "pt_BR")
    frame = QWidget()
    qtbot.addWidget(frame)
    form = QuoteForm(PriceSettings(), frame)
    form.format_combo.setCurrentIndex(form.format_combo.findData("2"))
    form.resize(520, form.sizeHint().height())
    frame.resize(520, form.height())
    frame.show()
    qtbot.waitExposed(frame)
    yield frame, form
    i18n.remove_translators(qapp, translators)
    QLocale.setDefault(default)


def test_understood_notes_move_no_row_below_them(
    portuguese_form: tuple[QWidget, QuoteForm], qtbot: QtBot
) -> None:
    frame, form = portuguese_form
    below = (form.length_spin, form.declared_spin)
    before = [_top(widget, frame) for widget in below]

    type_into(qtbot, form.weight_spin, "2,500", finish=True)  # "entendido: 2.500 g"
    type_into(qtbot, form.width_spin, "1.500", finish=True)  # "Largura: entendido: 1,5 cm"
    qtbot.waitUntil(lambda: form.weight_note.isVisible() and form.sizes_note.isVisible())
    assert [_top(widget, frame) for widget in below] == before

    form.weight_spin.setValue(300)
    form.width_spin.setValue(10)
    qtbot.waitUntil(lambda: form.weight_note.isHidden() and form.sizes_note.isHidden())
    assert [_top(widget, frame) for widget in below] == before


def test_an_inline_error_moves_no_row_below_it(qtbot: QtBot, bare_runner: TaskRunner) -> None:
    service = FakeAttendanceService()
    window, form = alone(RegistrationForm, qtbot, service, bare_runner)
    assert isinstance(form, RegistrationForm)
    form.set_code_text("http://127.0.0.1:9/ster?codigoOperador=" + "A" * 400)
    before = _top(form.register_button, window)
    form.tax_id_edit.setText("529.982.247-24")  # bad check digits
    with qtbot.waitSignal(form.invalid, timeout=5000):
        qtbot.mouseClick(form.register_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(form.problems_label.isVisible)
    assert _top(form.register_button, window) == before
