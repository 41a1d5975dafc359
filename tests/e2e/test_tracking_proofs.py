"""Proof of delivery end to end: the real clients and the office database against the
sandbox over HTTP. A delivered object's proof (receiver, document, place, time, the AR
digital when it had the service, the delivery images) is fetched once, in AR calls of at
most 10 and one images request, and kept: a second request sends nothing; images not ready
when the wait runs out are polled by their receipt next time, never asked again; a request
whose answer was lost is not sent again by itself."""

from __future__ import annotations

import math
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from postalgui.api.cancel import Cancelled, PlainTask, Progress
from postalgui.api.client import OperatorClient
from postalgui.api.errors import ApiTimeoutError
from postalgui.api.proofs import AR_DIGITAL_MAX, ProofClient
from postalgui.sandbox import SandboxServer
from postalgui.sandbox.invoice_data import object_label
from postalgui.sandbox.tracking.receivers import has_ar, receiver_of
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.outgoing import OutgoingState
from postalgui.services.ports import NewObject
from postalgui.services.tracking.offers import TrackingOffer
from postalgui.services.tracking.proofs import IMAGES, IMAGES_BATCH, fetch_proofs, stored_proof
from postalgui.services.tracking.refresh import refresh
from postalgui.services.tracking.service import TrackingService
from tests.benchmarks.bench_proofs import (
    delivered_objects,
    fetch_twice,
    proof_calls,
    proof_service,
    sent_since,
)
from tests.e2e.conftest import SandboxControl
from tests.office_fixtures import postgres_or_skip

PNG, JPEG = b"\x89PNG", b"\xff\xd8"


@pytest.fixture(params=["sqlite", "postgresql"])
def office(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[OfficeDatabase]:
    """The proofs' office database: a SQLite file, then the PostgreSQL test server."""
    url = "" if request.param == "sqlite" else postgres_or_skip()
    database = OfficeDatabase(tmp_path, "sandbox", url, author=lambda: "clerk.a", allow_password_in_url=True)
    yield database
    database.close()


@pytest.fixture
def service(office: OfficeDatabase, client: OperatorClient) -> TrackingService:
    return proof_service(office, client)


def delivered(sandbox: SandboxControl, count: int, start: int = 61000000) -> list[str]:
    codes = [object_label("DG", start + n) for n in range(count)]
    for code in codes:
        sandbox.register_object(code, sandbox.now() - timedelta(days=20), "on_time")
    return codes


def images_delay(sandbox: SandboxControl, seconds: float) -> None:
    sandbox._call("PUT", "/tracking/proof-config", {"imagens_delay_s": seconds})


def test_proofs_are_fetched_once_in_calls_of_ten_and_kept(
    service: TrackingService, sandbox: SandboxControl
) -> None:
    codes = delivered(sandbox, 12)
    waiting = object_label("DG", 61000100)
    sandbox.register_object(waiting, sandbox.now() - timedelta(days=20), "awaiting_pickup")
    unknown = object_label("DG", 61000200)
    followed = codes[:5]
    service.watchlist().add([NewObject(code) for code in followed], source="test")
    refresh(PlainTask(), service, followed)
    images_delay(sandbox, 0)
    before = proof_calls(sandbox.url)

    report = fetch_proofs(PlainTask(), service, [*codes, waiting, unknown])

    calls = sent_since(sandbox.url, before)
    assert calls["ar-digital"] == math.ceil(12 / AR_DIGITAL_MAX) == 2
    assert calls["imagens"] == 1
    assert calls["objetos"] == 1  # the followed ones' timelines come from the watchlist
    assert sorted(report.proofs) == sorted(codes)
    assert report.fetched == 12
    assert report.not_delivered == (waiting,)
    assert list(report.problems) == [unknown]
    assert "SRO-020" in report.problems[unknown]
    assert report.waiting == ()
    for code in codes:
        proof = report.proofs[code]
        assert (proof.receiver, proof.document) == receiver_of(code)
        assert proof.delivered_at is not None
        assert proof.delivered_at.tzinfo is not None
        assert proof.place.endswith("/RJ")
        assert ", " in proof.place
        assert (proof.ar is not None) == has_ar(code)
        assert proof.ar is None or proof.ar.data.startswith(PNG)
        assert [image.data[:2] for image in proof.images] == [JPEG[:2], PNG[:2]]
        assert [image.comment for image in proof.images] == ["Fachada", "Assinatura"]
        assert proof.fetched_by == "clerk.a"
        assert proof.has_pictures

    before = proof_calls(sandbox.url)
    again = fetch_proofs(PlainTask(), service, codes)
    assert sent_since(sandbox.url, before) == {}  # nothing sent
    assert again.fetched == 0
    assert again.proofs == report.proofs
    assert stored_proof(PlainTask(), service, codes[0]) == report.proofs[codes[0]]
    assert TrackingOffer(lambda: service).stored(codes[1]) == report.proofs[codes[1]]
    assert stored_proof(PlainTask(), service, waiting) is None


def test_images_not_ready_are_polled_by_their_receipt_next_time(
    service: TrackingService, sandbox: SandboxControl
) -> None:
    codes = delivered(sandbox, 3, start=62000000)
    images_delay(sandbox, 3600)
    first = fetch_proofs(PlainTask(), service, codes, wait_s=0)
    assert first.proofs == {}
    assert sorted(first.waiting) == sorted(codes)
    assert first.fetched == 0
    assert stored_proof(PlainTask(), service, codes[0]) is None

    sandbox.advance_clock(3601)
    before = proof_calls(sandbox.url)
    second = fetch_proofs(PlainTask(), service, codes, wait_s=0)
    assert sent_since(sandbox.url, before) == {"recibo": 1}  # the same receipt, nothing asked again
    assert sorted(second.proofs) == sorted(codes)
    assert second.fetched == 3
    assert second.waiting == ()


def test_a_request_whose_answer_was_lost_is_not_sent_again(
    service: TrackingService, sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch
) -> None:
    codes = delivered(sandbox, 2, start=63000000)

    def lost(self: ProofClient, asked: object) -> None:
        raise ApiTimeoutError("the operator did not answer")

    with monkeypatch.context() as patched:
        patched.setattr(ProofClient, "ask_images", lost)
        with pytest.raises(ApiTimeoutError):
            fetch_proofs(PlainTask(), service, codes)
    (line,) = service.outgoing().lines()
    assert (line.kind, line.state) == (IMAGES, OutgoingState.LOST)

    before = proof_calls(sandbox.url)
    report = fetch_proofs(PlainTask(), service, codes, wait_s=0)
    assert "imagens" not in sent_since(sandbox.url, before)
    assert sorted(report.problems) == sorted(codes)
    assert "no answer came" in report.problems[codes[0]]
    assert report.proofs == {}
    assert report.waiting == ()


def test_the_benchmarks_100_proofs_take_10_ar_calls_then_none(
    service: TrackingService, sandbox: SandboxControl, sandbox_server: SandboxServer
) -> None:
    """The issue's measure without its timing (``bench_proofs``): 100 delivered objects,
    followed, in AR calls of 10, the images in requests of 50; asked again, nothing is sent."""
    images_delay(sandbox, 0)
    codes = delivered_objects(sandbox_server.url, 100, start=64000000)
    first, second = fetch_twice(sandbox_server.url, service, codes)
    assert first.proofs == second.proofs == 100
    assert first.calls["ar-digital"] == math.ceil(100 / AR_DIGITAL_MAX) == 10
    assert first.calls["imagens"] == math.ceil(100 / IMAGES_BATCH) == 2
    assert "objetos" not in first.calls  # the followed objects' timelines are the watchlist's
    assert second.calls == {}


def test_a_cancelled_wait_leaves_the_receipt_to_poll_next_time(
    service: TrackingService, sandbox: SandboxControl
) -> None:
    codes = delivered(sandbox, 2, start=65000000)
    images_delay(sandbox, 3600)
    steps: list[Progress[object]] = []

    def heard(step: Progress[object]) -> None:
        steps.append(step)
        task.cancel()  # the clerk cancels while the images are being made

    task: PlainTask[object] = PlainTask(heard)
    with pytest.raises(Cancelled):
        fetch_proofs(task, service, codes)
    assert (steps[0].done, steps[0].total) == (0, 2)
    before = proof_calls(sandbox.url)
    report = fetch_proofs(PlainTask(), service, codes, wait_s=0)
    assert sent_since(sandbox.url, before) == {"recibo": 1}  # polled by its receipt, not asked again
    assert sorted(report.waiting) == sorted(codes)
