"""``postalgui addresses`` end to end against the sandbox's CEP service over real HTTP:
an import whose rows take street and city from their CEP, a bad row and an unknown CEP
named by row and column (nothing saved, exit 2), ``--skip-bad`` saving the good ones,
and ``addresses list`` finding them without accents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from postalgui.sandbox import SandboxServer
from tests.e2e.test_cli_invoices import run

HEADER = "nome;cep;logradouro;numero;complemento;bairro;cidade;uf;email;celular;cpfCnpj;grupo"
ROWS = [
    "José Araújo;20040-020;Rua da Assembleia;10;sala 2;Centro;Rio de Janeiro;RJ;jose@example.com;;;Atacado",
    "Loja Paulista;01310-100;;1000;;;;;;(11) 98765-4321;;",
    "Sem Endereço;01310-999;;5;;;;;;;;",  # the sandbox's unknown CEPs end in 999
    "Telefone Curto;01310-100;;7;;;;;;123;;",
]


@pytest.fixture(autouse=True)
def sandbox_env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of this module talks to the session's sandbox."""
    for name, value in (("POSTALGUI_ENV", "sandbox"), ("POSTALGUI_BASE_URL", sandbox_server.url)):
        monkeypatch.setenv(name, value)


@pytest.fixture
def orders(tmp_path: Path) -> Path:
    path = tmp_path / "clientes.csv"
    path.write_text("\n".join([HEADER, *ROWS]) + "\n", encoding="latin-1")
    return path


def test_a_bad_row_stops_the_import_naming_row_and_column(
    capsys: pytest.CaptureFixture[str], orders: Path
) -> None:
    code, out, err = run(capsys, "addresses", "import", str(orders), "--yes")

    assert (code, out) == (2, "")
    assert "row 4, column cep: CEP" in err  # the operator's words for the unknown CEP
    assert "row 5, column celular: " in err
    assert "2 rows with problems: nothing saved (--skip-bad saves the good rows)" in err
    code, out, _ = run(capsys, "addresses", "list", "--json")
    assert (code, json.loads(out)) == (0, [])


def test_skip_bad_saves_the_good_rows_filled_from_their_cep(
    capsys: pytest.CaptureFixture[str], orders: Path
) -> None:
    code, out, err = run(capsys, "addresses", "import", str(orders), "--skip-bad", "--yes", "--json")

    assert code == 0, err
    report = json.loads(out)
    assert (report["saved"], report["rows"]) == (2, 4)
    assert [(problem["row"], problem["column"]) for problem in report["problems"]] == [
        (4, "cep"),
        (5, "celular"),
    ]
    assert "2 addresses saved, 2 rows with problems skipped" in err

    code, out, err = run(capsys, "addresses", "list", "--search", "jose araujo", "--json")
    assert code == 0, err
    [jose] = json.loads(out)
    assert (jose["cidade"], jose["grupo"], jose["kind"]) == ("Rio de Janeiro", "Atacado", "recipient")
    assert (jose["versao"], jose["alteradoPor"]) == (1, jose["criadoPor"])  # imported: new, at version 1

    code, out, err = run(capsys, "addresses", "list", "--search", "01310-100", "--json")
    assert code == 0, err
    [shop] = json.loads(out)
    assert (shop["uf"], shop["celular"], shop["numero"]) == ("SP", "11987654321", "1000")
    assert shop["logradouro"]  # from the CEP
    assert shop["cidade"]

    code, out, err = run(capsys, "addresses", "list", "--kind", "recipient")
    assert code == 0, err
    assert out.splitlines()[0].split() == ["kind", "name", "cep", "city", "group"]
    assert "2 addresses" in err


def test_without_a_terminal_an_import_needs_yes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "remetentes.csv"
    path.write_text(f"{HEADER}\n{ROWS[0]}\n", encoding="utf-8")

    code, _, err = run(capsys, "addresses", "import", str(path), "--kind", "sender")

    assert code == 2
    assert "--yes: not on a terminal" in err
    code, out, _ = run(capsys, "addresses", "list", "--json")
    assert json.loads(out) == []
    code, _, err = run(capsys, "addresses", "import", str(path), "--kind", "sender", "--yes")
    assert code == 0, err
    code, out, _ = run(capsys, "addresses", "list", "--kind", "sender", "--json")
    [sender] = json.loads(out)
    assert sender["padrao"] is True  # the book's first sender is the default


def test_a_file_without_a_name_column_exits_2_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "clientes.csv"
    path.write_text("cep;cidade\n01310-100;São Paulo\n", encoding="utf-8")

    code, _, err = run(capsys, "addresses", "import", str(path), "--yes")

    assert code == 2
    assert "no column nome" in err
