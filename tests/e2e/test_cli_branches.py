"""``postalgui branches`` end to end against the sandbox over real HTTP."""

from __future__ import annotations

import pytest

from postalgui.sandbox import SandboxServer
from tests.e2e.conftest import SandboxControl, run, run_json


@pytest.fixture
def env(sandbox_server: SandboxServer, sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


def unit_lists(sandbox: SandboxControl) -> int:
    return int(sandbox.stats()["requests"].get("GET /agencia/v1/unidades", 0))


@pytest.mark.usefixtures("env")
def test_search_walks_every_page_and_prints_the_operators_records(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl
) -> None:
    units = run_json(capsys, "branches", "search", "--uf", "AC")
    assert len(units) > 50  # more than a page
    assert unit_lists(sandbox) == -(-len(units) // 50)
    assert {unit["endereco"]["uf"] for unit in units} == {"AC"}
    assert {"id", "nome", "tipoUnidade", "endereco", "horarios", "dhAlteracao"} <= set(units[0])
    assert units[0]["endereco"]["fuso"] == "UTC-05:00"
    one_page = run_json(capsys, "branches", "search", "--uf", "AC", "--page", "1")
    assert one_page == units[50:100]


@pytest.mark.usefixtures("env")
def test_list_options_repeat_and_names_lose_their_accents(capsys: pytest.CaptureFixture[str]) -> None:
    units = run_json(
        capsys,
        "branches",
        "search",
        "--uf",
        "SP",
        "--municipio",
        "São Paulo",
        "--status",
        "3",
        "--status",
        "5",
    )
    assert units
    assert {unit["status"] for unit in units} <= {"3", "5"}
    assert {unit["endereco"]["municipio"] for unit in units} == {"SAO PAULO"}


@pytest.mark.usefixtures("env")
def test_the_table_says_whether_each_unit_is_open_on_its_own_clock(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "branches", "search", "--uf", "RR", "--tipo", "09")
    assert code == 0, err
    assert "NOW (UNIT'S CLOCK)" in out.splitlines()[0]
    assert "open until" in out or "closed" in out
    open_now = run_json(capsys, "branches", "search", "--uf", "RR", "--aberta-agora")
    everything = run_json(capsys, "branches", "search", "--uf", "RR")
    assert len(open_now) <= len(everything)


@pytest.mark.usefixtures("env")
def test_show_types_statuses_and_localities(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "branches", "search", "--uf", "DF", "--page", "0")[0]
    assert run_json(capsys, "branches", "show", first["id"]) == first
    code, out, _ = run(capsys, "branches", "show", first["id"])
    assert code == 0
    assert "Time zone" in out
    assert "UTC-03:00" in out
    assert {item["codigo"] for item in run_json(capsys, "branches", "types")} >= {"09", "24", "46"}
    assert len(run_json(capsys, "branches", "statuses")) == 6
    places = run_json(capsys, "branches", "localities", "--uf", "AC")
    assert len(places) == 22
    code, out, _ = run(capsys, "branches", "localities", "--uf", "ac")
    assert "Rio Branco" in out


@pytest.mark.usefixtures("env")
@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("search", "--uf", "XX"), "--uf"),
        (("search", "--id", "2441"), "--id"),
        (("search", "--status", "9"), "--status"),
        (("search", "--cep", "0103"), "--cep"),
        (("search", "--alterado-desde", "24/11/2026"), "--alterado-desde"),
        (("search", "--page", "-1"), "--page"),
        (("show", "123"), "MCU"),
        (("localities", "--uf", "XY"), "--uf"),
        (("search", "--aberta-em", "sábado 10:00"), "--aberta-em"),
        (("search", "--aberta-em", "28/11/2026 25:00"), "--aberta-em"),
        (("search", "--aberta-em", "28/11/2026"), "--aberta-em"),
        (("search", "--sort", "nome"), "--sort"),
        (("search", "--size", "51"), "--size"),
        (("search", "--size", "0"), "--size"),
        (("search", "--codigo-sro", " "), "--codigo-sro"),
        (("search", "--dh-alteracao-final", "30/11/2026"), "--dh-alteracao-final"),
        (("localities", "--uf", "SP", "--tipo", "X1"), "--tipo"),
        (("localities", "--uf", "SP", "--status", "7"), "--status"),
    ],
)
def test_bad_input_names_the_option_and_sends_nothing(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, args: tuple[str, ...], option: str
) -> None:
    code, _out, err = run(capsys, "branches", *args)
    assert code == 2
    assert err.startswith(f"postalgui: {option}: ")
    assert sandbox.stats()["total_requests"] == 0


@pytest.mark.usefixtures("env")
@pytest.mark.parametrize(
    ("args", "option", "byte"),
    [
        (("search", "--nome", "\udcff"), "--nome", "0xff"),  # b"\xff" typed, as Python hands it over
        (("search", "--bairro", "CENTRO\udcc3"), "--bairro", "0xc3"),
        (("search", "--uf", "SP", "--municipio", "S\udce3o Paulo"), "--municipio", "0xe3"),  # Latin-1
        (("localities", "--uf", "SP", "--municipio", "S\udce3o Paulo"), "--municipio", "0xe3"),
    ],
)
def test_text_that_is_not_utf8_is_refused_naming_the_option(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, args: tuple[str, ...], option: str, byte: str
) -> None:
    code, out, err = run(capsys, "branches", *args)
    assert code == 2
    assert out == ""
    assert err == f"postalgui: {option}: must be UTF-8 text (it has the byte {byte}, which is not)\n"
    assert "unexpected error" not in err
    assert sandbox.stats()["total_requests"] == 0


@pytest.mark.usefixtures("env")
def test_a_huge_value_is_not_repeated_in_full(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl
) -> None:
    code, _out, err = run(capsys, "branches", "search", "--size", "9" * 5000)
    assert code == 2
    shown = "9" * 39 + "\N{HORIZONTAL ELLIPSIS}"
    assert err == f"postalgui: --size: is too large, at most 9 digits (got '{shown}' (5,000 characters))\n"
    assert sandbox.stats()["total_requests"] == 0


@pytest.mark.usefixtures("env")
def test_open_at_keeps_operating_units_open_on_their_own_clock(capsys: pytest.CaptureFixture[str]) -> None:
    everything = run_json(capsys, "branches", "search", "--uf", "AC")
    saturday = run_json(capsys, "branches", "search", "--uf", "AC", "--aberta-em", "28/11/2026 10:00")
    assert saturday
    assert len(saturday) < len(everything)
    assert {unit["status"] for unit in saturday} == {"2"}
    shut = [unit for unit in everything if unit["status"] != "2" and unit.get("horarios")]
    assert shut  # closed units with hours exist, and none of them is listed as open
    assert not {unit["id"] for unit in shut} & {unit["id"] for unit in saturday}
    night = run_json(
        capsys, "branches", "search", "--uf", "AC", "--tipo", "09", "--aberta-em", "25/11/2026 03:00"
    )
    assert night == []
    shut_now = ("--uf", "SP", "--status", "3", "--status", "4", "--status", "5", "--aberta-agora")
    assert run_json(capsys, "branches", "search", *shut_now) == []  # at any hour of the day
    code, out, err = run(capsys, "branches", "search", "--uf", "AC", "--status", "3")
    assert code == 0, err
    assert "open until" not in out
    assert "closed (" in out


@pytest.mark.usefixtures("env")
def test_the_clients_other_options_reach_the_operator(capsys: pytest.CaptureFixture[str]) -> None:
    page = run_json(
        capsys, "branches", "search", "--uf", "AC", "--page", "0", "--size", "5", "--sort", "nome,desc"
    )
    assert len(page) == 5
    assert [unit["nome"] for unit in page] == sorted((unit["nome"] for unit in page), reverse=True)
    found = run_json(capsys, "branches", "search", "--codigo-sro", page[0]["codigoSro"][0])
    assert page[0]["id"] in {unit["id"] for unit in found}
    assert len(found) < 10
    until = run_json(
        capsys, "branches", "search", "--uf", "AC", "--dh-alteracao-final", "2000-01-01T00:00:00"
    )
    assert until == []
    lockers = run_json(capsys, "branches", "localities", "--uf", "SP", "--tipo", "46", "--status", "2")
    everything = run_json(capsys, "branches", "localities", "--uf", "SP")
    assert 0 < len(lockers) < len(everything)
