"""The real partner server on loopback refuses an endless upload while reading it: the
caller has sent a few hundred kilobytes, not 300 MB, when the 413 arrives; a declared
length over the limit is answered at once."""

from __future__ import annotations

import select
import socket
from pathlib import Path
from urllib.parse import urlsplit

import requests

from postalgui.partner.ledger.store import sqlite_url
from tests.e2e.partner_support import partner_config, running_partner

CHUNK = b"x" * 65_536


def test_an_endless_chunked_upload_is_refused_while_it_is_sent(tmp_path: Path) -> None:
    with running_partner(partner_config(sqlite_url(tmp_path / "ledger.sqlite3"))) as partner:
        url = urlsplit(partner.url)
        sent = 0
        with socket.create_connection((url.hostname, url.port), timeout=10) as connection:
            connection.sendall(
                b"POST /ster/formulario HTTP/1.1\r\nHost: partner\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n"
            )
            while sent < 300_000_000 and not select.select([connection], [], [], 0)[0]:
                connection.sendall(b"%x\r\n%s\r\n" % (len(CHUNK), CHUNK))
                sent += len(CHUNK)
            answer = connection.recv(65_536)
        assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
        assert sent < 5_000_000  # refused after the limit (100 KB), far before the end
        assert partner.ledger.calls() == []


def test_a_declared_length_over_the_limit_is_answered_413_in_the_routes_form(tmp_path: Path) -> None:
    with running_partner(
        partner_config(sqlite_url(tmp_path / "ledger.sqlite3"), max_body_bytes=1000)
    ) as partner:
        answer = requests.post(f"{partner.url}/ster/formulario", data=b"{" * 1001, timeout=10)
        assert answer.status_code == 413
        assert answer.json() == {
            "codigo_retorno": "98",
            "descricao_retorno": "Requisição acima de 1.000 bytes",
        }
        assert requests.get(f"{partner.url}/health", timeout=10).status_code == 200
