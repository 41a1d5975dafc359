"""``postalgui invoices`` requests that outlive a run: continued, listed, resumed (issue 10)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from postalgui.sandbox import SandboxServer
from postalgui.services.office.database import local_file
from tests.e2e.conftest import SandboxControl
from tests.e2e.test_cli_invoices import FAST, invoice_requests, list_json, plain_invoice, run

ROOT = Path(__file__).resolve().parents[2]
SLOW_S = 3600.0
"""A processing that outlasts the killed run; the sandbox clock is then moved past it."""


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "out"
    path.mkdir()
    return path


def analytic_args(invoice: dict[str, Any], out_file: Path) -> list[str]:
    """``invoices analytic`` for ``invoice``, its file to ``out_file``."""
    number, item = str(invoice["id"]), invoice["itemFatura"]
    return ["invoices", "analytic", number, "--item", item, "--out", str(out_file)]


def killed_analytic(invoice: dict[str, Any], out_file: Path) -> None:
    """``invoices analytic`` in its own process, killed once its request is recorded.

    What a closed terminal, a crash or a kill leaves: the operator processing, the
    job pending in the store, no file.
    """
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}  # never the real keychain
    args = analytic_args(invoice, out_file)
    child = subprocess.Popen(
        [sys.executable, "-m", "postalgui", *args, *FAST],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert child.stderr is not None
    seen: list[str] = []
    try:
        for line in child.stderr:  # the line is written once the job is in the store
            seen.append(line)
            if line.startswith("processing ") and "requested" in line:
                break
        else:
            pytest.fail(f"the run ended before requesting: {''.join(seen)}")
        child.kill()
    finally:
        child.wait(timeout=30)
        child.stderr.close()
    assert not out_file.exists()


def jobs_json(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    code, out, err = run(capsys, "invoices", "jobs", "--json")
    assert code == 0, err
    result: list[dict[str, Any]] = json.loads(out)
    return result


def analytic_posts(sandbox: SandboxControl, invoice: dict[str, Any]) -> int:
    return invoice_requests(sandbox).get(f"POST /faturas/v1/faturas/{invoice['id']}/analitico", 0)


def test_a_killed_analytic_is_continued_not_requested_again(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    invoice = plain_invoice(list_json(capsys))
    sandbox.processing_delay(SLOW_S)
    killed_analytic(invoice, folder / "first.csv")
    [pending] = jobs_json(capsys)
    assert pending["state"] in ("requested", "processing")
    assert pending["tipoProcessamento"] == "EXTRATO_ANALITICO"
    assert pending["parametros"]["fatura"] == str(invoice["id"])
    assert pending["file"] is None

    sandbox.advance_clock(SLOW_S + 1)
    out_file = folder / "analitico.csv"
    args = analytic_args(invoice, out_file)
    code, out, err = run(capsys, *args, *FAST)
    assert code == 0, err
    assert out.strip() == str(out_file)
    assert f"continuing request {pending['id']}" in err
    assert out_file.read_text(encoding="utf-8-sig").strip()
    assert analytic_posts(sandbox, invoice) == 1, "the interrupted request was continued, not sent again"

    [done] = jobs_json(capsys)
    assert (done["id"], done["state"], done["file"]) == (pending["id"], "ready", str(out_file))
    code, out, err = run(capsys, "invoices", "jobs")
    assert code == 0, err
    header, line = out.splitlines()
    assert header.split()[:3] == ["ID", "KIND", "STATE"]
    assert line.split()[:3] == [str(done["id"]), "EXTRATO_ANALITICO", "ready"]
    assert f"invoice {invoice['id']}" in line


def test_resume_finishes_a_killed_request_then_copies_its_file(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    invoice = plain_invoice(list_json(capsys))
    sandbox.processing_delay(SLOW_S)
    killed_analytic(invoice, folder / "first.csv")
    [pending] = jobs_json(capsys)
    sandbox.advance_clock(SLOW_S + 1)

    out_file = folder / "resumed.csv"
    code, out, err = run(capsys, "invoices", "resume", str(pending["id"]), "--out", str(out_file), *FAST)
    assert code == 0, err
    assert out.strip() == str(out_file)
    assert out_file.stat().st_size > 0
    assert analytic_posts(sandbox, invoice) == 1

    again = folder / "copy.csv"
    code, out, err = run(capsys, "invoices", "resume", str(pending["id"]), "--out", str(again), *FAST)
    assert code == 0, err
    assert again.read_bytes() == out_file.read_bytes()
    downloads = sum(n for key, n in invoice_requests(sandbox).items() if key.endswith("/file"))
    assert downloads == 1, "a ready request's file is copied, not downloaded again"


def test_resume_of_a_file_saved_elsewhere_fetches_it_again(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    """A ready request whose file is not on this computer (another desk saved it, or it was
    moved): resume downloads it again while the operator keeps it, instead of failing."""
    invoice = plain_invoice(list_json(capsys))
    first = folder / "first.csv"
    code, _out, err = run(capsys, *analytic_args(invoice, first), *FAST)
    assert code == 0, err
    [ready] = jobs_json(capsys)
    content = first.read_bytes()
    first.unlink()

    again = folder / "again.csv"
    code, out, err = run(capsys, "invoices", "resume", str(ready["id"]), "--out", str(again), *FAST)
    assert code == 0, err
    assert out.strip() == str(again)
    assert again.read_bytes() == content
    downloads = sum(n for key, n in invoice_requests(sandbox).items() if key.endswith("/file"))
    assert downloads == 2


def test_resume_of_an_unknown_request_exits_2_and_sends_nothing(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    code, out, err = run(capsys, "invoices", "resume", "41", "--out", str(folder / "x.csv"))
    assert code == 2
    assert out == ""
    assert "ID: no request 41" in err
    assert sandbox.stats()["total_requests"] == 0


def test_an_unreadable_status_answer_is_polled_again(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    invoice = plain_invoice(list_json(capsys))
    sandbox.processing_delay(0.3)
    sandbox.script(
        {"kind": "malformed", "variant": "html", "method": "GET", "path_prefix": "/faturas/v1/processamentos"}
    )
    out_file = folder / "analitico.csv"
    args = analytic_args(invoice, out_file)
    code, out, err = run(capsys, *args, *FAST)
    assert code == 0, err
    assert out.strip() == str(out_file)
    assert analytic_posts(sandbox, invoice) == 1


def test_jobs_says_when_a_damaged_jobs_file_was_set_aside(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], config_dir: Path
) -> None:
    data = config_dir / "data"
    data.mkdir(parents=True, exist_ok=True)
    office = local_file(data, "sandbox")
    office.write_bytes(b"this is no database, it is a stray copy of something else" * 100)
    code, out, err = run(capsys, "invoices", "jobs", "--json")
    assert code == 0, err
    assert json.loads(out) == []
    [aside] = list(data.glob(f"{office.name}.bad-*"))
    assert f"set aside as {aside}" in err
    assert "Traceback" not in err
    code, _out, err = run(capsys, "invoices", "jobs")  # a fresh file now: nothing more to say
    assert code == 0
    assert "set aside" not in err


class Killed(BaseException):
    """The process dying where it stands (kill -9): nothing after it runs."""


def test_a_run_killed_during_its_post_is_not_sent_again_unasked(
    env: None,
    sandbox: SandboxControl,
    capsys: pytest.CaptureFixture[str],
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The POST went, the answer never reached the store: the operator may be preparing
    the file under an id no one kept. A rerun asks (``--again``) instead of sending twice."""
    from postalgui.services.invoices.jobs import JobStore

    invoice = plain_invoice(list_json(capsys))
    args = [*analytic_args(invoice, folder / "analitico.csv"), *FAST]

    def dies(*_args: object, **_kwargs: object) -> None:
        raise Killed

    with monkeypatch.context() as patch:
        patch.setattr(JobStore, "add", dies)
        with pytest.raises(Killed):
            run(capsys, *args)
    assert analytic_posts(sandbox, invoice) == 1
    assert jobs_json(capsys) == []  # no job: its answer was lost

    code, out, err = run(capsys, *args)
    assert code == 1
    assert out == ""
    assert "its answer was lost" in err
    assert "--again" in err
    assert analytic_posts(sandbox, invoice) == 1, "a second POST would start a second processing"

    code, out, err = run(capsys, *args, "--again")
    assert code == 0, err
    assert analytic_posts(sandbox, invoice) == 2
    assert [job["state"] for job in jobs_json(capsys)] == ["ready"]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("DROP TABLE job", "no such table: job"),
        ("ALTER TABLE job DROP COLUMN operator_status", "no such column: job.operator_status"),
    ],
)
def test_jobs_of_a_file_at_a_broken_schema_is_one_line_exit_1(
    env: None,
    sandbox: SandboxControl,
    capsys: pytest.CaptureFixture[str],
    config_dir: Path,
    change: str,
    reason: str,
) -> None:
    code, _out, err = run(capsys, "invoices", "jobs")  # makes the file
    assert code == 0, err
    path = local_file(config_dir / "data", "sandbox")
    with closing(sqlite3.connect(path)) as db:
        db.execute(change)
        db.commit()
    code, out, err = run(capsys, "invoices", "jobs")
    assert code == 1
    assert out == ""
    assert err == (
        f"postalgui: The office database file {path} does not have the tables of its schema ({reason}): "
        "it was changed by hand or by another program; move it away or restore a backup\n"
    )


def test_an_analytic_taken_with_an_unreadable_answer_is_not_sent_again_unasked(
    env: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    """The operator took the POST (200) and its answer came cut short: the processing is
    under way there. The line stays with the answer as it came; a rerun asks first."""
    invoice = plain_invoice(list_json(capsys))
    args = [*analytic_args(invoice, folder / "analitico.csv"), *FAST]
    cut = {"kind": "malformed", "variant": "truncated", "method": "POST", "path_prefix": "/faturas/v1"}
    sandbox.script(cut)
    code, _out, err = run(capsys, *args)
    assert code == 1
    assert "could not be read" in err
    assert "--again" in err
    assert analytic_posts(sandbox, invoice) == 1

    code, _out, err = run(capsys, *args)
    assert code == 1
    assert "the operator took it (HTTP 200)" in err
    assert analytic_posts(sandbox, invoice) == 1, "a second POST would start a second processing"

    code, _out, err = run(capsys, *args, "--again")
    assert code == 0, err
    assert analytic_posts(sandbox, invoice) == 2
