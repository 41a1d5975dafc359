"""``postalgui price`` end to end against the sandbox over real HTTP."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from postalgui.cli.main import main
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.services.price.history import QuoteHistory
from tests.e2e.conftest import SandboxControl

MONEY = re.compile(r"-?\d+\.\d{2}")
PERCENT = re.compile(r"-?\d+\.\d+")
NATIONAL_BATCH = "POST /preco/v1/nacional"

# REFERENCE.md's official example, on the CEP pair the sandbox documents for it.
OFFICIAL = [
    "price",
    "national",
    "03220",
    "--cep-origem",
    "01310-100",
    "--cep-destino",
    "05311900",
    "--peso",
    "300",
    "--formato",
    "pacote",
    "--comprimento",
    "20",
    "--largura",
    "20",
    "--altura",
    "20",
    "--servico-adicional",
    "019",
    "--servico-adicional",
    "001",
    "--valor-declarado",
    "200",
]


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def price_requests(sandbox: SandboxControl) -> dict[str, int]:
    return {key: n for key, n in sandbox.stats()["requests"].items() if "/preco/" in key}


def assert_price_record(record: dict[str, Any]) -> None:
    """Money with a dot and 2 places, and the spec's final-price formula."""
    for name in ("pcBase", "pcFaixa", "pcProduto", "pcTotalServicosAdicionais", "pcFinal"):
        assert MONEY.fullmatch(record[name]), (name, record[name])
    for name, value in record.items():
        if name.startswith(("pc", "vl", "pe")):
            assert PERCENT.fullmatch(value), (name, value)  # dot decimal, never a comma
    assert Decimal(record["pcFinal"]) == Decimal(record["pcProduto"]) + Decimal(
        record["pcTotalServicosAdicionais"]
    )
    assert record["psCobrado"].isdigit()
    assert record["inPesoCubico"] in ("S", "N")
    assert "txErro" not in record


# --------------------------------------------------------------------------- one product


def test_official_example_as_json(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *OFFICIAL, "--json")
    assert code == 0, err
    record = json.loads(out)
    assert_price_record(record)
    assert record["coProduto"] == "03220"
    assert record["noProduto"] == "03220"  # as the operator writes it: the code queried
    assert record["nomeProduto"] == "SEDEX"  # the name, from the catalogue, beside it
    assert list(record).index("nomeProduto") == list(record).index("noProduto") + 1
    assert record["pcBase"] == "10.68"
    assert record["pcFaixa"] == "11.13"
    assert record["pcProduto"] == "11.13"
    assert record["pcTotalServicosAdicionais"] == "8.79"
    assert record["pcFinal"] == "19.92"
    assert record["peAdValorem"] == "0.0100"
    assert record["vlSeguroAutomatico"] == "21.00"
    assert record["inPesoCubico"] == "N"
    assert record["psCobrado"] == "300"
    services = {
        s["coServAdicional"]: (s["tpServAdicional"], s["pcServicoAdicional"])
        for s in record["servicoAdicional"]
    }
    assert services == {"019": ("V", "1.79"), "001": ("A", "7.00")}
    assert price_requests(sandbox) == {"GET /preco/v1/nacional/03220": 1}


def test_official_example_for_people(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *OFFICIAL)
    assert code == 0, err
    assert re.search(r"final price\s+R\$ 19,92", out)
    assert re.search(r"charged weight\s+300 g", out)
    assert re.search(r"cubic weight\s+no", out)
    assert "019 R$ 1,79" in out
    assert "001 R$ 7,00" in out


def test_heavy_pac_charges_additional_kilos(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys,
        *("price", "national", "03298", "--cep-origem", "01310100", "--cep-destino", "20040020"),
        *("--peso", "19600", "--json"),
    )
    assert code == 0, err
    record = json.loads(out)
    assert_price_record(record)
    assert record["psCobrado"] == "19600"
    assert int(record["qtAdicional"]) > 0
    assert Decimal(record["pcTotalAdicional"]) == Decimal(record["pcCadaAdicional"]) * int(
        record["qtAdicional"]
    )


@pytest.mark.parametrize(
    ("change", "option"),
    [
        ({"--cep-origem": "0131-100"}, "--cep-origem"),
        ({"--cep-destino": "ABCDEFGH"}, "--cep-destino"),
        ({"--peso": "0,3"}, "--peso"),
        ({"--peso": "0"}, "--peso"),
        ({"--comprimento": "vinte"}, "--comprimento"),
        ({"--servico-adicional": "AR"}, "--servico-adicional"),
        ({"--valor-declarado": "R$ 200"}, "--valor-declarado"),
        ({"--data": "2026-11-22"}, "--data"),
        ({"03220": "SEDEX"}, "COPRODUTO"),
    ],
)
def test_invalid_input_exits_2_naming_the_option_and_sends_nothing(
    env: None,
    sandbox: SandboxControl,
    capsys: pytest.CaptureFixture[str],
    change: dict[str, str],
    option: str,
) -> None:
    args = [*OFFICIAL, "--data", "22-11-2026"]
    ((name, value),) = change.items()
    if name.startswith("--"):
        args[args.index(name) + 1] = value
    else:
        args[args.index(name)] = value
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert f"{option}: " in err
    assert "Traceback" not in err
    assert sandbox.stats()["total_requests"] == 0


def test_bad_format_is_an_argparse_error(env: None, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(
            [
                *OFFICIAL[:3],
                "--cep-origem",
                "01310100",
                "--cep-destino",
                "05311900",
                "--peso",
                "1",
                "--formato",
                "caixa",
            ]
        )
    assert info.value.code == 2


def test_unknown_product_exits_1_with_the_operator_code(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    args = list(OFFICIAL)
    args[2] = "99999"
    code, out, err = run(capsys, *args)
    assert code == 1
    assert out == ""
    assert re.search(r"PRC-\d{3}", err)
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("option", "code"), [(["--contrato", "1234"], "PRC-050"), (["--dr", "74"], "PRC-051")]
)
def test_contract_options_reach_the_operator(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], option: list[str], code: str
) -> None:
    status, out, err = run(capsys, *OFFICIAL, *option)
    assert status == 1
    assert out == ""
    assert f"{code}: " in err


def test_international_as_json(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys,
        *("price", "international", "45110", "--pais", "us", "--cep-origem", "01310100", "--peso", "500"),
        "--json",
    )
    assert code == 0, err
    record = json.loads(out)
    assert_price_record(record)
    assert record["coProduto"] == "45110"
    assert price_requests(sandbox) == {"GET /preco/v1/internacional/45110": 1}


def test_additional_services(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "price", "services", "03220", "--valor-declarado", "200", "--json")
    assert code == 0, err
    services = {s["codigo"]: s for s in json.loads(out)}
    assert {"001", "019"} <= set(services)
    assert MONEY.fullmatch(services["019"]["preco"])
    assert MONEY.fullmatch(services["019"]["vlMaxDeclarado"])
    assert Decimal(services["019"]["vlMaxDeclarado"]) > Decimal(services["019"]["vlMinDeclarado"])
    code, out, _ = run(capsys, "price", "services", "03220")
    assert code == 0
    assert re.search(r"^019\s+VD\b.*R\$ ", out, flags=re.MULTILINE)


def test_additional_services_bad_date_exits_2(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "price", "services", "03220", "--data", "22-11-2026")
    assert code == 2
    assert "--data: " in err
    assert sandbox.stats()["total_requests"] == 0


# --------------------------------------------------------------------------- batch


def write_csv(
    path: Path, rows: list[str], header: str = "coProduto;cepOrigem;cepDestino;psObjeto;servicosAdicionais"
) -> Path:
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    return path


def test_batch_json_in_input_order_with_one_failed_item(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [f"03220;01310100;05311900;{300 + 100 * n};001" for n in range(12)]
    rows[7] = "03220;01310100;05311900;300;099"  # a service the operator does not know
    source = write_csv(tmp_path / "lote.csv", rows)
    out_file = tmp_path / "resultado.csv"
    code, out, err = run(capsys, "price", "batch", str(source), "--out", str(out_file), "--json")
    assert code == 1
    assert "1 of 12 items failed" in err
    items = json.loads(out)
    assert len(items) == 12
    for n, item in enumerate(items):
        if n == 7:
            assert item["coProduto"] == "03220"
            assert set(item["txErro"]) == {"cdErro", "dsErro"}
            assert re.fullmatch(r"PRC-\d{3}", item["txErro"]["cdErro"])
            continue
        assert_price_record(item)
        assert item["psCobrado"] == str(300 + 100 * n)
    assert price_requests(sandbox) == {NATIONAL_BATCH: 3}  # 5 + 5 + 2
    lines = out_file.read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) == 13
    assert "PRC-" in lines[8]
    header = lines[0].split(";")
    first = dict(zip(header, lines[1].split(";"), strict=True))
    assert first["nuContrato"] == DEMO.contract  # the configured contract fills the blank column
    assert first["pcFinal"].count(",") == 1


def test_batch_out_xlsx_writes_a_workbook_with_typed_cells(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from openpyxl import load_workbook

    source = write_csv(
        tmp_path / "lote.csv", ["03220;01310100;05311900;300;001", "03298;01310100;20040020;1500;"]
    )
    out_file = tmp_path / "Resultado.XLSX"
    code, out, err = run(capsys, "price", "batch", str(source), "--out", str(out_file))
    assert code == 0, err
    assert len(out.splitlines()) == 2
    sheet = load_workbook(out_file).active
    assert sheet is not None
    assert sheet.freeze_panes == "A2"
    rows = list(sheet.iter_rows(values_only=True))
    assert len(rows) == 3
    first = dict(zip(rows[0], sheet[2], strict=True))
    assert first["coProduto"].value == "03220"
    assert first["cepOrigem"].value == "01310100"
    assert first["nuContrato"].value == DEMO.contract
    assert first["nuContrato"].data_type == "s"
    assert isinstance(first["pcFinal"].value, float)
    assert first["pcFinal"].number_format == '"R$" #,##0.00'
    assert first["psCobrado"].value == 300
    assert not list(tmp_path.glob(".*"))  # no temporary file left beside it


def test_batch_table_and_success_exit(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = write_csv(
        tmp_path / "lote.csv", ["03220;01310100;05311900;300;001 002", "03298;01310100;20040020;19600;"]
    )
    code, out, err = run(capsys, "price", "batch", str(source))
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].strip().startswith("1")
    assert "R$ " in lines[0]
    assert "R$ " in lines[1]
    assert "\r" not in err  # no progress counter when stderr is not a terminal


def test_batch_falls_back_when_the_contract_takes_three(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [f"03220;01310100;05311900;{300 + n};9912345679;74" for n in range(5)]
    source = write_csv(
        tmp_path / "lote.csv", rows, header="coProduto;cepOrigem;cepDestino;psObjeto;nuContrato;nuDR"
    )
    code, out, err = run(capsys, "price", "batch", str(source), "--json")
    assert code == 0, err
    assert len(json.loads(out)) == 5
    assert price_requests(sandbox) == {NATIONAL_BATCH: 3}  # 5 refused, then 3 + 2


def test_batch_skips_the_rows_with_problems_prices_the_others_and_exits_2(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each problem names the row as the results number it (``linha``) and the file's line;
    the good rows are priced under their own numbers."""
    source = write_csv(
        tmp_path / "lote.csv",
        [
            "03220;01310100;05311900;300;",
            "03220;0131;05311900;300;",
            "XYZ;01310100;05311900;300;AR",
            "03298;01310100;05311900;400;",
        ],
    )
    out_file = tmp_path / "resultado.csv"
    code, out, err = run(capsys, "price", "batch", str(source), "--out", str(out_file))
    assert code == 2
    assert re.search(r"^row 2 \(line 3\), column cepOrigem: ", err, flags=re.MULTILINE)
    assert re.search(r"^row 3 \(line 4\), column coProduto: ", err, flags=re.MULTILINE)
    assert re.search(r"^row 3 \(line 4\), column servicosAdicionais: ", err, flags=re.MULTILINE)
    assert "lote.csv: 2 of 4 rows sent; 2 with problems, lines 3, 4" in err
    assert [line.split()[0] for line in out.splitlines()] == ["1", "4"]
    written = out_file.read_text(encoding="utf-8-sig").splitlines()
    assert [line.split(";")[0] for line in written[1:]] == ["1", "4"]  # linha: the file's rows
    assert price_requests(sandbox) == {NATIONAL_BATCH: 1}


def test_batch_with_only_bad_rows_sends_nothing(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = write_csv(tmp_path / "lote.csv", ["03220;0131;05311900;300;"])
    code, out, err = run(capsys, "price", "batch", str(source))
    assert code == 2
    assert out == ""
    assert "every row has a problem; nothing was sent" in err
    assert sandbox.stats()["total_requests"] == 0


def test_batch_file_problems_exit_2(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "price", "batch", str(tmp_path / "missing.csv"))
    assert code == 2
    assert "missing.csv" in err
    no_product = write_csv(
        tmp_path / "x.csv", ["01310100;05311900;300"], header="cepOrigem;cepDestino;psObjeto"
    )
    code, _, err = run(capsys, "price", "batch", str(no_product))
    assert code == 2
    assert "product" in err.lower()
    code, _, err = run(
        capsys, "price", "batch", str(no_product), "--out", str(tmp_path / "no" / "such" / "folder.csv")
    )
    assert code == 2
    assert "--out" in err
    assert sandbox.stats()["total_requests"] == 0


def test_command_line_quotes_join_the_history(
    env: None, sandbox: SandboxControl, config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, *OFFICIAL)
    assert code == 0, err
    history = QuoteHistory(next((config_dir / "data").glob("office-*.sqlite3")))
    try:
        (entry,) = history.search("03220")
        assert entry.source == "cli"
        assert entry.response is not None
        assert entry.response.pcFinal == Decimal("19.92")
    finally:
        history.close()


def test_peso_is_read_like_the_quote_page_reads_it(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--peso 1,5kg`` is 1.500 g, as typed into the Quote page's weight (the same rule)."""
    route = ["price", "national", "03220", "--cep-origem", "01310100", "--cep-destino", "05311900"]
    code, out, err = run(capsys, *route, "--peso", "1,5kg", "--json")
    assert code == 0, err
    assert "--peso: understood 1,500 g" in err
    in_kilos = json.loads(out)
    code, out, _ = run(capsys, *route, "--peso", "1500", "--json")
    assert code == 0
    assert in_kilos["psCobrado"] == json.loads(out)["psCobrado"] == "1500"


def test_price_national_asks_only_what_the_operator_requires(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    """Spec 000 §4: every field of the national GET but the product is optional, so no option
    is required by the CLI: the operator answers (or refuses, with its code)."""
    before = sandbox.stats()["total_requests"]
    code, _, err = run(capsys, "price", "national", "03220", "--cep-destino", "05311900", "--peso", "300")
    assert "required" not in err, err
    assert code in (0, 1), err  # the operator's answer, never argparse's exit 2
    assert sandbox.stats()["total_requests"] > before
