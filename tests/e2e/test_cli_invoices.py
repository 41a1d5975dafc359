"""``postalgui invoices`` end to end against the sandbox over real HTTP."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from postalgui.api.analytic import parse_analytic_csv, reconcile
from postalgui.cli.main import main
from postalgui.sandbox import DEMO, SandboxServer
from tests.e2e.conftest import SandboxControl

MONEY = re.compile(r"-?\d+\.\d{2}")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
UI_DATE = r"\d{2}/\d{2}/\d{4}"
FAST = ("--poll-interval", "0.05")


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


@pytest.fixture
def quick(sandbox: SandboxControl) -> SandboxControl:
    """Processings that finish after a fraction of a second."""
    sandbox.processing_delay(0.3)
    return sandbox


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Where downloads go: a folder of their own (tmp_path also holds the config folder)."""
    path = tmp_path / "out"
    path.mkdir()
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def invoice_requests(sandbox: SandboxControl) -> dict[str, int]:
    return {key: n for key, n in sandbox.stats()["requests"].items() if "/faturas/" in key}


def list_json(capsys: pytest.CaptureFixture[str], *extra: str) -> list[dict[str, Any]]:
    code, out, err = run(capsys, "invoices", "list", "--json", *extra)
    assert code == 0, err
    result: list[dict[str, Any]] = json.loads(out)
    return result


def plain_invoice(invoices: list[dict[str, Any]]) -> dict[str, Any]:
    """A paid RE invoice with items and a value (so it has a slip and a statement)."""
    return next(
        i
        for i in invoices
        if i["tipoDocumento"] == "RE" and i["status"] == "Paga" and Decimal(i["valor"]) > 0
    )


# --------------------------------------------------------------------------- list


def test_list_json(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    invoices = list_json(capsys)
    assert len(invoices) >= 12
    for invoice in invoices:
        assert isinstance(invoice["id"], int)
        assert invoice["contrato"] == DEMO.contract
        assert MONEY.fullmatch(invoice["valor"]), invoice["valor"]
        assert ISO_DATE.fullmatch(invoice["vencimento"])
        assert ISO_DATE.fullmatch(invoice["dataFechamento"])
        assert re.fullmatch(r"\d{3}", invoice["itemFatura"])
        assert invoice["tipoDocumento"] in {"RE", "R4", "RA", "R6", "R8", "RT", "RZ", "R3"}
    assert {"Paga", "Em aberto"} <= {invoice["status"] for invoice in invoices}
    assert invoice_requests(sandbox) == {"GET /faturas/v1/faturas": 1}


def test_list_table(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    invoices = list_json(capsys, "--de", "01-01-2000", "--ate", "31-12-2099")
    code, out, err = run(capsys, "invoices", "list", "--de", "01-01-2000", "--ate", "31-12-2099")
    assert code == 0, err
    header, *lines = out.splitlines()
    assert header.split() == ["NUMBER", "DUE", "CLOSING", "AMOUNT", "STATUS", "TYPE", "ITEM"]
    assert len(lines) == len(invoices)
    first = invoices[0]
    assert re.match(rf"^{first['id']}\s+{UI_DATE}\s+{UI_DATE}\s+R\$ [\d.]+,\d{{2}}\s", lines[0])
    assert lines[0].split()[-3:] == [first["status"], first["tipoDocumento"], first["itemFatura"]]


def test_list_help_says_the_period_is_of_closing_dates(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["invoices", "list", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--de DD-MM-YYYY first closing date (dataFechamento) listed" in text
    assert "--ate DD-MM-YYYY last closing date (dataFechamento) listed" in text
    assert "not due dates" in text


def test_empty_period_is_not_an_error(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "invoices", "list", "--de", "01-01-2001", "--ate", "31-01-2001")
    assert code == 0
    assert out == ""
    assert "no invoices" in err
    assert list_json(capsys, "--de", "01-01-2001", "--ate", "31-01-2001") == []


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--de", "2026-01-01"], "--de"),
        (["--ate", "31-02-2026"], "--ate"),
        (["--de", "01-03-2026", "--ate", "01-02-2026"], "--de"),
        (["--contrato", "99-12"], "--contrato"),
        (["--contrato", "123456789012"], "--contrato"),
        (["--dr", "setenta"], "--dr"),
    ],
)
def test_bad_list_input_exits_2_and_sends_nothing(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], args: list[str], option: str
) -> None:
    code, out, err = run(capsys, "invoices", "list", *args)
    assert code == 2
    assert out == ""
    assert f"{option}: " in err
    assert "Traceback" not in err
    assert sandbox.stats()["total_requests"] == 0


def test_wrong_dr_exits_1_with_the_operator_code(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "invoices", "list", "--dr", "10")
    assert code == 1
    assert out == ""
    assert re.search(r"[A-Z]{3}-\d{3}: ", err)  # the token service refuses a DR not of the contract


# --------------------------------------------------------------------------- PDFs


@pytest.mark.parametrize("boleto", [False, True])
def test_pdf_downloads(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path, boleto: bool
) -> None:
    invoice = plain_invoice(list_json(capsys))
    out_file = folder / "fatura.pdf"
    args = ["invoices", "pdf", str(invoice["id"]), "--tipo-documento", invoice["tipoDocumento"]]
    args += ["--item", invoice["itemFatura"], "--out", str(out_file)]
    code, out, err = run(capsys, *args, *(["--boleto"] if boleto else []))
    assert code == 0, err
    assert out.strip() == str(out_file)
    assert out_file.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in folder.iterdir()) == ["fatura.pdf"]
    route = "boleto" if boleto else "sintetico"
    assert invoice_requests(sandbox)[f"GET /faturas/v1/faturas/{invoice['id']}/{route}/pdf"] == 1


def test_pdf_of_an_unknown_invoice_exits_1_and_writes_nothing(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    out_file = folder / "x.pdf"
    code, out, err = run(capsys, "invoices", "pdf", "1", "--tipo-documento", "RE", "--out", str(out_file))
    assert code == 1
    assert out == ""
    assert "FAT-002" in err
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["12a", "--tipo-documento", "RE"], "FATURA"),
        (["123", "--tipo-documento", "REX"], "--tipo-documento"),
        (["123", "--tipo-documento", "RE", "--item", "0001"], "--item"),
        (["123", "--tipo-documento", "RE", "--dr-fatura", "123456"], "--dr-fatura"),
    ],
)
def test_bad_pdf_input_exits_2(
    env: None,
    sandbox: SandboxControl,
    capsys: pytest.CaptureFixture[str],
    folder: Path,
    args: list[str],
    option: str,
) -> None:
    code, out, err = run(capsys, "invoices", "pdf", *args, "--out", str(folder / "x.pdf"))
    assert code == 2
    assert out == ""
    assert f"{option}: " in err
    assert sandbox.stats()["total_requests"] == 0


def test_pdf_needs_a_folder_that_exists(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    out_file = folder / "no" / "such" / "x.pdf"
    code, _, err = run(capsys, "invoices", "pdf", "1", "--tipo-documento", "RE", "--out", str(out_file))
    assert code == 2
    assert "--out: " in err
    with pytest.raises(SystemExit) as info:  # --tipo-documento is required: argparse says so
        main(["invoices", "pdf", "1", "--out", str(folder / "x.pdf")])
    assert info.value.code == 2
    assert sandbox.stats()["total_requests"] == 0


# --------------------------------------------------------------------------- analytic statement


def test_analytic_end_to_end(
    env: None, quick: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    invoice = plain_invoice(list_json(capsys))
    out_file = folder / "analitico.csv"
    code, out, err = run(capsys, "invoices", "analytic", str(invoice["id"]), "--out", str(out_file), *FAST)
    assert code == 0, err
    assert out.strip() == str(out_file)
    assert re.search(r"^status (SOLICITADO|EM_EXECUCAO)… \d+ s$", err, flags=re.MULTILINE)
    assert re.search(r"^status SUCESSO… \d+ s$", err, flags=re.MULTILINE)
    statement = parse_analytic_csv(out_file)
    assert statement.header.get("Nº DA FATURA") == str(invoice["id"])
    assert statement.items
    result = reconcile(statement)
    assert result.invoice_total == Decimal(invoice["valor"])
    assert result.mismatched_services == []
    assert all(difference == 0 for difference in result.service_differences.values())
    assert result.items_vs_invoice == 0
    assert result.services_vs_invoice == 0
    assert result.balanced
    requests = invoice_requests(quick)
    assert requests[f"POST /faturas/v1/faturas/{invoice['id']}/analitico"] == 1
    assert sum(n for key, n in requests.items() if key.endswith("/file")) == 1
    assert sorted(p.name for p in folder.iterdir()) == ["analitico.csv"]


def test_analytic_out_xlsx_writes_the_items_as_a_workbook(
    env: None, quick: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    from openpyxl import load_workbook

    invoice = plain_invoice(list_json(capsys))
    out_file = folder / "analitico.xlsx"
    code, out, err = run(capsys, "invoices", "analytic", str(invoice["id"]), "--out", str(out_file), *FAST)
    assert code == 0, err
    assert out.strip() == str(out_file)
    assert sorted(p.name for p in folder.iterdir()) == ["analitico.xlsx"]
    sheet = load_workbook(out_file).active
    assert sheet is not None
    assert sheet.freeze_panes == "A2"
    titles = [cell.value for cell in sheet[1]]
    assert titles[0] == "CARTAO POSTAGEM"
    first = dict(zip(titles, sheet[2], strict=True))
    assert first["CEP DESTINATARIO"].data_type == "s"
    assert len(str(first["CEP DESTINATARIO"].value)) == 8
    assert first["VALOR LIQUIDO"].number_format == '"R$" #,##0.00'
    assert first["DATA POSTAGEM"].number_format == "DD/MM/YYYY"


def test_a_synthetic_preview_cannot_be_a_workbook(
    env: None, quick: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    code, out, err = run(
        capsys, "invoices", "preview", "--tipo", "SINTETICO", "--out", str(folder / "p.xlsx")
    )
    assert code == 2
    assert out == ""
    assert "--out: a SINTETICO preview is a PDF" in err
    assert quick.stats()["total_requests"] == 0


def test_analytic_that_fails_at_the_operator_exits_1(
    env: None, quick: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    invoice = plain_invoice(list_json(capsys))
    quick.fail_next_processing()
    out_file = folder / "analitico.csv"
    code, out, err = run(capsys, "invoices", "analytic", str(invoice["id"]), "--out", str(out_file), *FAST)
    assert code == 1
    assert out == ""
    assert "ERRO" in err
    assert not out_file.exists()


def test_analytic_of_an_unknown_invoice_exits_1(
    env: None, quick: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    code, _, err = run(capsys, "invoices", "analytic", "1", "--out", str(folder / "a.csv"), *FAST)
    assert code == 1
    assert "FAT-002" in err


# --------------------------------------------------------------------------- preview


@pytest.mark.parametrize(("kind", "magic"), [("SINTETICO", b"%PDF"), ("analitico", b"PR")])
def test_preview(
    env: None,
    quick: SandboxControl,
    capsys: pytest.CaptureFixture[str],
    folder: Path,
    kind: str,
    magic: bytes,
) -> None:
    out_file = folder / "previa"
    code, out, err = run(capsys, "invoices", "preview", "--tipo", kind, "--out", str(out_file), *FAST)
    assert code == 0, err
    assert out.strip() == str(out_file)
    assert out_file.read_bytes().startswith(magic)
    if kind == "analitico":
        statement = parse_analytic_csv(out_file)
        assert reconcile(statement).mismatched_services == []
    assert invoice_requests(quick)["POST /faturas/v1/previas"] == 1


def test_preview_of_an_unknown_cost_centre_exits_1(
    env: None, quick: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    code, _, err = run(
        capsys, "invoices", "preview", "--tipo", "ANALITICO", "--centro-custo", "9999",
        "--out", str(folder / "p.csv"), *FAST,
    )  # fmt: skip
    assert code == 1
    assert "FAT-023" in err


def test_preview_kind_is_checked_by_argparse(env: None, folder: Path) -> None:
    with pytest.raises(SystemExit) as info:
        main(["invoices", "preview", "--tipo", "RESUMO", "--out", str(folder / "p")])
    assert info.value.code == 2


# --------------------------------------------------------------------------- divergences


def test_divergences(env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "invoices", "divergences", "--json")
    assert code == 0, err
    items = json.loads(out)
    assert items, "the sandbox has divergences in the last 60 days"
    for item in items:
        assert re.fullmatch(r"[A-Z]{2}\d{9}[A-Z]{2}", item["codigoObjeto"])
        assert ISO_DATE.fullmatch(item["dataPostagem"])
        assert MONEY.fullmatch(item["valorTarifadoSgpb"])
    assert invoice_requests(sandbox) == {"GET /faturas/v1/faturas/divergencias": 1}
    code, out, err = run(capsys, "invoices", "divergences")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == len(items)
    assert re.match(rf"^{items[0]['codigoObjeto']}\s+{UI_DATE}\s+R\$ ", lines[0])


def test_divergences_bad_period_exits_2(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "invoices", "divergences", "--ate", "32-01-2026")
    assert code == 2
    assert "--ate: " in err
    assert sandbox.stats()["total_requests"] == 0


def test_a_jobs_file_of_a_newer_version_is_said_not_a_traceback(
    env: None, quick: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path, config_dir: Path
) -> None:
    """A routine failure of the shared jobs store (not an operator error) still exits 1
    with one line naming the problem."""
    import sqlite3
    from contextlib import closing

    from postalgui.services.office.database import local_file

    invoice = plain_invoice(list_json(capsys))
    assert run(capsys, "invoices", "jobs")[0] == 0  # makes the file
    with closing(sqlite3.connect(local_file(config_dir / "data", "sandbox"))) as connection:
        connection.execute("UPDATE postalgui_office_version SET version_num = '0099_future'")
        connection.commit()
    out_file = folder / "analitico.csv"
    code, _out, err = run(capsys, "invoices", "analytic", str(invoice["id"]), "--out", str(out_file), *FAST)
    assert code == 1
    assert "Traceback" not in err
    assert "newer" in err.lower()
    assert not out_file.exists()
