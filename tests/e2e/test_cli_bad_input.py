"""The CLI under bad input and output: every failure a message naming what to fix, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from postalgui.cli import price_cmd
from postalgui.sandbox import SandboxServer
from tests.e2e.conftest import SandboxControl
from tests.e2e.test_cli_price import OFFICIAL, price_requests, run, write_csv
from tests.office_fixtures import stamp_newer

NATIONAL = ("price", "national", "03220", "--cep-origem", "01310100", "--cep-destino", "05311900")
BATCH_HEADER = "coProduto;cepOrigem;cepDestino;psObjeto"


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


def fresh_process(
    sandbox_server: SandboxServer, config_dir: Path, *args: str, **popen: object
) -> subprocess.Popen[str]:
    """``python -m postalgui ARGS`` as a user runs it: no pytest handlers, the real stderr."""
    environ = {
        **os.environ,
        "POSTALGUI_ENV": "sandbox",
        "POSTALGUI_BASE_URL": sandbox_server.url,
        "POSTALGUI_CONFIG_DIR": str(config_dir),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",  # never the real keychain
    }
    process: subprocess.Popen[str] = subprocess.Popen(  # our own entry point
        [sys.executable, "-m", "postalgui", *args],
        text=True,
        env=environ,
        stderr=subprocess.PIPE,
        **popen,  # type: ignore[call-overload]
    )
    return process


# --------------------------------------------------------------------------- input


def test_roll_without_diameter_is_refused_before_sending(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *NATIONAL, "--peso", "300", "--formato", "rolo", "--comprimento", "20")
    assert code == 2
    assert out == ""
    assert "--diametro: required for a roll" in err
    assert sandbox.stats()["total_requests"] == 0


def test_declared_value_takes_the_products_own_service(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *NATIONAL, "--peso", "300", "--valor-declarado", "200", "--json")
    assert code == 0, err
    assert "added 019" in err
    record = json.loads(out)
    assert {s["coServAdicional"] for s in record["servicoAdicional"]} == {"019"}  # not silently ignored


def test_declared_value_for_a_product_without_the_service_is_refused(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["price", "national", "45110", *NATIONAL[3:], "--peso", "300", "--valor-declarado", "20"]
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert "--valor-declarado: product 45110 has no declared-value service" in err
    assert set(price_requests(sandbox)) == {"GET /preco/v1/servicos-adicionais/45110"}  # no price asked


def test_declared_value_in_a_batch_without_the_service_names_the_row(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = write_csv(
        tmp_path / "lote.csv",
        ["03220;01310100;05311900;300;150", "45110;01310100;05311900;300;20", "45110;01310100;05311900;1;9"],
        header=BATCH_HEADER + ";Valor declarado",
    )
    code, out, err = run(capsys, "price", "batch", str(source), "--json")
    assert code == 2
    assert "row 2 (line 3), column Valor declarado: Product 45110 has no declared-value service" in err
    assert "row 3 (line 4), column Valor declarado: Product 45110 has no declared-value service" in err
    assert "1 of 3 rows sent; 2 with problems, lines 3, 4" in err
    (sent,) = json.loads(out)  # the good row alone, priced with its declared value
    assert sent["coProduto"] == "03220"


@pytest.mark.parametrize("option", ["--peso", "--comprimento", "--valor-declarado"])
def test_a_5000_digit_number_is_too_long(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    args = [*NATIONAL, "--peso", "300"]
    if option == "--peso":
        args[-1] = "9" * 5000
    else:
        args += [option, "9" * 5000]
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert f"{option}: " in err
    assert "too long" in err
    assert "4300" not in err
    assert "Traceback" not in err
    assert sandbox.stats()["total_requests"] == 0


@pytest.mark.parametrize("value", ["abc", "100", "7.5", "9" * 5000])
def test_a_bad_dr_variable_is_named_with_its_rule(
    env: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("POSTALGUI_DR", value)
    code, out, err = run(capsys, "token")
    assert code == 2
    assert out == ""
    assert err.startswith(
        "postalgui: POSTALGUI_DR: the regional office (DR) must be a whole number from 1 to 99"
    )
    assert "Input should be" not in err


def test_a_blank_country_names_the_option(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("price", "international", "45110", "--pais", "", "--cep-origem", "01310100", "--peso", "300")
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.splitlines()[-1].startswith("postalgui: --pais: ")
    assert sandbox.stats()["total_requests"] == 0


def test_a_utf16_batch_is_read(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "lote.txt"  # Excel's "Unicode text": UTF-16 with its mark, tab-separated
    source.write_text(
        "Produto\tCEP de origem\tCEP de destino\tPeso (g)\n03220\t01310100\t05311900\t300\n",
        encoding="utf-16",
    )
    code, out, err = run(capsys, "price", "batch", str(source), "--json")
    assert code == 0, err
    assert json.loads(out)[0]["psCobrado"] == "300"


def test_a_cell_over_the_csv_field_limit_names_its_line_column_and_size(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    big = '"' + "x" * (129 * 1024) + '"'
    source = write_csv(
        tmp_path / "lote.csv", ["03220;01310100;05311900;300", f"03220;01310100;05311900;{big}"]
    )
    code, out, err = run(capsys, "price", "batch", str(source))
    assert code == 2
    assert out == ""
    assert "lote.csv: line 3, column psObjeto: a cell of 129 KB, over the 128 KB a cell may hold" in err
    assert "field limit" not in err
    assert sandbox.stats()["total_requests"] == 0


# --------------------------------------------------------------------------- output


def test_a_403_says_its_status_once(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str]
) -> None:
    sandbox.script({"status": 403, "path_prefix": "/preco", "count": 2})  # the first answer and the retry
    code, out, err = run(capsys, "price", "services", "03220")
    assert code == 1
    assert out == ""
    assert err.count("HTTP 403") == 1, err


def _unwritable_folder(tmp_path: Path) -> Path:
    """A folder that takes no new file: read-only, or (as root, who writes anywhere) /sys."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    if os.access(folder, os.W_OK):
        folder = Path("/sys")
    if not folder.is_dir():
        pytest.skip("no folder that refuses new files here")
    return folder


@pytest.mark.parametrize("where", ["folder", "read-only", "missing"])
def test_an_out_path_that_cannot_be_written_is_refused_before_pricing(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str
) -> None:
    source = write_csv(tmp_path / "lote.csv", ["03220;01310100;05311900;300"])
    out_dir = tmp_path / "results"
    out_dir.mkdir()
    if where == "folder":
        target, said = out_dir, f"postalgui: --out: {out_dir} is a folder; name the file to write"
    elif where == "read-only":
        folder = _unwritable_folder(tmp_path)
        target, said = folder / "results.csv", f"postalgui: --out: cannot write in the folder {folder} ("
    else:
        target = tmp_path / "nowhere" / "results.csv"
        said = f"postalgui: --out: the folder {target.parent} does not exist"
    code, out, err = run(capsys, "price", "batch", str(source), "--out", str(target))
    assert code == 2
    assert out == ""
    assert err.startswith(said), err
    assert "unexpected error" not in err
    assert sandbox.stats()["total_requests"] == 0  # nothing priced for nothing


@pytest.mark.parametrize(
    ("url", "rule"),
    [
        (
            "http://[::1",
            "must be a URL such as https://host or http://127.0.0.1:8080 (a host, an optional port)",
        ),
        ("http://127.0.0.1:99999", "the port must be a number from 1 to 65535"),
    ],
)
def test_a_malformed_base_url_names_the_variable_and_the_rule(
    env: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, url: str, rule: str
) -> None:
    monkeypatch.setenv("POSTALGUI_BASE_URL", url)
    code, out, err = run(capsys, "token")
    assert code == 2
    assert out == ""
    assert err == f"postalgui: POSTALGUI_BASE_URL: {rule}\n"


def test_a_password_in_the_base_url_never_shows(
    env: None, no_backoff: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POSTALGUI_BASE_URL", "http://clerk:Sup3r-s3cret@127.0.0.1:9")  # nothing listens
    for verbose in ((), ("-v",)):
        code, _out, err = run(capsys, *verbose, "token")
        assert code == 1
        assert "127.0.0.1:9" in err
        assert "Sup3r-s3cret" not in err
        assert "clerk:" not in err


def test_an_unexpected_error_is_one_line_unless_verbose(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object) -> dict[str, object]:
        raise KeyError("pcFinal")

    monkeypatch.setattr(price_cmd, "breakdown", broken)
    code, out, err = run(capsys, *OFFICIAL)
    assert code == 70
    assert out == ""
    assert err.splitlines()[-1] == (
        "postalgui: unexpected error (KeyError: 'pcFinal'); run with -v for details"
    )
    assert "Traceback" not in err
    code, _out, err = run(capsys, "-v", *OFFICIAL)
    assert code == 70
    assert "Traceback" in err
    assert err.splitlines()[-1] == "postalgui: unexpected error (KeyError: 'pcFinal')"


def test_logged_failures_are_one_line_without_traceback(
    sandbox_server: SandboxServer, sandbox: SandboxControl, config_dir: Path
) -> None:
    # A newer PostalGUI's office file, whose quotes wait in the queue, and a queue that cannot
    # be written (a folder in its place): the history write is logged, not raised.
    stamp_newer(config_dir / "data" / "office-sandbox.sqlite3")
    (config_dir / "data" / "outbox-sandbox.sqlite3").mkdir()
    process = fresh_process(sandbox_server, config_dir, *OFFICIAL, stdout=subprocess.PIPE)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "R$ 19,92" in out
    assert "postalgui: Could not write 1 quotes to the history\n" in err
    assert "Traceback" not in err


def test_a_closed_pipe_ends_quietly(
    sandbox_server: SandboxServer, sandbox: SandboxControl, config_dir: Path, tmp_path: Path
) -> None:
    source = write_csv(tmp_path / "lote.csv", [f"03220;01310100;05311900;{300 + n}" for n in range(40)])
    read_end, write_end = os.pipe()
    os.close(read_end)  # `| head` that has already gone: every write to stdout fails
    try:
        process = fresh_process(sandbox_server, config_dir, "price", "batch", str(source), stdout=write_end)
    finally:
        os.close(write_end)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 141, err
    assert "Traceback" not in err
    assert "BrokenPipeError" not in err
    assert "Exception ignored" not in err
