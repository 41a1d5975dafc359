"""Rows of the office's tables as the features write them, for the Overview's tests: a
parcel, an invoice with or without its statement, a claim, a quote, a shipment."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection

from postalgui.services.office.database import OfficeDatabase
from postalgui.store.tables import (
    claim,
    invoice,
    quote,
    shipment,
    statement,
    statement_item,
    statement_service,
    tracked_object,
)

ENV = "sandbox"
_serial = itertools.count(1)


def _uid() -> str:
    return f"u{next(_serial):08d}"


def parcel(code: str, **values: Any) -> dict[str, Any]:
    row = {
        "uid": _uid(),
        "environment": ENV,
        "code": code,
        "source": "manual",
        "added_at": "2026-10-01T12:00:00+00:00",
        "status": "delivered",
        "co_produto": "03220",
        "origin_uf": "SP",
        "destination_uf": "RJ",
        "posted_on": "2026-10-05",
        "expected_on": "2026-10-08",
        "arrived_on": "2026-10-07",
    }
    return {**row, **values}


def an_invoice(fatura: str, month: str, cents: int, status: str = "Paga", **values: Any) -> dict[str, Any]:
    row = {
        "uid": _uid(),
        "environment": ENV,
        "contrato": "9912208555",
        "fatura": fatura,
        "tipo_documento": "RE",
        "status": status,
        "month": month,
        "valor_cents": cents,
        "seen_at": "2026-11-01T12:00:00+00:00",
    }
    return {**row, **values}


def a_claim(
    code: str, filed_at: str, estimate: str | None, outcome: str = "open", **values: Any
) -> dict[str, Any]:
    row = {
        "uid": _uid(),
        "environment": ENV,
        "code": code,
        "state": "filed",
        "outcome": outcome,
        "reason": 135,
        "manifestation": "I",
        "package": "E",
        "filed_at": filed_at,
        "estimate": estimate,
    }
    return {**row, **values}


def a_quote(at: str, clerk: str, **values: Any) -> dict[str, Any]:
    row = {
        "uid": _uid(),
        "at": at,
        "environment": ENV,
        "source": "form",
        "co_produto": "03220",
        "cep_origem": "01310100",
        "cep_destino": "20040002",
        "pc_final": "25.30",
        "created_by": clerk,
        "search_text": "",
        "query": "{}",
    }
    return {**row, **values}


def a_shipment(created_at: str, **values: Any) -> dict[str, Any]:
    row = {
        "uid": _uid(),
        "environment": ENV,
        "prepost_id": _uid(),
        "status": "2",
        "service_code": "03220",
        "recipient_cep": "20040002",
        "body": "{}",
        "created_at": created_at,
    }
    return {**row, **values}


def a_statement(
    fatura: str, services: Sequence[tuple[str, int, int]], items: Sequence[tuple[str, str, int]] = ()
) -> dict[str, list[dict[str, Any]]]:
    """Statement ``fatura`` (RE): ``services`` as (code, parcels, cents), ``items`` as (code, uf, cents)."""
    key = {"environment": ENV, "fatura": fatura, "tipo_documento": "RE"}
    return {
        "statement": [
            {
                **key,
                "loaded_at": "2026-11-01T12:00:00+00:00",
                "item_count": len(items),
                "services_cents": sum(cents for _code, _parcels, cents in services),
            }
        ],
        "statement_service": [
            {**key, "codigo_servico": code, "quantidade": parcels, "valor_liquido_cents": cents}
            for code, parcels, cents in services
        ],
        "statement_item": [
            {
                **key,
                "position": position,
                "codigo_servico": code,
                "destination_uf": uf,
                "quantidade": 1,
                "valor_liquido_cents": cents,
            }
            for position, (code, uf, cents) in enumerate(items)
        ],
    }


_TABLES = {
    "tracked_object": tracked_object,
    "invoice": invoice,
    "claim": claim,
    "quote": quote,
    "shipment": shipment,
    "statement": statement,
    "statement_service": statement_service,
    "statement_item": statement_item,
}


def put(office: OfficeDatabase, **rows: Sequence[dict[str, Any]]) -> None:
    """Insert ``rows`` per table name (``tracked_object=[...]``, ``invoice=[...]``)."""

    def work(connection: Connection) -> None:
        for name, values in rows.items():
            for value in values:  # one by one: an executemany takes the first row's columns only
                connection.execute(_TABLES[name].insert(), value)

    office.store().run(work)
