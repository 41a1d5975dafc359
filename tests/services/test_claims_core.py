"""The claims core: the rules a claim is checked by, what the operator's answers read as,
what is a candidate and what it is likely worth, and the claims book (SQLite and
PostgreSQL) that files each object once."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from postalgui.api.claims import checked_request
from postalgui.api.models.claims import ClaimProgress, ClaimRequest, FiledClaim, FilingAnswer
from postalgui.api.values.claims import parse_claim_email, parse_claim_phone, parse_reason
from postalgui.api.values.dates import BRASILIA
from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.object_codes import check_digit
from postalgui.services.claims.book import STALE, ClaimBook
from postalgui.services.claims.candidates import Kind, find_candidates
from postalgui.services.claims.compensation import CompensationTable, Family, family_of
from postalgui.services.claims.records import ClaimState, Outcome
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.status import Problem, Status

NOW = datetime(2026, 11, 25, 15, 0, tzinfo=UTC)
TODAY = NOW.date()
TABLE = CompensationTable()


def code(serial: int) -> str:
    digits = f"{serial:08d}"
    return f"QB{digits}{check_digit(digits)}BR"


# --- values and answers --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("parse", "value", "rule"),
    [
        (parse_reason, "999", "claim.reason"),
        (parse_reason, "atraso", "claim.reason"),
        (parse_claim_email, "fulano@", "claim.email"),
        (parse_claim_phone, "9876-4321", "claim.phone"),
        (parse_claim_phone, "(11) 9876a-4321", "claim.phone"),
    ],
)
def test_a_bad_claim_value_names_its_rule(parse: object, value: str, rule: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse(value)  # type: ignore[operator]
    assert caught.value.rule == rule


def test_a_request_is_written_as_the_operator_wants_it() -> None:
    loose: dict[str, object] = {  # as a form or a file gives them
        "codigoObjeto": " dg049186226br ", "emailResposta": " a@b.com.br ",
        "nomeDestinatario": "  Ana   Souza ", "codigoMotivoReclamacao": "135",
        "tipoEmbalagem": "e", "tipoManifestacao": "i",
    }  # fmt: skip
    request = ClaimRequest.model_construct(**loose)  # type: ignore[arg-type]
    checked = checked_request(request).model_dump(mode="json")
    assert checked == {
        "codigoObjeto": "DG049186226BR", "emailResposta": "a@b.com.br", "nomeDestinatario": "Ana Souza",
        "codigoMotivoReclamacao": 135, "tipoEmbalagem": "E", "tipoManifestacao": "I",
    }  # fmt: skip
    assert parse_claim_phone("(11) 98765-4321") == "11987654321"


def test_the_filing_answer_keys_with_spaces_are_read() -> None:
    answer = FilingAnswer.model_validate_json(
        '{"codigoRetorno": 0, "numeroLote": 2026112500001, "pi": ['
        '{"codigo objeto": "DG049186226BR", "numero do pi": 1234567890, "codigo retorno": 0},'
        '{"codigo objeto": "QB000000010BR", "numero do pi": "", "codigo retorno": 544, '
        '"mensagem retorno": "Dentro do prazo"},'
        '{"codigo objeto": "QB000000029BR", "codigo retorno": "900"}]}'
    )
    filed, early, repeat = answer.pi
    assert (filed.protocol, filed.filed) == ("1234567890", True)
    assert (early.protocol, early.return_code, early.filed, early.message) == (
        None,
        544,
        False,
        "Dentro do prazo",
    )
    assert (repeat.filed, repeat.already) == (True, True)
    assert answer.numeroLote == "2026112500001"


def test_the_follow_answer_reads_the_operator_s_labels() -> None:
    progress = ClaimProgress.model_validate(
        {"codigoRetorno": 0, "protocolo": 1234567890, "Data Máxima de Entrega": "06/10/2026",
         "situacao": "Encerrado", "merito": "Procedente", "dataAbertura": "2026-11-25T10:11:12"}
    )  # fmt: skip
    assert progress.protocol == "1234567890"
    assert progress.max_delivery == date(2026, 10, 6)
    assert progress.opened_at == datetime(2026, 11, 25, 10, 11, 12, tzinfo=BRASILIA)  # Brasília's, aware
    missing = ClaimProgress.model_validate({"codigoRetorno": 990, "mensagem": "não encontrado"})
    assert not missing.found


# --- compensation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("product", "days", "percent"),
    [("03298", 5, 5), ("03298", 6, 10), ("03298", 11, 15), ("03220", 3, 5), ("03220", 4, 10),
     ("03220", 6, 15), ("03158", 1, 100), ("03140", 9, 100), ("03204", 2, 100)],
)  # fmt: skip
def test_the_table_gives_the_consumer_guides_share(product: str, days: int, percent: int) -> None:
    assert TABLE.percent(family_of(product), days) == Decimal(percent)


def test_a_family_is_known_by_the_tracking_name_too_and_others_have_no_table() -> None:
    assert family_of(None, "ETIQUETA LOGICA SEDEX 10") is Family.EXPRESS
    assert family_of(None, "ETIQUETA LOGICA PAC") is Family.PAC
    assert TABLE.late(family_of("04227"), 3, Decimal("20")) is None
    assert TABLE.late(Family.PAC, 7, Decimal("33.33")) == Decimal("3.33")
    assert TABLE.lost(Decimal("30"), Decimal("150.5")) == Decimal("180.50")


# --- candidates ------------------------------------------------------------------------------


def watched(serial: int, status: Status, **facts: object) -> WatchedObject:
    base: dict[str, object] = {"expected_on": date(2026, 11, 10), "co_produto": "03220"}
    return WatchedObject(code=code(serial), status=status, **(base | facts))  # type: ignore[arg-type]


def test_candidates_are_the_late_the_lost_and_the_overdue_soonest_deadline_first() -> None:
    objects = [
        watched(1, Status.DELIVERED, arrived_on=date(2026, 11, 16), invoice_amount=Decimal("40.00")),
        watched(2, Status.DELIVERED, arrived_on=date(2026, 11, 9), invoice_amount=Decimal("40.00")),
        watched(3, Status.IN_TRANSIT, expected_on=date(2026, 11, 30)),
        watched(4, Status.IN_TRANSIT, expected_on=date(2026, 9, 20)),
        watched(5, Status.PROBLEM, problem=Problem.LOST, expected_on=date(2026, 11, 1),
                last_at=datetime(2026, 11, 6, 10, 0), invoice_amount=Decimal("25.00")),
        watched(6, Status.DELIVERED, arrived_on=date(2026, 8, 20), expected_on=date(2026, 8, 18)),
        watched(7, Status.AWAITING_PICKUP, arrived_on=date(2026, 11, 20)),
    ]  # fmt: skip
    found = find_candidates(objects, TODAY, TABLE, declared={code(5): Decimal("200.00")})
    assert [(c.code, c.kind, c.reason) for c in found.candidates] == [
        (code(4), Kind.OVERDUE, 211),
        (code(5), Kind.LOST, 211),
        (code(1), Kind.LATE, 135),
    ]
    late = found.candidates[-1]
    assert (late.days_late, late.claim_from, late.deadline) == (6, date(2026, 11, 10), date(2027, 2, 8))
    assert (late.postage, late.postage_source, late.estimate) == (
        Decimal("40.00"),
        "invoice",
        Decimal("6.00"),
    )
    assert found.candidates[1].estimate == Decimal("225.00")
    assert found.candidates[0].days_late == 66
    assert found.candidates[0].estimate is None
    assert found.waiting == 1
    assert [c.code for c in found.expired] == [code(6)]
    assert found.total_estimate == Decimal("231.00")


def test_an_object_already_claimed_is_counted_not_listed() -> None:
    objects = [watched(1, Status.DELIVERED, arrived_on=date(2026, 11, 16))]
    found = find_candidates(objects, TODAY, TABLE, filed={code(1)}, quotes={code(1): Decimal("10")})
    assert (found.candidates, found.filed) == ([], 1)
    priced = find_candidates(objects, TODAY, TABLE, quotes={code(1): Decimal("10")})
    assert (priced.candidates[0].postage, priced.candidates[0].postage_source) == (Decimal("10"), "quote")


# --- the book ----------------------------------------------------------------------------------


def row(serial: int) -> dict[str, object]:
    return {"code": code(serial), "reason": 135, "manifestation": "I", "package": "C", "email": "a@b.com.br",
            "phone": "11987654321", "recipient": "", "kind": "late", "days_late": 3, "postage": "40.00",
            "estimate": "2.00", "invoice": "RE 1"}  # fmt: skip


def test_an_object_is_filed_once_whatever_desk_tries(office: OfficeDatabase) -> None:
    book, other = ClaimBook(office), ClaimBook(office)
    reserved, blocked = book.reserve([row(1), row(2)], NOW)
    assert (reserved, blocked) == ([code(1), code(2)], [])
    assert other.reserve([row(1), row(3)], NOW) == ([code(3)], [code(1)])  # being sent by the first desk
    book.record(
        [FiledClaim(code=code(1), protocol="1234567890"), FiledClaim(code=code(2), return_code=544)],
        "L1",
        NOW,
    )
    filed, early = book.get(code(1)), book.get("1234567890")
    assert early is not None
    assert filed is not None
    assert filed == early
    assert (filed.state, filed.outcome, filed.lot, filed.filed_by) == (
        ClaimState.FILED,
        Outcome.OPEN,
        "L1",
        "clerk.a",
    )
    refused = book.get(code(2))
    assert refused is not None
    assert (refused.state, refused.return_code, refused.can_file) == (
        ClaimState.REFUSED,
        544,
        True,
    )
    later = NOW + timedelta(days=3)
    assert other.reserve([row(1), row(2)], later) == ([code(2)], [code(1)])  # a refusal may be filed again
    # code(3)'s reservation went stale: held (it may be at the operator) until a person asks
    assert book.blocked_codes(later) == {code(1), code(2), code(3)}
    assert other.reserve([row(3)], later) == ([], [code(3)])


def test_a_claim_sent_without_an_answer_is_filed_again_only_when_a_person_asks(
    office: OfficeDatabase,
) -> None:
    book, other = ClaimBook(office), ClaimBook(office)
    book.reserve([row(1), row(2), row(3)], NOW)
    book.unconfirmed([code(2)])
    book.unreadable([code(3)], '{"pi": "?"}', "not JSON")
    later = NOW + STALE + timedelta(seconds=1)  # code(1)'s desk died mid-call
    assert other.reserve([row(1), row(2), row(3)], later) == ([], [code(1), code(2), code(3)])
    unreadable = other.get(code(3))
    assert unreadable is not None
    assert (unreadable.state, unreadable.answer) == (ClaimState.UNREADABLE, '{"pi": "?"}')
    assert {c.code for c in other.due(timedelta(minutes=30), later)} == {code(1), code(2), code(3)}
    assert other.reserve([row(1), row(2), row(3)], later, again=True)[0] == [code(1), code(2), code(3)]
    other.release([code(1)])
    assert other.get(code(1)) is None


def test_following_by_code_settles_a_claim_whose_answer_was_not_read(office: OfficeDatabase) -> None:
    book = ClaimBook(office)
    book.reserve([row(1), row(2), row(3)], NOW)
    book.unreadable([code(1)], "<html>", "not JSON")
    book.unconfirmed([code(2), code(3)])
    answers = {
        code(1): ClaimProgress.model_validate({"numeroPi": "123456789", "Código Retorno": "00"}),
        code(2): ClaimProgress.model_validate(
            {"Código Retorno": "999", "descricaoRetorno": "tente mais tarde"}
        ),
        code(3): ClaimProgress.model_validate({"Código Retorno": "990", "descricaoRetorno": "nenhum"}),
    }
    book.followed(answers, NOW)
    found, busy, unknown = (book.get(code(n)) for n in (1, 2, 3))
    assert found is not None
    assert (found.state, found.protocol, found.answer) == (
        ClaimState.FILED,
        "123456789",
        None,
    )
    assert busy is not None
    assert busy.state is ClaimState.UNCONFIRMED
    assert unknown is not None
    assert (unknown.state, unknown.can_file) == (ClaimState.REFUSED, True)


def test_following_moves_the_outcome_and_tracking_marks_it_paid(office: OfficeDatabase) -> None:
    book = ClaimBook(office)
    book.reserve([row(1), row(2), row(3)], NOW)
    book.record([FiledClaim(code=code(n), protocol=f"10000000{n}") for n in (1, 2)], "L1", NOW)
    book.unconfirmed([code(3)])
    answers = {
        code(1): ClaimProgress.model_validate(
            {"Situação Manifestação": "Encerrada", "Indicativo Procedência": "S", "numeroPi": "100000001"}
        ),
        code(2): ClaimProgress.model_validate({"situacao": "Encerrado", "merito": "Improcedente"}),
        code(3): ClaimProgress.model_validate({"codigoRetorno": 990, "mensagem": "não encontrado"}),
    }
    assert book.followed(answers, NOW) == 2
    accepted, refused, unknown = (book.get(code(n)) for n in (1, 2, 3))
    assert accepted is not None
    assert accepted.outcome is Outcome.ACCEPTED
    assert refused is not None
    assert refused.outcome is Outcome.REFUSED
    assert refused.can_reopen(TODAY)
    assert not refused.can_reopen(TODAY + timedelta(days=31))
    assert unknown is not None
    assert (unknown.state, unknown.return_code) == (ClaimState.REFUSED, 990)
    assert book.mark_paid([code(1), code(3)], NOW) == 1  # the unconfirmed one was never filed
    assert book.mark_paid([code(1)], NOW) == 0
    paid = book.get(code(1))
    assert paid is not None
    assert paid.outcome is Outcome.PAID
    assert paid.paid_at == NOW
    book.reopened(code(2), NOW)
    again = book.get(code(2))
    assert again is not None
    assert again.outcome is Outcome.REOPENED
    assert not again.can_reopen(TODAY)
