"""The Tracking detail: status and lateness in words, the invoice line, the timeline, the branch."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

import pytest
from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot

from postalgui.api.models.branches import Unit
from postalgui.api.models.tracking import TrackedObject
from postalgui.gui import i18n
from postalgui.gui.desk import Desk
from postalgui.gui.tabs.tracking.detail_panel import DetailPanel
from postalgui.gui.tabs.tracking.timeline_model import EventColumn
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.ports import NewObject
from postalgui.services.tracking.records import answer_values
from postalgui.services.tracking.service import TrackingService
from postalgui.services.tracking.watchlist import Watchlist

TODAY = date(2026, 11, 25)  # a Wednesday
NOW = datetime(2026, 11, 25, 14, 0, tzinfo=UTC)  # 11:00 in São Paulo
CAMPINAS = {"cidade": "Campinas", "uf": "SP"}


def _unit(code: str, name: str, place: dict[str, str]) -> dict[str, Any]:
    return {"codSro": code, "nome": name, "endereco": place}


DELIVERED_LATE = TrackedObject.model_validate(
    {
        "codObjeto": "DG049186226BR",
        "tipoPostal": {"sigla": "DG", "descricao": "SEDEX"},
        "dtPrevista": "2026-11-20T20:58:00",
        "eventos": [
            {
                "codigo": "BDE",
                "tipo": "01",
                "dtHrCriado": "2026-11-23T10:15:00",
                "descricao": "Objeto entregue ao destinatário",
                "unidade": _unit("13010972", "CDD CAMPINAS", CAMPINAS),
            },
            {
                "codigo": "RO",
                "tipo": "01",
                "dtHrCriado": "2026-11-19T08:00:00",
                "descricao": "Objeto em trânsito",
                "detalhe": "Por favor, aguarde\r\n",
                "unidade": _unit("06900001", "CTE CAJAMAR", {"cidade": "Cajamar", "uf": "SP"}),
                "unidadeDestino": _unit("13010972", "CDD CAMPINAS", CAMPINAS),
            },
            {
                "codigo": "PO",
                "tipo": "01",
                "dtHrCriado": "2026-11-18T16:00:00",
                "descricao": "Objeto postado",
                "unidade": _unit("01001000", "AC SAO PAULO", {"cidade": "São Paulo", "uf": "SP"}),
            },
        ],
    }
)
WAITING = TrackedObject.model_validate(
    {
        "codObjeto": "AA123456785BR",
        "dtPrevista": "2026-11-26T20:00:00",
        "eventos": [
            {
                "codigo": "LDI",
                "tipo": "01",
                "dtHrCriado": "2026-11-24T09:00:00",
                "descricao": "Objeto aguardando retirada no endereço indicado",
                "dtLimiteRetirada": "2026-12-01T00:00:00",
                "unidade": _unit("00012345", "AC CAMPINAS", CAMPINAS),
            }
        ],
    }
)
BRANCH = Unit.model_validate(
    {
        "id": "00012345",
        "nome": "AC CAMPINAS",
        "status": "2",
        "endereco": {
            "logradouro": "Av. Francisco Glicério",
            "numero": "1000",
            "localidade": "Campinas",
            "uf": "SP",
            "cep": "13012000",
        },
        "horarios": {"iniExpediente": "09:00", "fimExpediente": "17:00"},
    }
)


class FakeBranchLookup:
    """The Branches feature as `branch_at` reads it: a cache that knows ``BRANCH``'s query."""

    def __init__(self, tmp_path: Path) -> None:
        from postalgui.api.branches import UnitQuery
        from postalgui.services.branches.store import BranchCache

        self._cache = BranchCache(tmp_path / "branches.sqlite3")
        self._cache.replace(UnitQuery(ids=("00012345",)).key(), [BRANCH])

    def cache(self) -> Any:
        return self._cache

    def client(self) -> Any:
        raise AssertionError("the cache knows the branch: the operator is not asked")


class FakeTracking:
    """`TrackingService` as the panel uses it: a real watchlist, a fixed clock."""

    def __init__(self, tmp_path: Path) -> None:
        self.office = OfficeDatabase(tmp_path, "sandbox", author=lambda: "clerk.a")
        self.list = Watchlist(self.office)
        self._branches = FakeBranchLookup(tmp_path)

    def watchlist(self) -> Watchlist:
        return self.list

    def branches(self) -> FakeBranchLookup:
        return self._branches

    def now(self) -> datetime:
        return NOW

    def today(self) -> date:
        return TODAY

    def follow(self, item: NewObject, answer: TrackedObject) -> None:
        self.list.add([item], source="invoice")
        self.list.record({item.code: answer_values(answer, now=NOW)})


@pytest.fixture
def service(tmp_path: Path) -> Iterator[FakeTracking]:
    fake = FakeTracking(tmp_path)
    yield fake
    fake.office.close()


@pytest.fixture
def panel(qtbot: QtBot, qapp: object, service: FakeTracking) -> Iterator[DetailPanel]:
    del qapp
    runner = TaskRunner()
    messages = MessageArea()
    qtbot.addWidget(messages)
    widget = DetailPanel(Desk(cast(TrackingService, service), runner, messages))
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    yield widget
    assert runner.shutdown(15000), "background tasks did not end"


def _show(qtbot: QtBot, panel: DetailPanel, code: str) -> None:
    with qtbot.waitSignal(panel.objectShown, timeout=10000):
        panel.show_object(code)


def test_a_late_delivery_says_how_late_where_it_was_billed_and_its_timeline(
    qtbot: QtBot, panel: DetailPanel, service: FakeTracking, desk_zone: Callable[[str], None]
) -> None:
    desk_zone("America/Sao_Paulo")  # a desk in Brasília reads the operator's times as written
    service.follow(
        NewObject(
            "DG049186226BR",
            tag="Pedido 77",
            co_produto="03220",
            invoice="RE 1234567",
            invoice_amount=Decimal("1234.56"),
        ),
        DELIVERED_LATE,
    )
    _show(qtbot, panel, "DG049186226BR")
    assert panel.code_label.text() == "DG049186226BR"
    assert panel.status_label.text() == "Delivered"
    # English plural forms come from postalgui_en.qm, which the app installs (not these tests)
    assert panel.lateness_label.text() == "Delivered 3 day(s) late"
    assert panel.expected_value.text() == "20/11/2026 (the operator's date)"
    assert panel.product_value.text() == "SEDEX (code 03220)"
    assert panel.tag_value.text() == "Pedido 77"
    assert panel.invoice_value.text() == "RE 1234567 · R$ 1.234,56"
    assert panel.branch_box.isHidden()
    model = panel.timeline
    assert model.rowCount() == 3
    cell = model.index(0, EventColumn.WHEN).data()
    assert cell == "23/11/2026 10:15"  # newest first
    assert model.index(0, EventColumn.WHERE).data() == "CDD CAMPINAS, Campinas/SP"
    # The operator's detail on a line of its own under the description (its stray CR LF dropped).
    assert model.index(1, EventColumn.EVENT).data() == "Objeto em trânsito\nPor favor, aguarde"
    assert model.index(0, EventColumn.EVENT).data() == "Objeto entregue ao destinatário"
    assert model.index(1, EventColumn.HEADED_TO).data() == "CDD CAMPINAS, Campinas/SP"
    assert model.index(2, EventColumn.WHERE).data() == "AC SAO PAULO, São Paulo/SP"


def test_an_object_waiting_at_a_branch_shows_the_branch_its_hours_and_the_pickup_deadline(
    qtbot: QtBot, panel: DetailPanel, service: FakeTracking, desk_zone: Callable[[str], None]
) -> None:
    desk_zone("America/Sao_Paulo")  # a desk in Brasília reads the operator's times as written
    service.follow(NewObject("AA123456785BR"), WAITING)
    with qtbot.waitSignal(panel.branchShown, timeout=10000) as shown:
        panel.show_object("AA123456785BR")
    assert shown.args == [BRANCH]
    box = panel.branch_box
    assert not box.isHidden()
    assert panel.status_label.text() == "Waiting at a branch"
    assert panel.lateness_label.text() == "On time"  # at the branch before its date
    assert box.name_label.text() == "AC CAMPINAS (unit 00012345)"
    assert box.opening_label.text() == "Open now, closes at 17:00"
    assert box.hours_label.text() == "Today: 09:00 to 17:00"
    assert "Av. Francisco Glicério, 1000" in box.address_label.text()
    assert "CEP 13012-000" in box.address_label.text()
    assert box.deadline_label.text() == "Pick up by 01/12/2026 00:00"


def test_the_newest_request_wins_and_none_clears(
    qtbot: QtBot, panel: DetailPanel, service: FakeTracking
) -> None:
    service.follow(NewObject("DG049186226BR"), DELIVERED_LATE)
    service.follow(NewObject("AA123456785BR"), WAITING)
    with qtbot.waitSignal(panel.objectShown, timeout=10000) as shown:
        panel.show_object("DG049186226BR")
        panel.show_object("AA123456785BR")
    assert shown.args[0].code == "AA123456785BR"
    qtbot.waitUntil(lambda: panel.branch_box.opening_label.text() != "")
    panel.show_object(None)
    assert panel.timeline.rowCount() == 0
    assert panel.branch_box.isHidden()
    assert panel.shown() is None
    with qtbot.waitSignal(panel.objectGone, timeout=10000) as gone:
        panel.show_object("XX000000000BR")  # not followed
    assert gone.args == ["XX000000000BR"]
    assert panel.status_label.text() == "This object is no longer followed."


def test_in_portuguese_lateness_reads_as_the_office_says_it(
    qtbot: QtBot, panel: DetailPanel, service: FakeTracking, qapp: QCoreApplication
) -> None:
    overdue = TrackedObject.model_validate(
        {
            "codObjeto": "AA123456785BR",
            "dtPrevista": "2026-11-23T20:00:00",
            "eventos": [{"codigo": "RO", "tipo": "01", "dtHrCriado": "2026-11-20T08:00:00"}],
        }
    )
    due = overdue.model_copy(update={"codObjeto": "PN123456785BR", "dtPrevista": datetime(2026, 11, 25)})
    service.follow(NewObject("DG049186226BR"), DELIVERED_LATE)
    service.follow(NewObject("AA123456785BR"), overdue)
    service.follow(NewObject("PN123456785BR"), due)
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        _show(qtbot, panel, "DG049186226BR")
        assert panel.lateness_label.text() == "Entregue com 3 dias de atraso"
        assert panel.status_label.text() == "Entregue"
        _show(qtbot, panel, "AA123456785BR")
        assert panel.lateness_label.text() == "Em atraso há 2 dias"
        _show(qtbot, panel, "PN123456785BR")
        assert panel.lateness_label.text() == "Previsto para hoje"
    finally:
        i18n.remove_translators(qapp, installed)
