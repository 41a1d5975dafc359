"""The registration-system client against recorded answers (`responses`): tolerant reading,
field rules before sending, typed errors, never a retried registration."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from decimal import Decimal
from urllib.parse import quote

import pytest
import responses

from postalgui.api.errors import InvalidResponseError
from postalgui.api.ster import (
    Registration,
    RegistrationRefusedError,
    RegistrationRevertedError,
    SterClient,
    basic_auth,
)
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.api.values import InvalidValue
from postalgui.api.values.ster import (
    join_ticket,
    parse_protocol,
    split_ticket,
    ticket_from_text,
    wrap_ticket_line,
)

BASE = "https://apphom.example"
PATH = f"{BASE}/ster/api/v1/atendimentos"
CONTRACT = "009912345678"
CODE = "ab+/Zm9v=" * 40  # 360 characters with +, / and =


@pytest.fixture
def client() -> SterClient:
    transport = Transport(BASE, retry=RetryPolicy(backoff_base=0.0))
    return SterClient(transport, basic_auth("login", "s3cret-access"), CONTRACT)


@responses.activate
def test_decode_percent_encodes_the_code_and_reads_numbers_as_text(client: SterClient) -> None:
    chave = "cGFyY2Vpcm86c2VuaGEtZG8tYXRlbmRlbnRl"  # parceiro:senha-do-atendente
    issued = datetime(2026, 11, 24, 13, 0, tzinfo=UTC)
    record = {"ateNu": 981, "numeroCaixa": 3, "mcmcuAgencia": "00024419", "nome": "Ana", "chave": chave,
              "time": int(issued.timestamp() * 1000), "cpf": 12345678909, "novoCampo": "x"}  # fmt: skip
    url = f"{PATH}/numerocontrato/{CONTRACT}/chaveOperador/{quote(CODE, safe='')}"
    responses.get(url, json=record)
    decoded = client.decode(CODE)
    assert responses.calls[0].request.url == url
    assert (decoded.ateNu, decoded.numeroCaixa, decoded.cpf) == ("981", "3", "12345678909")
    assert decoded.age_seconds(datetime(2026, 11, 24, 13, 5, tzinfo=UTC)) == 300
    credentials = decoded.credentials()
    assert credentials is not None
    assert credentials.user == "parceiro"
    assert credentials.password.get_secret_value() == "senha-do-atendente"
    assert "senha" not in repr(decoded)
    assert "senha" not in str(decoded.wire())
    assert decoded.wire()["novoCampo"] == "x"


@responses.activate
@pytest.mark.parametrize(
    "answer",
    [
        {"codigo": 0, "mensagem": "ok", "protocolo": "26470000000123"},
        {"codigo": "0", "mensagem": "ok", "numeroProtocolo": 26470000000123},
    ],
)
def test_the_protocol_is_read_under_either_key(client: SterClient, answer: dict) -> None:
    responses.post(f"{PATH}/registra", json=answer)
    result = client.register(
        Registration(CODE, quantity=2, amount=Decimal("12.34"), client_tax_id="529.982.247-25")
    )
    assert result.protocol == "26470000000123"
    protocol = parse_protocol(result.protocol)
    assert (protocol.year, protocol.contractor, protocol.sequence) == (2026, "47", 123)
    body = json.loads(responses.calls[0].request.body)
    assert body == {"codigoOperador": CODE, "quantidade": "2", "valorServico": "1234",
                    "numeroIdentificacaoCliente": "52998224725"}  # fmt: skip


@responses.activate
def test_a_500_is_reverted_and_never_retried(client: SterClient) -> None:
    message = "Falha no processamento do atendimento; o registro foi estornado."
    responses.post(f"{PATH}/registra", json={"codigo": 500, "mensagem": message}, status=500)
    with pytest.raises(RegistrationRevertedError) as caught:
        client.register(Registration(CODE))
    assert message in str(caught.value)
    assert len(responses.calls) == 1


@responses.activate
def test_a_400_is_a_refusal_with_the_operators_message(client: SterClient) -> None:
    message = "Parâmetro obrigatório não informado: codigoOperador"
    responses.post(f"{PATH}/registra", json={"codigo": 400, "mensagem": message}, status=400)
    with pytest.raises(RegistrationRefusedError, match="Parâmetro obrigatório"):
        client.register(Registration(CODE))


@responses.activate
def test_a_registration_answer_without_a_protocol_is_invalid(client: SterClient) -> None:
    responses.post(f"{PATH}/registra", json={"codigo": 0, "mensagem": "ok"})
    with pytest.raises(InvalidResponseError):
        client.register(Registration(CODE))


@responses.activate
@pytest.mark.parametrize(
    "shape",
    [
        lambda items: items,
        lambda items: {"data": "2026-11-24", "atendimentos": items},
        lambda items: {"itens": items},
    ],
)
def test_the_day_list_is_read_in_any_of_its_shapes(client: SterClient, shape: object) -> None:
    items = [{"numeroProtocolo": "26470000000001", "statusAtendimento": "F", "valorServico": "990"},
             {"protocolo": 26470000000002, "descricaoStatus": "ESTORNADO", "valorServico": ""}]  # fmt: skip
    responses.get(f"{PATH}/numerocontrato/{CONTRACT}/data/2026-11-24", json=shape(items))  # type: ignore[operator]
    first, second = client.day(date(2026, 11, 24))
    assert (first.protocol, first.status.value, first.amount) == ("26470000000001", "F", Decimal("9.90"))
    assert (second.protocol, second.status.value, second.amount) == ("26470000000002", "E", None)


@responses.activate
def test_a_day_the_operator_does_not_know_is_empty(client: SterClient) -> None:
    responses.get(f"{PATH}/numerocontrato/{CONTRACT}/data/2026-11-24", json={"codigo": 404}, status=404)
    assert client.day(date(2026, 11, 24)) == []


def test_registration_fields_are_checked_before_sending() -> None:
    with pytest.raises(InvalidValue) as caught:
        Registration(CODE, client_tax_id="529.982.247-26")
    assert caught.value.rule == "cpf.check_digits"
    with pytest.raises(InvalidValue) as caught:
        Registration(CODE, amount=Decimal("123456789.01"))
    assert caught.value.rule == "cents.length"
    with pytest.raises(InvalidValue) as caught:
        Registration(CODE[:299])
    assert caught.value.rule == "ster.code_length"
    assert Registration(CODE, amount=Decimal("999999.99")).warnings == ()  # 8 digits in cents
    assert Registration(CODE, amount=Decimal("1000000.00")).warnings == ("amount_over_8_digits",)
    cnpj = Registration(CODE, client_tax_id="11.222.333/0001-81")
    assert cnpj.body()["numeroIdentificacaoCliente"] == "11222333000181"


def test_ticket_lines_join_with_plus_and_split_back() -> None:
    lines = ["PAGAMENTO DE BOLETO", "Valor: R$ 12,34", ""]
    wire = join_ticket(lines)
    assert wire == "PAGAMENTO DE BOLETO+Valor: R$ 12,34"
    assert split_ticket(wire) == lines[:2]
    assert join_ticket(["x" * 50]) == "x" * 50


@pytest.mark.parametrize(
    ("ticket", "rule"),
    [
        ("x" * 51, "ster.ticket_line"),
        ("PAGAMENTO+" + "y" * 51, "ster.ticket_line"),
        ("+".join(["z" * 50] * 79) + "+" + "w" * 10, "ster.ticket_length"),
    ],
)
def test_a_registration_refuses_a_ticket_that_breaks_the_spec_whoever_built_it(
    ticket: str, rule: str
) -> None:
    """Spec 002 2.4: 50 characters a line, 4,000 in all; `Registration` checks it itself."""
    with pytest.raises(InvalidValue) as caught:
        Registration(CODE, ticket=ticket)
    assert caught.value.rule == rule
    assert Registration(CODE, ticket="PAGAMENTO+" + "y" * 50).body()["textoTicket"] == "PAGAMENTO+" + "y" * 50


def test_typed_ticket_lines_are_wrapped_at_50_characters_not_refused() -> None:
    typed = "Pagamento do boleto da conta de energia eletrica referente a novembro\nValor R$ 12,34\n"
    wire = ticket_from_text(typed)
    assert split_ticket(wire) == [
        "Pagamento do boleto da conta de energia eletrica",
        "referente a novembro",
        "Valor R$ 12,34",
    ]
    assert split_ticket(ticket_from_text("A" * 120)) == ["A" * 50, "A" * 50, "A" * 20]
    assert wrap_ticket_line("") == [""]
    assert Registration(CODE, ticket=wire).body()["textoTicket"] == wire
    with pytest.raises(InvalidValue) as caught:
        ticket_from_text("x" * 60 + " 1+1")
    assert caught.value.rule == "ster.ticket_plus"
