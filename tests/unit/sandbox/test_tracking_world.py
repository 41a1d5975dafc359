"""The sandbox's tracking world: the statements' labels, registered objects, and the
answers the service builds from them (per-object messages, what the clock shows)."""

from __future__ import annotations

import statistics
import time
from datetime import date, datetime, timedelta

import pytest

from postalgui.sandbox.deadline_engine import national_product
from postalgui.sandbox.invoice_data import all_invoices, analytic_items, object_label
from postalgui.sandbox.tracking import TrackingWorld, valid_code
from postalgui.sandbox.tracking.labels import label_index
from postalgui.sandbox.tracking.wire import SRO_INVALID, SRO_NOT_FOUND, answer
from postalgui.sandbox.tracking.world import RegistrationError

TODAY = date(2026, 11, 24)
NOW = datetime(2026, 11, 24, 15, 0)
CODE = object_label("AB", 87654321)


@pytest.fixture
def world() -> TrackingWorld:
    return TrackingWorld()


def test_every_statement_label_is_indexed_once_per_month() -> None:
    index = label_index(TODAY)
    labels = {item.label for inv in all_invoices(TODAY) for item in analytic_items(inv) if item.label}
    assert set(index.objects) == labels
    assert len(labels) > 10_000
    assert label_index(date(2026, 11, 2)) is index  # same month: built once
    assert all(valid_code(code) for code in index.objects)
    known = next(iter(index.objects.values()))
    national_product(known.product)
    assert 8 <= known.posted.hour < 17
    assert known.posted.date() < TODAY.replace(day=1)


def test_a_label_is_found_and_answered(world: TrackingWorld) -> None:
    code, known = next(iter(label_index(TODAY).objects.items()))
    found = world.find(code, TODAY)
    assert found is not None
    assert (found.product, found.contract) == (known.product, known.contract)
    body = answer(world, [code], NOW, "T")
    (record,) = body["objetos"]
    assert record["codObjeto"] == code
    assert record["contrato"] == known.contract
    assert record["eventos"][-1]["codigo"] == "PO"  # newest first: the posting is last


def test_a_mixed_batch_answers_every_object(world: TrackingWorld) -> None:
    world.register(CODE, "03220", "01310100", "20040020", NOW - timedelta(days=2))
    unknown = object_label("ZZ", 11111111)
    body = answer(world, [CODE, "AB123BR", unknown], NOW, "T")
    assert (body["versao"], body["quantidade"], body["resultado"]) == ("1.8.7", 3, "Todos os Eventos")
    ok, bad, missing = body["objetos"]
    assert ok["codObjeto"] == CODE
    assert ok["eventos"]
    assert "mensagem" not in ok
    assert bad == {"codObjeto": "AB123BR", "mensagem": SRO_INVALID}
    assert missing == {"codObjeto": unknown, "mensagem": SRO_NOT_FOUND}


def test_only_events_up_to_now_are_shown(world: TrackingWorld) -> None:
    world.register(CODE, "03298", "01310100", "69900000", NOW, fate="on_time")
    assert answer(world, [CODE], NOW - timedelta(minutes=1), "T")["objetos"][0]["mensagem"] == SRO_NOT_FOUND
    first = answer(world, [CODE], NOW, "T")["objetos"][0]["eventos"]
    assert [event["codigo"] for event in first] == ["PO"]
    later = answer(world, [CODE], NOW + timedelta(days=30), "T")["objetos"][0]
    assert later["eventos"][0]["codigo"] == "BDE"
    assert later["eventos"][0]["tipo"] == "01"
    last = answer(world, [CODE], NOW + timedelta(days=30), "U")
    assert last["resultado"] == "Último Evento"
    assert last["objetos"][0]["eventos"] == later["eventos"][:1]
    posting = answer(world, [CODE], NOW + timedelta(days=30), "P")["objetos"][0]["eventos"]
    assert posting == later["eventos"][-1:]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"code": "AB123456780BR"}, "codigo"),
        ({"product": "99999"}, "PRZ-001"),
        ({"origin_cep": "123"}, "CEP"),
        ({"destination_cep": "00000000"}, "inexistente"),
        ({"fate": "stolen"}, "destino"),
    ],
)
def test_registration_names_what_is_wrong(world: TrackingWorld, changes: dict[str, str], field: str) -> None:
    values = {"code": CODE, "product": "03220", "origin_cep": "01310100", "destination_cep": "20040020"}
    values |= changes
    fate = values.pop("fate", None)
    with pytest.raises(RegistrationError, match=field):
        world.register(
            values["code"], values["product"], values["origin_cep"], values["destination_cep"], NOW, fate=fate
        )  # type: ignore[arg-type]
    assert world.registered() == []


def test_registered_objects_can_be_forgotten(world: TrackingWorld) -> None:
    tracked = world.register(CODE.lower(), "03220", "01310100", "20040020", NOW)
    assert tracked.code == CODE
    assert world.find(CODE, TODAY) == tracked
    assert world.forget_registered() == 1
    assert world.find(CODE, TODAY) is None


def test_fifty_codes_answer_in_a_few_milliseconds(world: TrackingWorld) -> None:
    codes = list(label_index(TODAY).objects)[:50]
    answer(world, codes, NOW, "T")  # histories made once
    runs = []
    for _ in range(5):
        started = time.perf_counter()
        answer(world, codes, NOW, "T")
        runs.append(time.perf_counter() - started)
    assert statistics.median(runs) < 0.05, runs
