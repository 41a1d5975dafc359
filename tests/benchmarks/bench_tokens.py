"""Token single-flight: 200 API calls from 8 threads with an empty cache.

Target (issue 2): exactly 1 token request. Prints the count and the wall time.
"""

from __future__ import annotations

import threading
import time

import requests
from keyring.backends import fail

from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.tokens import ACCESS_CODE_KEY, LOGIN_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import Transport
from postalgui.sandbox import DEMO, SandboxServer

THREADS = 8
CALLS = 200


def main() -> int:
    with SandboxServer(port=0) as server:
        store = CredentialStore(fail.Keyring())  # memory only: the benchmark never touches a keyring
        store.remember("sandbox", LOGIN_KEY, DEMO.login)
        store.remember("sandbox", ACCESS_CODE_KEY, DEMO.access_code)
        transport = Transport(server.url)
        scope = TokenScope(Scope.CARD, contract=DEMO.contract, card=DEMO.card, dr=DEMO.dr)
        client = OperatorClient(transport, TokenManager(transport, store, "sandbox"), scope)
        path = f"/meucontrato/v1/empresas/{DEMO.cnpj}/contratos"
        barrier = threading.Barrier(THREADS)
        errors: list[BaseException] = []

        def work(n: int) -> None:
            barrier.wait()
            for _ in range(n):
                try:
                    client.call("GET", path)
                except Exception as exc:  # noqa: BLE001  # counted and printed
                    errors.append(exc)

        per_thread = [CALLS // THREADS + (1 if i < CALLS % THREADS else 0) for i in range(THREADS)]
        threads = [threading.Thread(target=work, args=(n,)) for n in per_thread]
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - started
        stats = requests.get(f"{server.url}/_sandbox/stats", timeout=5).json()
        client.close()
    print(f"calls: {sum(per_thread)} from {THREADS} threads, errors: {len(errors)}")
    print(f"token requests: {stats['token_requests']} (target: exactly 1)")
    print(f"wall time: {elapsed:.2f} s ({sum(per_thread) / elapsed:.0f} calls/s)")
    return 0 if stats["token_requests"] == 1 and not errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
