"""Fault soak: 200 mixed CLI commands against a sandbox that fails three answers in ten.

With ``error=0.1,drop=0.1,malformed=0.1`` and a fixed seed, every idempotent command
(queries, downloads, token, price batches) must succeed; the analytic request, a POST
that is never repeated, may fail but only with a message. No command crashes, prints a
traceback or hangs, and no batch row is lost or duplicated.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from postalgui.cli.main import main
from postalgui.sandbox import DEMO, SandboxServer
from tests.e2e.conftest import SandboxControl

pytestmark = pytest.mark.soak

COMMANDS = 200
FAULTS = {"error_rate": 0.1, "drop_rate": 0.1, "malformed_rate": 0.1, "seed": 20261123}
HANG_BOUND_S = 90.0  # a generous bound over the 60 s deadline of one operation: "does not hang"
Check = Callable[[int, str, str], None]


@pytest.fixture
def env(sandbox_server: SandboxServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)


class Soak:
    """Builds one command of each kind, with the check its outcome must pass."""

    def __init__(self, folder: Path, invoice: dict[str, Any], rng: random.Random) -> None:
        self.folder = folder
        self.invoice = invoice
        self.rng = rng
        self.count = 0

    def _file(self, suffix: str) -> Path:
        self.count += 1
        return self.folder / f"{self.count:03d}{suffix}"

    def token(self) -> tuple[list[str], Check]:
        return ["token", "--json"], ok

    def national(self) -> tuple[list[str], Check]:
        grams = self.rng.randrange(100, 5000)
        args = ["price", "national", "03298", "--cep-origem", "01310100", "--cep-destino", "20040020"]
        args += ["--peso", str(grams), "--json"]

        def check(code: int, out: str, err: str) -> None:
            ok(code, out, err)
            assert json.loads(out)["psCobrado"] == str(grams)

        return args, check

    def batch(self) -> tuple[list[str], Check]:
        weights = self.rng.sample(range(100, 9000), self.rng.randrange(3, 14))
        source = self._file(".csv")
        rows = (f"03220;01310100;05311900;{w}" for w in weights)
        lines = ["coProduto;cepOrigem;cepDestino;psObjeto", *rows]
        source.write_text("\n".join(lines) + "\n", encoding="utf-8")

        def check(code: int, out: str, err: str) -> None:
            ok(code, out, err)
            charged = [int(item["psCobrado"]) for item in json.loads(out)]
            assert charged == weights, "batch rows lost, duplicated or out of order"

        return ["price", "batch", str(source), "--json"], check

    def invoices(self) -> tuple[list[str], Check]:
        return ["invoices", "list", "--json"], ok

    def pdf(self) -> tuple[list[str], Check]:
        target = self._file(".pdf")
        args = ["invoices", "pdf", str(self.invoice["id"]), "--tipo-documento", self.invoice["tipoDocumento"]]
        args += ["--item", self.invoice["itemFatura"], "--out", str(target)]
        if self.rng.random() < 0.5:
            args.append("--boleto")

        def check(code: int, out: str, err: str) -> None:
            ok(code, out, err)
            data = target.read_bytes()
            assert data.startswith(b"%PDF")
            assert b"%%EOF" in data[-1024:], "a truncated PDF was saved"

        return args, check

    def contracts(self) -> tuple[list[str], Check]:
        return ["contracts", "list", "--json"], ok

    def cards(self) -> tuple[list[str], Check]:
        return ["cards", "list", DEMO.contract, "--json"], ok

    def analytic(self) -> tuple[list[str], Check]:
        target = self._file(".csv")
        args = ["invoices", "analytic", str(self.invoice["id"]), "--out", str(target)]
        args += ["--poll-interval", "0.05"]

        def check(code: int, out: str, err: str) -> None:
            assert code in (0, 1), err  # a POST that is never repeated may fail, with a message
            if code == 1:
                assert err.strip()
                assert not target.exists()
            else:
                assert target.stat().st_size > 0

        return args, check


def ok(code: int, out: str, err: str) -> None:
    assert code == 0, err


def test_two_hundred_commands_under_faults(
    env: None, no_backoff: None, sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Backoff is off (the operator's Retry-After still holds): what counts here is that
    nothing is lost or doubled, not how long the waits are, which test_transport checks."""
    sandbox.processing_delay(0.2)
    assert main(["invoices", "list", "--json"]) == 0
    invoice = next(i for i in json.loads(capsys.readouterr().out) if i.get("itemFatura"))
    soak = Soak(tmp_path / "soak", invoice, random.Random(7))
    soak.folder.mkdir()
    kinds = [soak.token, soak.national, soak.batch, soak.invoices, soak.pdf, soak.contracts, soak.cards]
    kinds += [soak.national, soak.batch, soak.pdf, soak.analytic]
    sandbox.faults(**FAULTS)
    outcomes: list[str] = []
    for number in range(COMMANDS):
        args, check = soak.rng.choice(kinds)()
        started = time.monotonic()
        code = main(args)
        out, err = capsys.readouterr()
        took = time.monotonic() - started
        assert "Traceback" not in err, (number, args, err)
        assert took < HANG_BOUND_S, (number, args, took)
        try:
            check(code, out, err)
        except AssertionError as exc:
            raise AssertionError(f"command {number} {' '.join(args)}: {exc}") from None
        outcomes.append(f"{args[0]} {args[1]}: {code}")
    faults = sandbox.stats()["faults"]
    assert sum(faults.values()) > COMMANDS // 2, faults  # the faults really happened
