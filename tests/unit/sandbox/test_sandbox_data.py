"""Demo data, identifiers, timestamps, error bodies and config of the sandbox."""

from __future__ import annotations

import re

import pytest

from postalgui.sandbox import DEMO, FaultConfig, SandboxConfig
from postalgui.sandbox.cli import banner, main
from postalgui.sandbox.demo import API_CATALOG, CARD_STATUSES, CONTRACT_STATUSES, Contract
from postalgui.sandbox.errors import message_body, validation_message
from postalgui.sandbox.identifiers import cnpj_is_valid, normalize_cnpj, normalize_number
from postalgui.sandbox.timefmt import format_local, parse_local

NOW = 1_748_876_400  # 2025-06-02T12:00:00-03:00


def test_demo_constants() -> None:
    assert DEMO.login == "empresa.demo"
    assert re.fullmatch(r"[A-Za-z0-9]{40}", DEMO.access_code)
    assert cnpj_is_valid(DEMO.cnpj)
    assert DEMO.company_name == "Loja Exemplo Comércio Eletrônico Ltda"
    assert re.fullmatch(r"\d{10}", DEMO.contract)
    assert re.fullmatch(r"\d{10}", DEMO.card)
    assert DEMO.dr == 72


def test_main_card_and_contract_are_active_with_the_full_api_list() -> None:
    found = DEMO.find_card(DEMO.card)
    assert found is not None
    assert found.contract.number == DEMO.contract
    assert found.card.status == found.contract.status == "ATIVO"
    assert set(found.card.api) >= {34, 35, 36, 87}
    assert set(found.card.api) <= API_CATALOG.keys()


def test_demo_covers_every_status_and_a_foreign_company() -> None:
    contracts = [c for company in DEMO.companies for c in company.contracts]
    assert {c.status for c in contracts} == set(CONTRACT_STATUSES)
    assert {card.status for c in contracts for card in c.cards} == set(CARD_STATUSES)
    foreign = [company for company in DEMO.companies if company.cnpj != DEMO.cnpj]
    assert foreign
    assert all(cnpj_is_valid(company.cnpj) for company in DEMO.companies)
    assert all(re.fullmatch(r"\d{10}", c.number) for c in contracts)


def test_contract_record_has_the_spec_fields() -> None:
    found = DEMO.find_contract(DEMO.contract)
    assert found is not None
    assert found[1].record() == {
        "cnpj": DEMO.cnpj,
        "nuContrato": DEMO.contract,
        "nuSe": 72,
        "dtInicioVigencia": "2021-03-01T00:00:00",
        "dtFimVigencia": "2041-02-28T23:59:59",
        "status": "ATIVO",
        "nuCombo": "1052",
        "categoria": "4",
    }


def test_unknown_status_is_refused() -> None:
    with pytest.raises(ValueError, match="status"):
        Contract("1", "1", 1, "", "", "VENCIDO", ())


@pytest.mark.parametrize(
    ("text", "expected"),
    [("9912345678", "9912345678"), ("74512345", "0074512345"), (" 0074512345 ", "0074512345")],
)
def test_numbers_are_zero_padded_to_ten_digits(text: str, expected: str) -> None:
    assert normalize_number(text) == expected


@pytest.mark.parametrize("text", ["", "12a", "12345678901", "１２３"])
def test_non_numbers_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="dígitos"):
        normalize_number(text)


def test_cnpj_helpers() -> None:
    assert normalize_cnpj("11.222.333/0001-81") == "11222333000181"
    assert cnpj_is_valid("11222333000181")
    assert not cnpj_is_valid("11222333000182")
    assert not cnpj_is_valid("00000000000000")


def test_local_timestamps_have_no_offset() -> None:
    assert format_local(NOW) == "2025-06-02T12:00:00"
    assert format_local(NOW + 0.25, millis=True) == "2025-06-02T12:00:00.250"
    assert parse_local("2025-06-02T12:00:00").timestamp() == NOW


def test_message_body_shape() -> None:
    body = message_body(["GTW-008: Token não válido para este ambiente"], method="GET", path="/x", now=NOW)
    assert body == {
        "msgs": ["GTW-008: Token não válido para este ambiente"],
        "date": "2025-06-02T12:00:00.000",
        "method": "GET",
        "path": "/x",
        "causa": None,
        "stackTrace": None,
    }


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (
            {"type": "missing", "loc": ("body", "numero")},
            "GTW-010: Campo 'numero' inválido: campo obrigatório",
        ),
        (
            {"type": "int_parsing", "loc": ("body", "dr")},
            "GTW-010: Campo 'dr' inválido: deve ser um número inteiro",
        ),
        (
            {"type": "literal_error", "loc": ("query", "vigente")},
            "GTW-010: Campo 'vigente' (query) inválido: valor não permitido",
        ),
        ({"type": "json_invalid", "loc": ("body", 3)}, "GTW-010: Corpo da requisição não é um JSON válido"),
        ({"type": "missing", "loc": ("body",)}, "GTW-010: Corpo da requisição obrigatório"),
    ],
)
def test_validation_messages_name_field_and_rule(error: dict[str, object], expected: str) -> None:
    assert validation_message(error) == expected


def test_config_from_env_reads_faults_and_lifetime() -> None:
    env = {"POSTALGUI_SANDBOX_FAULTS": "error=0.5,seed=2", "POSTALGUI_SANDBOX_TOKEN_LIFETIME": "60"}
    config = SandboxConfig.from_env(env)
    assert config.faults == FaultConfig(error_rate=0.5, seed=2)
    assert config.token_lifetime_s == 60
    assert SandboxConfig.from_env({}) == SandboxConfig()


def test_config_from_env_names_a_bad_variable() -> None:
    with pytest.raises(ValueError, match="POSTALGUI_SANDBOX_FAULTS"):
        SandboxConfig.from_env({"POSTALGUI_SANDBOX_FAULTS": "error=2"})
    with pytest.raises(ValueError, match="POSTALGUI_SANDBOX_TOKEN_LIFETIME"):
        SandboxConfig.from_env({"POSTALGUI_SANDBOX_TOKEN_LIFETIME": "soon"})


def test_cli_banner_shows_url_and_demo_credentials() -> None:
    text = banner("http://127.0.0.1:8765", SandboxConfig(faults=FaultConfig(error_rate=0.1)))
    assert text.startswith("Sandbox listening on http://127.0.0.1:8765\n")
    for value in (DEMO.login, DEMO.access_code, DEMO.cnpj, DEMO.contract, DEMO.card, str(DEMO.dr)):
        assert value in text
    assert "error=0.1" in text


def test_cli_refuses_a_bad_fault_string(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--port", "0", "--faults", "error=lots"]) == 2
    assert "error=lots" in capsys.readouterr().err
