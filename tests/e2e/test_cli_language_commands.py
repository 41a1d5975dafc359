"""Every command group speaks the configured language: a representative command of each,
run in English and in Portuguese (``--lang pt``) on the sandbox, says its words, table
titles and numbers in Portuguese, money as ``R$ 1.234,56`` in both, and prints the same
JSON in both (machine-neutral: the English sentences a record carries stay English)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from postalgui.sandbox import DEMO
from postalgui.sandbox.invoice_data import object_label
from tests.e2e.conftest import SandboxControl, run
from tests.e2e.test_cli_language import HEAVY, sandbox_env
from tests.e2e.test_cli_price import write_csv
from tests.e2e.test_cli_ship import GOOD_ROWS, orders_file

__all__ = ["sandbox_env"]  # the fixture these tests use, from its own module

Capsys = pytest.CaptureFixture[str]
ROUTE = ("--cep-origem", "05311900", "--cep-destino", "70002900", "--data", "18-03-2022")
"""A national route and posting day the sandbox answers with a known date (a Friday: 25/03)."""


def portuguese(capsys: Capsys, *args: str) -> tuple[int, str, str]:
    return run(capsys, "--lang", "pt", *args)


def same_json(capsys: Capsys, *args: str) -> Any:
    """``args --json`` in English and in Portuguese: the same record (returned)."""
    code, english, err = run(capsys, *args, "--json")
    assert code == 0, err
    code, spoken, err = portuguese(capsys, *args, "--json")
    assert code == 0, err
    assert json.loads(spoken) == json.loads(english)
    return json.loads(english)


def test_price_says_its_breakdown_deadline_and_batch_in_portuguese(capsys: Capsys, tmp_path: Path) -> None:
    code, out, err = portuguese(capsys, *HEAVY)
    assert code == 0, err
    assert "preço final" in out
    assert re.search(r"^peso cobrado\s+1\.500 g$", out, flags=re.MULTILINE)
    assert re.search(r"R\$ \d{1,3}(\.\d{3})*,\d{2}", out)
    days = r"(1 dia útil|\d+ dias úteis)"
    assert re.search(rf"^entrega\s+{days}, até (seg|ter|qua|qui|sex|sáb|dom) \d\d/\d\d$", out, flags=re.M)
    source = write_csv(tmp_path / "lote.csv", ["03220;01310100;05311900;1500;", "03220;0131;05311900;300;"])
    code, out, err = portuguese(capsys, "price", "batch", str(source))
    assert code == 2
    assert re.search(r"^linha 2 \(linha 3 do arquivo\), coluna cepOrigem: ", err, flags=re.MULTILINE)
    assert "lote.csv: 1 de 2 linhas enviadas; 1 com problema, linha 3" in err
    assert re.search(r"^   1  03220  01310100 -> 05311900   1\.500 g\s+R\$ ", out)


def test_price_json_is_the_same_in_both_languages(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """erroPrazo and the batch's errors are sentences a script reads: English in both, while
    the text says them in Portuguese."""
    monkeypatch.setenv("POSTALGUI_CARD", "0074512346")  # a card without the delivery-time API
    record = same_json(capsys, *HEAVY)
    assert record["erroPrazo"] == "delivery time (API 35) is not enabled for this card"
    code, out, err = portuguese(capsys, *HEAVY)
    assert code == 0, err
    assert "desconhecida (o prazo de entrega (API 35) não está habilitado para este cartão)" in out
    source = write_csv(tmp_path / "lote.csv", ["03220;01310100;05311900;1500;", "04510;01310100;;300;"])
    code, english, _ = run(capsys, "price", "batch", str(source), "--json")
    code, spoken, err = portuguese(capsys, "price", "batch", str(source), "--json")
    assert json.loads(spoken) == json.loads(english)
    assert "nota: o prazo de entrega (API 35) não está habilitado para este cartão" in err
    assert same_json(capsys, "price", "services", "03220")


def test_deadline_and_cep_in_portuguese(capsys: Capsys) -> None:
    code, out, err = portuguese(capsys, "deadline", "national", "04669", *ROUTE)
    assert code == 0, err
    assert re.search(r"^chega\s+até sex 25/03$", out, flags=re.MULTILINE)
    assert re.search(r"^entrega domiciliar\s+(sim|não)", out, flags=re.MULTILINE)
    same_json(capsys, "deadline", "national", "04669", *ROUTE)
    code, out, err = portuguese(capsys, "cep", "01310-100")
    assert code == 0, err
    assert re.search(r"^logradouro\s+\S", out, flags=re.MULTILINE)
    assert "dados emulados do sandbox" in err
    same_json(capsys, "cep", "01310-100")


def test_contracts_and_cards_in_portuguese(capsys: Capsys) -> None:
    code, out, err = portuguese(capsys, "contracts", "list")
    assert code == 0, err
    assert out.splitlines()[0].split()[:3] == ["CONTRATO", "DR", "INÍCIO"]
    assert "ATIVO (em uso normal)" in out
    code, out, err = portuguese(capsys, "cards", "list", DEMO.contract, "--page", "1")
    assert code == 0, err
    assert re.search(r"página 1 \(páginas 0 a \d+\), \d+ de \d+ cartões", err)
    code, _, err = portuguese(capsys, "contracts", "services", DEMO.contract, "ABC-1")
    assert code == 2
    assert "CODIGO: um código de serviço tem letras e dígitos" in err
    same_json(capsys, "contracts", "list")


def test_invoices_in_portuguese(capsys: Capsys) -> None:
    code, out, err = portuguese(capsys, "invoices", "list", "--de", "01-01-2000", "--ate", "31-12-2099")
    assert code == 0, err
    assert out.splitlines()[0].split()[:4] == ["NÚMERO", "VENCIMENTO", "FECHAMENTO", "VALOR"]
    assert re.search(r"R\$ \d{1,3}(\.\d{3})*,\d{2}", out)
    code, _, err = portuguese(capsys, "invoices", "list", "--de", "01-01-2001", "--ate", "31-01-2001")
    assert (code, err) == (
        0,
        f"postalgui: nenhuma fatura do contrato {DEMO.contract} em 01/01/2001 - 31/01/2001\n",
    )
    same_json(capsys, "invoices", "list", "--de", "01-01-2000", "--ate", "31-12-2099")


def test_branches_in_portuguese(capsys: Capsys) -> None:
    code, out, err = portuguese(capsys, "branches", "search", "--uf", "RR")
    assert code == 0, err
    assert out.splitlines()[0].split()[:4] == ["MCU", "NOME", "TIPO", "SITUAÇÃO"]
    assert re.search(r"aberta até \d\d:\d\d|fechada", out)
    assert re.search(r"^postalgui: \d+ unidades?$", err, flags=re.MULTILINE)
    code, out, err = portuguese(capsys, "branches", "statuses")
    assert code == 0, err
    assert out.splitlines()[0].split() == ["CÓDIGO", "DESCRIÇÃO"]
    same_json(capsys, "branches", "search", "--uf", "RR")


def test_attendance_and_partner_in_portuguese(capsys: Capsys, sandbox: SandboxControl) -> None:
    from tests.e2e.test_cli_attendance import new_code

    started = new_code(sandbox)
    code, out, err = portuguese(capsys, "attendance", "decode", started["codigoOperador"])
    assert code == 0, err
    assert re.search(r"^atendente\s+\S", out, flags=re.MULTILINE)
    assert re.search(r"^senha do parceiro\s+\*{8}$", out, flags=re.MULTILINE)
    same_json(capsys, "attendance", "decode", started["codigoOperador"])
    code, _, err = portuguese(capsys, "attendance", "list", "--dia", "28/11/2026")
    assert code == 2
    assert "--dia: o dia deve ser escrito AAAA-MM-DD" in err
    code, _, err = portuguese(capsys, "partner", "credentials")
    assert (code, err) == (2, "postalgui: dê --user, --client-id ou os dois (ou --forget)\n")


def test_ship_create_in_portuguese_and_its_json_the_same(
    sender: None, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path
) -> None:
    """The rows, the tally and a row sent before in Portuguese; the JSON of a rerun (its
    'sent before' words included) the same in both languages."""
    path = orders_file(tmp_path, *GOOD_ROWS)
    code, out, err = portuguese(capsys, "ship", "create", "--from", str(path), "--yes")
    assert code == 0, err
    assert [line.split("  ")[0] for line in out.splitlines()] == ["linha 2", "linha 3", "linha 4"]
    assert err.endswith("postalgui: 3 pré-postagens criadas\n")
    code, _, err = portuguese(capsys, "ship", "create", "--from", str(path), "--yes")
    assert code == 1
    assert "postalgui: linha 2: enviada antes por " in err
    assert "; não será enviada" in err
    assert "3 linhas enviadas antes, não enviadas (--again as envia) (código de saída 1)" in err
    code, english, _ = run(capsys, "ship", "create", "--from", str(path), "--yes", "--json")
    code, spoken, _ = portuguese(capsys, "ship", "create", "--from", str(path), "--yes", "--json")
    assert json.loads(spoken) == json.loads(english)
    assert json.loads(english)[0]["error"].startswith("sent before by ")


def test_shared_option_checks_in_portuguese(capsys: Capsys, tmp_path: Path) -> None:
    code, _, err = portuguese(
        capsys, "invoices", "pdf", "1", "--tipo-documento", "RE", "--out", str(tmp_path)
    )
    assert code == 2
    assert err == f"postalgui: --out: {tmp_path} é uma pasta; dê o nome do arquivo a gravar\n"
    code, _, err = portuguese(capsys, "branches", "search", "--page", "x")
    assert (code, err) == (2, "postalgui: --page: deve ser um número inteiro, 0 ou mais (veio 'x')\n")


def test_token_json_is_the_same_in_both_languages(capsys: Capsys) -> None:
    assert same_json(capsys, "token")["escopo"] == "cartao"


def test_one_and_many_agree_in_portuguese(capsys: Capsys, tmp_path: Path) -> None:
    """A tally's participle agrees with its count: one address is *salvo*, one object
    *adicionado* and *removido*, two *removidos* (not "1 endereço salvos")."""
    people = tmp_path / "clientes.csv"
    people.write_text("nome;cep\nAna Souza;01001000\n", encoding="utf-8")
    code, _, err = portuguese(capsys, "addresses", "import", str(people), "--yes")
    assert code == 0, err
    assert err.endswith("postalgui: 1 endereço salvo\n")
    one, two = object_label("QB", 31415926), object_label("QB", 27182818)
    code, out, err = portuguese(capsys, "track", "watch", "add", one)
    assert (code, out) == (0, "1 objeto adicionado; já acompanhados: 0\n"), err
    code, out, err = portuguese(capsys, "track", "watch", "add", one, two)
    assert (code, out) == (0, "1 objeto adicionado; já acompanhados: 1\n"), err
    code, out, err = portuguese(capsys, "track", "watch", "remove", one, two)
    assert (code, out) == (0, "2 objetos removidos\n"), err
