"""A return authorization from a delivered parcel, as the clerk waits on it (issue 41: under 2 s).

On the sandbox (in a thread, over loopback HTTP), the office ships a parcel (created, its code
issued) and the sandbox clock runs until it is delivered; then, timed: `return_draft` from its
object code (the office database's shipment and default sender), `authorize_return` (written down,
sent once, recorded, followed in Tracking) and `authorization_pdf` (the customer's page with its
Code 128). Best and median of a few runs (each a new authorization); the CPU time beside the wall
time: on a shared machine the wall also counts the neighbours.

    uv run python -m tests.benchmarks.bench_returns
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from dataclasses import asdict
from decimal import Decimal
from pathlib import Path

import requests

from postalgui.api.cancel import PlainTask
from postalgui.api.models.prepostings import ContentLine, Order, Person, ReturnTerms
from postalgui.sandbox import SandboxServer
from postalgui.services.context import build_context
from postalgui.services.shipping.addresses import Address, AddressKind
from postalgui.services.shipping.returns import authorization_pdf, authorize_return, return_draft
from postalgui.services.shipping.use_cases import create_prepostings, issue_codes

RUNS = 5
TARGET_S = 2.0
DAY = 86_400
OFFICE = Person(
    "Loja Exemplo Ltda", "01310100", "Avenida Paulista", "1000", "", "Bela Vista", "São Paulo", "SP"
)
CUSTOMER = Person(
    "Maria da Silva", "20040020", "Rua da Assembleia", "10", "", "Centro", "Rio de Janeiro", "RJ"
)
OUTBOUND = Order(
    OFFICE, CUSTOMER, "03298", 1500, length_cm=20, width_cm=15, height_cm=10,
    contents=(ContentLine("Livros", 2, Decimal("45.00")),),
)  # fmt: skip


def _control(url: str, method: str, path: str, body: object) -> None:
    requests.request(method, f"{url}/_sandbox{path}", json=body, timeout=10).raise_for_status()


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp, SandboxServer(port=0) as server:
        os.environ.update(
            POSTALGUI_ENV="sandbox",
            POSTALGUI_BASE_URL=server.url,
            POSTALGUI_CONFIG_DIR=str(Path(tmp) / "config"),
            PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",  # never the real keychain
        )
        _control(server.url, "PUT", "/config", {"token_lifetime_s": 400 * DAY})
        context = build_context()
        try:
            service = context.shipping
            service.addresses().save(Address(AddressKind.SENDER, **asdict(OFFICE), is_default=True))
            (shipment,) = create_prepostings(PlainTask(), service, [OUTBOUND]).created
            (coded,) = issue_codes(PlainTask(), service, [shipment]).shipments
            _control(server.url, "POST", "/clock/advance", {"seconds": 20 * DAY})  # delivered by now
            code = coded.object_code or ""
            times, cpu, size = [], [], 0
            for _run in range(RUNS):
                start, start_cpu = time.perf_counter(), time.process_time()
                draft = return_draft(PlainTask(), service, code)
                order = Order(
                    draft.customer or CUSTOMER, draft.office or OFFICE, draft.service_code, draft.weight_g,
                    draft.format_code, draft.length_cm, draft.width_cm, draft.height_cm, draft.declared_value,
                    contents=draft.contents, invoice_number=draft.invoice_number,
                    reverse=ReturnTerms(draft.valid_until, draft.outbound_code),
                )  # fmt: skip
                made = authorize_return(PlainTask(), service, order)
                size = len(authorization_pdf([made]))
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
        finally:
            context.close()
    first, median, worst = times[0], statistics.median(times), max(times)
    verdict = "ok" if worst < TARGET_S else "SLOW"
    print(f"return {made.code} from delivered {code} (draft + authorize + PDF of {size / 1e3:.0f} kB)")
    print(f"first {first:.3f} s, median {median:.3f} s, worst {worst:.3f} s over {RUNS} runs")
    print(f"CPU median {statistics.median(cpu):.3f} s; target: each under {TARGET_S:.0f} s: {verdict}")
    return 0 if worst < TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
