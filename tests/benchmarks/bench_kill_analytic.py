"""kill -9 during the analytic POST, then the same command again (issue 24's probe).

``postalgui invoices analytic`` runs as a child process against the sandbox (in a thread
of this process) with a 30 s processing delay. The probe watches the sandbox's
request log (``GET /_sandbox/stats``), holds the POST 1.5 s before handling it (a scripted
delay) and kills the command with SIGKILL as soon as the POST has arrived: right after it
was sent, before its answer. The sandbox then makes the processing anyway. Then
it reruns the same command (processing delay now 0.5 s) and prints how many processings
the operator holds for that invoice: 1 is right (a rerun that asks again costs the office
a second processing: main gave 2 in each round before issue 24's fix). Three rounds, each
on another invoice; the rerun's exit status and last line are printed as they come (a
fixed CLI may also refuse to ask again without ``--again``: that exits 2 and leaves 1).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import requests

from postalgui.sandbox import SandboxServer
from tests.benchmarks.probe_support import cli_environment, run_cli

ROUNDS = 3
KILL_DELAY_S = 30.0
RERUN_DELAY_S = 0.5
ANSWER_DELAY_MS = 1500


def processings(url: str, invoice: dict[str, Any]) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = requests.get(f"{url}/_sandbox/processing", timeout=10).json()[
        "processings"
    ]
    return [r for r in records if r.get("parametros", {}).get("idFatura") == str(invoice["id"])]


def analytic_args(invoice: dict[str, Any], out: Path) -> list[str]:
    args = ["invoices", "analytic", str(invoice["id"]), "--tipo-documento", invoice["tipoDocumento"]]
    return [*args, "--item", invoice["itemFatura"], "--out", str(out), "--poll-interval", "0.2"]


def analytic_posts(url: str) -> int:
    """Analytic POSTs the sandbox has received (its request log counts them on arrival)."""
    requests_seen = requests.get(f"{url}/_sandbox/stats", timeout=10).json()["requests"]
    return sum(
        n for key, n in requests_seen.items() if key.startswith("POST ") and key.endswith("/analitico")
    )


def kill_after_post(args: list[str], environ: dict[str, str], url: str, invoice: dict[str, Any]) -> float:
    """Start the command, SIGKILL it once its POST has arrived; seconds from start to kill.

    The POST is held `ANSWER_DELAY_MS` before the sandbox handles it (a scripted delay), so
    the kill lands after the request was sent and before its answer; the sandbox still
    makes the processing, as the operator does for a client that went away.
    """
    script = {"kind": "delay", "latency_ms": ANSWER_DELAY_MS, "path_prefix": "/faturas/v1/faturas/"}
    script |= {"method": "POST", "count": 1}
    requests.post(f"{url}/_sandbox/faults/script", json=[script], timeout=10).raise_for_status()
    posts, made = analytic_posts(url), len(processings(url, invoice))
    started = time.perf_counter()
    child = subprocess.Popen(  # our own entry point
        [sys.executable, "-m", "postalgui", *args],
        env=environ,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while time.perf_counter() - started < 60 and child.poll() is None:
            if analytic_posts(url) > posts:
                break
            time.sleep(0.005)
        else:
            raise RuntimeError(f"the command sent no analytic POST (exit {child.poll()})")
        os.kill(child.pid, signal.SIGKILL)
        killed_at = time.perf_counter() - started
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(10)
    deadline = time.perf_counter() + ANSWER_DELAY_MS / 1000 + 10
    while len(processings(url, invoice)) == made and time.perf_counter() < deadline:
        time.sleep(0.05)  # the held POST goes on without its caller
    requests.delete(f"{url}/_sandbox/faults/script", timeout=10)
    return killed_at


def main() -> int:
    ok = True
    with tempfile.TemporaryDirectory(prefix="postalgui-kill-") as tmp, SandboxServer(port=0) as server:
        root = Path(tmp)
        environ = cli_environment(server.url, root)
        invoices = json.loads(run_cli(["invoices", "list", "--json"], environ).out)
        chosen = [i for i in invoices if i.get("itemFatura")][:ROUNDS]
        print(f"kill -9 right after the analytic POST, then the same command again ({len(chosen)} invoices)")
        for number, invoice in enumerate(chosen, 1):
            requests.put(
                f"{server.url}/_sandbox/config", json={"processing_delay_s": KILL_DELAY_S}, timeout=10
            )
            args = analytic_args(invoice, root / f"analitico-{number}.csv")
            killed_at = kill_after_post(args, environ, server.url, invoice)
            requests.put(
                f"{server.url}/_sandbox/config", json={"processing_delay_s": RERUN_DELAY_S}, timeout=10
            )
            rerun = run_cli(args, environ, timeout=90)
            held = len(processings(server.url, invoice))
            saved = (root / f"analitico-{number}.csv").exists()
            print(
                f"  invoice {invoice['id']}: killed {killed_at:.2f} s after start; rerun exit {rerun.status} "
                f"in {rerun.seconds:.1f} s (file {'saved' if saved else 'not saved'}: {rerun.last_line()!r})"
            )
            print(f"    processings the operator holds for it: {held} (1 is right)")
            ok = ok and held == 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
