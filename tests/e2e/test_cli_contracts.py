"""``postalgui contracts`` and ``postalgui cards`` end to end against the sandbox over real HTTP."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest

from postalgui.cli.main import main
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.services.settings import Profile, Settings, SettingsStore
from tests.e2e.conftest import SandboxControl, run, run_json

MAIN = DEMO.contract  # 9912345678: the contract with more cards than one page holds
MAIN_CARD = DEMO.card  # 0074512345: every service of its contract
SMALL_CARD = "0074512346"  # small parcels only (03298, 04227): lacks SEDEX 03220
FOREIGN_CNPJ = "99888777000100"
UI_DATE = r"\d{2}/\d{2}/\d{4}"
TYPED_CONTACT_FIELDS = {"nome", "cargo", "email", "telefone", "celular", "tipo"}
CONTRACT_MEANINGS = {
    "ATIVO": "usable normally",
    "SUSPENSO": "suspended; can be reactivated",
    "CANCELADO": "cancelled; cannot be reactivated",
    "EM_DESENVOLVIMENTO": "being created, not yet active",
}


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


def contract_requests(sandbox: SandboxControl, part: str = "") -> dict[str, int]:
    return {
        key: n for key, n in sandbox.stats()["requests"].items() if "/meucontrato/" in key and part in key
    }


def requests_to(sandbox: SandboxControl, suffix: str) -> int:
    """How many GETs went to paths ending in ``suffix`` (query strings are not part of the key)."""
    return sum(n for key, n in contract_requests(sandbox).items() if key.endswith(suffix))


def parse_wire_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


# --------------------------------------------------------------------------- contracts


def test_contracts_list_json(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    contracts = run_json(capsys, "contracts", "list")
    numbers = [c["nuContrato"] for c in contracts]
    assert MAIN in numbers
    assert len(numbers) == len(set(numbers))
    assert set(CONTRACT_MEANINGS) <= {c["status"] for c in contracts}
    for contract in contracts:
        assert contract["cnpj"] == DEMO.cnpj
        assert re.fullmatch(r"\d{10}", contract["nuContrato"])
        assert isinstance(contract["nuSe"], int)
        parse_wire_time(contract["dtInicioVigencia"])
        parse_wire_time(contract["dtFimVigencia"])


def test_contracts_list_filters(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    everything = run_json(capsys, "contracts", "list")
    suspended = run_json(capsys, "contracts", "list", "--status", "suspenso")
    assert suspended
    assert {c["status"] for c in suspended} == {"SUSPENSO"}
    assert len(suspended) == sum(c["status"] == "SUSPENSO" for c in everything)
    valid = run_json(capsys, "contracts", "list", "--vigente")
    now = datetime.now()
    assert MAIN in {c["nuContrato"] for c in valid}
    assert len(valid) < len(everything)
    for contract in valid:
        assert (
            parse_wire_time(contract["dtInicioVigencia"]) <= now <= parse_wire_time(contract["dtFimVigencia"])
        )
    queries = contract_requests(sandbox)
    assert sum(queries.values()) == 3


def test_contracts_list_table(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    contracts = run_json(capsys, "contracts", "list")
    code, out, err = run(capsys, "contracts", "list")
    assert code == 0, err
    header, *lines = out.splitlines()
    assert header.split() == ["CONTRACT", "DR", "VALID", "FROM", "VALID", "UNTIL", "CATEGORY", "STATUS"]
    assert len(lines) == len(contracts)
    for line, contract in zip(lines, contracts, strict=True):
        assert line.startswith(contract["nuContrato"])
        assert re.search(rf"\s{UI_DATE}\s+{UI_DATE}\s", line), line
        status = contract["status"]
        assert line.endswith(f"{status} ({CONTRACT_MEANINGS[status]})"), line


def test_contracts_show(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    contract = run_json(capsys, "contracts", "show", MAIN)
    assert contract["nuContrato"] == MAIN
    assert contract["cnpj"] == DEMO.cnpj
    assert contract["nuSe"] == DEMO.dr
    assert contract["status"] == "ATIVO"
    assert run_json(capsys, "contracts", "show", MAIN.lstrip("0") or MAIN) == contract
    code, out, err = run(capsys, "contracts", "show", MAIN)
    assert code == 0, err
    fields = dict(line.split(None, 1) for line in out.splitlines())
    assert fields["nuContrato"] == MAIN
    assert fields["status"] == "ATIVO (usable normally)"
    assert re.fullmatch(UI_DATE, fields["dtInicioVigencia"])
    assert re.fullmatch(UI_DATE, fields["dtFimVigencia"])
    assert fields["cnpj"] == "11.222.333/0001-81"
    for key in set(contract) - {"cnpj", "nuContrato", "nuSe", "dtInicioVigencia", "dtFimVigencia", "status"}:
        assert key in fields  # nuCombo, categoria and anything else the sandbox sends


def test_unknown_contract_is_an_operator_error(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "contracts", "show", "1")
    assert code == 1
    assert out == ""
    assert "HTTP 404" in err
    assert "stackTrace" not in err


def test_contracts_services(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    services = run_json(capsys, "contracts", "services", MAIN)
    codes = [s["codigo"] for s in services]
    assert {"03220", "03298", "86711"} <= set(codes)
    assert len(codes) == len(set(codes))
    for service in services:
        assert re.fullmatch(r"\d{5}", service["codigo"])
        assert service["descricao"]
    small = run_json(capsys, "contracts", "services", MAIN, "--cartao", SMALL_CARD)
    small_codes = {s["codigo"] for s in small}
    assert small_codes
    assert small_codes < set(codes)
    assert "03220" not in small_codes
    code, out, err = run(capsys, "contracts", "services", MAIN)
    assert code == 0, err
    header, *lines = out.splitlines()
    assert header.split() == ["CODE", "DESCRIPTION", "SEGMENT"]
    assert [line.split()[0] for line in lines] == codes


def test_contracts_services_one_page(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    everything = run_json(capsys, "contracts", "services", MAIN)
    page = run_json(capsys, "contracts", "services", MAIN, "--page", "0", "--size", "5")
    assert set(page) >= {"itens", "page"}
    assert page["page"]["number"] == 0
    assert page["page"]["size"] == 5
    assert page["page"]["totalElements"] == len(everything)
    assert [s["codigo"] for s in page["itens"]] == [s["codigo"] for s in everything[:5]]
    walked = run_json(capsys, "contracts", "services", MAIN, "--size", "5")
    assert walked == everything
    # the full list (one page of 500), the single page, then every page of 5
    assert requests_to(sandbox, f"/contratos/{MAIN}/servicos") == 2 + page["page"]["totalPages"]


def test_contract_service_lookup(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    service = run_json(capsys, "contracts", "services", MAIN, "03220")
    assert service["codigo"] == "03220"
    code, out, err = run(capsys, "contracts", "services", MAIN, "03220", "--cartao", SMALL_CARD)
    assert code == 1
    assert out == ""
    assert err.startswith("postalgui: CON-011")
    assert "the card lacks this service" in err


def test_contracts_contacts_keep_extras(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    contacts = run_json(capsys, "contracts", "contacts", MAIN)
    assert set(contacts) == {"contatoGerencia", "contatoAcom"}
    assert contacts["contatoGerencia"]
    assert contacts["contatoAcom"]
    everyone = contacts["contatoGerencia"] + contacts["contatoAcom"]
    extras = {key for contact in everyone for key in contact} - TYPED_CONTACT_FIELDS
    assert extras  # the sandbox sends fields the model does not name: they must survive
    assert all(contact.get("nome") for contact in everyone)
    code, out, err = run(capsys, "contracts", "contacts", MAIN)
    assert code == 0, err
    assert "Management contacts (contatoGerencia)" in out
    assert "Administration contacts (contatoAcom)" in out
    for contact in everyone:
        for key, value in contact.items():
            assert re.search(rf"^\s+{re.escape(key)}\s+{re.escape(str(value))}$", out, re.MULTILINE), key
    assert requests_to(sandbox, "/contatoGerencia") == 2
    assert requests_to(sandbox, "/contatoAcom") == 2


def test_contracts_category(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    category = run_json(capsys, "contracts", "category", MAIN)
    assert category["descricao"]
    assert set(category) - {"codigo", "descricao"}  # extras kept (the sandbox sends `nivel`)
    code, out, err = run(capsys, "contracts", "category", MAIN)
    assert code == 0, err
    fields = dict(line.split(None, 1) for line in out.splitlines())
    assert fields == {key: str(value) for key, value in category.items()}


# --------------------------------------------------------------------------- cards


def test_cards_list_walks_every_page(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = run_json(capsys, "cards", "list", MAIN)
    numbers = [c["nuCartaoPostagem"] for c in cards]
    assert len(numbers) >= 30
    assert len(numbers) == len(set(numbers))
    assert MAIN_CARD in numbers
    assert {"ATIVO", "SUSPENSO", "CANCELADO", "IRREGULAR"} <= {c["status"] for c in cards}
    for card in cards:
        assert card["nuContrato"] == MAIN
        assert re.fullmatch(r"\d{10}", card["nuCartaoPostagem"])
    pages = requests_to(sandbox, f"/contratos/{MAIN}/cartoes")
    assert pages >= 2  # more cards than one page of the operator's default size

    first = run_json(capsys, "cards", "list", MAIN, "--page", "0")
    info = first["page"]
    assert info["number"] == 0
    assert info["totalElements"] == len(cards)
    assert info["totalPages"] == pages
    assert 0 < len(first["itens"]) < len(cards)
    collected = list(first["itens"])
    for number in range(1, info["totalPages"]):
        page = run_json(capsys, "cards", "list", MAIN, "--page", str(number))
        assert page["page"]["number"] == number
        collected.extend(page["itens"])
    assert collected == cards


def test_cards_list_page_size_and_status(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = run_json(capsys, "cards", "list", MAIN)
    before = requests_to(sandbox, f"/contratos/{MAIN}/cartoes")
    assert run_json(capsys, "cards", "list", MAIN, "--size", "7") == cards
    assert requests_to(sandbox, f"/contratos/{MAIN}/cartoes") - before == -(-len(cards) // 7)
    irregular = run_json(capsys, "cards", "list", MAIN, "--status", "IRREGULAR")
    assert irregular
    assert {c["status"] for c in irregular} == {"IRREGULAR"}
    assert len(irregular) == sum(c["status"] == "IRREGULAR" for c in cards)


def test_cards_list_table_and_page_note(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = run_json(capsys, "cards", "list", MAIN)
    code, out, err = run(capsys, "cards", "list", MAIN)
    assert code == 0, err
    header, *lines = out.splitlines()
    assert header.split() == ["CARD", "HOLDER", "CNPJ", "VALID", "FROM", "VALID", "UNTIL", "STATUS"]
    assert [line.split()[0] for line in lines] == [c["nuCartaoPostagem"] for c in cards]
    irregular = next(line for line in lines if "IRREGULAR" in line)
    assert irregular.endswith("IRREGULAR (irregular; the operator must be consulted)")
    assert re.search(rf"\d{{2}}\.\d{{3}}\.\d{{3}}/\d{{4}}-\d{{2}}\s+{UI_DATE}\s+{UI_DATE}\s", lines[0])
    code, out, err = run(capsys, "cards", "list", MAIN, "--page", "1")
    assert code == 0, err
    assert "page 1 (pages 0 to" in err
    assert len(out.splitlines()) >= 2


def test_cards_show(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    card = run_json(capsys, "cards", "show", MAIN, MAIN_CARD)
    assert card["nuCartaoPostagem"] == MAIN_CARD
    assert card["nuContrato"] == MAIN
    assert card["status"] == "ATIVO"
    assert run_json(capsys, "cards", "show", MAIN.lstrip("0"), MAIN_CARD.lstrip("0")) == card
    code, out, err = run(capsys, "cards", "show", MAIN, MAIN_CARD)
    assert code == 0, err
    fields = dict(line.split(None, 1) for line in out.splitlines())
    assert fields["status"] == "ATIVO (usable normally)"
    assert re.fullmatch(UI_DATE, fields["dtInicioVigencia"])
    assert set(fields) == set(card)


def test_card_of_another_contract_is_an_operator_error(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "cards", "show", MAIN, "0074599001")  # a card of 9912345679
    assert code == 1
    assert out == ""
    assert "HTTP 404" in err


def test_cards_services(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    contract_codes = {s["codigo"] for s in run_json(capsys, "contracts", "services", MAIN)}
    services = run_json(capsys, "cards", "services", MAIN, MAIN_CARD)
    codes = {s["codigo"] for s in services}
    assert "03220" in codes
    assert codes <= contract_codes
    small = {s["codigo"] for s in run_json(capsys, "cards", "services", MAIN, SMALL_CARD)}
    assert small
    assert "03220" not in small
    assert small == {
        s["codigo"] for s in run_json(capsys, "contracts", "services", MAIN, "--cartao", SMALL_CARD)
    }
    page = run_json(capsys, "cards", "services", MAIN, MAIN_CARD, "--page", "0", "--size", "3")
    assert len(page["itens"]) == 3
    assert page["page"]["totalElements"] == len(services)


def test_card_service_found(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    service = run_json(capsys, "cards", "services", MAIN, MAIN_CARD, "03220")
    assert service["codigo"] == "03220"
    assert service["descricao"]
    code, out, err = run(capsys, "cards", "services", MAIN, MAIN_CARD, "03220")
    assert code == 0, err
    fields = dict(line.split(None, 1) for line in out.splitlines())
    assert fields["codigo"] == "03220"


def test_card_lacking_a_service_exits_1_with_con_011(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    for extra in ((), ("--json",)):
        code, out, err = run(capsys, "cards", "services", MAIN, SMALL_CARD, "03220", *extra)
        assert code == 1
        assert out == ""
        assert re.fullmatch(r"postalgui: CON-011: .+, the card lacks this service\n", err), err


# --------------------------------------------------------------------------- company and input


def test_foreign_company_is_refused(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POSTALGUI_CNPJ", FOREIGN_CNPJ)
    code, out, err = run(capsys, "contracts", "list")
    assert code == 1
    assert out == ""
    assert "HTTP 403" in err


def test_no_cnpj_configured_exits_2(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], config_dir: Path
) -> None:
    profile = Profile(contract=DEMO.contract, dr=DEMO.dr)
    SettingsStore(config_dir / "settings.json").save(Settings().with_profile(Settings().environment, profile))
    code, out, err = run(capsys, "contracts", "list")
    assert code == 2
    assert out == ""
    assert "CNPJ" in err
    assert contract_requests(sandbox) == {}


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["contracts", "show", "99-12"], "NUCONTRATO"),
        (["contracts", "show", "123456789012"], "NUCONTRATO"),
        (["contracts", "services", MAIN, "--cartao", "x1"], "--cartao"),
        (["contracts", "services", MAIN, "03/220"], "CODIGO"),
        (["contracts", "services", MAIN, "--page", "-1"], "--page"),
        (["cards", "list", MAIN, "--page", "one"], "--page"),
        (["cards", "list", MAIN, "--size", "0"], "--size"),
        (["cards", "show", MAIN, "12345678901"], "CARTAO"),
        (["cards", "services", MAIN, MAIN_CARD, "0322 0"], "CODIGO"),
    ],
)
def test_bad_input_exits_2_before_sending(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], args: list[str], named: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.startswith(f"postalgui: {named}:"), err
    assert contract_requests(sandbox) == {}


@pytest.mark.parametrize(
    "args",
    [
        ["contracts", "list", "--status", "PAGO"],
        ["cards", "list", MAIN, "--status", "ATIVA"],
        ["cards", "show", MAIN],
        ["contracts"],
    ],
)
def test_bad_usage_exits_2(env: None, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(args)
    assert caught.value.code == 2
