"""A watchlist row as a `WatchedObject`: the object the class itself makes of the same values."""

from __future__ import annotations

from dataclasses import fields, replace
from datetime import UTC, date, datetime
from decimal import Decimal

from postalgui.services.tracking.records import WatchedObject, object_from_row
from postalgui.services.tracking.status import Problem, Status

ROW = {
    "code": "DG049186226BR",
    "tag": "order 12",
    "source": "invoice",
    "created_by": "ana",
    "added_at": "2026-11-01T12:00:00+00:00",
    "archived_at": None,
    "status": "problem",
    "problem": "lost",
    "final": 1,
    "event_code": "BDE 09",
    "last_event": "Objeto extraviado",
    "last_place": "CTE SAO PAULO",
    "last_at": "2026-11-03T10:15:00",
    "arrived_on": None,
    "expected_on": "2026-11-04",
    "expected_source": "operator",
    "pickup_until": None,
    "product": "SEDEX CONTRATO AG",
    "message": "",
    "checked_at": "2026-11-05T08:00:00+00:00",
    "co_produto": "03220",
    "cep_origem": None,
    "cep_destino": "01310100",
    "posted_on": "2026-11-01",
    "invoice": "RE 1234567",
    "invoice_amount": "25.50",
    "answer": None,
}


def test_a_row_reads_as_the_class_makes_it() -> None:
    """Every field set (the reader sets them without the class's ``__init__``), equal, hashed and
    replaced alike."""
    made = object_from_row(ROW)
    expected = WatchedObject(
        code="DG049186226BR",
        tag="order 12",
        source="invoice",
        added_by="ana",
        added_at=datetime(2026, 11, 1, 12, tzinfo=UTC),
        status=Status.PROBLEM,
        problem=Problem.LOST,
        final=True,
        event_code="BDE 09",
        last_event="Objeto extraviado",
        last_place="CTE SAO PAULO",
        last_at=datetime(2026, 11, 3, 10, 15),
        expected_on=date(2026, 11, 4),
        expected_source="operator",
        product="SEDEX CONTRATO AG",
        checked_at=datetime(2026, 11, 5, 8, tzinfo=UTC),
        co_produto="03220",
        cep_destino="01310100",
        posted_on=date(2026, 11, 1),
        invoice="RE 1234567",
        invoice_amount=Decimal("25.50"),
    )
    assert set(vars(made)) == {field.name for field in fields(WatchedObject)}
    assert made == expected
    assert hash(made) == hash(expected)
    assert replace(made, tag="") == replace(expected, tag="")
    assert made.answer is None
    assert object_from_row({"code": "DG049186226BR"}) == WatchedObject("DG049186226BR")
