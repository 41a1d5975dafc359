"""Proofs of delivery of 100 delivered objects, fetched and then asked for again.

The objects are followed in the watchlist and refreshed first (their timelines, with the
delivered event, are then in the office database: no tracking call is needed). Fetching
their proofs asks the AR digital in calls of at most 10 codes (ceil(100/10) = 10 calls),
the delivery images in one request per 50 codes (2), and polls each receipt until its
images are ready (the sandbox's default 2 s); everything is kept in the office database
(SQLite). Asked again, every proof is read from there: 0 calls. The issue's measure is
the call counts (``tests/e2e/test_tracking_proofs.py`` holds them without timing); the
times are printed for reference.
"""

from __future__ import annotations

import math
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import requests

from postalgui.api.cancel import PlainTask
from postalgui.api.client import OperatorClient
from postalgui.api.proofs import AR_DIGITAL_MAX
from postalgui.api.tokens import Scope, TokenScope
from postalgui.sandbox import DEMO
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.ports import NewObject
from postalgui.services.settings import Settings
from postalgui.services.tracking.ports import TrackingPorts
from postalgui.services.tracking.proofs import fetch_proofs
from postalgui.services.tracking.refresh import refresh
from postalgui.services.tracking.service import TrackingService
from tests.benchmarks.bench_price_batch import child_sandbox, operator_client

OBJECTS = 100
CARD = TokenScope(Scope.CARD, contract=DEMO.contract, card=DEMO.card, dr=DEMO.dr)


@dataclass(frozen=True)
class Fetched:
    """What one request for the proofs sent and took."""

    calls: dict[str, int]
    """Calls by kind: ``ar-digital``, ``imagens``, ``recibo``, ``objetos``."""
    seconds: float
    proofs: int


def proof_calls(url: str) -> dict[str, int]:
    """The sandbox's counts of tracking calls so far, by kind."""
    counted: dict[str, int] = {}
    for key, number in requests.get(f"{url}/_sandbox/stats", timeout=10).json()["requests"].items():
        if "/srorastro/v1/" in key:
            kind = "imagens" if key.endswith("/imagens") else key.split("/srorastro/v1/")[1].split("/")[0]
            counted[kind] = counted.get(kind, 0) + number
    return counted


def sent_since(url: str, before: dict[str, int]) -> dict[str, int]:
    """The calls of each kind sent since ``before`` (`proof_calls`), kinds with none left out."""
    now = proof_calls(url)
    return {kind: now[kind] - before.get(kind, 0) for kind in now if now[kind] != before.get(kind, 0)}


def delivered_objects(url: str, count: int, start: int = 81000000) -> list[str]:
    """``count`` objects registered in the sandbox, delivered (posted 20 days before its clock)."""
    now = datetime.fromisoformat(requests.get(f"{url}/_sandbox/clock", timeout=10).json()["now"])
    posted = (now.replace(tzinfo=None) - timedelta(days=20)).isoformat()
    codes = [object_label("DG", start + n) for n in range(count)]
    for code in codes:
        body = {"codigo": code, "coProduto": "03220", "cepOrigem": "01310100", "cepDestino": "20040020",
                "postado": posted, "destino": "on_time"}  # fmt: skip
        requests.post(f"{url}/_sandbox/tracking/objects", json=body, timeout=10).raise_for_status()
    return codes


def proof_service(office: OfficeDatabase, client: OperatorClient) -> TrackingService:
    settings = Settings()
    return TrackingService(
        TrackingPorts(
            operator=lambda: client,
            scope=lambda: CARD,
            settings=lambda: settings.tracking,
            office=lambda: office,
        )
    )


def fetched(url: str, fetch: Callable[[], int]) -> Fetched:
    """The calls ``fetch`` sent (the sandbox's counters) and its time."""
    before = proof_calls(url)
    started = time.perf_counter()
    proofs = fetch()
    seconds = time.perf_counter() - started
    return Fetched(sent_since(url, before), seconds, proofs)


def fetch_twice(url: str, service: TrackingService, codes: list[str]) -> tuple[Fetched, Fetched]:
    """Follow and refresh ``codes``, then fetch their proofs twice."""
    task = PlainTask()
    service.watchlist().add([NewObject(code) for code in codes], source="file")
    refresh(task, service, codes)

    def fetch() -> int:
        return len(fetch_proofs(task, service, codes).proofs)

    return fetched(url, fetch), fetched(url, fetch)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder, child_sandbox() as url:
        office = OfficeDatabase(Path(folder), "sandbox", "", author=lambda: "bench")
        client = operator_client(url, CARD)
        codes = delivered_objects(url, OBJECTS)
        first, second = fetch_twice(url, proof_service(office, client), codes)
        client.close()
        office.close()
    expected = math.ceil(OBJECTS / AR_DIGITAL_MAX)
    print(f"{OBJECTS} delivered objects, followed and refreshed")
    print(f"first request: {first.proofs} proofs in {first.seconds:.2f} s; calls {first.calls}")
    print(f"  ar-digital calls: {first.calls.get('ar-digital', 0)} (target {expected})")
    sent = sum(second.calls.values())
    print(f"second request: {second.proofs} proofs in {second.seconds:.3f} s; {sent} calls sent")
    met = first.calls.get("ar-digital") == expected and not second.calls and second.proofs == OBJECTS
    print(f"targets: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
