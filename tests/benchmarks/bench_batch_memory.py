"""Peak memory of ``postalgui price batch`` on a 50,000-row file, against the sandbox.

The CLI runs as a child process, as a user runs it, and its peak resident set is read
from ``getrusage(RUSAGE_CHILDREN).ru_maxrss`` once it has exited (the sandbox serves
from a thread of this process, so its memory is not counted). Target: under 300 MB.
Holding the whole batch (rows, queries, results, then the output) peaked at 1.7 GB
(10,000 rows: 304 MB with ``--out``, 367 MB with ``--json``); the CLI now checks the
rows in one pass over the file and prices them in another, a window at a time,
writing each result as it comes: 79 MB for 10,000 rows and for 50,000 alike (2 shared
cores: 50,000 in 121 s with ``--out``, 10,000 in 19 s against 17 s before).

Prints rows, exit status, elapsed time and peak RSS for ``--out FILE`` and for
``--json`` (stdout to /dev/null). ``ROWS`` may be given as the first argument.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from postalgui.sandbox import SandboxServer

ROWS = 50_000
TARGET_MB = 300
PRODUCTS = ("03220", "03298")
DESTINATIONS = ("05311900", "20040020", "70002900", "30130010")


def write_batch(path: Path, rows: int) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        handle.write(
            "coProduto;cepOrigem;cepDestino;psObjeto;comprimento;largura;altura;servicosAdicionais\r\n"
        )
        for n in range(rows):
            product = PRODUCTS[n % len(PRODUCTS)]
            destination = DESTINATIONS[n % len(DESTINATIONS)]
            handle.write(f"{product};01310100;{destination};{100 + n % 9000};20;15;10;001\r\n")


def run_cli(url: str, folder: Path, *args: str) -> tuple[int, float, float]:
    """``(exit status, seconds, peak RSS in MB)`` of one ``postalgui`` child process."""
    environ = {
        **os.environ,
        "POSTALGUI_ENV": "sandbox",
        "POSTALGUI_BASE_URL": url,
        "POSTALGUI_CONFIG_DIR": str(folder / "config"),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",  # never the real keychain
    }
    started = time.perf_counter()
    with open(os.devnull, "w") as devnull:  # a plain sink
        done = subprocess.run(  # our own entry point
            [sys.executable, "-m", "postalgui", *args],
            env=environ,
            stdout=devnull,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    elapsed = time.perf_counter() - started
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
    if done.returncode:
        print(done.stderr.strip()[-500:])
    return done.returncode, elapsed, peak_kib / 1024


def main() -> int:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else ROWS
    ok = True
    with tempfile.TemporaryDirectory() as tmp, SandboxServer(port=0) as server:
        folder = Path(tmp)
        source = folder / "lote.csv"
        write_batch(source, rows)
        print(
            f"price batch of {rows:,} rows ({source.stat().st_size / 1e6:.1f} MB of CSV), sandbox in a thread"
        )
        print(f"{'output':>12}  {'status':>6}  {'elapsed':>9}  {'peak RSS':>9}")
        # RUSAGE_CHILDREN keeps the largest child so far: run the lighter case first.
        for title, args in (
            ("--out FILE", ("price", "batch", str(source), "--out", str(folder / "resultado.csv"))),
            ("--json", ("price", "batch", str(source), "--json")),
        ):
            status, elapsed, peak = run_cli(server.url, folder, *args)
            print(f"{title:>12}  {status:>6}  {elapsed:>7.1f} s  {peak:>6.0f} MB")
            ok = ok and status == 0 and peak < TARGET_MB
    print(f"target: under {TARGET_MB} MB: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
