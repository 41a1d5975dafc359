"""The Branches tab's list model, words and unit detail, with hand-made units (no network)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from PySide6.QtCore import QObject, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.api.models.branches import Unit
from postalgui.gui.i18n import app_locale
from postalgui.gui.models.branch_words import opening_text, status_word, type_word, yes_no
from postalgui.gui.tabs.branches.detail_panel import UnitDetail, map_url
from postalgui.gui.tabs.branches.unit_model import UnitColumn, UnitModel, distance_text
from postalgui.services.branches.hours import opening_state
from postalgui.services.branches.index import BranchIndex

# Wednesday 26/11/2025 20:30 UTC: 17:30 in São Paulo (UTC-03:00), 15:30 in Rio Branco (UTC-05:00).
NOW = datetime(2025, 11, 26, 20, 30, tzinfo=UTC)

BRANCH_HOURS = {
    "funcionamento": "Segunda a Sexta",
    "iniExpediente": "09:00",
    "fimExpediente": "17:00",
    "iniAlmoco": "12:00",
    "fimAlmoco": "13:00",
    "limitePostagemSemana": "16:00",
    "iniSabado": "09:00",
    "fimSabado": "13:00",
}


def make_unit(
    mcu: str,
    nome: str,
    *,
    type_code: str = "09",
    status: str = "2",
    uf: str = "SP",
    municipio: str = "São Paulo",
    bairro: str = "Centro",
    cep: str = "01001000",
    fuso: str | None = "UTC-03:00",
    lon: float = -46.63,
    lat: float = -23.55,
    hours: dict[str, str] | None = None,
    clique: str = "N",
    **extra: Any,
) -> Unit:
    """A unit as the operator sends it (strings for coordinates, codes as text)."""
    descriptions = {"09": "AGENCIA CORREIO", "24": "PONTO DE VENDA DE PRODUTOS", "46": "LOCKER"}
    record = {
        "id": mcu,
        "nome": nome,
        "status": status,
        "tipoUnidade": {"codigo": type_code, "descricao": descriptions.get(type_code, "OUTRA"), "sigla": "X"},
        "endereco": {
            "cep": cep,
            "uf": uf,
            "municipio": municipio,
            "bairro": bairro,
            "logradouro": "Praça da Sé",
            "numero": "SN",
            "fuso": fuso,
            "longitude": str(lon),
            "latitude": str(lat),
        },
        "horarios": BRANCH_HOURS if hours is None else hours,
        "telefones": ["(11) 3003-0100"],
        "emails": ["agencia.se@correios.example"],
        "inCliqueRetire": clique,
        "inOperadorAtende": "S",
        "dhAlteracao": "2025-03-04T10:11:12.123",
        **extra,
    }
    return Unit.model_validate(record)


UNITS = [
    make_unit("00000001", "AC Sé", clique="S"),
    make_unit(
        "00000002",
        "AC Rio Branco",
        uf="AC",
        municipio="Rio Branco",
        cep="69900000",
        fuso="UTC-05:00",
        lon=-67.81,
        lat=-9.97,
    ),
    make_unit(
        "00000003",
        "Locker Paulista",
        type_code="46",
        hours={
            "iniExpediente": "00:00",
            "fimExpediente": "23:59",
            "iniSabado": "00:00",
            "fimSabado": "23:59",
            "iniDomingo": "00:00",
            "fimDomingo": "23:59",
        },
        municipio="São Paulo",
    ),
    make_unit("00000004", "Ágape Vendas", type_code="24", status="3", hours={}),
]


@pytest.fixture
def model(qapp: QApplication) -> UnitModel:
    del qapp
    built = UnitModel(now=NOW)
    built.set_units(UNITS)
    return built


def cell(model: UnitModel, mcu: str, column: UnitColumn, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
    row = next(row for row in range(model.rowCount()) if model.unit(row).id == mcu)
    return model.index(row, column).data(role)


def names(model: UnitModel) -> list[str]:
    return [model.unit(row).nome for row in range(model.rowCount())]


def test_cells_are_words_not_codes(model: UnitModel) -> None:
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Name"
    assert cell(model, "00000001", UnitColumn.TYPE) == "Branch"
    assert cell(model, "00000003", UnitColumn.TYPE) == "Locker"
    assert cell(model, "00000004", UnitColumn.TYPE) == "Sales point"
    assert cell(model, "00000001", UnitColumn.STATUS) == "Installed"
    assert cell(model, "00000004", UnitColumn.STATUS) == "Temporarily closed"
    assert (
        cell(model, "00000004", UnitColumn.STATUS, Qt.ItemDataRole.ToolTipRole)
        == "Temporarily closed — closed for now; expected to reopen"
    )
    assert cell(model, "00000001", UnitColumn.PLACE) == "São Paulo/SP"
    assert cell(model, "00000004", UnitColumn.NAME, Qt.ItemDataRole.ForegroundRole) is not None  # greyed
    assert cell(model, "00000001", UnitColumn.NAME, Qt.ItemDataRole.ForegroundRole) is None


def test_open_now_is_read_on_each_units_own_clock(model: UnitModel) -> None:
    # 17:30 in São Paulo: the branch closed at 17:00. 15:30 in Rio Branco: still open until 17:00.
    assert cell(model, "00000001", UnitColumn.OPEN_NOW) == "Closed"
    assert cell(model, "00000001", UnitColumn.CLOSES_AT) == ""
    assert cell(model, "00000002", UnitColumn.OPEN_NOW) == "Open"
    assert cell(model, "00000002", UnitColumn.CLOSES_AT) == "17:00"
    assert cell(model, "00000003", UnitColumn.CLOSES_AT) == "Open 24 hours"
    assert cell(model, "00000004", UnitColumn.OPEN_NOW) == "Closed"  # temporarily closed
    assert (
        cell(model, "00000001", UnitColumn.OPEN_NOW, Qt.ItemDataRole.ToolTipRole)
        == "Closed, opens tomorrow at 09:00"
    )
    model.set_now(datetime(2025, 11, 26, 15, 30, tzinfo=UTC))  # 12:30 in São Paulo: lunch
    assert cell(model, "00000001", UnitColumn.OPEN_NOW) == "Lunch break"


@pytest.mark.parametrize("indexed", [False, True], ids=["states", "index"])
def test_sorting_uses_native_keys_and_keeps_absent_values_last(model: UnitModel, indexed: bool) -> None:
    if indexed:  # the tab's way: open now and closes at from the index's week, not 12,000 states
        model.set_units(UNITS, None, BranchIndex(UNITS))
    model.sort(UnitColumn.OPEN_NOW, Qt.SortOrder.AscendingOrder)
    assert names(model) == ["AC Rio Branco", "Locker Paulista", "AC Sé", "Ágape Vendas"]
    model.sort(UnitColumn.NAME, Qt.SortOrder.AscendingOrder)
    assert names(model) == ["AC Rio Branco", "AC Sé", "Ágape Vendas", "Locker Paulista"]  # accents fold
    model.sort(UnitColumn.CLOSES_AT, Qt.SortOrder.AscendingOrder)
    assert names(model)[:2] == ["AC Rio Branco", "Locker Paulista"]  # 90 min, then never
    model.sort(UnitColumn.DISTANCE, Qt.SortOrder.AscendingOrder)
    model.set_distances([5.0, 2500.0, 0.4, float("nan")])
    assert names(model) == ["Locker Paulista", "AC Sé", "AC Rio Branco", "Ágape Vendas"]
    assert cell(model, "00000003", UnitColumn.DISTANCE) == "400 m"
    assert cell(model, "00000004", UnitColumn.DISTANCE) == ""
    model.sort(UnitColumn.DISTANCE, Qt.SortOrder.DescendingOrder)
    assert names(model)[-1] == "Ágape Vendas"


def test_a_filter_keeps_the_sort_order(model: UnitModel) -> None:
    model.sort(UnitColumn.NAME, Qt.SortOrder.DescendingOrder)
    model.set_rows([0, 1, 3])
    assert names(model) == ["Ágape Vendas", "AC Sé", "AC Rio Branco"]
    assert model.row_of_position(2) is None
    assert model.shown_units()[0].id == "00000004"


def test_the_model_passes_the_model_tester(model: UnitModel, qtmodeltester: ModelTester) -> None:
    model.set_distances([1.0, 2.0, 3.0, 4.0])
    qtmodeltester.check(model)
    model.sort(UnitColumn.PLACE, Qt.SortOrder.AscendingOrder)
    model.set_rows([1, 2])
    qtmodeltester.check(model)


def test_distance_words(qapp: QApplication) -> None:
    del qapp
    assert distance_text(12.34) == f"12{app_locale().decimalPoint()}3 km"  # as the interface speaks
    assert distance_text(0.25) == "250 m"
    assert distance_text(None) == ""


def test_words_for_codes_and_opening(qapp: QApplication) -> None:
    del qapp
    assert status_word("5") == "Closing down"
    assert status_word("9") == "Status 9"
    assert type_word("12") == "Community branch"
    unknown = make_unit("00000009", "X", type_code="77")
    assert type_word(unknown) == "Outra"  # the operator's own words, not shouted, never "77"
    assert yes_no(True) == "Yes"
    friday_night = datetime(2025, 11, 28, 23, 0, tzinfo=UTC)  # Friday 20:00 in São Paulo
    unit = UNITS[0]
    state = opening_state(unit.horarios, unit.endereco.fuso, friday_night)
    assert opening_text(state, friday_night) == "Closed, opens tomorrow at 09:00"
    saturday_afternoon = datetime(2025, 11, 29, 18, 0, tzinfo=UTC)
    state = opening_state(unit.horarios, unit.endereco.fuso, saturday_afternoon)
    assert opening_text(state, saturday_afternoon) == "Closed, opens monday at 09:00"
    morning = datetime(2025, 11, 26, 13, 0, tzinfo=UTC)  # 10:00 in São Paulo
    state = opening_state(unit.horarios, unit.endereco.fuso, morning)
    assert opening_text(state, morning) == "Open now, closes at 12:00"


def test_detail_shows_the_unit_in_words(qtbot: QtBot) -> None:
    detail = UnitDetail()
    qtbot.addWidget(detail)
    assert not detail.copy_button.isEnabled()
    detail.show_unit(UNITS[1], NOW)
    assert detail.title_label.text() == "AC Rio Branco"
    assert detail.opening_label.text() == "Open now, closes at 17:00"
    assert detail.type_value.text() == "Branch"
    assert detail.status_value.text() == "Installed — working normally"
    assert detail.address_value.text().splitlines() == [
        "Praça da Sé, no number",
        "Centro",
        "Rio Branco – AC",
        "CEP 69900-000",
    ]
    assert detail.phones_value.text() == "(11) 3003-0100"
    assert detail.weekdays_value.text() == "09:00 to 17:00"
    assert detail.lunch_value.text() == "12:00 to 13:00"
    assert detail.saturday_value.text() == "09:00 to 13:00"
    assert detail.sunday_value.text() == "Closed"
    assert detail.posting_value.text() == "16:00"
    assert "Clique e Retire (pick-up of online purchases): No" in detail.services_value.text()
    assert detail.zone_value.text() == "UTC-05:00"
    assert detail.changed_value.text() == "04/03/2025"

    detail.show_unit(UNITS[2], NOW)
    assert detail.opening_label.text() == "Open 24 hours"
    assert detail.sunday_value.text() == "Open 24 hours"


class UrlCatcher(QObject):
    """Qt's own hook for "open this address": what the browser would have been asked to show."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[QUrl] = []

    @Slot(QUrl)
    def open_url(self, url: QUrl) -> None:
        self.opened.append(url)


@pytest.fixture
def browser() -> Iterator[UrlCatcher]:
    catcher = UrlCatcher()
    QDesktopServices.setUrlHandler("https", catcher, "open_url")
    yield catcher
    QDesktopServices.unsetUrlHandler("https")
    catcher.deleteLater()


def test_copy_address_and_open_in_a_map_website(qtbot: QtBot, browser: UrlCatcher) -> None:
    opened = browser.opened
    detail = UnitDetail()
    qtbot.addWidget(detail)
    detail.show_unit(UNITS[0], NOW)
    with qtbot.waitSignal(detail.addressCopied):
        detail.copy_button.click()
    assert (
        QApplication.clipboard().text()
        == "AC Sé\nPraça da Sé, no number\nCentro\nSão Paulo – SP\nCEP 01001-000"
    )
    detail.map_button.click()
    assert [url.toString() for url in opened] == [
        "https://www.openstreetmap.org/?mlat=-23.550000&mlon=-46.630000#map=17/-23.550000/-46.630000"
    ]
    no_place = make_unit("00000005", "Sem lugar", lon=999.0, lat=999.0)
    assert map_url(no_place).toString().startswith("https://www.openstreetmap.org/search?query=")


@pytest.mark.parametrize(
    ("status", "word"), [("3", "Temporarily closed"), ("4", "Closed down"), ("5", "Closing down")]
)
def test_a_unit_shut_by_its_status_is_closed_in_the_list_and_the_detail(
    qtbot: QtBot, status: str, word: str
) -> None:
    # 15:30 in Rio Branco: inside its hours, but its status keeps it shut.
    shut = make_unit("00000009", "AC Acre", status=status, uf="AC", municipio="Rio Branco", fuso="UTC-05:00")
    units = [UNITS[1], shut]
    built = UnitModel(now=NOW)
    built.set_units(units, index=BranchIndex(units))
    assert cell(built, "00000002", UnitColumn.OPEN_NOW) == "Open"
    assert cell(built, "00000009", UnitColumn.OPEN_NOW) == "Closed"
    assert cell(built, "00000009", UnitColumn.CLOSES_AT) == ""
    assert cell(built, "00000009", UnitColumn.OPEN_NOW, Qt.ItemDataRole.ToolTipRole) == f"Closed: {word}"
    built.sort(UnitColumn.CLOSES_AT, Qt.SortOrder.AscendingOrder)
    assert names(built) == ["AC Rio Branco", "AC Acre"]
    detail = UnitDetail()
    qtbot.addWidget(detail)
    detail.show_unit(shut, NOW)
    assert detail.opening_label.text() == f"Closed: {word}"
    assert detail.weekdays_value.text() == "09:00 to 17:00"  # the hours are still shown


def test_a_unit_without_fuso_is_on_its_states_clock(qtbot: QtBot) -> None:
    manaus = make_unit("00000010", "AC Manaus", uf="AM", municipio="Manaus", fuso=None)
    detail = UnitDetail()
    qtbot.addWidget(detail)
    detail.show_unit(manaus, NOW)  # 16:30 in Manaus: open until 17:00
    assert detail.opening_label.text() == "Open now, closes at 17:00"
    assert detail.zone_value.text() == "UTC-04:00 (not given; the state's time assumed)"
    detail.show_unit(make_unit("00000011", "AC Sé", fuso=None), NOW)
    assert detail.zone_value.text() == "UTC-03:00 (not given; Brasília time assumed)"
