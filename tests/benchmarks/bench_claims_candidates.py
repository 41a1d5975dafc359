"""Claim candidates of an analytic statement of 100,000 items whose tracking is known.

The watchlist (a local office database, SQLite) holds the statement's 100,000 objects as
a refresh leaves them: about 8 % delivered late, 1 % lost, stolen or damaged, 2 % still
on their way past the expected date, 3 % on their way within it, the rest delivered on
time; a few hundred lines carry no object label (surcharges), and 0.5 % of the labels
are not in the watchlist. The rows are written straight through `Watchlist.add` and
`Watchlist.record`, not through the operator.

Timed: what ``claims candidates --from-invoice`` does once the statement is loaded
(`invoice_candidates` minus its download): the statement's items made into objects
(`invoice_objects`), then `statement_candidates` (the watchlist's rows of those codes, the
rules, the quote history's postage for the few claimable without one). Target: within
2 s, median of a few runs; the peak RSS of this process is printed beside it.
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from postalgui.api.cancel import PlainTask
from postalgui.api.models.invoices import AnalyticItem
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.claims.service import ClaimsService
from postalgui.services.claims.use_cases import statement_candidates
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.tracking.invoice_objects import invoice_objects
from postalgui.services.tracking.offers import TrackingOffer
from postalgui.services.tracking.service import TrackingService
from tests.ports_support import claims_ports, tracking_ports

ITEMS = 100_000
UNLABELLED = 300
RUNS = 5
TARGET_S = 2.0
TODAY = date.today()
DELIVERED = "Objeto entregue ao destinatário"
PRODUCTS = (("03220", "SEDEX CONTRATO AG"), ("03298", "PAC CONTRATO AG"), ("04227", "MINI ENVIOS"))


def _item(rng: random.Random, label: str, posted: date) -> AnalyticItem:
    code, name = rng.choice(PRODUCTS)
    cents = rng.randrange(500, 50_000)
    return AnalyticItem(
        cartao="0067599079", titular="EMPRESA", codigo_servico=code, servico=name,
        data_postagem=f"{posted:%d/%m/%Y}", servicos_adicionais="", unidade_postagem="AC CENTRAL",
        cep_destinatario=f"{rng.randrange(10**7, 10**8)}", etiqueta=label, documento="",
        peso=rng.randrange(1, 30_000), valor_unitario=Decimal(cents) / 100, desconto=Decimal(0),
        quantidade=1, valor_liquido=Decimal(cents) / 100, valor_declarado=Decimal(0),
    )  # fmt: skip


def statement() -> list[AnalyticItem]:
    """100,000 lines posted over the last two months, a few without a label."""
    rng = random.Random(27)
    items = []
    for serial in range(ITEMS):
        posted = TODAY - timedelta(days=rng.randint(5, 60))
        label = "" if serial < UNLABELLED else object_label("QC", serial)
        items.append(_item(rng, label, posted))
    return items


def _delivered(values: dict[str, Any], on: date, at: str) -> dict[str, Any]:
    delivered = {"status": "delivered", "final": 1, "arrived_on": min(on, TODAY).isoformat()}
    return {**values, **delivered, "event_code": "BDE 01", "last_event": DELIVERED, "last_at": at}


def _fate(rng: random.Random, posted: date) -> dict[str, Any]:
    """What the last refresh said of an object posted on ``posted``."""
    expected = posted + timedelta(days=rng.randint(1, 8))
    draw = rng.random()
    values: dict[str, Any] = {"expected_on": expected.isoformat(), "expected_source": "operator"}
    at = datetime.combine(min(expected, TODAY), datetime.min.time(), UTC).isoformat()
    if draw < 0.08:  # delivered late
        return _delivered(values, expected + timedelta(days=rng.randint(1, 12)), at)
    if draw < 0.09:  # lost, stolen or damaged
        problem = rng.choice(("lost", "stolen", "damaged"))
        lost = {"status": "problem", "problem": problem, "final": 1, "event_code": "BDE 09"}
        return {**values, **lost, "last_event": "Objeto extraviado", "last_at": at}
    if draw < 0.14:  # on its way: past the expected date (2 %) or within it (3 %)
        if draw >= 0.11:
            values["expected_on"] = (TODAY + timedelta(days=rng.randint(0, 5))).isoformat()
        coming = {"status": "in_transit", "final": 0, "event_code": "RO 01"}
        return {**values, **coming, "last_event": "Objeto em trânsito - por favor aguarde", "last_at": at}
    return _delivered(values, expected - timedelta(days=rng.randint(0, 1)), at)


def fill_watchlist(service: TrackingService, items: list[AnalyticItem]) -> int:
    """The statement's objects followed, with what a refresh said of each; how many rows."""
    rng = random.Random(26)
    found = invoice_objects(items, "RE 1234567")
    objects = [item for item in found.objects if rng.random() >= 0.005]  # a few never added
    watchlist = service.watchlist()
    watchlist.add(objects, source="invoice")
    checked = datetime.now(UTC).isoformat(timespec="seconds")
    answers = {
        item.code: {
            **_fate(rng, item.posted_on or TODAY),
            "checked_at": checked,
            "product": "SEDEX CONTRATO AG",
        }
        for item in objects
    }
    watchlist.record(answers)
    return len(objects)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


def main() -> int:
    items = statement()
    with tempfile.TemporaryDirectory() as folder:
        office = OfficeDatabase(Path(folder), "sandbox", "", author=lambda: "bench")
        tracking = TrackingService(tracking_ports(office))
        service = ClaimsService(claims_ports(office, TrackingOffer(lambda: tracking), clock=tracking.now))
        started = time.perf_counter()
        rows = fill_watchlist(tracking, items)
        print(f"watchlist of {rows:,} rows written in {time.perf_counter() - started:.1f} s (not timed)")
        before = _peak_mb()
        times: list[float] = []
        for _ in range(RUNS):
            started = time.perf_counter()
            objects = invoice_objects(items, "RE 1234567").objects
            found = statement_candidates(PlainTask(), service, objects)
            times.append(time.perf_counter() - started)
        office.close()
    median = statistics.median(times)
    peak = _peak_mb()
    print(
        f"{ITEMS:,} statement lines: {len(found.candidates):,} candidates, {found.waiting:,} waiting, "
        f"{len(found.expired):,} past 90 days, {len(found.untracked):,} untracked"
    )
    print(
        f"candidates: median {median:.2f} s of {RUNS} runs (best {min(times):.2f} s, "
        f"worst {max(times):.2f} s; target <= {TARGET_S:.0f} s)"
    )
    print(f"peak RSS {peak:.0f} MB ({before:.0f} MB before the runs)")
    met = median <= TARGET_S
    print(f"target: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
