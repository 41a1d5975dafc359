"""The Prices tab's delivery times against the shared sandbox: the deadline columns beside
every price, "must arrive by", handling days, and a card without API 35 still pricing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QDate, Qt
from pytestqt.qtbot import QtBot

from postalgui.gui.tabs.price import PriceTab
from postalgui.gui.tabs.price.results_model import Column
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from tests.gui.test_price_tab import WAIT_MS, fill_package

SMALL_CARD = "0074512346"  # price only: no API 35


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[PriceTab]:
    widget = PriceTab(context.price, runner, MessageArea())
    qtbot.addWidget(widget)
    widget.resize(1300, 760)
    widget.show()
    qtbot.waitUntil(lambda: widget.form.services_list.count() > 0, timeout=WAIT_MS)
    return widget


def quote_with_deadlines(tab: PriceTab, qtbot: QtBot) -> None:
    fill_package(tab)
    with qtbot.waitSignal(tab.quoteFinished, timeout=WAIT_MS):
        assert tab.quote()
    model = tab.model
    rows = range(model.rowCount())
    qtbot.waitUntil(lambda: all(model.deadline(row) is not None for row in rows), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: not tab.fetching_deadlines, timeout=WAIT_MS)


def cell(tab: PriceTab, view_row: int, column: Column) -> str:
    position = tab.model.column_of(column)
    assert position is not None
    return str(tab.proxy.index(view_row, position).data())


def source_row(tab: PriceTab, code: str) -> int:
    return next(row for row in range(tab.model.rowCount()) if tab.model.result(row).query.coProduto == code)


def test_every_price_has_its_deadline_beside_it(tab: PriceTab, qtbot: QtBot) -> None:
    quote_with_deadlines(tab, qtbot)
    model = tab.model
    sedex = source_row(tab, "03220")
    outcome = model.deadline(sedex)
    assert outcome is not None
    assert outcome.reason == "ok"
    assert outcome.by is not None
    texts = {column: model.item(sedex, model.column_of(column) or 0).text() for column in Column}
    assert texts[Column.DAYS].isdigit()
    assert texts[Column.ARRIVES] == f"by {outcome.by:%a} {outcome.by:%d/%m}"
    assert texts[Column.HOME] in {"Yes", "Pick up at a branch"}
    assert texts[Column.SATURDAY] in {"Yes", "No"}
    for row in range(model.rowCount()):  # a missing deadline says why, with the operator's code
        found = model.deadline(row)
        assert found is not None
        if found.reason != "ok":
            note = model.item(row, model.column_of(Column.DEADLINE_NOTE) or 0).text()
            assert re.match(r"PRZ-\d+: ", note), note
    assert tab.model.column_of(Column.ARRIVES) == tab.model.column_of(Column.FINAL) + 1  # type: ignore[operator]


def test_must_arrive_by_marks_the_late_ones_and_sorts_the_rest_cheapest_first(
    tab: PriceTab, qtbot: QtBot
) -> None:
    quote_with_deadlines(tab, qtbot)
    model = tab.model
    dates = sorted({o.by for row in range(model.rowCount()) if (o := model.deadline(row)) and o.by})
    assert len(dates) > 1, "the sandbox's corridor model gives products different deadlines"
    limit = dates[0]
    tab.form.arrive_edit.setDate(QDate(limit.year, limit.month, limit.day))
    tab.form.arrive_check.setChecked(True)
    assert tab.form.arrive_by() == limit
    late = {row for row in range(model.rowCount()) if model.is_late(row)}
    rows = range(model.rowCount())
    expected = {row for row in rows if (o := model.deadline(row)) and o.by and o.by > limit}
    assert late == expected
    assert late
    assert all(model.item(row, 0).font().strikeOut() for row in late)
    order = [tab.proxy.mapToSource(tab.proxy.index(r, 0)).row() for r in range(tab.proxy.rowCount())]
    priced = [row for row in order if model.result(row).ok and model.result(row).response is not None]
    in_time = [row for row in priced if row not in late]
    assert priced[: len(in_time)] == in_time  # every product in time before every late one
    prices = [model.result(row).response.pcFinal for row in in_time]  # type: ignore[union-attr]
    assert prices == sorted(prices)  # type: ignore[type-var]
    # Dearest first still lists the late ones last: they are out of the question either way.
    final = model.column_of(Column.FINAL)
    assert final is not None
    tab.table.sortByColumn(final, Qt.SortOrder.DescendingOrder)
    order = [tab.proxy.mapToSource(tab.proxy.index(r, 0)).row() for r in range(tab.proxy.rowCount())]
    dearest = [row for row in order if model.result(row).ok and model.result(row).response is not None]
    assert dearest[: len(in_time)] == in_time[::-1]
    tab.table.sortByColumn(final, Qt.SortOrder.AscendingOrder)
    # The summary names the cheapest that makes it, not the cheapest of all.
    from postalgui.api.values import format_brl
    from postalgui.gui.tabs.price.deadline_texts import until_text

    assert tab.summary.text().startswith(f"Cheapest that arrives {until_text(limit)}: ")
    assert format_brl(prices[0]) in tab.summary.text()
    tab.form.arrive_check.setChecked(False)
    assert tab.summary.text().startswith("Cheapest: ")
    assert not any(model.is_late(row) for row in range(model.rowCount()))
    assert not model.item(next(iter(late)), 0).font().strikeOut()


def test_handling_days_move_the_posting_and_say_so(tab: PriceTab, context: AppContext, qtbot: QtBot) -> None:
    quote_with_deadlines(tab, qtbot)
    before = tab.model.deadline(source_row(tab, "03220"))
    tab.form.handling_spin.setValue(3)
    assert context.settings.prices.handling_days == 3
    quote_with_deadlines(tab, qtbot)
    sedex = source_row(tab, "03220")
    after = tab.model.deadline(sedex)
    assert before is not None
    assert after is not None
    assert before.by
    assert after.by
    assert after.handling_days == 3
    assert after.posted is not None
    assert after.posted > date.today()
    assert after.by > before.by
    arrives = tab.model.item(sedex, tab.model.column_of(Column.ARRIVES) or 0).text()
    assert arrives.endswith("(+3 handling days)")


def test_a_card_without_delivery_time_still_prices(tab: PriceTab, context: AppContext, qtbot: QtBot) -> None:
    settings = context.saved_settings
    profile = settings.profile().model_copy(update={"card": SMALL_CARD})
    context.apply(settings.with_profile(settings.environment, profile))
    # The note is information, gone after 8 s: a loaded machine may take longer than that
    # between the deadlines (known at once without API 35) and the last price.
    tab.messages.info_timeout_ms = 600_000
    quote_with_deadlines(tab, qtbot)
    model = tab.model
    priced = [row for row in range(model.rowCount()) if model.result(row).ok]
    assert priced, "prices work without API 35"
    note = model.column_of(Column.DEADLINE_NOTE) or 0
    assert {model.item(row, note).text() for row in range(model.rowCount())} == {"Not enabled for this card"}
    assert any("not enabled for this card" in bar.text() for bar in tab.messages.messages())


def test_deadline_texts_speak_the_ui_language(qapp: QCoreApplication) -> None:
    from postalgui.gui import i18n
    from postalgui.gui.tabs.price.deadline_texts import deadline_cells, until_text
    from postalgui.services.price.deadlines import DeadlineOutcome

    friday = date(2026, 11, 27)
    assert until_text(friday) == "by Fri 27/11"
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        assert until_text(friday) == "até sex 27/11"
        assert deadline_cells(DeadlineOutcome(0, "not_enabled"))[0][4] == "Não habilitado para este cartão"
        assert deadline_cells(DeadlineOutcome(0, "international"))[0][4] == "Internacional: não disponível"
    finally:
        i18n.remove_translators(qapp, installed)


def test_the_history_keeps_each_quotes_deadline_and_exports_it(
    tab: PriceTab, qtbot: QtBot, tmp_path: Path
) -> None:
    from postalgui.gui.tabs.price.history_panel import HistoryColumn
    from postalgui.services.price.batch_csv import DEADLINE_COLUMNS

    tab.pages.setCurrentIndex(2)  # the History page, built now: it refreshes as deadlines come in
    history = tab.history
    quote_with_deadlines(tab, qtbot)
    shown = {
        tab.model.result(row).query.coProduto: tab.model.deadline(row) for row in range(tab.model.rowCount())
    }

    def kept() -> bool:
        entries = history.entries()
        return len(entries) == len(shown) and all(entry.deadline is not None for entry in entries)

    qtbot.waitUntil(kept, timeout=WAIT_MS)
    for row, entry in enumerate(history.entries()):
        outcome = shown[entry.query.coProduto]
        assert outcome is not None
        assert entry.deadline is not None
        assert (entry.deadline.reason, entry.deadline.by, entry.deadline.error) == (
            outcome.reason,
            outcome.by,
            outcome.error,
        )
        model_row = history.proxy.mapToSource(history.proxy.index(row, 0)).row()
        arrives = history.model.index(model_row, HistoryColumn.ARRIVES).data()
        note = history.model.index(model_row, HistoryColumn.DEADLINE_NOTE).data()
        if outcome.by is not None:
            assert arrives == f"by {outcome.by:%a} {outcome.by:%d/%m}"
        else:
            assert note == str(outcome.error)
    assert history.model.headerData(HistoryColumn.ARRIVES, Qt.Orientation.Horizontal) == "Arrives"
    target = tmp_path / "history.csv"
    with qtbot.waitSignal(history.exporter.exported, timeout=WAIT_MS):
        history.export_csv(target)
    header, *lines = target.read_text(encoding="utf-8-sig").splitlines()
    assert all(title in header.split(";") for title in DEADLINE_COLUMNS)
    by_column = header.split(";").index(DEADLINE_COLUMNS[1])
    dates = {line.split(";")[1]: line.split(";")[by_column] for line in lines}
    sedex = shown["03220"]
    assert sedex is not None
    assert sedex.by is not None
    assert dates["03220"] == sedex.by.strftime("%d/%m/%Y")


def test_dates_counted_with_handling_days_go_when_the_field_goes_back_to_0(
    tab: PriceTab, context: AppContext, qtbot: QtBot
) -> None:
    tab.form.handling_spin.setValue(2)
    quote_with_deadlines(tab, qtbot)
    sedex = source_row(tab, "03220")
    arrives = tab.model.column_of(Column.ARRIVES) or 0
    assert tab.model.item(sedex, arrives).text().endswith("(+2 handling days)")
    tab.form.handling_spin.setValue(0)
    assert context.settings.prices.handling_days == 0
    assert tab.model.item(sedex, arrives).text() == ""  # no date that counts 2 days no longer there
    assert tab.model.deadline(sedex) is None
    assert tab.summary.text().startswith("Cheapest: ")


def test_a_whole_date_can_be_typed_into_must_arrive_by(tab: PriceTab, qtbot: QtBot) -> None:
    """DD/MM/AAAA typed after a click into the field, or digits only after Tab."""
    from PySide6.QtCore import QPoint

    tab.form.arrive_check.setChecked(True)
    edit = tab.form.arrive_edit
    line = edit.lineEdit()
    qtbot.mouseClick(line, Qt.MouseButton.LeftButton, pos=QPoint(line.width() // 3, line.height() // 2))
    assert edit.hasFocus()
    qtbot.waitUntil(line.hasSelectedText, timeout=1000)  # the day, selected, to type over
    qtbot.keyClicks(edit, "25/12/2030")
    assert tab.form.arrive_by() == date(2030, 12, 25)
    tab.form.arrive_check.setFocus(Qt.FocusReason.OtherFocusReason)
    edit.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClicks(edit, "05032031")
    assert tab.form.arrive_by() == date(2031, 3, 5)
    tab.form.arrive_check.setFocus(Qt.FocusReason.OtherFocusReason)
    edit.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClicks(edit, "7/4/2032")
    assert tab.form.arrive_by() == date(2032, 4, 7)
