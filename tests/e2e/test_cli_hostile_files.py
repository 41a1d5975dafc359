"""Every command that reads a file, fed what a probe feeds it (issue 38's rerun of the
file cases): NUL bytes, bytes that are not UTF-8, a byte-order mark, CRLF, a 10 MB line,
an empty file, a folder, a file that is not there, a terminal's escapes in a header and
a cell; for those that read workbooks, a workbook with a 10 MB cell and a text named
.xlsx; and the commands that take a free text, fed escapes, a byte that is not UTF-8, NUL
and 200 KB. None ends in exit 70 (a bug) or writes a control character raw; a file that
cannot be read exits 2 naming the file and the problem, before anything is sent."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from openpyxl import Workbook

from postalgui.sandbox import SandboxServer
from tests.e2e.conftest import run

Capsys = pytest.CaptureFixture[str]

ESCAPES = "\x1b]0;owned\x07\x1b[31m\u202eRED\u2066"
"""A window title set, red text, a right-to-left override and an isolate: what a terminal obeys."""
RAW = ("\x1b", "\x07", "\x00", "\u202e", "\u2066", "\r")
"""Characters the CLI never writes raw (the output layer shows them as \\x1b, \\u202e...)."""


@dataclass(frozen=True)
class Reader:
    """A command reading a file: its arguments around the file, a good header and row
    (``{cell}`` is a free column the hostile cells go to), and what it takes."""

    name: str
    args: Callable[[str], list[str]]
    header: str
    row: str
    workbooks: bool = True
    table: bool = True  # a table file (columns), not a text (the attendance ticket)


READERS = [
    Reader(
        "price batch",
        lambda file: ["price", "batch", file],
        "coProduto;cepOrigem;cepDestino;psObjeto;obs",
        "03220;01310100;05311900;300;{cell}",
        workbooks=False,
    ),
    Reader(
        "addresses import",
        lambda file: ["addresses", "import", file, "--yes"],
        "nome;cep;logradouro;numero;bairro;cidade;uf;obs",
        "Ana Lima;01310100;Avenida Paulista;1000;Bela Vista;São Paulo;SP;{cell}",
    ),
    Reader(
        "ship create",
        lambda file: ["ship", "create", "--from", file, "--yes"],
        "nome;cep;logradouro;numero;bairro;cidade;uf;codigoServico;pesoInformado;"
        "comprimentoInformado;larguraInformada;alturaInformada;numeroNotaFiscal;obs",
        "Ana Lima;20040020;Rua da Assembleia;10;Centro;Rio de Janeiro;RJ;03220;300;20;15;10;1234;{cell}",
    ),
    Reader(
        "track watch add",
        lambda file: ["track", "watch", "add", "--file", file],
        "codigo;obs",
        "DG049186226BR;{cell}",
    ),
    Reader(
        "attendance register",
        lambda file: ["attendance", "register", "--codigo", "123", "--ticket-file", file],
        "PAGAMENTO DE CONTA",
        "{cell}",
        workbooks=False,
        table=False,
    ),
    Reader(
        "partner serve",
        lambda file: ["partner", "serve", "--port", "0", "--tls-cert", file, "--tls-key", file],
        "-----BEGIN CERTIFICATE-----",
        "{cell}",
        workbooks=False,
        table=False,
    ),
]


@dataclass(frozen=True)
class Case:
    """A hostile file: how it is made in a folder, and the words the refusal must hold
    (``None``: the file may be good enough to use; it must only not crash or echo raw)."""

    name: str
    make: Callable[[Reader, Path], Path]
    refused: tuple[str, ...] | None = None
    workbook: bool = False


def _text(reader: Reader, cell: str, *, header: str | None = None, newline: str = "\n") -> str:
    head = reader.header if header is None else header
    return newline.join([head, reader.row.format(cell=cell)]) + newline


def _write(folder: Path, data: bytes, suffix: str = ".csv") -> Path:
    path = folder / f"hostile{suffix}"
    path.write_bytes(data)
    return path


def _with_cell(cell: str) -> Callable[[Reader, Path], Path]:
    return lambda reader, folder: _write(folder, _text(reader, cell).encode())


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


def _workbook(reader: Reader, folder: Path) -> Path:
    """A workbook whose ``obs`` cell holds 10 MB: openpyxl writes at most Excel's 32,767
    characters a cell, so the sheet's XML gets the big cell by hand, as another program
    may write it."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(reader.header.split(";"))
    sheet.append(reader.row.format(cell="HUGE").split(";"))
    written = folder / "written.xlsx"
    book.save(written)
    path = folder / "hostile.xlsx"
    with zipfile.ZipFile(written) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename.startswith("xl/worksheets/"):
                data = data.replace(b">HUGE<", b">" + b"x" * (10 << 20) + b"<")
            target.writestr(item, data)
    return path


CASES = [
    Case("nul in a cell", _with_cell("a\x00b")),
    Case("binary NULs", lambda reader, folder: _write(folder, b"\x00" * 4096), ("hostile.csv",)),
    Case("not UTF-8", lambda reader, folder: _write(folder, _text(reader, "x").encode() + b"\xff\xfe\xfa\n")),
    Case("byte-order mark", lambda reader, folder: _write(folder, _text(reader, "x").encode("utf-8-sig"))),
    Case("CRLF", lambda reader, folder: _write(folder, _text(reader, "x", newline="\r\n").encode())),
    Case(
        "escapes in a header and a cell",
        lambda reader, folder: _write(
            folder, _text(reader, f"x{ESCAPES}", header=f"{reader.header}{ESCAPES}").encode()
        ),
    ),
    Case("a 10 MB line", _with_cell("x" * (10 << 20)), ("hostile.csv", "10 MB")),
    Case("empty", lambda reader, folder: _write(folder, b""), ("hostile.csv",)),
    Case("a folder", lambda reader, folder: _folder(folder / "hostile.csv"), ("hostile.csv",)),
    Case("missing", lambda reader, folder: folder / "hostile.csv", ("hostile.csv",)),
    Case(
        "a workbook with a 10 MB cell",
        _workbook,
        ("hostile.xlsx: row 2, column obs: a cell of 10 MB",),
        workbook=True,
    ),
    Case(
        "text named .xlsx",
        lambda reader, folder: _write(folder, b"nome;cep\n", ".xlsx"),
        ("hostile.xlsx", "not a readable workbook"),
        workbook=True,
    ),
]

REFUSED = {
    # A ticket is text, not a table: empty or NULs it is a ticket the operator code's
    # problem is said before; too large or not UTF-8, it is refused naming the file.
    ("attendance register", "empty"): None,
    ("attendance register", "binary NULs"): None,
    ("attendance register", "a 10 MB line"): ("hostile.csv", "bytes; a ticket file holds at most"),
    ("attendance register", "not UTF-8"): ("hostile.csv", "utf-8"),
    # A PEM file is read by the TLS library, said before the server starts.
    **{
        ("partner serve", case): ("hostile.csv", "not a PEM certificate chain")
        for case in ("binary NULs", "a 10 MB line", "empty")
    },
}
"""Where a command's answer differs from its case's ``refused``."""


@pytest.fixture(autouse=True)
def sandbox_env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("POSTALGUI_ENV", "sandbox"), ("POSTALGUI_BASE_URL", sandbox_server.url)):
        monkeypatch.setenv(name, value)


PAIRS = [(reader, case) for reader in READERS for case in CASES if reader.workbooks or not case.workbook]
"""Every reader with every case it can be given (a workbook only to those that read them)."""


@pytest.mark.parametrize(
    ("reader", "case"), PAIRS, ids=[f"{reader.name}-{case.name}" for reader, case in PAIRS]
)
def test_a_hostile_file_is_refused_by_name_or_read_never_a_crash(
    reader: Reader, case: Case, capsys: Capsys, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    refused = REFUSED.get((reader.name, case.name), case.refused)
    if reader.name == "ship create":
        request.getfixturevalue("sender")  # a file, not a missing sender, is what is judged
    path = case.make(reader, tmp_path)

    code, out, err = run(capsys, *reader.args(str(path)))

    assert code != 70, err
    assert "Traceback" not in err
    shown = [char for char in RAW if char in out + err]
    assert not shown, (shown, out + err)
    if refused is not None:
        assert code == 2, err
        for words in refused:
            assert words in err, (words, err)


@pytest.mark.parametrize(
    "reader", [reader for reader in READERS if reader.table], ids=lambda reader: reader.name
)
def test_a_10_mb_cell_is_named_by_file_line_column_and_size(
    reader: Reader, capsys: Capsys, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if reader.name == "ship create":
        request.getfixturevalue("sender")
    path = _write(tmp_path, _text(reader, "x" * (10 << 20)).encode())

    code, _, err = run(capsys, *reader.args(str(path)))

    assert code == 2, err
    assert "hostile.csv: line 2, column obs: a cell of 10 MB, over the 128 KB a cell may hold" in err


SHOWN = "\\x1b]0;owned\\x07\\x1b[31m\\u202eRED\\u2066"
"""`ESCAPES` as the CLI shows them."""


@pytest.mark.parametrize(
    ("reader", "header", "extra", "said"),
    [
        (READERS[0], f"obs,x{ESCAPES}", (), "note: {name}: columns not read (not known): obs, x"),
        (READERS[1], f"obs,x{ESCAPES}", (), "note: {name}: columns not read (not known): obs, x"),
        (
            READERS[2],
            f"nome,cep,x{ESCAPES}",
            (),
            "{name}: no column codigoServico, pesoInformado (the columns are",
        ),
        (
            READERS[3],
            f"codigo,obs,x{ESCAPES}",
            ("--column", "rastreio"),
            "{name}: no column 'rastreio' (the columns are",
        ),
    ],
    ids=lambda value: value.name if isinstance(value, Reader) else None,
)
def test_a_headers_escapes_come_back_shown_not_obeyed(
    reader: Reader,
    header: str,
    extra: tuple[str, ...],
    said: str,
    capsys: Capsys,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    if reader.name == "ship create":
        request.getfixturevalue("sender")
    row = reader.row.format(cell="x").replace(";", ",")
    if reader.name == "price batch":
        header = f"coProduto,cepOrigem,cepDestino,psObjeto,{header}"
        row = f"{row},x"
    elif reader.name == "addresses import":
        header = f"nome,cep,logradouro,numero,bairro,cidade,uf,{header}"
        row = f"{row},x"
    elif reader.name == "track watch add":
        row = f"{row},x"
    path = tmp_path / "clientes.csv"
    path.write_text(f"{header}\n{row}\n", encoding="utf-8")  # ',' delimited: the ';' stays in the header

    _, out, err = run(capsys, *reader.args(str(path)), *extra)

    assert said.format(name="clientes.csv") in err
    assert SHOWN in err
    assert not [char for char in RAW if char in out + err]


def test_a_title_with_a_line_break_cannot_forge_a_line_of_its_own(capsys: Capsys, tmp_path: Path) -> None:
    forged = "postalgui: 0 rows with problems, all sent"
    path = tmp_path / "lote.csv"
    path.write_text(
        f'coProduto;cepOrigem;cepDestino;psObjeto;"obs\n{forged}"\n03220;01310100;05311900;300;x\n'
    )

    code, _, err = run(capsys, "price", "batch", str(path))

    assert code == 0, err
    assert f"columns not read (not known): obs\\n{forged}\n" in err
    assert not [line for line in err.splitlines() if line.startswith(forged)]


def test_addresses_read_a_sheets_titles_and_name_the_columns_they_ignore(
    capsys: Capsys, tmp_path: Path
) -> None:
    path = tmp_path / "clientes.csv"
    path.write_text(
        "Nome;CEP;Endereço;Nº;Bairro;Município;Estado;cpf_cnpj;Telefone;Observação\n"
        "Ana Lima;01310-100;Av. Paulista;1000;Bela Vista;São Paulo;SP;529.982.247-25;(11) 98765-4321;"
        "antiga\n",
        encoding="utf-8",
    )

    code, out, err = run(capsys, "addresses", "import", str(path), "--yes", "--json")

    assert code == 0, err
    assert json.loads(out)["ignoredColumns"] == ["Observação"]
    assert "note: clientes.csv: columns not read (not known): Observação" in err
    (saved,) = json.loads(run(capsys, "addresses", "list", "--json")[1])
    assert (saved["cpfCnpj"], saved["celular"], saved["logradouro"], saved["cidade"]) == (
        "52998224725",
        "11987654321",
        "Av. Paulista",
        "São Paulo",
    )


TEXTS = {
    "escapes": f"DG04918622{ESCAPES}",
    "not UTF-8": "DG049\udcff186226BR",  # a byte that is not UTF-8, as Python reads it from argv
    "NUL": "DG049\x00186226BR",
    "a 200 KB text": "x" * 200_000,
}
"""What a probe types as a free-text argument (NUL and 200 KB reach `main` in-process only:
a real argv cannot hold them, so they stand for what a file or a pipe could pass on)."""
ARGUMENTS = {
    "track": lambda text: ["track", text],
    "track watch add": lambda text: ["track", "watch", "add", text],
    "addresses list --search": lambda text: ["addresses", "list", "--search", text],
    "price history --search": lambda text: ["price", "history", "--search", text],
    "cep": lambda text: ["cep", text],
    "attendance decode": lambda text: ["attendance", "decode", text],
    "sent settle": lambda text: ["sent", "settle", text, "--as", "dismissed"],
    "claims file --nome": lambda text: ["claims", "file", "DG049186226BR", "--motivo", "1", "--nome", text],
}


@pytest.mark.parametrize("text", TEXTS.values(), ids=TEXTS.keys())
@pytest.mark.parametrize("command", ARGUMENTS.values(), ids=ARGUMENTS.keys())
def test_a_hostile_argument_is_refused_or_shown_never_a_crash(
    command: Callable[[str], list[str]], text: str, capsys: Capsys
) -> None:
    code, out, err = run(capsys, *command(text))

    assert code != 70, err
    assert "Traceback" not in err
    shown = [char for char in (*RAW, "\udcff") if char in out + err]
    assert not shown, (shown, out + err)
