"""Eight desks writing quotes into one PostgreSQL at once (issue 25).

Each desk is its own process with its own `QuoteHistory` on the office database, and
records 1,000 quotes, one `add` per quote (as a clerk's form does). Then one desk records
8,000 alone. Printed: both wall times, their ratio, and the check that all 8,000 rows of
the shared run are there and none doubled (distinct ``uid`` and distinct request numbers).

Needs a server: ``POSTALGUI_TEST_POSTGRES_URL`` (``.ci/postgres.sh`` starts one); the
database is emptied first.

    uv run python -m tests.benchmarks.bench_office_desks
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine, text

from tests.office_fixtures import empty_postgres

DESKS = 8
PER_DESK = 1_000


def _history(url: str, folder: Path, desk: int) -> object:
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.price.history import QuoteHistory

    office = OfficeDatabase(folder, "sandbox", url, author=lambda: f"desk{desk}", allow_password_in_url=True)
    return QuoteHistory(office)


def _desk(url: str, folder: str, desk: int, count: int, start: object) -> None:
    from postalgui.api.models.price import PriceQuery, PriceResponse, QuoteResult
    from tests.price_samples import OFFICIAL

    history = _history(url, Path(folder), desk)
    response = PriceResponse.model_validate(OFFICIAL)
    history.add(  # type: ignore[attr-defined]  # open and migrate before the race starts
        [
            QuoteResult(
                0,
                PriceQuery(
                    coProduto="03220",
                    cepOrigem="01310100",
                    cepDestino="20040020",
                    psObjeto=300,
                    nuRequisicao=f"warm-{desk}",
                ),
                response,
            )
        ],
        environment="sandbox",
        source="cli",
    )
    start.wait()  # type: ignore[attr-defined]  # every desk ready: the race starts together
    for number in range(count):
        query = PriceQuery(
            coProduto="03220",
            cepOrigem="01310100",
            cepDestino="20040020",
            psObjeto=300 + number % 500,
            nuRequisicao=f"d{desk}-{number}",
        )
        history.add([QuoteResult(0, query, response)], environment="sandbox", source="cli")  # type: ignore[attr-defined]
    history.close()  # type: ignore[attr-defined]


def _run(url: str, desks: int, count: int) -> float:
    start = multiprocessing.Barrier(desks + 1)  # the desks, opened and migrated, and this run
    with tempfile.TemporaryDirectory() as folder:
        workers = [
            multiprocessing.Process(target=_desk, args=(url, f"{folder}/{n}", n, count, start))
            for n in range(desks)
        ]
        for worker in workers:
            worker.start()
        start.wait()
        began = time.perf_counter()
        for worker in workers:
            worker.join()
            if worker.exitcode != 0:
                sys.exit(f"a desk failed (exit {worker.exitcode})")
        return time.perf_counter() - began


def _counts(url: str) -> tuple[int, int, int]:
    engine = create_engine(url)
    with engine.connect() as connection:
        rows, uids, requests = connection.execute(
            text(
                "SELECT count(*), count(DISTINCT uid), count(DISTINCT nu_requisicao) FROM quote"
                " WHERE nu_requisicao NOT LIKE 'warm-%'"
            )
        ).one()
    engine.dispose()
    return int(rows), int(uids), int(requests)


def main() -> None:
    url = os.environ.get("POSTALGUI_TEST_POSTGRES_URL", "").strip()
    if not url:
        sys.exit("set POSTALGUI_TEST_POSTGRES_URL (.ci/postgres.sh starts a server)")
    empty_postgres(url)
    shared = _run(url, DESKS, PER_DESK)
    rows, uids, requests = _counts(url)
    total = DESKS * PER_DESK
    print(
        f"{DESKS} desks x {PER_DESK:,} quotes at once: {shared:.2f} s; rows {rows:,}, distinct uid {uids:,},"
        f" distinct requests {requests:,} (want {total:,} each)"
    )
    empty_postgres(url)
    alone = _run(url, 1, total)
    print(f"1 desk x {total:,} quotes alone: {alone:.2f} s")
    print(f"ratio shared/alone: {shared / alone:.2f} (cores here: {os.cpu_count()})")
    if not rows == uids == requests == total:
        sys.exit("rows lost or doubled")


if __name__ == "__main__":
    main()
