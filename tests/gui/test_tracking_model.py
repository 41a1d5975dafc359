"""The Tracking table's model, filters and counters over a hand-made watchlist.

What the clerk reads: statuses in words (pt and en), days late as numbers sorted as
numbers, the late-only, tag, status and text filters, and counters that filter to
their objects when clicked.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QTableView
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.gui.models.formatting import error_colour
from postalgui.gui.tabs.tracking.add_dialog import AddDialog
from postalgui.gui.tabs.tracking.counters import Counters
from postalgui.gui.tabs.tracking.filters import FilterBar
from postalgui.gui.tabs.tracking.notifier import alert_message
from postalgui.gui.tabs.tracking.object_index import Counter, Criteria, ObjectIndex
from postalgui.gui.tabs.tracking.object_model import ObjectColumn, ObjectModel
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.status import Problem, Status
from postalgui.services.tracking.watchlist import LATE, Alert

TODAY = date(2026, 11, 26)


def watched(code: str, status: Status | None, **values: object) -> WatchedObject:
    return WatchedObject(code=code, status=status, **values)  # type: ignore[arg-type]


OBJECTS = [
    watched(
        "DG049186226BR",
        Status.AWAITING_PICKUP,
        tag="Loja São Paulo",
        last_event="Objeto aguardando retirada no endereço indicado",
        last_place="Campinas/SP",
        last_at=datetime(2026, 11, 24, 9, 30),
        pickup_until=datetime(2026, 12, 3, 18, 0),
        expected_on=date(2026, 11, 25),
        arrived_on=date(2026, 11, 24),
    ),
    watched(
        "AA000000005BR",
        Status.IN_TRANSIT,
        tag="Pedido 7",
        last_event="Objeto em trânsito - por favor aguarde",
        last_place="São José dos Campos/SP",
        expected_on=date(2026, 11, 23),
    ),
    watched(
        "AB000000015BR",
        Status.DELIVERED,
        last_event="Objeto entregue ao destinatário",
        expected_on=date(2026, 11, 10),
        arrived_on=date(2026, 11, 20),
    ),
    watched("AC000000025BR", Status.PROBLEM, problem=Problem.LOST, final=True, tag="Pedido 7"),
    watched("AD000000035BR", Status.RETURNED, final=True),
    watched("AE000000045BR", Status.POSTED, expected_on=TODAY),
    watched("AF000000055BR", None),
]


@pytest.fixture
def index() -> ObjectIndex:
    return ObjectIndex(OBJECTS, TODAY)


def shown(model: ObjectModel, column: ObjectColumn) -> list[str]:
    return [model.data(model.index(row, column)) for row in range(model.rowCount())]


def test_the_model_passes_the_model_tester(qtmodeltester: ModelTester, index: ObjectIndex) -> None:
    model = ObjectModel()
    model.set_index(index)
    qtmodeltester.check(model)


@pytest.mark.usefixtures("each_language")
def test_statuses_and_days_late_read_as_words(
    index: ObjectIndex, each_language: str, desk_zone: Callable[[str], None]
) -> None:
    desk_zone("America/Sao_Paulo")  # a desk in Brasília reads the operator's times as written
    model = ObjectModel()
    model.set_index(index)
    statuses = shown(model, ObjectColumn.STATUS)
    days = shown(model, ObjectColumn.DAYS_LATE)
    if each_language == "pt_BR":
        assert statuses == [
            "Aguardando retirada até 03/12",
            "Em trânsito",
            "Entregue",
            "Problema: extraviado",
            "Devolvido ao remetente",
            "Postado",
            "Ainda não consultado",
        ]
        assert days == ["", "3 (em atraso)", "10", "", "", "", ""]
        assert model.headerData(ObjectColumn.DAYS_LATE, Qt.Orientation.Horizontal) == "Dias de atraso"
    else:
        assert statuses[:4] == [
            "Waiting at a branch until 03/12",
            "In transit",
            "Delivered",
            "Problem: lost",
        ]
        assert days == ["", "3 (overdue)", "10", "", "", "", ""]
    assert shown(model, ObjectColumn.SINCE)[0] == "24/11/2026 09:30"
    assert shown(model, ObjectColumn.EXPECTED)[0] == "25/11/2026"
    for status in Status:  # never a raw code where words are expected
        model.set_index(ObjectIndex([watched("AA000000005BR", status)], TODAY))
        assert shown(model, ObjectColumn.STATUS)[0] not in {status.value, ""}


def test_late_rows_stand_out_in_red_with_a_warning_icon(
    qtbot: QtBot, index: ObjectIndex, each_language: str
) -> None:
    """Issue 37: a late row was only a number in the last column. Rows 1 (overdue) and 2
    (delivered late) are late; the others keep the view's colours and no icon."""
    model = ObjectModel()
    model.set_index(index)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    late = {model.watched(row).code for row in range(model.rowCount()) if index.lateness[row].late}
    assert late == {"AA000000005BR", "AB000000015BR"}
    for row in range(model.rowCount()):
        code = model.watched(row).code
        colour = model.data(model.index(row, ObjectColumn.STATUS), Qt.ItemDataRole.ForegroundRole)
        icon = model.data(model.index(row, ObjectColumn.CODE), Qt.ItemDataRole.DecorationRole)
        if code in late:
            assert colour == error_colour()
            assert isinstance(icon, QIcon)
            assert not icon.isNull()
            assert model.data(model.index(row, ObjectColumn.TAG), Qt.ItemDataRole.DecorationRole) is None
        else:
            assert colour is None
            assert icon is None
    row = model.row_of_code("AA000000005BR")
    assert row is not None
    tip = model.data(model.index(row, ObjectColumn.CODE), Qt.ItemDataRole.ToolTipRole)
    said = {"en": "Overdue: 3 days past the expected date", "pt_BR": "Em atraso: 3 dias após a data prevista"}
    assert tip == said[each_language]


def test_days_late_sort_as_numbers_and_unknown_last(index: ObjectIndex) -> None:
    many = [
        *OBJECTS,
        watched("AG000000065BR", Status.IN_TRANSIT, expected_on=date(2026, 11, 24)),
        watched("AH000000075BR", Status.IN_TRANSIT, expected_on=date(2026, 10, 26)),
    ]
    model = ObjectModel()
    model.set_index(ObjectIndex(many, TODAY))
    model.sort(ObjectColumn.DAYS_LATE, Qt.SortOrder.DescendingOrder)
    assert shown(model, ObjectColumn.DAYS_LATE)[:4] == ["31 (overdue)", "10", "3 (overdue)", "2 (overdue)"]
    model.sort(ObjectColumn.DAYS_LATE, Qt.SortOrder.AscendingOrder)
    assert shown(model, ObjectColumn.DAYS_LATE)[:4] == ["2 (overdue)", "3 (overdue)", "10", "31 (overdue)"]
    assert shown(model, ObjectColumn.DAYS_LATE)[-1] == ""


def test_filters_by_status_late_tag_and_text(index: ObjectIndex) -> None:
    codes = lambda criteria: [OBJECTS[p].code for p in index.select(criteria)]  # noqa: E731
    assert codes(Criteria(status=Status.AWAITING_PICKUP)) == ["DG049186226BR"]
    assert codes(Criteria(late_only=True)) == ["AA000000005BR", "AB000000015BR"]
    assert codes(Criteria(tag="Pedido 7")) == ["AA000000005BR", "AC000000025BR"]
    assert codes(Criteria(text="sao jose")) == ["AA000000005BR"]  # accents and case folded
    assert codes(Criteria(text="LOJA são")) == ["DG049186226BR"]
    assert codes(Criteria(text="dg0491")) == ["DG049186226BR"]
    assert codes(Criteria(text="entregue destinatario")) == ["AB000000015BR"]
    assert codes(Criteria(text="transito", tag="Pedido 7", late_only=True)) == ["AA000000005BR"]
    assert codes(Criteria(tag="")) == ["AB000000015BR", "AD000000035BR", "AE000000045BR", "AF000000055BR"]
    assert index.tag_names() == ["Loja São Paulo", "Pedido 7"]


def test_counters_count_the_list_and_clicking_one_filters_to_it(qtbot: QtBot, index: ObjectIndex) -> None:
    counters = Counters()
    qtbot.addWidget(counters)
    counters.show_counts(index)
    assert counters.count_text(Counter.AWAITING_PICKUP) == "Waiting at a branch: 1"
    assert counters.count_text(Counter.LATE) == "Late or overdue: 2"
    assert counters.count_text(Counter.DUE_TODAY) == "Expected today: 1"
    assert counters.count_text(Counter.RETURNED) == "Returned: 1"
    assert counters.count_text(Counter.PROBLEM) == "Problem: 1"
    assert counters.count_text(Counter.TOTAL) == "Total: 7"
    bar = FilterBar()
    qtbot.addWidget(bar)
    bar.search_edit.setText("pedido")
    with qtbot.waitSignal(counters.picked):
        counters.click(Counter.LATE)
    assert counters.checked == Counter.LATE
    bar.reset()
    assert [OBJECTS[p].code for p in index.select(bar.criteria(counters.checked))] == [
        "AA000000005BR",
        "AB000000015BR",
    ]
    counters.click(Counter.DUE_TODAY)
    assert [OBJECTS[p].code for p in index.select(bar.criteria(counters.checked))] == ["AE000000045BR"]
    counters.click(Counter.DUE_TODAY)  # again: all
    assert counters.checked is None
    assert len(index.select(bar.criteria(counters.checked))) == 7


@pytest.mark.usefixtures("each_language")
def test_the_paste_box_says_what_it_found(qtbot: QtBot, each_language: str) -> None:
    dialog = AddDialog()
    qtbot.addWidget(dialog)
    dialog.paste_edit.setPlainText("Pedido 1: DG049186226BR; pedido 2 dg049186227br, AA000000005BR")
    assert dialog.found.codes == ("DG049186226BR", "AA000000005BR")
    text = dialog.found_label.text()
    if each_language == "pt_BR":
        assert text.startswith("Códigos encontrados: 2. Corrija ou apague os inválidos para adicionar (1): ")
    else:
        assert text.startswith("Codes found: 2. Fix or remove the bad ones to add them (1): ")
    assert "DG049186227BR" in text  # the bad code, and why
    assert not dialog.add_button.isEnabled()
    dialog.paste_edit.setPlainText("DG049186226BR AA000000005BR")
    assert dialog.add_button.isEnabled()


def test_several_alerts_become_one_notification() -> None:
    alerts = [
        Alert("DG049186226BR", Status.AWAITING_PICKUP.value),
        Alert("AA000000005BR", LATE),
        Alert("AB000000015BR", LATE),
        Alert("AC000000025BR", Status.AWAITING_PICKUP.value),
        Alert("AD000000035BR", LATE),
    ]
    _title, text = alert_message(alerts)
    assert text == "5 objects need attention: 2 waiting at a branch, 3 late"
    assert alert_message(alerts[:1])[1] == "DG049186226BR: Waiting at a branch"
