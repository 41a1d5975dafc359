"""Fault soak of the whole CLI (issue 24's probe): does every command end with a clear message?

Three soaks against the sandbox (in threads of this process) that fails 30% of its
answers one way each: error statuses (429/500/503), malformed answers (HTML pages,
bodies cut short) and dropped connections. In each, every ``postalgui`` command runs
as a child process, as a user runs it: the ``--help`` tree (root, groups, every
subcommand) and real invocations of every subcommand, valid and invalid (about 90 in
all), then a 2,000-row ``price batch``. A command ends clearly when it exits by itself
with 0, or with 1 or 2 and a message, never 70 (an unexpected error) and never with a
traceback. Every batch row must be reported: priced in the output file or named with
its problem. Last, every file the commands left (config, data, logs, home) is searched
for the login, the access code, the operator-code key and bearer tokens.

Prints, per soak, "N of M commands ended with a clear message", "rows reported X of
2,000", and at the end "secrets found: S in F files". The three soaks run at once, each
on a sandbox of its own (about 4 minutes on two busy shared cores); ``--quick`` runs the
errors soak alone (about 2). Bounded: a command is killed after 150 s (counted as unclear).
"""

from __future__ import annotations

import base64
import csv
import json
import re
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import requests

from postalgui.cli.main import build_parser
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.config import SandboxConfig
from tests.benchmarks.probe_support import STER_KEY, Outcome, cli_environment, run_cli

RATE = 0.3
SEED = 20261124
BATCH_ROWS = 2_000
SOAKS = {"errors": "error_rate", "malformed answers": "malformed_rate", "dropped connections": "drop_rate"}
TOKEN = re.compile(rb"eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")
SMALL_CARD = "0074512346"


def help_tree() -> list[list[str]]:
    """``--help`` of the root, of every group and of every subcommand, from the parser itself."""
    found: list[list[str]] = [["--help"]]

    def walk(parser: Any, prefix: list[str]) -> None:
        for action in parser._actions:  # argparse keeps subcommands only here
            choices = getattr(action, "choices", None)
            if action.__class__.__name__ != "_SubParsersAction" or not choices:
                continue
            for name, child in choices.items():
                found.append([*prefix, name, "--help"])
                walk(child, [*prefix, name])

    walk(build_parser(), [])
    return found


class Fixtures:
    """What the commands need from the sandbox, read before any fault is on."""

    def __init__(self, url: str, environ: dict[str, str]) -> None:
        self.url = url
        invoices = json.loads(run_cli(["invoices", "list", "--json"], environ).out)
        self.invoice = next(i for i in invoices if i.get("itemFatura"))
        units = json.loads(
            run_cli(["branches", "search", "--uf", "DF", "--page", "0", "--json"], environ).out
        )
        self.unit = str(units[0]["id"])

    def operator_code(self) -> str:
        answer = requests.post(f"{self.url}/_sandbox/ster/attendances", json={"model": 2}, timeout=10)
        code: str = answer.json()["codigoOperador"]
        return code


def real_commands(fx: Fixtures, folder: Path) -> list[list[str]]:
    """Every subcommand, the way a user would type it, with some of its refusals."""
    inv = fx.invoice
    invoice = [str(inv["id"]), "--tipo-documento", inv["tipoDocumento"], "--item", inv["itemFatura"]]
    soon = (date.today() + timedelta(days=9)).strftime("%d/%m/%Y")
    route = ["--cep-origem", "01310100", "--cep-destino", "20040020"]
    small = folder / "small.csv"
    small.write_text(
        "coProduto;cepOrigem;cepDestino;psObjeto\n03220;01310100;05311900;300\n"
        "03298;01310100;70002900;1200\n03220;0131;05311900;300\n",
        encoding="utf-8",
    )
    contract, card = DEMO.contract, DEMO.card
    return [
        ["token"], ["token", "--json"], ["token", "--scope", "contract", "--json"],
        ["price", "national", "03298", *route, "--peso", "300", "--json"],
        ["price", "national", "03220", *route, "--peso", "1500", "--comprimento", "20", "--largura", "15",
         "--altura", "10", "--servico-adicional", "019", "--valor-declarado", "150"],
        ["price", "national", "03220", *route, "--peso", "800", "--chegar-ate", soon],
        ["price", "national", "03220", "--cep-origem", "0131", "--cep-destino", "20040020", "--peso", "300"],
        ["price", "national", "03220", *route, "--peso", "-5"],
        ["price", "international", "45110", "--pais", "US", "--cep-origem", "01310100", "--peso", "500"],
        ["price", "international", "45110", "--pais", "ZZZ", "--peso", "500"],
        ["price", "services", "03220", "--valor-declarado", "200", "--json"], ["price", "services", "03220"],
        ["price", "batch", str(small), "--json"],
        ["price", "batch", str(small), "--out", str(folder / "small-out.csv")],
        ["price", "batch", str(folder / "missing.csv")],
        ["deadline", "national", "03220", *route, "--json"], ["deadline", "national", "03220", *route],
        ["deadline", "international", "45209", "--pais", "US", "--json"],
        ["deadline", "pickup", "70002-900", "--json"], ["deadline", "pickup", "7000"],
        ["invoices", "list", "--json"], ["invoices", "list"],
        ["invoices", "pdf", *invoice, "--out", str(folder / "fatura.pdf")],
        ["invoices", "pdf", *invoice, "--boleto", "--out", str(folder / "boleto.pdf")],
        ["invoices", "analytic", *invoice, "--out", str(folder / "analitico.csv"), "--poll-interval", "0.1"],
        ["invoices", "preview", "--tipo", "RESUMO", "--out", str(folder / "previa.csv")],
        ["invoices", "jobs", "--json"], ["invoices", "jobs"],
        ["invoices", "resume", "1", "--out", str(folder / "retomada.csv"), "--poll-interval", "0.1"],
        ["invoices", "divergences", "--json"],
        ["contracts", "list", "--json"], ["contracts", "list", "--status", "suspenso", "--vigente"],
        ["contracts", "show", contract, "--json"], ["contracts", "show", "1"],
        ["contracts", "services", contract, "--json"],
        ["contracts", "services", contract, "03220", "--cartao", SMALL_CARD],
        ["contracts", "contacts", contract, "--json"], ["contracts", "category", contract],
        ["cards", "list", contract, "--json"], ["cards", "list", contract, "--status", "IRREGULAR"],
        ["cards", "show", contract, card, "--json"], ["cards", "services", contract, card, "03220", "--json"],
        ["branches", "search", "--uf", "AC", "--json"],
        ["branches", "search", "--uf", "AC", "--tipo", "09", "--aberta-em", "28/11/2026 10:00"],
        ["branches", "search", "--uf", "XX"],
        ["branches", "show", fx.unit, "--json"], ["branches", "types"], ["branches", "statuses", "--json"],
        ["branches", "localities", "--uf", "SP", "--json"],
        ["attendance", "decode", fx.operator_code(), "--json"], ["attendance", "decode", "not-a-code"],
        ["attendance", "register", "--codigo", fx.operator_code(), "--valor", "12,34", "--json"],
        ["attendance", "list", "--json"], ["attendance", "reconcile", "--json"],
        ["partner", "credentials", "--stdin"], ["partner", "serve", "--port", "99999"],
        ["partner", "serve", "--tls-cert", str(folder / "missing.pem"), "--port", "0"],
        ["sandbox", "--faults", "bogus=1"], ["sandbox", "--port", "-1"],
    ]  # fmt: skip


def write_batch(path: Path, rows: int) -> None:
    destinations = ("05311900", "20040020", "70002900", "30130010")
    with path.open("w", encoding="utf-8", newline="") as handle:
        handle.write("coProduto;cepOrigem;cepDestino;psObjeto\n")
        for n in range(rows):
            product = ("03220", "03298")[n % 2]
            handle.write(f"{product};01310100;{destinations[n % 4]};{100 + n % 9000}\n")


def rows_reported(outcome: Outcome, out_file: Path) -> tuple[int, int]:
    """``(rows reported, rows priced)``: lines of the output file, or rows named on stderr."""
    reported: set[int] = set()
    priced = 0
    if out_file.exists():
        with out_file.open(encoding="utf-8-sig", newline="") as handle:
            for row in csv.DictReader(handle, delimiter=";"):
                if (row.get("linha") or "").isdigit():
                    reported.add(int(row["linha"]))
                    priced += bool(row.get("pcFinal")) and not row.get("erro")
    reported |= {int(n) for n in re.findall(r"\brow (\d+)\b", outcome.err)}
    return len(reported & set(range(1, BATCH_ROWS + 1))), priced


def soak(name: str, rate_field: str, root: Path, url: str) -> tuple[bool, list[str]]:
    """One soak on the sandbox at `url`, its own: ``(all clear, the lines to print)``."""
    environ = cli_environment(url, root)
    folder = root / "work"
    folder.mkdir()
    listed = [*help_tree(), *real_commands(Fixtures(url, environ), folder)]
    requests.put(
        f"{url}/_sandbox/faults", json={rate_field: RATE, "seed": SEED}, timeout=10
    ).raise_for_status()
    started = time.perf_counter()
    outcomes = [run_cli(args, environ) for args in listed]
    source, out_file = folder / "lote.csv", folder / "lote-resultado.csv"
    write_batch(source, BATCH_ROWS)
    batch = run_cli(["price", "batch", str(source), "--out", str(out_file)], environ, timeout=170)
    faults = requests.get(f"{url}/_sandbox/stats", timeout=10).json()["faults"]
    clear = sum(o.clear for o in outcomes)
    reported, priced = rows_reported(batch, out_file)
    elapsed = time.perf_counter() - started
    codes = sorted({o.status for o in outcomes}, key=lambda s: -1 if s is None else s)
    lines = [
        f"{name} at {RATE:.0%} ({sum(faults.values())} faults injected, {elapsed:.0f} s):",
        f"  {clear} of {len(outcomes)} commands ended with a clear message (exit 0/1/2, no 70, no traceback);"
        f" exit statuses seen: {codes}",
    ]
    lines += [
        f"    unclear: exit {bad.status}: {' '.join(bad.args)[:90]} -> {bad.last_line()}"
        for bad in outcomes
        if not bad.clear
    ]
    lines.append(
        f"  price batch: exit {batch.status} in {batch.seconds:.0f} s; rows reported {reported:,} of"
        f" {BATCH_ROWS:,} ({priced:,} priced){'' if batch.clear else ' -> ' + batch.last_line()}"
    )
    return clear == len(outcomes) and reported == BATCH_ROWS and batch.clear, lines


def secrets_in(root: Path, secrets: Iterable[bytes]) -> tuple[int, int, list[str]]:
    """``(secrets found, files searched, where)`` under `root`."""
    needles = [s for s in secrets if s]
    found: list[str] = []
    files = [p for p in root.rglob("*") if p.is_file() and not p.is_symlink()]
    for path in files:
        data = path.read_bytes()
        hits = [n.decode()[:12] for n in needles if n in data] + [
            t.decode()[:12] for t in TOKEN.findall(data)
        ]
        found += [f"{path.relative_to(root)}: {hit}..." for hit in hits]
    return len(found), len(files), found


def main() -> int:
    kinds = dict(list(SOAKS.items())[:1]) if "--quick" in sys.argv else SOAKS
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="postalgui-soak-") as tmp:
        top = Path(tmp)
        print(
            f"fault soak: {len(help_tree())} --help pages + the real commands, a {BATCH_ROWS:,}-row batch;"
            f" {len(kinds)} soak(s) at once, a sandbox each"
        )
        config = SandboxConfig.from_env(ster_code_key=base64.urlsafe_b64decode(STER_KEY))
        with ExitStack() as servers, ThreadPoolExecutor(max_workers=len(kinds)) as pool:
            # Started one after the other: building FastAPI apps in parallel threads races in pydantic.
            urls = [servers.enter_context(SandboxServer(port=0, config=config)).url for _ in kinds]
            futures = [
                pool.submit(soak, name, field, top / f"soak-{number}", urls[number])
                for number, (name, field) in enumerate(kinds.items())
            ]
            results = [future.result() for future in futures]
        for _, lines in results:
            print("\n" + "\n".join(lines))
        secrets = [
            DEMO.login.encode(),
            DEMO.access_code.encode(),
            STER_KEY.encode(),
            STER_KEY.rstrip("=").encode(),
        ]
        count, files, where = secrets_in(top, secrets)
        print(f"\nsecrets found: {count} in {files} files (login, access code, operator-code key, tokens)")
        for line in where[:10]:
            print(f"    {line}")
    print(f"({time.perf_counter() - started:.0f} s in all)")
    return 0 if all(ok for ok, _ in results) and count == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
