"""Each feature's service built from its ports alone (no `AppContext`, no sandbox, no
network), running one of its use cases: what a feature needs is what its ``ports.py`` says.

The operator is a stand-in that answers with the operator's documented example
(`tests/contract/fixtures`) and records what it was asked, with which token scope.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests

from postalgui.api.branches import UnitQuery
from postalgui.api.cancel import PlainTask
from postalgui.api.scopes import Scope, TokenScope
from postalgui.services.attendance.use_cases import partner_status
from postalgui.services.branches.store import BranchCache
from postalgui.services.branches.use_cases import search
from postalgui.services.contracts.use_cases import contract_record
from postalgui.services.invoices.documents import DocumentRef
from postalgui.services.invoices.following import analytic_once, stored_jobs
from postalgui.services.invoices.jobs import JobState, JobStore
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.ports import OfficePorts
from postalgui.services.office.service import OfficeService, TypedDatabase
from postalgui.services.office.use_cases import check_typed
from postalgui.services.ports import NewObject
from postalgui.services.price.preset_store import PresetStore
from postalgui.services.price.preset_tasks import load_presets, save_preset
from postalgui.services.price.price_settings import OriginPreset, PriceSettings
from postalgui.services.settings import Settings
from tests.contract.shapes import load, raw
from tests.feature_ports import (
    attendance_service,
    branch_service,
    contract_service,
    invoice_service,
    price_service,
    settings_port,
)

CONTRACT = TokenScope(Scope.CONTRACT, contract="9912345678", dr=10)


@dataclass
class FakeOperator:
    """The operator port: one answer for every call, and the calls it was asked."""

    answer: Any
    calls: list[tuple[str, str, TokenScope | None]] = field(default_factory=list)

    def call_json(self, method: str, path: str, *, scope: TokenScope | None = None, **_kwargs: Any) -> Any:
        self.calls.append((method, path, scope))
        return self.answer

    def call(
        self, method: str, path: str, *, scope: TokenScope | None = None, **_kwargs: Any
    ) -> requests.Response:
        self.calls.append((method, path, scope))
        response = requests.Response()
        response.status_code, response._content = 200, self.answer  # a canned answer
        response.headers["Content-Type"] = "application/json"
        return response


@dataclass
class FakeFollow:
    """Tracking's `Follow` port as a list."""

    followed: list[tuple[str, str]] = field(default_factory=list)

    def follow(self, objects: Sequence[NewObject], *, source: str) -> int:
        self.followed += [(item.code, source) for item in objects]
        return len(objects)

    def unfollow(self, codes: Sequence[str], *, source: str) -> int:
        return 0


@pytest.fixture
def office(tmp_path: Path) -> Iterator[OfficeDatabase]:
    database = OfficeDatabase(tmp_path, "sandbox", "", author=lambda: "clerk.a")
    yield database
    database.close()


def test_prices_keep_presets_through_their_ports(office: OfficeDatabase) -> None:
    saved: list[PriceSettings] = []
    service = price_service(
        settings=settings_port(Settings(prices=PriceSettings(origin_cep="01001000"))),
        save_prices=saved.append,
        office=lambda: office,
        presets=lambda: PresetStore(office.store()),
    )
    save_preset(PlainTask(), service, "origin", OriginPreset(name="Loja", cep="20040020"), None)
    presets = load_presets(PlainTask(), service)
    assert [(one.name, one.updated_by) for one in presets.origins] == [("Loja", "clerk.a")]
    assert service.batch_defaults()["cepOrigem"] == "01001000"
    service.save_prices(PriceSettings(handling_days=2))
    assert [prices.handling_days for prices in saved] == [2]


def test_invoices_ask_with_the_contract_port_and_follow_through_tracking_s(office: OfficeDatabase) -> None:
    operator, follow = FakeOperator(raw("invoices-processing-requested-answer")), FakeFollow()
    service = invoice_service(
        operator=lambda: operator,
        contract_scope=lambda: CONTRACT,
        jobs=lambda: JobStore(office.store()),
        office=lambda: office,
        follow=follow,
    )
    asked = analytic_once(PlainTask(), service, DocumentRef("123456789", "RE", "00010", "001"))
    assert (asked.job.state, asked.job.operator_status) == (JobState.REQUESTED, "SOLICITADO")
    assert asked.job.params["fatura"] == "123456789"
    assert [job.id for job in stored_jobs(PlainTask(), service)] == [asked.job.id]
    assert [scope for _method, _path, scope in operator.calls] == [CONTRACT]
    assert service.follow.follow([NewObject("DG049186226BR")], source="invoice") == 1
    assert follow.followed == [("DG049186226BR", "invoice")]


def test_contracts_read_with_the_profile_s_contract() -> None:
    operator = FakeOperator(load("contracts-contract-answer"))
    service = contract_service(operator=lambda: operator)
    contract = contract_record(PlainTask(), service, "9912345678")
    assert contract.nuContrato
    [(method, path, scope)] = operator.calls
    profile = Settings().profile()
    assert (method, scope) == ("GET", TokenScope(Scope.CONTRACT, contract=profile.contract, dr=profile.dr))
    assert path.endswith(f"/empresas/{profile.cnpj}/contratos/9912345678")


def test_branches_are_searched_and_cached_through_their_ports(tmp_path: Path) -> None:
    operator = FakeOperator(load("branches-unit-answer"))
    cache = BranchCache(tmp_path / "branches.sqlite3")
    try:
        service = branch_service(
            operator=lambda: operator, contract_scope=lambda: CONTRACT, cache=lambda: cache
        )
        found = search(PlainTask(), service, UnitQuery(ids=("00024419",)))
        assert [unit.id for unit in found.units] == ["00024419"]
        assert cache.load(UnitQuery(ids=("00024419",)).key()) is not None
        assert {scope for _method, _path, scope in operator.calls} == {CONTRACT}
        assert service.tiles_dir() is None  # the sandbox draws no street map
    finally:
        cache.close()


def test_attendance_finds_its_ledger_in_its_data_folder(tmp_path: Path) -> None:
    service = attendance_service(data_dir=tmp_path)
    status = partner_status(PlainTask(), service)
    assert not status.running
    assert status.database == f"SQLite: {tmp_path / 'partner-ledger-sandbox.sqlite3'}"
    with pytest.raises(RuntimeError, match="no office database"):  # a wiring bug, not a routine error
        service.outgoing()


def test_the_office_checks_a_typed_database_in_its_data_folder(tmp_path: Path) -> None:
    service = OfficeService(OfficePorts(tmp_path, author=lambda: "clerk.a"))
    report = check_typed(PlainTask(), service, TypedDatabase("sandbox", ""))
    assert (report.engine, report.shared, report.schema_current) == ("SQLite", False, True)
    assert str(tmp_path) in report.where
