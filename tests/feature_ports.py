"""Feature services built from their ports alone, for tests: each port a test does not
give fails the test when used, saying which one (no `AppContext`, no sandbox)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from postalgui.api.credentials import CredentialStore
from postalgui.services.attendance.ports import AttendancePorts
from postalgui.services.attendance.service import AttendanceService
from postalgui.services.branches.ports import BranchPorts
from postalgui.services.branches.service import BranchService
from postalgui.services.contracts.ports import ContractPorts
from postalgui.services.contracts.service import ContractService
from postalgui.services.invoices.ports import InvoicePorts
from postalgui.services.invoices.service import InvoiceService
from postalgui.services.overrides import Overrides
from postalgui.services.price.ports import PricePorts
from postalgui.services.price.service import PriceService
from postalgui.services.settings import Settings

_P = TypeVar("_P")

NOWHERE = Path("/nonexistent/postalgui-test")
"""A folder no test may write to: a port given it and used fails loudly."""


def unwired(name: str) -> Callable[..., NoReturn]:
    """A port this test did not wire: using it is a bug of the test."""

    def call(*_args: object, **_kwargs: object) -> NoReturn:
        raise AssertionError(f"this test did not wire the {name} port")

    return call


def settings_port(settings: Settings | None = None) -> Callable[[], Settings]:
    """The settings in force: the defaults (the sandbox) unless given."""
    value = settings or Settings()
    return lambda: value


def _ports(kind: Callable[..., _P], given: dict[str, Any], **defaults: Any) -> _P:
    """``kind`` with the ports ``given``, ``defaults`` for those a test need not name, and
    every other required port unwired (optional ones keep their default, None)."""
    required = [one.name for one in fields(kind) if one.default is MISSING]  # type: ignore[arg-type]
    return kind(**{**{name: unwired(name) for name in required}, **defaults, **given})


def price_service(**given: Any) -> PriceService:
    settings = given.get("settings") or settings_port()
    return PriceService(_ports(PricePorts, given, settings=settings, form_prices=lambda: settings().prices))


def invoice_service(**given: Any) -> InvoiceService:
    return InvoiceService(_ports(InvoicePorts, given, settings=settings_port(), cache_dir=NOWHERE))


def contract_service(**given: Any) -> ContractService:
    return ContractService(_ports(ContractPorts, given, settings=settings_port()))


def branch_service(**given: Any) -> BranchService:
    return BranchService(_ports(BranchPorts, given, settings=settings_port(), cache_dir=NOWHERE))


def attendance_service(**given: Any) -> AttendanceService:
    defaults: dict[str, Any] = {
        "settings": settings_port(),
        "overrides": Overrides(),
        "credentials": CredentialStore(),
        "data_dir": NOWHERE,
    }
    return AttendanceService(_ports(AttendancePorts, given, **defaults))
