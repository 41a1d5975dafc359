"""The partner server under a day's traffic: forms and confirmations per second.

No target in the issue; this gives the figure a partner sizing a deployment needs.
Sends N model-1 forms and their confirmations from 4 threads, with Basic (a scrypt
check per call) and with OAuth bearer tokens (a hash lookup per call), on SQLite and,
when ``POSTALGUI_TEST_POSTGRES_URL`` is set, on PostgreSQL.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import requests

from postalgui.partner.ledger.store import sqlite_url
from postalgui.sandbox.demo_account import (
    PARTNER_CLIENT_ID,
    PARTNER_CLIENT_SECRET,
    PARTNER_PASSWORD,
    PARTNER_USER,
)
from tests.e2e.partner_support import partner_config, running_partner, typed_line

FORMS = 400
THREADS = 4


def _auth(url: str, scheme: str) -> Callable[[requests.Session], None]:
    def prepare(session: requests.Session) -> None:
        if scheme == "basic":
            session.auth = (PARTNER_USER, PARTNER_PASSWORD)
            return
        answer = requests.post(
            f"{url}/oauth/token",
            data={"grant_type": "client_credentials"},
            auth=(PARTNER_CLIENT_ID, PARTNER_CLIENT_SECRET),
            timeout=10,
        )
        session.headers["Authorization"] = f"Bearer {answer.json()['access_token']}"

    return prepare


def run(database_url: str, scheme: str) -> float:
    with running_partner(partner_config(database_url)) as partner:
        prepare = _auth(partner.url, scheme)
        line = typed_line(12345)
        failures: list[str] = []

        def work(start: int) -> None:
            with requests.Session() as session:
                prepare(session)
                for n in range(start, FORMS, THREADS):
                    protocol = f"2647{n:010d}"
                    form = session.post(
                        f"{partner.url}/ster/formulario",
                        json={"numeroProtocolo": protocol, "linhaDigitavel": line},
                        timeout=30,
                    )
                    done = session.post(
                        f"{partner.url}/ster/confirmarAtendimento",
                        json={"numeroProtocolo": protocol, "codigoConfirmacao": "00"},
                        timeout=30,
                    )
                    if form.status_code != 200 or done.status_code != 200:
                        failures.append(protocol)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        assert not failures, failures[:3]
        assert len(partner.ledger.attendances()) == FORMS
    return elapsed


def main() -> int:
    databases = {"sqlite": None, "postgresql": os.environ.get("POSTALGUI_TEST_POSTGRES_URL")}
    for name, url in databases.items():
        if name == "postgresql" and not url:
            print("postgresql: skipped (set POSTALGUI_TEST_POSTGRES_URL)")
            continue
        for scheme in ("basic", "oauth"):
            with tempfile.TemporaryDirectory() as folder:
                target = url or sqlite_url(Path(folder) / "bench.sqlite3")
                if name == "postgresql":
                    from tests.office_fixtures import empty_postgres

                    empty_postgres(target)
                elapsed = run(target, scheme)
            calls = 2 * FORMS
            print(f"{name:10} {scheme:5}: {FORMS} forms + {FORMS} confirmations in {elapsed:.2f} s "
                  f"= {calls / elapsed:.0f} calls/s ({THREADS} threads)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
