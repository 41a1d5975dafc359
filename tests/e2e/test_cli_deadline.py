"""``postalgui deadline`` end to end against the sandbox's delivery-time service."""

from __future__ import annotations

import re

import pytest

from postalgui.sandbox import SandboxServer
from tests.e2e.conftest import SandboxControl, run, run_json


@pytest.fixture
def env(sandbox_server: SandboxServer, sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


@pytest.mark.usefixtures("env")
def test_national_gives_the_date_that_counts(capsys: pytest.CaptureFixture[str]) -> None:
    record = run_json(
        capsys, "deadline", "national", "04162", "--cep-origem", "05311-900", "--cep-destino", "70002900",
        "--data", "18-03-2022",
    )  # fmt: skip
    assert record["prazoEntrega"] == 1
    assert record["dataMaxima"].startswith("2022-03-21")  # posted on a Friday: Monday
    code, out, _ = run(
        capsys, "deadline", "national", "04669", "--cep-origem", "05311900", "--cep-destino", "70002900",
        "--data", "18-03-2022",
    )  # fmt: skip
    assert code == 0
    assert "by Fri 25/03" in out


@pytest.mark.usefixtures("env")
def test_a_route_the_product_does_not_serve_says_the_operators_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(
        capsys, "deadline", "national", "03204", "--cep-origem", "01310100", "--cep-destino", "69900000"
    )
    assert code == 1
    assert "PRZ-008: Serviço indisponível para o trecho informado" in err
    assert "HTTP" not in err  # a per-item error inside a 200 answer: its code and message only


@pytest.mark.usefixtures("env")
def test_international_and_pickup(capsys: pytest.CaptureFixture[str]) -> None:
    export = run_json(capsys, "deadline", "international", "45209", "--pais", "US")
    assert export["prazoMinimo"] <= export["prazoMaximo"]
    pickup = run_json(capsys, "deadline", "pickup", "70002-900")
    assert pickup == {"cep": "70002900", "prazoColeta": 1}


@pytest.mark.usefixtures("env")
@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("national", "0322", "--cep-origem", "01310100", "--cep-destino", "70002900"), "CODE"),
        (("national", "03220", "--cep-origem", "0131010", "--cep-destino", "70002900"), "--cep-origem"),
        (
            (
                "national",
                "03220",
                "--cep-origem",
                "01310100",
                "--cep-destino",
                "70002900",
                "--data",
                "2022-03-18",
            ),
            "--data",
        ),
        (("international", "45209", "--pais", "USA"), "--pais"),
        (("pickup", "123"), "CEP"),
    ],
)
def test_bad_input_names_the_option_and_sends_nothing(
    capsys: pytest.CaptureFixture[str], sandbox: SandboxControl, args: tuple[str, ...], named: str
) -> None:
    code, _, err = run(capsys, "deadline", *args)
    assert code == 2
    assert named in err
    assert not any(key.startswith(("GET /prazo", "POST /prazo")) for key in sandbox.stats()["requests"])


PRICE = (
    "price",
    "national",
    "04162",
    "--cep-origem",
    "05311900",
    "--cep-destino",
    "70002900",
    "--peso",
    "300",
)


@pytest.mark.usefixtures("env")
def test_price_national_carries_the_deadline(capsys: pytest.CaptureFixture[str]) -> None:
    posted, by = ("--data", "13-11-2026"), ("--chegar-ate", "16-11-2026")  # a Friday; the Monday after
    record = run_json(capsys, *PRICE[:2], "03220", *PRICE[3:], *posted, *by)
    assert record["pcFinal"]
    assert record["prazoEntrega"] == 1
    assert record["dataMaxima"].startswith("2026-11-16")
    assert record["chegaAte"] is True
    code, out, _ = run(capsys, *PRICE[:2], "03298", *PRICE[3:], *posted, *by)
    assert code == 0
    assert re.search(r"by (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d/\d\d", out)  # in English, not "até sex"
    assert "arrives by 16/11" in out
    assert "NO" in out


@pytest.mark.usefixtures("env")
def test_a_card_without_api_35_still_prices(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POSTALGUI_CARD", "0074512346")
    record = run_json(capsys, *PRICE[:2], "03298", *PRICE[3:])
    assert record["pcFinal"]
    assert "35" in record["erroPrazo"] or "GTW-011" in record["erroPrazo"]


@pytest.mark.usefixtures("env")
def test_a_bad_arrival_day_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *PRICE[:2], "03220", *PRICE[3:], "--chegar-ate", "2022-03-21")
    assert code == 2
    assert "--chegar-ate" in err
