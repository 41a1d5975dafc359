"""Shared pieces of the partner-server tests: a real partner server on loopback (HTTP or
HTTPS), the sandbox's counter pointed at it, and valid bank-slip typed lines."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import requests

from postalgui.api.ster import SterClient, basic_auth
from postalgui.api.transport import Transport
from postalgui.api.values import barcode_to_typed_line
from postalgui.api.values.boleto import mod11
from postalgui.partner.app import create_app
from postalgui.partner.config import AuthMode, PartnerConfig
from postalgui.partner.ledger.store import Ledger, sqlite_url
from postalgui.partner.secrets import HashedSecret
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.demo_account import (
    PARTNER_CLIENT_ID,
    PARTNER_CLIENT_SECRET,
    PARTNER_PASSWORD,
    PARTNER_USER,
    STER_CONTRACT,
)
from postalgui.serving import LoopbackServer, TlsFiles

if TYPE_CHECKING:
    from tests.e2e.conftest import SandboxControl


def typed_line(cents: int, factor: int = 1500, bank: str = "001") -> str:
    """A valid 47-digit typed line for `cents` (free field of zeros and a sequence)."""
    free = "0000001234567890123456789"
    partial = f"{bank}9{factor:04d}{cents:010d}{free}"
    barcode = partial[:4] + str(mod11(partial)) + partial[4:]
    return barcode_to_typed_line(barcode)


def partner_config(database_url: str, **overrides: Any) -> PartnerConfig:
    values: dict[str, Any] = {
        "database_url": database_url,
        "basic_user": PARTNER_USER,
        "basic_secret": HashedSecret.of(PARTNER_PASSWORD),
        "client_id": PARTNER_CLIENT_ID,
        "client_secret": HashedSecret.of(PARTNER_CLIENT_SECRET),
        "auth": AuthMode.BOTH,
        "schedule_reconciliation": False,
    }
    values.update(overrides)
    return PartnerConfig(**values)


@dataclass
class RunningPartner:
    url: str
    ledger: Ledger
    config: PartnerConfig


@contextmanager
def running_partner(config: PartnerConfig, tls: TlsFiles | None = None) -> Iterator[RunningPartner]:
    """The real partner app on an ephemeral loopback port, with its own ledger."""
    ledger = Ledger(config.database_url)
    try:
        server = LoopbackServer(
            lambda: create_app(config, ledger=ledger),
            name="test-partner",
            label="partner",
            tls=tls,
            lifespan=True,
        )
        with server:
            yield RunningPartner(server.url, ledger, config)
    finally:
        ledger.close()


def counter_call(sandbox_url: str, method: str, path: str, body: Any = None, *, ok: bool = True) -> Any:
    response = requests.request(method, f"{sandbox_url}/_sandbox/ster{path}", json=body, timeout=30)
    if ok:
        assert response.status_code == 200, response.text
    return response.json()


def point_counter(sandbox_url: str, partner_url: str, **options: Any) -> None:
    counter_call(sandbox_url, "PUT", "/partner", {"url": partner_url} | options)


def write_pem(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


@pytest.fixture
def partner(sandbox: SandboxControl, tmp_path: Path) -> Iterator[RunningPartner]:
    """The real partner server on loopback (its own SQLite ledger), the counter pointed at it."""
    with running_partner(partner_config(sqlite_url(tmp_path / "ledger.sqlite3"))) as running:
        point_counter(sandbox.url, running.url)
        yield running


@pytest.fixture
def ster(sandbox_server: SandboxServer) -> Iterator[SterClient]:
    """The registration-system client on the session's sandbox, with the demo login."""
    client = SterClient(
        Transport(sandbox_server.url), basic_auth(DEMO.login, DEMO.access_code), STER_CONTRACT
    )
    yield client
    client.transport.close()
