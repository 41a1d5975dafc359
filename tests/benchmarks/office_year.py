"""One year of a busy office in its database, for the Overview's benchmarks and screenshots.

`seed_office_year` writes, ending ``today``: 100,000 followed parcels (SP heavy, a mix of
SEDEX, PAC, Mini Envios and SEDEX 10; about 8 % delivered late, 1 % lost or stolen, some
still on their way, some waiting past their day), 24 invoices of two contracts (paid, the
last ones open, one reversed and issued again), the analytic statements of all but the two
newest (300,000 lines, their block-4 totals), 5,000 claims with their outcomes, 20,000
quotes by five clerks and 8,000 pre-postings, some of which follow a quote (same service
and destination CEP, within a week). Every row is written with Core inserts in chunks, in
a few transactions, as the stores' own bulk paths do; nothing asks the operator.

Rows are what the stores write (the same columns, words and formats), so the Overview's
queries, the Tracking tab and the Claims tab read them as their own. Random but repeatable
(``seed``). On SQLite, 100,000 parcels with their answers take well under a minute.

    uv run python -m tests.benchmarks.office_year OFFICE.sqlite3 [--today 2026-11-28]

seeds a SQLite file (the office database of the "sandbox" environment, if named
``office-sandbox.sqlite3`` in a data folder) for screenshots.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table

from postalgui.api.values.object_codes import check_digit
from postalgui.api.values.states import CEP_RANGES, uf_of_cep
from postalgui.services.office.database import OfficeDatabase
from postalgui.store import tables
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url

__all__ = ["CLERKS", "SERVICES", "seed_office_year"]

CHUNK = 5_000
CLERKS = ("ana.souza", "bruno.lima", "carla.dias", "diego.rocha", "elisa.melo")
CONTRACTS = ("9912345678", "9912345679")
ORIGINS = ("01310100", "01310100", "01310100", "04547000", "13010000", "20040020")
"""Where the office posts from: the main branch in São Paulo, a few from elsewhere."""


@dataclass(frozen=True)
class Service:
    code: str
    name: str
    share: int
    """Relative weight in the mix."""
    days: tuple[int, int]
    """Days to deliver, least and most (the expected day is the least plus one or two)."""
    price: tuple[int, int]
    """Postage in cents, least and most."""


SERVICES = (
    Service("03220", "SEDEX CONTRATO AG", 30, (1, 4), (1_800, 9_000)),
    Service("03298", "PAC CONTRATO AG", 45, (3, 10), (1_200, 5_000)),
    Service("04227", "MINI ENVIOS CTR AG", 18, (5, 12), (600, 1_500)),
    Service("03158", "SEDEX 10 CONTRATO AG", 5, (1, 2), (3_000, 12_000)),
    Service("03140", "SEDEX 12 CONTRATO AG", 2, (1, 2), (3_500, 14_000)),
)
_SERVICE_WEIGHTS = [service.share for service in SERVICES]

_STATE_WEIGHTS = {
    "SP": 38, "RJ": 11, "MG": 10, "PR": 6, "RS": 6, "SC": 5, "BA": 4, "DF": 3, "GO": 3, "PE": 3,
    "CE": 2, "ES": 2, "PA": 1, "MT": 1, "MS": 1, "AM": 1, "MA": 1, "PB": 1, "RN": 1, "AL": 1,
    "PI": 1, "SE": 1, "RO": 1, "TO": 1, "AC": 1, "AP": 1, "RR": 1,
}  # fmt: skip
_RANGES_OF: dict[str, list[tuple[int, int]]] = {}
for _first, _last, _uf in CEP_RANGES:
    _RANGES_OF.setdefault(_uf, []).append((_first, _last))
_UFS = list(_STATE_WEIGHTS)
_ORIGIN_UF = {cep: uf_of_cep(cep) for cep in ORIGINS}
_UF_WEIGHTS = list(_STATE_WEIGHTS.values())

_ANSWER_FILLER = "Objeto em trânsito - por favor aguarde " * 18
"""What makes a row's ``answer`` as long as an operator's (about 1.5 kB): the Overview must
not read it, and a row read whole costs what it does in a real office."""


def _code(serial: int) -> str:
    digits = f"{serial % 100_000_000:08d}"
    return f"{'AB' if serial < 100_000_000 else 'AC'}{digits}{check_digit(digits)}BR"


def _between(rng: random.Random, first: int, last: int) -> int:
    """`random.randint`, at a fifth of its cost (millions of them)."""
    return first + int(rng.random() * (last - first + 1))


def _cep(rng: random.Random) -> tuple[str, str]:
    """A CEP of a state drawn by the office's mix, and that state."""
    uf = rng.choices(_UFS, _UF_WEIGHTS)[0]
    first, last = rng.choice(_RANGES_OF[uf])
    return f"{_between(rng, first, last):05d}{_between(rng, 0, 999):03d}", uf


def _moment(day: date, rng: random.Random) -> str:
    """A UTC moment of ``day`` in office hours (Brasília is UTC-3)."""
    return f"{day.isoformat()}T{_between(rng, 11, 21):02d}:{_between(rng, 0, 59):02d}:00+00:00"


def _chunks(rows: Sequence[dict[str, Any]]) -> Iterator[Sequence[dict[str, Any]]]:
    for start in range(0, len(rows), CHUNK):
        yield rows[start : start + CHUNK]


def _insert(connection: Connection, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    """``rows`` (all with the same columns) by the driver itself, COPY on PostgreSQL, as
    `InvoiceBook` writes a statement's lines: SQLAlchemy's parameter handling of 500,000
    rows would take most of the seed's time."""
    if not rows:
        return
    names = list(rows[0])
    columns = ", ".join(names)
    if connection.dialect.name != "postgresql":
        marks = ", ".join("?" * len(names))
        for chunk in _chunks(rows):
            values = [tuple(row[name] for name in names) for row in chunk]
            connection.exec_driver_sql(f"INSERT INTO {table.name} ({columns}) VALUES ({marks})", values)  # noqa: S608
        return
    cursor: Any = connection.connection.cursor()
    try:
        with cursor.copy(f"COPY {table.name} ({columns}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(tuple(row[name] for name in names))
    finally:
        cursor.close()


# --- parcels -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Parcel:
    code: str
    service: Service
    posted: date
    origin: str
    destination: str
    destination_uf: str
    price: int
    """Postage in cents (its statement line's net value)."""


def _parcel_row(parcel: Parcel, today: date, rng: random.Random, environment: str) -> dict[str, Any]:
    service, posted = parcel.service, parcel.posted
    allowed = service.days[0] + _between(rng, 1, 2)
    expected = posted + timedelta(days=allowed)
    took = _between(rng, service.days[0], allowed)
    roll = rng.random()
    if roll < 0.08:
        took = (expected - posted).days + _between(rng, 1, 9)  # late
    arrived: date | None = posted + timedelta(days=took)
    status, problem, final = "delivered", None, 1
    if roll > 0.99:
        status, problem, arrived = "problem", rng.choice(("lost", "lost", "stolen", "damaged")), None
    elif roll > 0.985:
        status, arrived = "returned", None
    elif arrived is not None and arrived > today:
        status, final, arrived = (
            rng.choice(("posted", "in_transit", "in_transit", "out_for_delivery")),
            0,
            None,
        )
    elif roll > 0.975 and (today - posted).days < 40:
        status, final, arrived = "in_transit", 0, None  # past its day, still on its way
    elif roll > 0.96:
        status, final = "awaiting_pickup", 0
    if status == "problem" and problem == "damaged":
        final = 1
    archived = status == "delivered" and (today - posted).days > 90 and rng.random() < 0.5
    checked = min(today, (arrived or today))
    answer = {
        "codObjeto": parcel.code,
        "dtPrevista": f"{expected.isoformat()}T23:59:00",
        "tipoPostal": {"descricao": service.name},
        "eventos": [{"codigo": "PO", "tipo": "01", "dtHrCriado": f"{posted.isoformat()}T10:00:00",
                     "descricao": "Objeto postado", "detalhe": _ANSWER_FILLER}],
    }  # fmt: skip
    return {
        "uid": uuid.uuid4().hex,
        "environment": environment,
        "code": parcel.code,
        "source": rng.choice(("invoice", "shipping", "paste", "shipping")),
        "created_by": rng.choice(CLERKS),
        "added_at": _moment(posted, rng),
        "archived_at": _moment(arrived + timedelta(days=30), rng) if archived and arrived else None,
        "co_produto": service.code,
        "cep_origem": parcel.origin,
        "cep_destino": parcel.destination,
        "posted_on": posted.isoformat(),
        "invoice_amount": str(Decimal(parcel.price) / 100),
        "status": status,
        "problem": problem,
        "final": final,
        "event_code": "BDE 01" if status == "delivered" else "RO 01",
        "last_event": "Objeto entregue ao destinatário" if status == "delivered" else "Objeto em trânsito",
        "last_place": "São Paulo/SP",
        "last_at": _moment(arrived or posted, rng),
        "arrived_on": arrived.isoformat() if arrived else None,
        "expected_on": expected.isoformat(),
        "expected_source": "operator",
        "product": service.name,
        "checked_at": _moment(checked, rng),
        "answer": json.dumps(answer, ensure_ascii=False),
        "origin_uf": _ORIGIN_UF[parcel.origin],
        "destination_uf": parcel.destination_uf,
    }


def _parcels(count: int, today: date, rng: random.Random) -> list[Parcel]:
    first = today - timedelta(days=364)
    found = []
    for serial in range(count):
        service = rng.choices(SERVICES, _SERVICE_WEIGHTS)[0]
        posted = first + timedelta(days=min(364, int(rng.triangular(0, 380, 300))))  # busier lately
        cep, uf = _cep(rng)
        price = _between(rng, *service.price)
        found.append(Parcel(_code(serial), service, posted, rng.choice(ORIGINS), cep, uf, price))
    found.sort(key=lambda parcel: parcel.posted)
    return found


# --- invoices and statements -------------------------------------------------------------


def _months(today: date) -> list[date]:
    """The first days of the twelve months ending with ``today``'s, oldest first."""
    index = today.year * 12 + today.month - 1
    return [date((index - back) // 12, (index - back) % 12 + 1, 1) for back in range(11, -1, -1)]


def _month_end(first: date) -> date:
    return (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)


@dataclass
class Billed:
    """An invoice as seeded: its row, and its statement's lines when it has one."""

    row: dict[str, Any]
    lines: list[tuple[str, str, str, str | None, int]]
    """(label, service code, posting day, destination state, net cents)."""


def _bill_line(bill: Billed, parcel: Parcel) -> None:
    line = (
        parcel.code,
        parcel.service.code,
        parcel.posted.isoformat(),
        uf_of_cep(parcel.destination),
        parcel.price,
    )
    bill.lines.append(line)


def _invoices(count: int, today: date, parcels: list[Parcel], items: int, rng: random.Random) -> list[Billed]:
    months = _months(today)
    billed: list[Billed] = []
    for number in range(count):
        first = months[number % 12] if count <= 12 else months[min(11, number * 12 // count)]
        contract = CONTRACTS[number % len(CONTRACTS)]
        closing = _month_end(first)
        newest = first >= months[-2]
        status = "Em aberto" if newest else "Paga"
        row = {
            "contrato": contract,
            "fatura": str(1_000_000 + number),
            "item_fatura": "001",
            "tipo_documento": "RE",
            "status": status,
            "vencimento": (closing + timedelta(days=10)).isoformat(),
            "data_fechamento": closing.isoformat(),
            "month": closing.strftime("%Y-%m"),
            "nome_contrato": f"EMPRESA EXEMPLO LTDA {contract[-1]}",
            "centro_custo": "0001",
            "dr_fatura": "00020",
        }
        billed.append(Billed(row, []))
    if billed and count >= 6:  # one reversed and issued again
        billed[3].row["status"] = "Estornada"
        again = dict(billed[3].row, fatura=str(2_000_000 + 3), status="Paga")
        billed.insert(4, Billed(again, []))
    itemized = [
        bill
        for bill in billed
        if bill.row["status"] != "Estornada" and bill.row["month"] < months[-2].strftime("%Y-%m")
    ]
    by_month: dict[str, list[Billed]] = {}
    for bill in itemized:
        by_month.setdefault(bill.row["month"], []).append(bill)
    kept = 0
    for parcel in parcels:
        bills = by_month.get(parcel.posted.strftime("%Y-%m"))
        if kept < items and bills:
            _bill_line(bills[kept % len(bills)], parcel)
            kept += 1
    old_months = [month for month in months[:-2] if month.strftime("%Y-%m") in by_month]
    while kept < items and old_months:  # the lines of parcels the office did not follow
        service = rng.choices(SERVICES, _SERVICE_WEIGHTS)[0]
        day = rng.choice(old_months) + timedelta(days=_between(rng, 0, 27))
        bills = by_month[day.strftime("%Y-%m")]
        price = _between(rng, *service.price)
        cep, uf = _cep(rng)
        _bill_line(
            bills[kept % len(bills)],
            Parcel(_code(100_000_000 + kept), service, day, ORIGINS[0], cep, uf, price),
        )
        kept += 1
    for bill in billed:  # the itemized add up (and charge a little more: other charges)
        bill.row["valor_cents"] = sum(line[4] for line in bill.lines) + _between(rng, 0, 5_000)
    usual = max((bill.row["valor_cents"] for bill in billed if bill.lines), default=5_000_000)
    for bill in billed:  # the others charge about what the busiest month did
        if not bill.lines:
            bill.row["valor_cents"] = _between(rng, usual * 9 // 10, usual * 11 // 10)
        bill.row["valor_em_aberto_cents"] = (
            bill.row["valor_cents"] if bill.row["status"] == "Em aberto" else 0
        )
    return billed


def _invoice_rows(billed: list[Billed], today: date, environment: str) -> list[dict[str, Any]]:
    seen = datetime(today.year, today.month, today.day, 12, tzinfo=UTC).isoformat(timespec="seconds")
    return [
        {
            "uid": uuid.uuid4().hex,
            "environment": environment,
            "seen_at": seen,
            "seen_by": CLERKS[0],
            **bill.row,
        }
        for bill in billed
    ]


def _statement_rows(billed: list[Billed], today: date, environment: str) -> tuple[list[dict[str, Any]], ...]:
    heads: list[dict[str, Any]] = []
    services: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    names = {service.code: service.name for service in SERVICES}
    loaded = datetime(today.year, today.month, today.day, 12, tzinfo=UTC).isoformat(timespec="seconds")
    for bill in billed:
        if not bill.lines:
            continue
        key = {"environment": environment, "fatura": bill.row["fatura"], "tipo_documento": "RE"}
        totals: dict[str, list[int]] = {}
        for position, (label, code, posted, uf, cents) in enumerate(bill.lines):
            lines.append({**key, "position": position, "etiqueta": label, "codigo_servico": code,
                          "data_postagem": posted, "destination_uf": uf, "quantidade": 1,
                          "valor_liquido_cents": cents})  # fmt: skip
            total = totals.setdefault(code, [0, 0])
            total[0] += 1
            total[1] += cents
        for code, (quantity, cents) in sorted(totals.items()):
            services.append({**key, "codigo_servico": code, "descricao": names[code],
                             "quantidade": quantity, "valor_servico_cents": cents, "desconto_cents": 0,
                             "valor_liquido_cents": cents})  # fmt: skip
        heads.append({**key, "loaded_at": loaded, "loaded_by": CLERKS[1], "item_count": len(bill.lines),
                      "services_cents": sum(total[1] for total in totals.values()),
                      "total_cents": bill.row["valor_cents"]})  # fmt: skip
    return heads, services, lines


# --- claims, quotes, shipments -----------------------------------------------------------


def _claim_rows(
    parcel_rows: list[dict[str, Any]], count: int, today: date, rng: random.Random, environment: str
) -> list[dict[str, Any]]:
    late = [
        row for row in parcel_rows
        if row["status"] == "problem" or (row["arrived_on"] and row["arrived_on"] > row["expected_on"])
    ]  # fmt: skip
    rng.shuffle(late)
    rows = []
    for row in late[:count]:
        lost = row["status"] == "problem"
        day = date.fromisoformat(row["arrived_on"] or row["expected_on"]) + timedelta(
            days=_between(rng, 1, 20)
        )
        day = min(day, today)
        filed = rng.random() > 0.04
        outcome = (
            rng.choices(("open", "accepted", "refused", "paid", "reopened"), (30, 25, 20, 20, 5))[0]
            if filed
            else ""
        )
        postage = Decimal(row["invoice_amount"])
        estimate = postage * (3 if lost else 1)
        rows.append({
            "uid": uuid.uuid4().hex, "environment": environment, "code": row["code"],
            "state": "filed" if filed else "refused", "outcome": outcome,
            "protocol": f"{_between(rng, 10**9, 10**10 - 1)}" if filed else None,
            "reason": 132 if lost else 131, "manifestation": "R", "package": "S",
            "filed_at": _moment(day, rng), "created_by": rng.choice(CLERKS),
            "kind": row["problem"] if lost else "late",
            "days_late": None if lost else _days(row["expected_on"], row["arrived_on"]),
            "postage": str(postage), "estimate": str(estimate.quantize(Decimal("0.01"))),
            "paid_at": _moment(min(today, day + timedelta(days=30)), rng) if outcome == "paid" else None,
        })  # fmt: skip
    return rows


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def _days(first: str, last: str) -> int:
    return (date.fromisoformat(last) - date.fromisoformat(first)).days


def _quote_rows(count: int, today: date, rng: random.Random, environment: str) -> list[dict[str, Any]]:
    first = today - timedelta(days=364)
    rows = []
    for _ in range(count):
        service = rng.choices(SERVICES, _SERVICE_WEIGHTS)[0]
        day = first + timedelta(days=_between(rng, 0, 364))
        while day.weekday() == 6:
            day += timedelta(days=1)
        day = min(day, today)
        origin, (destination, _) = rng.choice(ORIGINS), _cep(rng)
        failed = rng.random() < 0.03
        price = None if failed else str(Decimal(_between(rng, *service.price)) / 100)
        query = {"coProduto": service.code, "cepOrigem": origin, "cepDestino": destination, "psObjeto": "500"}
        rows.append({
            "uid": uuid.uuid4().hex, "at": _moment(day, rng), "environment": environment,
            "source": rng.choice(("form", "form", "compare", "batch", "history")),
            "failure_code": "PRC-001" if failed else None, "co_produto": service.code,
            "cep_origem": origin, "cep_destino": destination, "pc_final": price,
            "created_by": rng.choice(CLERKS),
            "search_text": "\x1f".join((service.code, service.name.casefold(), origin, destination)),
            "failure_text": "CEP de destino inválido" if failed else None,
            "query": json.dumps(query), "response": None if failed else json.dumps({"pcFinal": price}),
        })  # fmt: skip
    return rows


def _shipment_rows(
    quotes: list[dict[str, Any]], count: int, rng: random.Random, environment: str
) -> list[dict[str, Any]]:
    priced = [quote for quote in quotes if quote["pc_final"] is not None]
    rows = []
    for number in range(count):
        if number % 3 and priced:  # two in three follow a quote, within a week
            quote = rng.choice(priced)
            service_code, cep = quote["co_produto"], quote["cep_destino"]
            created = datetime.fromisoformat(quote["at"]) + timedelta(hours=_between(rng, 1, 24 * 6))
        else:
            service_code, (cep, _) = rng.choices(SERVICES, _SERVICE_WEIGHTS)[0].code, _cep(rng)
            created = datetime.fromisoformat(rng.choice(quotes)["at"]) if quotes else datetime.now(UTC)
        status = rng.choices(("2", "3", "5", "4"), (20, 65, 10, 5))[0]
        rows.append({
            "uid": uuid.uuid4().hex, "environment": environment, "prepost_id": f"PR{number:08d}",
            "status": status, "service_code": service_code, "recipient_name": f"Cliente {number}",
            "recipient_cep": cep, "recipient_state": uf_of_cep(cep) or "",
            "weight_g": _between(rng, 100, 5_000), "body": "{}", "created_by": rng.choice(CLERKS),
            "created_at": _iso(created),
            "cancelled_at": _iso(created + timedelta(days=1)) if status == "5" else None,
        })  # fmt: skip
    return rows


# --- the seed ----------------------------------------------------------------------------


def seed_office_year(
    office: OfficeDatabase | OfficeStore,
    *,
    today: date,
    environment: str = "sandbox",
    parcels: int = 100_000,
    invoices: int = 24,
    items: int = 300_000,
    claims: int = 5_000,
    quotes: int = 20_000,
    shipments: int = 8_000,
    seed: int = 42,
) -> None:
    """One year of a busy office ending ``today`` in ``office``'s database (module
    docstring); an `OfficeStore` is written as it is (a file given on the command line)."""
    store = office.store() if isinstance(office, OfficeDatabase) else office
    rng = random.Random(seed)
    made = _parcels(parcels, today, rng)
    parcel_rows = [_parcel_row(parcel, today, rng, environment) for parcel in made]
    billed = _invoices(invoices, today, made, items, rng)
    heads, services, lines = _statement_rows(billed, today, environment)
    quote_rows = _quote_rows(quotes, today, rng, environment)
    work: list[tuple[Table, list[dict[str, Any]]]] = [
        (tables.tracked_object, parcel_rows),
        (tables.invoice, _invoice_rows(billed, today, environment)),
        (tables.statement, heads),
        (tables.statement_service, services),
        (tables.statement_item, lines),
        (tables.claim, _claim_rows(parcel_rows, claims, today, rng, environment)),
        (tables.quote, quote_rows),
        (tables.shipment, _shipment_rows(quote_rows, shipments, rng, environment)),
    ]
    for table, rows in work:
        store.run(partial(_insert, table=table, rows=rows), topics=(table.name,))
    store.run(partial(_analyze, names=[table.name for table, _ in work]))


def _analyze(connection: Connection, names: list[str]) -> None:
    """The planner's statistics, as a server's autovacuum (or the desk's next start) would."""
    if connection.dialect.name != "postgresql":
        connection.exec_driver_sql("ANALYZE")
        return
    for name in names:  # our own table names
        connection.exec_driver_sql(f"ANALYZE {name}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Seed a SQLite office database with a year of a busy office."
    )
    parser.add_argument("file", type=Path, help="the SQLite file (made if missing)")
    parser.add_argument("--today", type=date.fromisoformat, default=date.today(), help="the year's last day")
    parser.add_argument("--parcels", type=int, default=100_000)
    parser.add_argument("--items", type=int, default=300_000)
    parser.add_argument("--environment", default="sandbox")
    args = parser.parse_args(argv)
    store = OfficeStore(sqlite_url(args.file), author=CLERKS[0])
    started = time.perf_counter()
    try:
        seed_office_year(
            store, today=args.today, environment=args.environment, parcels=args.parcels, items=args.items
        )
    finally:
        store.close()
    print(f"seeded {args.file} in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
