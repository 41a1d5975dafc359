"""InvalidValue: every documented rule key is raised, documented and readable."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from decimal import Decimal
from functools import partial
from typing import Any

import pytest
from pydantic import ValidationError

from postalgui.api.branches import BranchClient, UnitQuery, parse_mcu, parse_uf
from postalgui.api.contracts import parse_service_code
from postalgui.api.invoices import parse_document_type, parse_invoice_number
from postalgui.api.models.prepostings import ContentLine, Order, Person, ReturnTerms
from postalgui.api.models.price import PriceQuery
from postalgui.api.models.ster import check_chave_credentials
from postalgui.api.values import (
    MESSAGES,
    InvalidValue,
    barcode_to_typed_line,
    compute_check_digits,
    due_date,
    due_factor,
    format_cents,
    pad_contract_number,
    pad_dr_fatura,
    pad_item_fatura,
    pad_number,
    parse_cents,
    parse_cep,
    parse_cnpj,
    parse_date_dmy,
    parse_money,
    parse_percent,
    parse_timestamp,
    parse_weight_grams,
    parse_zone_offset,
    shown_value,
    verify_typed_line,
)
from postalgui.api.values import errors as errors_module
from postalgui.api.values.claims import (
    parse_claim_email,
    parse_claim_name,
    parse_claim_phone,
    parse_manifestation,
    parse_packaging,
    parse_reason,
)
from postalgui.api.values.object_codes import parse_object_code
from postalgui.api.values.shipping import (
    checked_order,
    checked_person,
    checked_return,
    closed_preposting,
    parse_state,
    parse_whole,
    undeclared,
    unknown_cep,
)
from postalgui.api.values.shipping import parse_service_code as parse_shipping_service


def price_field(name: str) -> Callable[[Any], object]:
    """Validate one field of a price query and raise its rule, as forms and CSV rows see it."""

    def validate(value: Any) -> object:
        try:
            return PriceQuery.model_validate({"coProduto": "03220", name: value})
        except ValidationError as exc:
            raise exc.errors()[0]["ctx"]["error"] from None

    return validate


from postalgui.api.values.ster import (  # noqa: E402
    check_client_key,
    check_operator_code,
    check_quantity,
    check_ticket,
    join_ticket,
    parse_protocol,
    parse_ster_contract,
)
from postalgui.api.values.taxid import parse_cpf, parse_tax_id  # noqa: E402

# A float smuggled past the type checker, as a careless caller would.
FLOAT: Any = 19.92

# Banco do Brasil's published typed line (tests/unit/values/test_values_boleto.py), broken on purpose.
TYPED_LINE = "00190500954014481606906809350314337370000000100"

PERSON = Person("Maria da Silva", "20040020", "Rua da Assembleia", "10", "", "Centro", "Rio de Janeiro", "RJ")
BOX = {"length_cm": 100, "width_cm": 60}
ORDER = Order(
    PERSON, PERSON, "03298", 1500, length_cm=20, width_cm=15, height_cm=10,
    contents=(ContentLine("Livros", 1, Decimal(10)),),
)  # fmt: skip


def with_line(quantity: int, value: Decimal) -> Order:
    return replace(ORDER, contents=(ContentLine("Livro", quantity, value),))


RULE_CASES: list[tuple[str, Callable[[Any], object], object]] = [
    ("cep.digits", parse_cep, "01310-10a"),
    ("cep.length", parse_cep, "0131010"),
    ("cep.format", parse_cep, "0131-0100"),
    ("cnpj.characters", parse_cnpj, "11.222.333/0001-8!"),
    ("cnpj.length", parse_cnpj, "1122233300018"),
    ("cnpj.format", parse_cnpj, "11222.333/0001-81"),
    ("cnpj.check_digits_numeric", parse_cnpj, "12ABC34501DEAB"),
    ("cnpj.repeated", parse_cnpj, "00000000000000"),
    ("cnpj.check_digits", parse_cnpj, "11222333000182"),
    ("cnpj.base", compute_check_digits, "12ABC34501D"),
    ("card.empty", pad_number, "  "),
    ("card.digits", pad_number, "12-3"),
    ("card.length", pad_number, "12345678901"),
    ("contract.empty", pad_contract_number, ""),
    ("contract.digits", pad_contract_number, "99 12"),
    ("contract.length", pad_contract_number, "99912345678"),
    ("dr.empty", pad_dr_fatura, ""),
    ("dr.digits", pad_dr_fatura, "-20"),
    ("dr.length", pad_dr_fatura, "123456"),
    ("invoice_item.empty", pad_item_fatura, " "),
    ("invoice_item.digits", pad_item_fatura, "1a"),
    ("invoice_item.length", pad_item_fatura, "0001"),
    ("money.format", parse_money, "1,234.56"),
    ("money.type", parse_money, FLOAT),
    ("percent.format", parse_percent, "0,01%"),
    ("percent.type", parse_percent, FLOAT),
    ("weight.format", parse_weight_grams, "0,3"),
    ("weight.length", parse_weight_grams, "1" * 10),
    ("money.length", parse_money, "1" * 21),
    ("percent.length", parse_percent, "0," + "1" * 20),
    ("cents.format", parse_cents, "12,34"),
    ("cents.length", parse_cents, "12345678901"),
    ("cents.negative", format_cents, Decimal("-1")),
    ("cents.precision", format_cents, Decimal("1.234")),
    ("date.format", parse_date_dmy, "2026-11-22"),
    ("date.invalid", parse_date_dmy, "31-02-2026"),
    ("datetime.format", parse_timestamp, "22-11-2026 07:30"),
    ("datetime.invalid", parse_timestamp, "2026-11-22T24:00:00"),
    ("zone.format", parse_zone_offset, "Brasilia"),
    ("zone.range", parse_zone_offset, "+24:00"),
    ("price.product", price_field("coProduto"), "3220A"),
    ("price.country", price_field("sgPaisDestino"), "USA"),
    ("price.format", price_field("tpObjeto"), "caixote"),
    ("price.service_code", price_field("servicosAdicionais"), "19A"),
    ("price.size_format", price_field("comprimento"), "20 cm"),
    ("price.size_length", price_field("comprimento"), "2" * 13),
    ("price.positive", price_field("psObjeto"), "0"),
    ("invoice.number", parse_invoice_number, "12-34"),
    ("invoice.document_type", parse_document_type, "REX"),
    ("boleto.digits", verify_typed_line, "00190-50095"),
    ("boleto.length", verify_typed_line, TYPED_LINE[:-1]),
    ("boleto.barcode_length", barcode_to_typed_line, "0" * 43),
    ("boleto.field_check", verify_typed_line, TYPED_LINE[:9] + "0" + TYPED_LINE[10:]),
    ("boleto.general_check", verify_typed_line, TYPED_LINE[:32] + "4" + TYPED_LINE[33:]),
    ("boleto.due_date", due_factor, date(1997, 10, 7)),
    ("boleto.factor", partial(due_date, today=date(2026, 1, 1)), 10000),
    ("contract.service_code", parse_service_code, "032-20"),
    ("branches.mcu", parse_mcu, "2441"),
    ("branches.uf", parse_uf, "XX"),
    ("branches.status", lambda value: UnitQuery(statuses=(value,)), "7"),
    ("branches.type", lambda value: UnitQuery(type_codes=(value,)), "AC"),
    ("branches.sort", lambda value: BranchClient(None, None).units(sort=value), "nome"),  # type: ignore[arg-type]
    ("taxid.format", parse_tax_id, "123.456.789"),
    ("cpf.repeated", parse_cpf, "111.111.111-11"),
    ("cpf.check_digits", parse_cpf, "529.982.247-26"),
    ("protocol.format", parse_protocol, "2647000000012"),
    ("ster.contract", parse_ster_contract, "9912345678"),
    ("ster.code_length", check_operator_code, "abc"),
    ("ster.quantity", check_quantity, "0"),
    ("ster.client_key", check_client_key, "P" * 31),
    ("ster.ticket_line", lambda value: join_ticket([value]), "x" * 51),
    ("ster.ticket_plus", lambda value: join_ticket([value]), "1+1"),
    ("ster.ticket_length", lambda count: check_ticket("x" * count), 4001),
    ("ster.chave_user", lambda count: check_chave_credentials("u" * count, "p"), 251),
    ("ster.chave_password", lambda count: check_chave_credentials("u", "p" * count), 251),
    ("object.format", parse_object_code, "DG04918622BR"),
    ("object.check_digit", parse_object_code, "DG049186227BR"),
    ("claim.reason", parse_reason, "999"),
    ("claim.kind", parse_manifestation, "X"),
    ("claim.package", parse_packaging, "saco"),
    ("claim.email", parse_claim_email, "fulano@"),
    ("claim.phone", parse_claim_phone, "123"),
    ("claim.name", lambda count: parse_claim_name("a" * count), 101),
    ("text.control", lambda name: checked_person(replace(PERSON, name=name), "destinatario"), "Ana\u202e"),
    ("shipping.required", lambda name: checked_person(replace(PERSON, name=name), "destinatario"), " "),
    ("shipping.length", lambda street: checked_person(replace(PERSON, street=street), "remetente"), "R" * 51),
    ("shipping.field", lambda cep: checked_person(replace(PERSON, cep=cep), "destinatario"), "2004"),
    ("shipping.state", parse_state, "XX"),
    ("shipping.service", parse_shipping_service, "PAC"),
    ("shipping.weight", lambda grams: checked_order(replace(ORDER, weight_g=grams)), 0),
    ("shipping.format", lambda code: checked_order(replace(ORDER, format_code=code)), "9"),
    ("shipping.side", lambda width: checked_order(replace(ORDER, width_cm=width)), 5),
    ("shipping.sides", lambda total: checked_order(replace(ORDER, **BOX, height_cm=total - 160)), 210),
    ("shipping.declared", lambda worth: checked_order(replace(ORDER, declared_value=worth)), Decimal("2E4")),
    ("shipping.additional", lambda code: checked_order(replace(ORDER, additional_services=(code,))), "1"),
    ("shipping.quantity", lambda count: checked_order(with_line(count, Decimal(1))), 0),
    ("shipping.money", lambda value: checked_order(with_line(1, value)), Decimal(-1)),
    ("shipping.number", lambda text: parse_whole(text, "alturaInformada"), "10,5"),
    ("shipping.nfe_key", lambda key: checked_order(replace(ORDER, nfe_key=key)), "123"),
    ("shipping.invoice", lambda number: checked_order(replace(ORDER, invoice_number=number)), "12 34"),
    ("shipping.unknown_cep", lambda cep: _raise(unknown_cep(cep, "cep", "CEP não encontrado")), "01310999"),
    ("shipping.closed", lambda prepost_id: _raise(closed_preposting(prepost_id, "CANCELADO")), "PR1234"),
    ("shipping.content", lambda key: checked_order(replace(ORDER, contents=(), nfe_key=key)), ""),
    ("shipping.undeclared", lambda prepost_id: _raise(undeclared(prepost_id)), "PR1234"),
    ("shipping.return_date", lambda day: checked_return(_terms(day), today=date(2026, 11, 28)), "28/11/2026"),
]  # fmt: skip


def _terms(day: str) -> ReturnTerms:
    return ReturnTerms(date(int(day[6:]), int(day[3:5]), int(day[:2])))


def _raise(error: Exception) -> None:
    raise error


def test_every_message_has_a_triggering_case() -> None:
    assert {rule for rule, _, _ in RULE_CASES} == set(MESSAGES)


@pytest.mark.parametrize(("rule", "func", "bad"), RULE_CASES, ids=[c[0] for c in RULE_CASES])
def test_rule_is_raised_with_a_readable_message(
    rule: str, func: Callable[[Any], object], bad: object
) -> None:
    with pytest.raises(InvalidValue) as caught:
        func(bad)
    error = caught.value
    assert error.rule == rule
    assert isinstance(error, ValueError)
    text = "".join(char if char.isprintable() else "\N{REPLACEMENT CHARACTER}" for char in str(bad))
    assert error.value == (text if len(text) <= 40 else text[:39] + "\N{HORIZONTAL ELLIPSIS}")
    message = str(error)
    assert message == error.message
    assert "{" not in message
    assert "}" not in message
    assert message[0].isupper()


@pytest.mark.parametrize("rule", sorted(MESSAGES))
def test_every_rule_is_documented_with_its_message(rule: str) -> None:
    doc = errors_module.__doc__ or ""
    assert f"``{rule}``" in doc
    # The documented English text is the template itself (wrapped lines joined).
    flattened = " ".join(doc.split())
    assert " ".join(MESSAGES[rule].split()) in flattened


@pytest.mark.parametrize(
    ("func", "rule"),
    [
        (parse_weight_grams, "weight.length"),
        (parse_money, "money.length"),
        (price_field("comprimento"), "price.size_length"),
        (price_field("psObjeto"), "weight.length"),
        (price_field("vlDeclarado"), "money.length"),
    ],
)
def test_a_5000_digit_number_is_too_long_not_an_int_limit(func: Callable[[Any], object], rule: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        func("7" * 5000)
    assert caught.value.rule == rule
    assert "too long" in str(caught.value)
    assert "(got 5000)" in str(caught.value)
    assert "4300" not in str(caught.value)


def test_message_example_from_the_brief() -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_cep("0131010")
    assert str(caught.value) == "CEP must have 8 digits (got 7)"
    assert caught.value.params == {"count": 7}


def test_value_is_bounded_and_printable() -> None:
    error = InvalidValue("money.format", "1\x00" + "9" * 500)
    assert len(error.value) == 40
    assert error.value.isprintable()


def test_a_huge_value_is_cut_to_40_characters_and_its_length_said() -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_cep("x" * 5000)
    shown = "x" * 39 + "\N{HORIZONTAL ELLIPSIS}"
    assert str(caught.value) == f"CEP may contain only digits, '-' and '.' (got '{shown}' (5,000 characters))"
    assert caught.value.length == 5000
    copy = pickle.loads(pickle.dumps(caught.value))  # noqa: S301 -- our own bytes, just made
    assert str(copy) == str(caught.value)


def test_a_value_of_40_characters_is_shown_whole() -> None:
    error = InvalidValue("money.format", "9" * 40)
    assert str(error) == f"Amount must look like 1.234,56, 1234,56 or 1234.56 (got '{'9' * 40}')"


def test_shown_value_quotes_and_bounds_what_a_message_repeats() -> None:
    assert shown_value("abc") == "'abc'"
    assert shown_value("y" * 1234) == "'" + "y" * 39 + "\N{HORIZONTAL ELLIPSIS}' (1,234 characters)"


def test_unknown_rule_still_reads() -> None:
    error = InvalidValue("parcel.weird", "x")
    assert str(error) == "Invalid value (parcel.weird): 'x'"


def test_pickle_keeps_rule_value_and_params() -> None:
    error = InvalidValue("card.length", "12345678901", width=10, count=11)
    copy = pickle.loads(pickle.dumps(error))  # noqa: S301 -- our own bytes, just made
    assert (copy.rule, copy.value, copy.params, str(copy)) == (
        error.rule,
        error.value,
        error.params,
        str(error),
    )
