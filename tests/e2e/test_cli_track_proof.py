"""``postalgui track proof CODE... --out DIR`` end to end against the sandbox over HTTP: a
PDF and the pictures per delivered code, a summary per code in the CLI's language, a proof
kept once (asked again, nothing is sent), and the codes without one said and counted."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from postalgui.sandbox import SandboxServer
from postalgui.sandbox.invoice_data import object_label
from postalgui.sandbox.tracking.receivers import has_ar, receiver_of
from tests.e2e.conftest import SandboxControl
from tests.e2e.test_cli_invoices import run
from tests.e2e.test_cli_track import fields, tracking_requests
from tests.pdf_reading import text


@pytest.fixture(autouse=True)
def sandbox_env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of this module talks to the session's sandbox."""
    for name, value in (("POSTALGUI_ENV", "sandbox"), ("POSTALGUI_BASE_URL", sandbox_server.url)):
        monkeypatch.setenv(name, value)


def _code(serial: int, *, ar: bool) -> str:
    while has_ar(object_label("QP", serial)) != ar:
        serial += 1
    return object_label("QP", serial)


@pytest.fixture
def parcels(sandbox: SandboxControl) -> dict[str, str]:
    """Two parcels delivered (one with the AR service) and one waiting at a branch."""
    posted = sandbox.now() - timedelta(days=20)
    found = {
        "ar": _code(71000000, ar=True),
        "plain": _code(71000000, ar=False),
        "waiting": object_label("QP", 71000900),
    }
    for name, code in found.items():
        sandbox.register_object(code, posted, "awaiting_pickup" if name == "waiting" else "on_time")
    sandbox._call("PUT", "/tracking/proof-config", {"imagens_delay_s": 0})
    return found


def test_proofs_are_written_per_code_and_kept(
    parcels: dict[str, str], sandbox: SandboxControl, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "proofs"
    with_ar, plain, waiting = parcels["ar"], parcels["plain"], parcels["waiting"]
    code, said, err = run(capsys, "track", "proof", with_ar, plain.lower(), waiting, "--out", str(out))
    assert code == 1, err  # one code has no proof
    assert "1 object without a proof of delivery" in err
    blocks = {block.splitlines()[0]: fields(block) for block in said.strip().split("\n\n")}
    assert blocks[waiting] == {"proof": "Not delivered: no proof yet"}
    name, document = receiver_of(with_ar)
    assert blocks[with_ar]["proof"] == "fetched now"
    assert blocks[with_ar]["received by"] == f"{name} ({document})"
    assert blocks[with_ar]["delivered"].endswith("/RJ")
    assert sorted(path.name for path in out.iterdir()) == sorted(
        [f"{with_ar}.pdf", f"{with_ar}-ar.png", f"{with_ar}-1.jpg", f"{with_ar}-2.png",
         f"{plain}.pdf", f"{plain}-1.jpg", f"{plain}-2.png"]
    )  # fmt: skip
    pdf = text((out / f"{with_ar}.pdf").read_bytes())
    assert "Proof of delivery" in pdf
    assert name in pdf

    before = tracking_requests(sandbox)
    code, said, err = run(capsys, "--lang", "pt", "track", "proof", with_ar, plain, "--out", str(out))
    assert code == 0, err
    assert tracking_requests(sandbox) == before  # kept: nothing sent
    again = {block.splitlines()[0]: fields(block) for block in said.strip().split("\n\n")}
    assert again[plain]["comprovante"] == "já guardado"
    assert again[plain]["recebido por"].startswith(receiver_of(plain)[0])
    assert "Comprovante de entrega" in text((out / f"{plain}.pdf").read_bytes())


def test_bad_codes_and_a_file_for_a_folder_send_nothing(
    sandbox: SandboxControl, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = object_label("QP", 71000500)
    code, _out, err = run(capsys, "track", "proof", good[:-3] + "XBR", "--out", str(tmp_path))
    assert code == 2, err
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    code, _out, err = run(capsys, "track", "proof", good, "--out", str(a_file))
    assert code == 2
    assert "is a file" in err
    assert tracking_requests(sandbox) == 0
