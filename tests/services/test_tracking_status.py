"""Status in words from the last event (REFERENCE.md's table) and lateness against the expected date."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from postalgui.api.models.tracking import TrackedObject, TrackingEvent
from postalgui.services.tracking.lateness import Lateness, Timing, assess
from postalgui.services.tracking.records import answer_values, arrival
from postalgui.services.tracking.status import Problem, Status, classify, is_final, object_status


def event(code: str, kind: str, *, pickup: str | None = None) -> TrackingEvent:
    return TrackingEvent.model_validate(
        {"codigo": code, "tipo": kind, "dtHrCriado": "2026-11-20T10:00:00", "dtLimiteRetirada": pickup}
    )


@pytest.mark.parametrize(
    ("code", "kind", "status", "problem"),
    [
        ("PO", "01", Status.POSTED, None),
        ("RO", "01", Status.IN_TRANSIT, None),
        ("DO", "01", Status.IN_TRANSIT, None),
        ("OEC", "01", Status.OUT_FOR_DELIVERY, None),
        ("OEC", "03", Status.OUT_FOR_DELIVERY, None),
        ("OEC", "00", Status.AWAITING_PICKUP, None),
        ("OEC", "09", Status.ATTEMPT_FAILED, None),
        ("LDI", "01", Status.AWAITING_PICKUP, None),
        ("LDI", "14", Status.AWAITING_PICKUP, None),
        ("BDE", "01", Status.DELIVERED, None),
        ("BDI", "00", Status.DELIVERED, None),
        ("BDR", "01", Status.DELIVERED, None),
        ("BDE", "54", Status.AWAITING_PICKUP, None),
        ("BDE", "02", Status.ATTEMPT_FAILED, None),  # without a pickup deadline: nobody home
        ("BDE", "20", Status.ATTEMPT_FAILED, None),
        ("BDI", "19", Status.ATTEMPT_FAILED, None),
        ("FC", "47", Status.ATTEMPT_FAILED, None),
        ("BDE", "23", Status.RETURNED, None),
        ("BDE", "09", Status.PROBLEM, Problem.LOST),
        ("BDR", "28", Status.PROBLEM, Problem.DAMAGED),
        ("BDE", "51", Status.PROBLEM, Problem.STOLEN),
        ("BDE", "80", Status.PROBLEM, Problem.OTHER),
        ("IDC", "01", Status.COMPENSATED, None),
        ("XYZ", "99", Status.IN_TRANSIT, None),
    ],
)
def test_the_event_table(code: str, kind: str, status: Status, problem: Problem | None) -> None:
    assert classify(event(code, kind)) == (status, problem)


def test_a_pickup_deadline_makes_bde_02_a_wait_at_a_branch_and_a_one_digit_type_reads_as_two() -> None:
    assert classify(event("BDE", "02", pickup="2026-11-27T18:00:00")) == (Status.AWAITING_PICKUP, None)
    assert TrackingEvent.model_validate({"codigo": "bde", "tipo": 1}).key == ("BDE", "01")


def test_messages_without_events() -> None:
    invalid = TrackedObject(codObjeto="XX000000085BR", mensagem="SRO-019: Objeto inválido")
    unknown = TrackedObject(codObjeto="QB000000085BR", mensagem="SRO-020: Objeto não encontrado")
    assert object_status(invalid) == (Status.INVALID, None)
    assert object_status(unknown) == (Status.NOT_FOUND, None)


def test_what_is_final() -> None:
    assert is_final(Status.DELIVERED, None)
    assert is_final(Status.PROBLEM, Problem.LOST)
    assert not is_final(Status.PROBLEM, Problem.DAMAGED)  # a damaged parcel may still be delivered
    assert not is_final(Status.AWAITING_PICKUP, None)
    assert not is_final(Status.NOT_FOUND, None)


EXPECTED = date(2026, 11, 20)


@pytest.mark.parametrize(
    ("status", "arrived", "today", "lateness"),
    [
        (Status.DELIVERED, date(2026, 11, 23), date(2026, 11, 25), Lateness(Timing.LATE, 3)),
        (Status.DELIVERED, date(2026, 11, 20), date(2026, 11, 25), Lateness(Timing.ON_TIME)),
        (Status.IN_TRANSIT, None, date(2026, 11, 22), Lateness(Timing.OVERDUE, 2)),
        (Status.OUT_FOR_DELIVERY, None, date(2026, 11, 20), Lateness(Timing.DUE_TODAY)),
        (Status.POSTED, None, date(2026, 11, 18), Lateness(Timing.ON_TIME)),
        (Status.AWAITING_PICKUP, date(2026, 11, 19), date(2026, 11, 30), Lateness(Timing.ON_TIME)),
        (Status.AWAITING_PICKUP, date(2026, 11, 21), date(2026, 11, 30), Lateness(Timing.LATE, 1)),
        (Status.RETURNED, None, date(2026, 11, 30), Lateness(Timing.ON_TIME)),
    ],
)
def test_lateness(status: Status, arrived: date | None, today: date, lateness: Lateness) -> None:
    assert assess(status, EXPECTED, arrived, today) == lateness


def test_no_expected_date_is_unknown_not_on_time() -> None:
    assert assess(Status.IN_TRANSIT, None, None, EXPECTED).timing is Timing.UNKNOWN


def test_an_answer_becomes_row_values() -> None:
    found = TrackedObject.model_validate(
        {
            "codObjeto": "DG049186226BR",
            "dtPrevista": "2026-11-20T20:58:00",
            "tipoPostal": {"descricao": "SEDEX CONTRATO AG"},
            "eventos": [
                {"codigo": "BDE", "tipo": "01", "dtHrCriado": "2026-11-24T10:00:00",
                 "descricao": "Objeto entregue ao destinatário",
                 "unidade": {"endereco": {"cidade": "Campinas", "uf": "SP"}}},
                {"codigo": "BDE", "tipo": "20", "dtHrCriado": "2026-11-23T15:00:00",
                 "descricao": "Carteiro não atendido"},
                {"codigo": "PO", "tipo": "01", "dtHrCriado": "2026-11-17T09:00:00"},
            ],
        }
    )  # fmt: skip
    values = answer_values(found, now=datetime(2026, 11, 25, 12, 0).astimezone())
    assert arrival(found) == date(2026, 11, 23)  # the first attempt counts, not the delivery after it
    assert values["status"] == "delivered"
    assert values["final"] == 1
    assert values["event_code"] == "BDE 01"
    assert values["last_place"] == "Campinas/SP"
    assert values["expected_on"] == "2026-11-20"
    assert values["expected_source"] == "operator"
    assert values["posted_on"] == "2026-11-17"
    assert values["product"] == "SEDEX CONTRATO AG"
    assert TrackedObject.model_validate_json(values["answer"]).eventos[1].descricao == "Carteiro não atendido"


def _travelled(*events: tuple[str, str, str | None]) -> TrackedObject:
    return TrackedObject.model_validate(
        {
            "codObjeto": "DG049186226BR",
            "eventos": [
                {"codigo": c, "tipo": t, "dtHrCriado": "2026-11-20T10:00:00",
                 **({"unidade": {"endereco": {"cidade": "X", "uf": uf}}} if uf else {})}
                for c, t, uf in events
            ],
        }
    )  # fmt: skip


def test_an_answer_says_the_states_its_ceps_do_not() -> None:
    delivered = _travelled(("BDE", "01", "rj"), ("RO", "01", "MG"), ("PO", "01", "SP"))
    values = answer_values(delivered)
    assert (values["origin_uf"], values["destination_uf"]) == ("SP", "RJ")
    by_cep = answer_values(delivered, cep_origem="69301000", cep_destino="90010000")
    assert (by_cep["origin_uf"], by_cep["destination_uf"]) == ("RR", "RS")  # the row's CEPs say it first
    on_its_way = answer_values(_travelled(("RO", "01", "MG"), ("PO", "01", None)))
    assert "origin_uf" not in on_its_way  # never made unknown: a state kept stays
    assert "destination_uf" not in on_its_way  # a unit it passes is not where it goes
    assert "origin_uf" not in answer_values(_travelled(("PO", "01", "XX")))
