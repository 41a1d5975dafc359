"""The quote form's presets from the office database: read in the background, following
other desks' changes, and a question (never a silent loss) when a save meets a newer change.

Two desks are two `OfficeStore`s (clerk.a, clerk.b) on one database, SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import SimpleNamespace

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from sqlalchemy.engine import URL

from postalgui.gui.desk import Desk
from postalgui.gui.dialogs.conflict_question import ConflictQuestion
from postalgui.gui.tabs.price.quote_form import QuoteForm
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.price.preset_store import PresetStore
from postalgui.services.price.price_settings import OriginPreset, PriceSettings
from postalgui.services.settings import Settings
from postalgui.store.office import OfficeStore
from tests.feature_ports import price_service, settings_port

WAIT_MS = 5_000
LOJA = OriginPreset(name="Loja", cep="01310100")


@pytest.fixture
def desks(office_url_for_test: URL) -> Iterator[tuple[OfficeStore, OfficeStore]]:
    first = OfficeStore(office_url_for_test, author="clerk.a")
    second = OfficeStore(office_url_for_test, author="clerk.b")
    yield first, second
    first.close()
    second.close()


OpenForm = Callable[[OfficeStore, PriceSettings], QuoteForm]


@pytest.fixture
def open_form(qtbot: QtBot) -> Iterator[OpenForm]:
    """Quote forms reading their presets from a store as the Prices tab wires them, their
    tasks on a runner with no sandbox behind it (shut down after the test)."""
    runner = TaskRunner()
    frames: list[QWidget] = []  # qtbot holds widgets weakly

    def build(store: OfficeStore, prices: PriceSettings) -> QuoteForm:
        office = SimpleNamespace(store=lambda: store)  # what the change feed is asked of
        service = price_service(
            settings=settings_port(Settings(prices=prices)),
            office=lambda: office,
            presets=lambda: PresetStore(store),
        )
        frame = QWidget()
        qtbot.addWidget(frame)
        frames.append(frame)
        form = QuoteForm(prices, frame)
        form.presets.use_desk(Desk(service, runner, MessageArea(frame)))
        frame.show()  # the presets are read once the form is on screen
        return form

    yield build
    assert runner.shutdown(15000), "background tasks did not end"


def menu_actions(form: QuoteForm) -> dict[str, QAction]:
    form.origin_menu.aboutToShow.emit()
    return {action.text(): action for action in form.origin_menu.actions()}


def test_presets_load_in_the_background_then_follow_another_desks_changes(
    desks: tuple[OfficeStore, OfficeStore], open_form: OpenForm, qtbot: QtBot
) -> None:
    a, b = desks
    prices = PriceSettings(origin_presets=[LOJA])
    form = open_form(a, prices)
    assert form.package_combo.itemText(0) == "(loading presets…)"  # nothing read on the GUI thread
    assert "Loading saved origins…" in menu_actions(form)
    with qtbot.waitSignal(form.presets.presetsLoaded, timeout=WAIT_MS):
        pass
    assert form.package_combo.itemText(0) == "(choose a preset)"
    assert [form.package_combo.itemText(i) for i in range(1, form.package_combo.count())] == [
        p.name for p in prices.package_presets
    ]  # the settings' presets went into the office database, once
    assert "Loja — 01310-100" in menu_actions(form)

    other = b if a.shared else a  # on SQLite a desk hears its own file's writes
    PresetStore(other).save("origin", OriginPreset(name="CD", cep="70002900"), None)
    qtbot.waitUntil(lambda: "CD — 70002-900" in menu_actions(form), timeout=2_000)

    assert a.feed._subscribers  # following the office's changes...
    form.deleteLater()
    qtbot.waitUntil(lambda: not a.feed._subscribers, timeout=WAIT_MS)  # ...until the form goes


@pytest.mark.usefixtures("each_language")
def test_saving_over_another_desks_change_asks_and_overwrite_keeps_mine(
    desks: tuple[OfficeStore, OfficeStore],
    open_form: OpenForm,
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    each_language: str,
) -> None:
    a, b = desks
    form = open_form(a, PriceSettings(origin_presets=[LOJA]))
    with qtbot.waitSignal(form.presets.presetsLoaded, timeout=WAIT_MS):
        pass
    (opened,) = PresetStore(b).list("origin")
    theirs = PresetStore(b).save("origin", OriginPreset(name="Loja", cep="20040020"), opened.version)

    form.origin_edit.setText("70002-900")
    monkeypatch.setattr("PySide6.QtWidgets.QInputDialog.getText", lambda *args, **kwargs: ("Loja", True))
    with qtbot.waitSignal(form.presets.conflictAsked, timeout=WAIT_MS) as asked:
        menu_actions(form)[
            "Salvar esta origem…" if each_language == "pt_BR" else "Save this origin…"
        ].trigger()
    question = asked.args[0]
    assert isinstance(question, ConflictQuestion)
    at = theirs.updated_at.astimezone().strftime("%H:%M")
    if each_language == "pt_BR":
        assert (
            question.text()
            == f"A predefinição “Loja” foi alterada por clerk.b às {at} depois que você a abriu."
        )
        assert question.overwrite_button.text().replace("&", "") == "Sobrescrever"
    else:
        assert question.text() == f"The preset “Loja” was changed by clerk.b at {at} after you opened it."
        assert question.reload_button.text().replace("&", "") == "Reload"
    (kept,) = PresetStore(a).list("origin")
    assert (kept.preset.cep, kept.updated_by) == ("20040020", "clerk.b")  # nothing written yet

    question.overwrite_button.click()
    qtbot.waitUntil(lambda: PresetStore(b).list("origin")[0].preset.cep == "70002900", timeout=WAIT_MS)
    (mine,) = PresetStore(b).list("origin")
    assert (mine.updated_by, mine.version) == ("clerk.a", theirs.version + 1)


def test_reload_takes_theirs_and_cancel_deletes_nothing(
    desks: tuple[OfficeStore, OfficeStore], open_form: OpenForm, qtbot: QtBot
) -> None:
    a, b = desks
    form = open_form(a, PriceSettings(origin_presets=[LOJA]))
    with qtbot.waitSignal(form.presets.presetsLoaded, timeout=WAIT_MS):
        pass
    remove = next(action for action in menu_actions(form).values() if action.menu() is not None)
    (remove_loja,) = remove.menu().actions()
    PresetStore(b).save("origin", OriginPreset(name="Loja", cep="20040020"), 1)

    with qtbot.waitSignal(form.presets.conflictAsked, timeout=WAIT_MS) as asked:
        remove_loja.trigger()
    asked.args[0].cancel_button.click()
    assert [p.preset.cep for p in PresetStore(b).list("origin")] == ["20040020"]

    PresetStore(b).save("origin", OriginPreset(name="Loja", cep="05311900"), 2)
    with qtbot.waitSignal(form.presets.conflictAsked, timeout=WAIT_MS) as asked:
        remove_loja.trigger()
    with qtbot.waitSignal(form.presets.presetsLoaded, timeout=WAIT_MS):
        asked.args[0].reload_button.click()
    assert form.presets.origins == [OriginPreset(name="Loja", cep="05311900")]
    assert [p.preset.cep for p in PresetStore(b).list("origin")] == ["05311900"]
