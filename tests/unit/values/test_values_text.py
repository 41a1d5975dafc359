"""No control character leaves for the operator (issue 38): a NUL, a tab, an escape or a
U+202E in a name, an address, a claim or an attendance is refused naming the field and the
character, one rule (``text.control``) for every field, said in Portuguese too."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pydantic import BaseModel, ValidationError

from postalgui.api.claims import checked_request
from postalgui.api.models.claims import ClaimRequest, Reopening
from postalgui.api.models.deadline import DeadlineQuery
from postalgui.api.models.prepostings import ContentLine, Order, Person
from postalgui.api.models.price import PriceQuery
from postalgui.api.models.validation import field_problems
from postalgui.api.ster import Registration
from postalgui.api.values.claims import parse_claim_name
from postalgui.api.values.errors import InvalidValue, rule_text
from postalgui.api.values.fields import OneLine, PlainText
from postalgui.api.values.shipping import check_order, person_problems
from postalgui.api.values.ster import check_operator_code, check_ticket, join_ticket, ticket_from_text
from postalgui.api.values.text import (
    char_name,
    one_line,
    plain_text,
    refused_char,
    trimmed,
)
from postalgui.services.translations import translated

RLO = "\u202e"

REFUSED_EVERYWHERE = [
    ("\x00", "U+0000", "NULL"),
    ("\x1b", "U+001B", "ESCAPE"),
    ("\x7f", "U+007F", "DELETE"),
    ("\x85", "U+0085", "NEXT LINE"),
    ("\x9b", "U+009B", "CONTROL SEQUENCE INTRODUCER"),
    ("\u061c", "U+061C", "ARABIC LETTER MARK"),
    ("\u200e", "U+200E", "LEFT-TO-RIGHT MARK"),
    ("\u200f", "U+200F", "RIGHT-TO-LEFT MARK"),
    ("\u202a", "U+202A", "LEFT-TO-RIGHT EMBEDDING"),
    (RLO, "U+202E", "RIGHT-TO-LEFT OVERRIDE"),
    ("\u2066", "U+2066", "LEFT-TO-RIGHT ISOLATE"),
    ("\u2069", "U+2069", "POP DIRECTIONAL ISOLATE"),
    ("\u2028", "U+2028", "LINE SEPARATOR"),
    ("\r", "U+000D", "CARRIAGE RETURN"),
    ("\t", "U+0009", "CHARACTER TABULATION"),
]
KEPT = "José Ñandú Çé 北京 🙂 a\u200db l'Água-Clara, nº 12/3 (fundos) #4 & cia. @x"
"""Accents, other scripts, emoji, a zero-width joiner and punctuation: a name keeps them."""


@pytest.mark.parametrize(("char", "code", "name"), REFUSED_EVERYWHERE)
def test_a_one_line_field_refuses_each_control_naming_it(char: str, code: str, name: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        one_line(f"Maria {char}Silva", "destinatario.nome")
    assert caught.value.rule == "text.control"
    assert caught.value.message == (
        f"Field destinatario.nome: control character {code} ({name}) is not accepted"
    )


def test_a_one_line_field_refuses_a_line_break_and_keeps_what_people_write() -> None:
    with pytest.raises(InvalidValue, match=r"U\+000A \(LINE FEED\)"):
        one_line("Rua Alfa\n12", "logradouro")
    assert one_line(KEPT, "nome") == KEPT
    assert refused_char(KEPT) is None


def test_blanks_around_a_value_are_trimmed_not_refused() -> None:
    """A name pasted with its line break, an operator code read from a file: the ends are
    never sent, so only what is inside is checked."""
    assert trimmed(" Maria Souza\r\n", "nome") == "Maria Souza"
    assert parse_claim_name("\tMaria Souza\n") == "Maria Souza"
    assert check_operator_code("A" * 300 + "\n") == "A" * 300
    with pytest.raises(InvalidValue, match=r"Field nome: control character U\+0009"):
        trimmed("Maria\tSouza", "nome")


@pytest.mark.parametrize(("char", "code", "name"), REFUSED_EVERYWHERE)
def test_free_text_keeps_line_breaks_only(char: str, code: str, name: str) -> None:
    assert plain_text("first line\nsecond\r\nthird", "motivoReativacao") == "first line\nsecond\nthird"
    if char == "\r":  # a lone CR is no line break of ours
        char = "\rx"
    with pytest.raises(InvalidValue) as caught:
        plain_text(f"line one\n{char}", "motivoReativacao")
    assert f"{code} ({name})" in caught.value.message


def test_every_control_has_a_name() -> None:
    for code in (*range(0x20), *range(0x7F, 0xA0)):
        assert char_name(chr(code)).isupper()


def test_the_rule_is_said_in_portuguese() -> None:
    with pytest.raises(InvalidValue) as caught:
        one_line(f"Maria{RLO}", "destinatario.nome")
    said = rule_text(
        caught.value.renamed("Destinatário ▸ Nome"), lambda english: translated("pt_BR", "rules", english)
    )
    assert (
        said
        == "Campo Destinatário ▸ Nome: caractere de controle U+202E (RIGHT-TO-LEFT OVERRIDE) não é aceito"
    )


class _Request(BaseModel):
    nome: OneLine
    texto: PlainText = ""


def test_the_pydantic_types_name_the_field() -> None:
    assert _Request(nome="Ana", texto="a\r\nb").texto == "a\nb"
    with pytest.raises(ValidationError) as caught:
        _Request(nome=f"Ana{RLO}", texto="ok\x00")
    problems = field_problems(caught.value)
    assert [(problem.field, problem.rule) for problem in problems] == [
        ("nome", "text.control"),
        ("texto", "text.control"),
    ]
    assert (
        problems[0].message == "Field nome: control character U+202E (RIGHT-TO-LEFT OVERRIDE) is not accepted"
    )


# --------------------------------------------------------------------- every field sent


def person(**changes: str) -> Person:
    fields = {"name": "Maria", "cep": "01310100", "street": "Av. Paulista", "number": "1000",
              "district": "Bela Vista", "city": "São Paulo", "state": "SP"} | changes  # fmt: skip
    return Person(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("key", "field"),
    [
        ("name", "destinatario.nome"),
        ("street", "destinatario.endereco.logradouro"),
        ("number", "destinatario.endereco.numero"),
        ("complement", "destinatario.endereco.complemento"),
        ("district", "destinatario.endereco.bairro"),
        ("city", "destinatario.endereco.cidade"),
        ("email", "destinatario.email"),
        ("phone", "destinatario.celular"),
        ("cpf_cnpj", "destinatario.cpfCnpj"),
        ("cep", "destinatario.endereco.cep"),
        ("state", "destinatario.endereco.uf"),
    ],
)
def test_every_field_of_a_person_refuses_a_control(key: str, field: str) -> None:
    value = {"email": "maria@example.com", "phone": "11987654321", "cep": "01310100", "state": "SP"}.get(
        key, "x"
    )
    [problem] = person_problems(person(**{key: value + RLO}), "destinatario")
    assert (problem.rule, problem.params["field"]) == ("text.control", field)


def order(**changes: object) -> Order:
    fields: dict[str, object] = {
        "sender": person(),
        "recipient": person(),
        "service_code": "03220",
        "weight_g": 300,
        "length_cm": 20,
        "width_cm": 15,
        "height_cm": 10,
        "contents": (ContentLine("Livros", 1, Decimal("10")),),
    }
    return Order(**(fields | changes))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"sender": person(name=f"Loja{RLO}")}, "remetente.nome"),
        (
            {"contents": (ContentLine("Livros\x00", 1, Decimal("10")),)},
            "itensDeclaracaoConteudo[1].conteudo",
        ),
        ({"observation": "fragile\x1b[31m"}, "observacao"),
        ({"invoice_number": f"12{RLO}3"}, "numeroNotaFiscal"),
        ({"nfe_key": "1" * 43 + "\x00"}, "chaveNFe"),
    ],
)
def test_every_text_of_an_order_refuses_a_control(changes: dict[str, object], field: str) -> None:
    check_order(order())  # the order itself is good
    with pytest.raises(InvalidValue) as caught:
        check_order(order(**changes))
    assert (caught.value.rule, caught.value.params["field"]) == ("text.control", field)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"nomeDestinatario": f"Maria{RLO}"}, "nomeDestinatario"),
        ({"emailResposta": "maria@example.com\x00"}, "emailResposta"),
    ],
)
def test_a_claim_refuses_a_control(changes: dict[str, str], field: str) -> None:
    good = {"codigoObjeto": "DG049186226BR", "emailResposta": "a@b.com.br", "nomeDestinatario": "Maria",
            "codigoMotivoReclamacao": 211}  # fmt: skip
    checked_request(ClaimRequest.model_construct(**good))  # type: ignore[arg-type]
    with pytest.raises(InvalidValue) as caught:
        checked_request(ClaimRequest.model_construct(**(good | changes)))  # type: ignore[arg-type]
    assert (caught.value.rule, caught.value.params["field"]) == ("text.control", field)


def test_a_reopening_keeps_its_lines_and_refuses_a_control() -> None:
    assert Reopening(protocolo="1", motivoReativacao="one\ntwo").motivoReativacao == "one\ntwo"
    with pytest.raises(ValidationError) as caught:
        Reopening(protocolo="1", motivoReativacao=f"one{RLO}", observacao="x\x07")
    assert [problem.field for problem in field_problems(caught.value)] == ["motivoReativacao", "observacao"]


CODE = "A" * 300


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: Registration(CODE + "\x00"), "codigoOperador"),
        (lambda: Registration(CODE, client_key=f"pedido{RLO}1"), "chaveCliente"),
        (lambda: Registration(CODE, ticket="linha\x1b[2J"), "textoTicket"),
        (lambda: ticket_from_text(f"linha um\nlinha{RLO} dois"), "textoTicket"),
        (lambda: join_ticket(["ok", "tab\there"]), "textoTicket"),
        (lambda: check_ticket("a+b\x00"), "textoTicket"),
    ],
)
def test_an_attendance_refuses_a_control(build: object, field: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        build()  # type: ignore[operator]
    assert (caught.value.rule, caught.value.params["field"]) == ("text.control", field)
    assert ticket_from_text("linha um\r\nlinha dois") == "linha um+linha dois"


def test_price_and_deadline_free_text_refuses_a_control() -> None:
    with pytest.raises(ValidationError) as caught:
        PriceQuery(coProduto="03220", nuRequisicao=f"1{RLO}", nuUnidade="\x00", criterios=("A\x1b",))
    assert {problem.field for problem in field_problems(caught.value)} == {
        "nuRequisicao",
        "nuUnidade",
        "criterios",
    }
    with pytest.raises(ValidationError, match="U\\+202E"):
        DeadlineQuery(coProduto="03220", cepOrigem="01310100", cepDestino="20040020", nuRequisicao=RLO)
