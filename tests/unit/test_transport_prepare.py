"""Transport: what each request carries now that the transport prepares it itself (the
session's headers under the call's, cookies the operator set, the auth, the JSON body),
and the TLS settings of a pool, worked out once per origin as ``requests`` works them out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import responses
from requests.adapters import HTTPAdapter

from postalgui.api.transport import Transport

BASE = "https://api.example.test"


@pytest.fixture
def transport() -> Iterator[Transport]:
    transport = Transport(BASE)
    yield transport
    transport.close()


class Bearer(requests.auth.AuthBase):
    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        request.headers["Authorization"] = "Bearer token"
        return request


@responses.activate
def test_a_request_carries_the_session_headers_under_its_own(transport: Transport) -> None:
    responses.post(f"{BASE}/x", json={})
    transport.request(
        "POST",
        "/x",
        params=[("a", "1"), ("a", "2")],
        json_body={"k": "v"},
        headers={"accept": "text/csv", "Accept-Language": None},  # type: ignore[dict-item]  # None drops it
        auth=Bearer(),
    )
    sent = responses.calls[0].request
    assert sent.headers["Accept"] == "text/csv"
    assert "Accept-Language" not in sent.headers  # a header set to None is dropped
    assert sent.headers["User-Agent"].startswith("PostalGUI/")
    assert sent.headers["Authorization"] == "Bearer token"
    assert sent.url == f"{BASE}/x?a=1&a=2"
    assert sent.body == b'{"k": "v"}'


@responses.activate
def test_cookies_the_operator_set_go_back_with_the_next_call(transport: Transport) -> None:
    responses.get(f"{BASE}/x", json={}, headers={"Set-Cookie": "lb=node2; Path=/"})
    responses.get(f"{BASE}/y", json={})
    transport.request("GET", "/x")
    transport.request("GET", "/y")
    assert "Cookie" not in responses.calls[0].request.headers
    assert responses.calls[1].request.headers["Cookie"] == "lb=node2"


@pytest.mark.parametrize("folder", [False, True])
def test_a_pool_verifies_with_the_configured_ca_worked_out_once(
    transport: Transport, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: bool
) -> None:
    bundle = tmp_path / ("certs" if folder else "ca.pem")
    bundle.mkdir() if folder else bundle.write_text("")
    worked_out: list[str] = []
    original = HTTPAdapter.build_connection_pool_key_attributes

    def counted(
        self: HTTPAdapter, request: requests.PreparedRequest, verify: bool | str, cert: None = None
    ) -> Any:
        worked_out.append(request.url or "")
        return original(self, request, verify, cert)

    monkeypatch.setattr(HTTPAdapter, "build_connection_pool_key_attributes", counted)
    adapter = transport._session.get_adapter(BASE)
    keys = []
    for path in ("/a?x=1", "/b"):
        request = requests.Request("GET", BASE + path).prepare()
        keys.append(adapter.build_connection_pool_key_attributes(request, str(bundle)))
    other = requests.Request("GET", "http://127.0.0.1:8000/a").prepare()
    plain = adapter.build_connection_pool_key_attributes(other, str(bundle))
    assert len(worked_out) == 2  # once for the https origin, once for the other
    host, pool = keys[1]
    assert (host["scheme"], host["host"], pool["cert_reqs"]) == ("https", "api.example.test", "CERT_REQUIRED")
    assert pool.get("ca_cert_dir" if folder else "ca_certs") == str(bundle)
    assert (plain[0]["host"], plain[0]["port"]) == ("127.0.0.1", 8000)
