"""A return's state, its order kept as JSON, and the validity setting: what the Returns page,
``postalgui returns list`` and the settings file show, without the operator."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, date, datetime

import pytest
from pydantic import ValidationError

from postalgui.api.models.prepostings import (
    Order,
    Person,
    PrepostingStatus,
    ReturnTerms,
    order_from_json,
    order_to_json,
)
from postalgui.services.ports import Progress
from postalgui.services.shipping.records import Shipment
from postalgui.services.shipping.return_records import ReturnState
from postalgui.services.shipping.returns import authorization, return_state
from postalgui.services.shipping.settings import ShippingSettings
from postalgui.services.words import word

TODAY = date(2026, 11, 28)
CUSTOMER = Person(
    "Maria da Silva", "20040020", "Rua da Assembleia", "10", "", "Centro", "Rio de Janeiro", "RJ"
)
OFFICE = Person("Loja Demo", "01310100", "Avenida Paulista", "1000", "", "Bela Vista", "São Paulo", "SP")
ORDER = Order(
    CUSTOMER, OFFICE, "03301", 300, length_cm=20, width_cm=15, height_cm=10, invoice_number="1",
    reverse=ReturnTerms(date(2026, 12, 28), "DG049186226BR", pickup=True),
)  # fmt: skip


def shipment(status: PrepostingStatus | None, **changes: object) -> Shipment:
    made = Shipment("PR1", "QR515656026BR", status, ORDER, "clerk", datetime(2026, 11, 28, tzinfo=UTC), None)
    return replace(made, **changes)  # type: ignore[arg-type]  # a test's changes


@pytest.mark.parametrize(
    ("status", "progress", "today", "state"),
    [
        (PrepostingStatus.PREPOSTED, None, TODAY, ReturnState.AUTHORIZED),
        (PrepostingStatus.PREPOSTED, Progress.WAITING, TODAY, ReturnState.AUTHORIZED),
        (PrepostingStatus.PREPOSTED, None, date(2026, 12, 29), ReturnState.EXPIRED),  # its date passed
        (PrepostingStatus.EXPIRED, None, TODAY, ReturnState.EXPIRED),
        (PrepostingStatus.CANCELLED, Progress.MOVING, TODAY, ReturnState.CANCELLED),
        (PrepostingStatus.POSTED, None, TODAY, ReturnState.POSTED),  # the operator's word alone
        (PrepostingStatus.POSTED, Progress.POSTED, TODAY, ReturnState.POSTED),
        (PrepostingStatus.POSTED, Progress.MOVING, TODAY, ReturnState.IN_TRANSIT),
        (PrepostingStatus.POSTED, Progress.DELIVERED, TODAY, ReturnState.DELIVERED_BACK),
        (PrepostingStatus.PREPOSTED, Progress.DELIVERED, TODAY, ReturnState.DELIVERED_BACK),  # tracking ahead
        (None, None, TODAY, ReturnState.UNKNOWN),
    ],
)
def test_the_state_comes_from_the_pre_posting_then_from_tracking(
    status: PrepostingStatus | None, progress: Progress | None, today: date, state: ReturnState
) -> None:
    assert return_state(shipment(status), progress, today) is state


def test_every_state_has_words_in_both_languages() -> None:
    assert word(ReturnState.DELIVERED_BACK, "pt") == "Recebida de volta"
    assert word(ReturnState.DELIVERED_BACK, "en") == "Delivered back"
    assert all(
        word(state, "pt") != word(state, "en") or state is ReturnState.IN_TRANSIT for state in ReturnState
    )


def test_the_code_the_customer_shows_is_the_eticket_else_the_object_code_else_the_id() -> None:
    progress = {"QR515656026BR": Progress.MOVING}
    made = authorization(shipment(PrepostingStatus.POSTED, eticket="4182736450"), progress, TODAY)
    assert (made.code, made.state, made.valid_until, made.outbound_code) == (
        "4182736450", ReturnState.IN_TRANSIT, date(2026, 12, 28), "DG049186226BR",
    )  # fmt: skip
    assert authorization(shipment(PrepostingStatus.PREPOSTED), {}, TODAY).code == "QR515656026BR"
    assert authorization(shipment(PrepostingStatus.PREPOSTED, object_code=None), {}, TODAY).code == "PR1"


def test_the_return_terms_are_kept_in_the_office_database_json() -> None:
    kept = json.loads(json.dumps(order_to_json(ORDER)))
    assert kept["reverse"] == {"valid_until": "2026-12-28", "outbound_code": "DG049186226BR", "pickup": True}
    assert order_from_json(kept) == ORDER
    plain = replace(ORDER, reverse=None)
    assert order_from_json(json.loads(json.dumps(order_to_json(plain)))) == plain
    older = {key: value for key, value in order_to_json(plain).items() if key != "reverse"}
    assert order_from_json(older) == plain  # a row written before returns existed


def test_the_validity_setting_is_1_to_90_days() -> None:
    assert ShippingSettings().return_days == 30
    assert ShippingSettings().updated(return_days=90).return_days == 90
    for days in (0, 91):
        with pytest.raises(ValidationError):
            ShippingSettings().updated(return_days=days)
