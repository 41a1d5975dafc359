"""``postalgui ship`` end to end against the sandbox's pre-posting service over real HTTP:
an orders file created (addresses completed from the CEP), listed, labelled (the PDF's
pages and barcodes read back), the labelled objects in the tracking watchlist, the
declaration and the posting list, cancelling; and bad input refused before anything is
sent (the sandbox's counters, the office's list)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from postalgui.sandbox import SandboxServer
from tests import pdf_reading
from tests.e2e.conftest import SandboxControl, run, run_json

Capsys = pytest.CaptureFixture[str]
Created = list[dict[str, object]]
"""What 'ship create --json' said: one result a row."""

HEADER = (
    "nome;cep;logradouro;numero;complemento;bairro;cidade;uf;email;celular;cpfCnpj;codigoServico;"
    "pesoInformado;comprimentoInformado;larguraInformada;alturaInformada;valorDeclarado;"
    "numeroNotaFiscal;chaveNFe"
)
GOOD_ROWS = (
    "Maria da Silva;20040-020;;120;sala 3;;;;maria@example.com;21987654321;;03220;300;20;15;10;150,00;1234;",
    "João Souza;30130-010;Avenida Afonso Pena;1500;;Centro;Belo Horizonte;MG;;31988887777;;03298;1200;"
    "30;20;20;;1235;",
    "Ana Lima;80010-000;;45;;;;;;;;03220;500;20;20;20;;1236;",
)
"""Three recipients of three states, two with only CEP and number (the rest from the CEP)."""
NOT_A_PRODUCT = "Produto Estranho;20040-020;;1;;;;;;;;09999;300;20;15;10;;1237;"
"""A row the client accepts (5 digits) and the operator refuses: no such product (PPN-004)."""


@pytest.fixture(autouse=True)
def sandbox_env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of this module talks to the session's sandbox."""
    for name, value in (("POSTALGUI_ENV", "sandbox"), ("POSTALGUI_BASE_URL", sandbox_server.url)):
        monkeypatch.setenv(name, value)


def prepost_requests(sandbox: SandboxControl, method: str = "") -> int:
    """Requests to the pre-posting service (``method``: only those, e.g. ``POST``)."""
    return sum(
        n
        for key, n in sandbox.stats()["requests"].items()
        if "/prepostagem/" in key and key.startswith(method)
    )


def orders_file(folder: Path, *rows: str, name: str = "orders.csv") -> Path:
    path = folder / name
    path.write_text("\n".join((HEADER, *rows)) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def created(sender: None, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path) -> Created:
    """The three good rows created as pre-postings, as 'ship create --json' said them."""
    code, out, err = run(
        capsys, "ship", "create", "--from", str(orders_file(tmp_path, *GOOD_ROWS)), "--yes", "--json"
    )
    assert code == 0, err
    results: Created = json.loads(out)
    return results


def test_an_orders_file_is_created_listed_labelled_tracked_and_cancelled(
    created: Created,
    sandbox: SandboxControl,
    capsys: Capsys,
    tmp_path: Path,
) -> None:
    assert [(result["row"], result["result"]) for result in created] == [
        (2, "created"),
        (3, "created"),
        (4, "created"),
    ]
    ids = [str(result["id"]) for result in created]
    assert all(prepost_id.startswith("PR") for prepost_id in ids)
    assert prepost_requests(sandbox, "POST") == 3

    listed = run_json(capsys, "ship", "list")
    assert {item["id"] for item in listed} == set(ids)
    maria = next(item for item in listed if item["recipient"] == "Maria da Silva")
    assert (maria["status"], maria["statusWord"], maria["labelled"]) == ("2", "Pre-posted", False)
    assert (maria["cep"], maria["state"]) == ("20040020", "RJ")
    assert maria["city"]  # completed from the CEP
    assert maria["declaredValue"] == "150.00"
    assert maria["expiresInDays"] in (6, 7)

    labels = tmp_path / "labels.pdf"
    code, out, err = run(
        capsys, "ship", "labels", ids[0], ids[1], "--layout", "100x150", "--out", str(labels)
    )
    assert code == 0, err
    assert out.strip() == str(labels)
    listed = run_json(capsys, "ship", "list", "--offline")
    code, table, err = run(capsys, "ship", "list", "--offline")
    assert code == 0, err
    assert {"SEDEX", "PAC"} <= set(table.split())  # the service in words, as the tab says it
    codes = {item["id"]: item["objectCode"] for item in listed}
    marks = {item["id"]: (item["status"], item["labelled"]) for item in listed}
    assert marks == {ids[0]: ("2", True), ids[1]: ("2", True), ids[2]: ("2", False)}  # a label is no status
    assert [item["id"] for item in run_json(capsys, "ship", "list", "--offline", "--unlabelled")] == [ids[2]]
    labelled = [str(codes[ids[0]]), str(codes[ids[1]])]
    assert all(len(code) == 13 for code in labelled)
    read = [pdf_reading.read(page) for page in pdf_reading.pages(labels.read_bytes())]
    assert len(read) == 2  # one 100x150 label a page
    for page, object_code in zip(read, labelled, strict=True):
        assert object_code in page["Code128"]
        (matrix,) = page["DataMatrix"]
        assert object_code in matrix
    assert "20040020" in read[0]["Code128"]  # the destination CEP's barcode
    assert next(iter(read[0]["DataMatrix"])).startswith("20040020")

    watched = run_json(capsys, "track", "watch", "list")
    assert set(labelled) <= {item["code"] for item in watched}

    declaration = tmp_path / "declaration.pdf"
    code, _, err = run(capsys, "ship", "declaration", *ids, "--out", str(declaration))
    assert code == 0, err
    assert "Maria da Silva" in pdf_reading.text(declaration.read_bytes())
    posting = tmp_path / "list.pdf"
    code, _, err = run(capsys, "ship", "posting-list", "--out", str(posting))  # the day's labelled ones
    assert code == 0, err
    text = pdf_reading.text(posting.read_bytes())
    assert all(object_code in text for object_code in labelled)

    code, out, err = run(capsys, "ship", "cancel", ids[2], "--yes")
    assert code == 0, err
    assert out == f"{ids[2]}  Cancelled\n"
    cancelled = run_json(capsys, "ship", "list", "--status", "cancelado")
    assert [item["id"] for item in cancelled] == [ids[2]]
    code, out, err = run(capsys, "ship", "cancel", ids[2], "--yes")
    assert code == 1
    assert out.startswith(f"{ids[2]}  Not cancelled (PPN-021: ")
    assert "1 pre-posting not cancelled (exit status 1)" in err


def test_the_operators_own_labels_are_polled_for(created: Created, capsys: Capsys, tmp_path: Path) -> None:
    labels = tmp_path / "operator.pdf"
    code, _, err = run(
        capsys, "ship", "labels", str(created[0]["id"]), "--operator", "--layout", "a4", "--out", str(labels)
    )
    assert code == 0, err
    assert labels.read_bytes().startswith(b"%PDF")
    assert "the operator" in err


def test_a_bad_orders_file_exits_2_naming_row_and_column_and_nothing_is_created(
    sender: None, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path
) -> None:
    bad = orders_file(
        tmp_path,
        GOOD_ROWS[0],
        "Sem Cep;2004-020;;1;;;;;;;;03220;300;20;15;10;;1;",
        "Pesado Demais;20040-020;;1;;;;;;;;03220;muito;20;15;10;;1;",
        "Sem Nota;20040-020;;1;;;;;;;;03220;300;20;15;10;;;",
    )
    code, out, err = run(capsys, "ship", "create", "--from", str(bad), "--yes")
    assert (code, out) == (2, "")
    assert "row 3, column cep: " in err
    assert "row 4, column pesoInformado: " in err
    assert "row 5, column " in err  # neither an invoice nor a content declaration
    assert "nothing was sent" in err
    assert prepost_requests(sandbox) == 0
    assert run_json(capsys, "ship", "list", "--offline") == []


def test_without_a_default_sender_create_exits_2_saying_how_to_add_one(
    sandbox: SandboxControl, capsys: Capsys, tmp_path: Path
) -> None:
    code, _, err = run(capsys, "ship", "create", "--from", str(orders_file(tmp_path, *GOOD_ROWS)), "--yes")
    assert code == 2
    assert "addresses import --kind sender" in err
    assert prepost_requests(sandbox) == 0


def test_bad_options_exit_2_naming_them_and_nothing_is_sent(
    created: Created,
    sandbox: SandboxControl,
    capsys: Capsys,
    tmp_path: Path,
) -> None:
    known = str(created[0]["id"])
    before = prepost_requests(sandbox)
    good = str(orders_file(tmp_path, NOT_A_PRODUCT, name="new.csv"))  # rows never sent: it would ask
    out = str(tmp_path / "x.pdf")
    cases: list[tuple[tuple[str, ...], str]] = [
        (("ship", "create", "--from", good), "--yes: not on a terminal"),
        (("ship", "create", "--from", str(tmp_path / "orders.txt"), "--yes"), "--from: must be a .csv"),
        (("ship", "create", "--from", str(tmp_path / "missing.csv"), "--yes"), "--from: no such file"),
        (("ship", "list", "--status", "lost"), "--status: must be 1 (pre-attended), 2 (pre-posted)"),
        (("ship", "cancel", "PR0000000000000000000000", "--yes"), "ID: no pre-posting of this office"),
        (("ship", "cancel", "PR-1", "--yes"), "ID: not a pre-posting id"),
        (("ship", "labels", known, "--layout", "a5", "--out", out), "--layout: must be a4, 100x150"),
        (("ship", "labels", known, "--out", str(tmp_path / "none" / "x.pdf")), "--out: the folder"),
        (("ship", "labels", "PR0000000000000000000000", "--out", out), "ID: no pre-posting of this office"),
        (("ship", "declaration", known, "--out", str(tmp_path)), "--out: "),
        (("ship", "posting-list", "--day", "26/11/2026", "--out", out), "--day: "),
        (("ship", "posting-list", "--day", "2020-01-01", "--out", out), "--day: no pre-posting was labelled"),
    ]
    for args, said in cases:
        code, _, err = run(capsys, *args)
        assert (code, said in err) == (2, True), (args, err)
    assert prepost_requests(sandbox) == before
    assert not Path(out).exists()


def test_a_question_on_a_terminal_answered_no_sends_nothing(
    created: Created,
    sandbox: SandboxControl,
    capsys: Capsys,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Terminal("n\n"))
    before = prepost_requests(sandbox)
    code, _, err = run(capsys, "ship", "cancel", str(created[0]["id"]))
    assert code == 2
    assert "About to cancel 1 pre-posting:" in err
    assert "nothing was sent" in err
    assert prepost_requests(sandbox) == before


def test_a_row_the_operator_refuses_is_said_with_its_code_and_exits_1(
    sender: None, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path
) -> None:
    orders = orders_file(tmp_path, GOOD_ROWS[0], NOT_A_PRODUCT)
    code, out, err = run(capsys, "ship", "create", "--from", str(orders), "--yes")
    assert code == 1, err
    created, refused = out.splitlines()
    assert created.startswith("row 2  PR")
    assert refused.startswith("row 3  Refused (")
    assert "PPN-004" in refused
    assert "1 pre-posting created, 1 row refused (exit status 1)" in err
    assert len(run_json(capsys, "ship", "list", "--offline")) == 1


def test_an_xlsx_orders_file_is_read_as_the_csv(
    sender: None, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path
) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for line in (HEADER, GOOD_ROWS[2]):
        sheet.append(line.split(";"))
    orders = tmp_path / "orders.xlsx"
    book.save(orders)
    (result,) = run_json(capsys, "ship", "create", "--from", str(orders), "--yes")
    assert (result["row"], result["result"], result["recipient"]) == (2, "created", "Ana Lima")
    assert prepost_requests(sandbox, "POST") == 1


def test_a_column_the_file_names_as_nobody_knows_is_said_not_dropped(
    sender: None, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path
) -> None:
    orders = tmp_path / "orders.csv"
    orders.write_text(f"{HEADER};Fax\n{GOOD_ROWS[2]};2133334444\n", encoding="utf-8")
    code, _, err = run(capsys, "ship", "create", "--from", str(orders), "--yes")
    assert code == 0, err
    assert err.startswith("postalgui: note: orders.csv: columns not read (not known): Fax\n")
    assert prepost_requests(sandbox, "POST") == 1


def test_a_rerun_of_the_same_orders_file_sends_nothing_without_asking_and_again_sends_them(
    created: Created, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path
) -> None:
    assert prepost_requests(sandbox, "POST") == 3
    orders = orders_file(tmp_path, *GOOD_ROWS, name="again.csv")
    # Not on a terminal and no --yes: a question would exit 2; nothing is left to ask about.
    code, out, err = run(capsys, "ship", "create", "--from", str(orders))
    assert code == 1, err
    lines = out.splitlines()
    assert [line.split("  ")[0] for line in lines] == ["row 2", "row 3", "row 4"]
    for line, result in zip(lines, created, strict=True):
        assert "Not sent: sent before by " in line, line
        assert str(result["id"]) in line, line
    assert "row 2: sent before by" in err
    assert "will not be sent" in err
    assert "0 pre-postings created, 3 rows sent before, not sent (--again sends them)" in err
    code, out, err = run(capsys, "ship", "create", "--from", str(orders), "--yes", "--json")
    assert code == 1, err
    assert {result["result"] for result in json.loads(out)} == {"sent_before"}
    assert prepost_requests(sandbox, "POST") == 3  # two reruns, no duplicate

    again = run_json(capsys, "ship", "create", "--from", str(orders), "--yes", "--again")
    assert [result["result"] for result in again] == ["created"] * 3
    assert not {result["id"] for result in again} & {result["id"] for result in created}
    assert prepost_requests(sandbox, "POST") == 6
    assert len(run_json(capsys, "ship", "list", "--offline")) == 6


def test_a_created_answer_that_cannot_be_read_is_said_sent_and_a_rerun_sends_nothing(
    sender: None, sandbox_server: SandboxServer, capsys: Capsys, tmp_path: Path
) -> None:
    """A stub in front of the pre-posting POST answers 200 with ``statusAtual`` an object:
    the operator took it; the row says so and what to do, and no rerun sends it again."""
    import responses

    orders = orders_file(tmp_path, GOOD_ROWS[2])
    unreadable = json.dumps(
        {"id": "PR" + "A" * 22, "statusAtual": {"codigo": 2}, "descStatusAtual": "Prepostado"}
    )
    created_url = f"{sandbox_server.url}/prepostagem/v1/prepostagens"
    with responses.RequestsMock(assert_all_requests_are_fired=False) as stub:
        stub.add_passthru(sandbox_server.url)  # tokens and CEPs: the sandbox itself
        stub.add(responses.POST, created_url, body=unreadable, status=200, content_type="application/json")
        code, out, err = run(capsys, "ship", "create", "--from", str(orders), "--yes")
        assert code == 1, err
        assert out.startswith(
            "row 2  Sent, answer unreadable (the operator took it but its answer could not be read"
        )
        assert "follow it up in the operator's list, cancel it there, or send it again on purpose" in out
        assert "1 row sent, answer unreadable (exit status 1)" in err
        for _rerun in range(2):
            code, out, err = run(capsys, "ship", "create", "--from", str(orders), "--yes")
            assert code == 1, err
            assert out.startswith("row 2  Not sent: sent before by ")
            assert "its answer lost or unreadable" in out
        posts = [
            call for call in stub.calls if call.request.method == "POST" and call.request.url == created_url
        ]
    assert len(posts) == 1  # two reruns, nothing sent twice
