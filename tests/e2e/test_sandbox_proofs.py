"""The sandbox's proof of delivery over real loopback HTTP, with plain requests and demo
tokens: API 87, only delivered objects have proof, the AR digital only for those with the
service, at most 10 codes, the images behind a receipt ready after the configured delay,
the same bytes for the same code."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from datetime import timedelta

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.demo import NO_TRACKING_CARD
from postalgui.sandbox.invoice_data import object_label
from postalgui.sandbox.tracking.receivers import has_ar
from tests.e2e.conftest import SandboxControl
from tests.e2e.test_sandbox_tracking import TIMEOUT, _assert_error, _token

SRORASTRO = "/srorastro/v1"


@pytest.fixture
def http(sandbox: SandboxControl) -> Iterator[requests.Session]:
    with requests.Session() as session:
        yield session


@pytest.fixture
def bearer(http: requests.Session, sandbox_server: SandboxServer) -> dict[str, str]:
    return _token(http, sandbox_server, DEMO.card)


def _code(serial: int, *, ar: bool) -> str:
    while has_ar(object_label("QR", serial)) != ar:
        serial += 1
    return object_label("QR", serial)


@pytest.fixture
def objects(sandbox: SandboxControl) -> dict[str, str]:
    """Delivered with and without the AR service, waiting at a branch, and posted a moment ago."""
    found = {
        "ar": _code(91000000, ar=True),
        "plain": _code(91000000, ar=False),
        "waiting": _code(91000100, ar=True),
        "coming": _code(91000200, ar=True),
    }
    long_ago = sandbox.now() - timedelta(days=20)
    sandbox.register_object(found["ar"], long_ago)
    sandbox.register_object(found["plain"], long_ago)
    sandbox.register_object(found["waiting"], long_ago, "awaiting_pickup")
    sandbox.register_object(found["coming"], sandbox.now() - timedelta(hours=1))
    return found


def test_ar_digital_only_for_delivered_objects_with_the_service(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str], objects: dict[str, str]
) -> None:
    url = f"{sandbox_server.url}{SRORASTRO}/ar-digital"
    everything = ",".join(objects.values())
    answer = http.get(url, headers=bearer, params={"objetos": everything}, timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    (record,) = answer.json()
    assert record["objeto"] == objects["ar"]
    assert base64.b64decode(record["imagemBase64"]).startswith(b"\x89PNG")
    again = http.get(url, headers=bearer, params={"objetos": objects["ar"]}, timeout=TIMEOUT)
    assert again.json() == [record]  # the same bytes for the same code
    none = http.get(url, headers=bearer, params={"objetos": objects["plain"]}, timeout=TIMEOUT)
    _assert_error(none, 404, "SRO-030")
    eleven = ",".join(object_label("QR", 91000300 + n) for n in range(11))
    _assert_error(http.get(url, headers=bearer, params={"objetos": eleven}, timeout=TIMEOUT), 400, "SRO-033")
    _assert_error(http.get(url, headers=bearer, params={"objetos": "QR1BR"}, timeout=TIMEOUT), 400, "SRO-033")


def test_images_are_ready_after_the_delay_for_delivered_objects_only(
    http: requests.Session,
    sandbox_server: SandboxServer,
    sandbox: SandboxControl,
    bearer: dict[str, str],
    objects: dict[str, str],
) -> None:
    sandbox._call("PUT", "/tracking/proof-config", {"imagens_delay_s": 60})
    asked = http.post(f"{sandbox_server.url}{SRORASTRO}/objetos/imagens", headers=bearer, timeout=TIMEOUT,
                      json=[objects["plain"], objects["waiting"], objects["coming"]])  # fmt: skip
    assert asked.status_code == 202, asked.text
    receipt = asked.json()
    assert receipt["qtdObjetos"] == 3
    url = f"{sandbox_server.url}{SRORASTRO}/recibo/{receipt['numero']}"
    early = http.get(url, headers=bearer, timeout=TIMEOUT)
    _assert_error(early, 404, "SRO-032")
    assert early.headers["Retry-After"] == "1"
    sandbox.advance_clock(61)
    ready = http.get(url, headers=bearer, timeout=TIMEOUT)
    assert ready.status_code == 200, ready.text
    (item,) = ready.json()
    assert item["objeto"] == objects["plain"]
    assert [image["comentario"] for image in item["imagens"]] == ["Fachada", "Assinatura"]
    unknown = http.get(f"{sandbox_server.url}{SRORASTRO}/recibo/1", headers=bearer, timeout=TIMEOUT)
    _assert_error(unknown, 404, "SRO-031")


def test_a_card_without_api_87_has_no_proofs(
    http: requests.Session, sandbox_server: SandboxServer, sandbox: SandboxControl
) -> None:
    headers = _token(http, sandbox_server, NO_TRACKING_CARD)
    code = object_label("QR", 91000000)
    url = f"{sandbox_server.url}{SRORASTRO}/ar-digital"
    refused = http.get(url, headers=headers, params={"objetos": code}, timeout=TIMEOUT)
    _assert_error(refused, 403, "GTW-011")
    asked = http.post(
        f"{sandbox_server.url}{SRORASTRO}/objetos/imagens", headers=headers, json=[code], timeout=TIMEOUT
    )
    _assert_error(asked, 403, "GTW-011")
