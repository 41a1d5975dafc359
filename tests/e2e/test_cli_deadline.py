"""``postalgui deadline`` end to end against the sandbox's delivery-time service."""

from __future__ import annotations

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
    assert "até sex 25/03" in out


@pytest.mark.usefixtures("env")
def test_a_route_the_product_does_not_serve_says_the_operators_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(
        capsys, "deadline", "national", "03204", "--cep-origem", "01310100", "--cep-destino", "69900000"
    )
    assert code == 1
    assert "PRZ-008" in err


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
