"""Hostile callers against the partner server (issue 24's probe), served as a partner runs it.

``postalgui partner serve`` runs as its own process (uvicorn) on a SQLite ledger, with a
handler that counts its runs in a file (`probe_handler`). Prints:

- 20 concurrent identical forms (one protocol): how many times the handler ran, and the statuses;
- a 300 MB body, streamed without credentials (never held here): status and the server's peak RSS;
- malformed inputs (a 5,000-digit number, nesting of 990, a lone surrogate), with and without
  credentials: statuses;
- 30 unauthenticated 1 MB calls (a byte under 10**6 each): statuses and how many bytes the ledger grew;
- a token issued before its client's id and secret changed (server restarted on the same
  ledger with new ones): status;
- 100 wrong Basic passwords: statuses (how many 401, how many 429) and the server's CPU seconds.

No status is assumed (413, 429 may or may not exist): each is reported as it comes.
Bounded: every call has a timeout, the server is stopped at the end whatever happened.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import requests

from postalgui.partner.ledger.store import sqlite_url
from tests.benchmarks.probe_handler import RUNS_FILE_ENV
from tests.benchmarks.probe_support import cli_environment
from tests.e2e.partner_support import typed_line

USER, PASSWORD = "parceiro.probe", "senha-do-parceiro-1"
CLIENT, SECRET = "cliente-probe", "segredo-do-cliente-1"
NEW_CLIENT, NEW_SECRET = "cliente-novo", "segredo-novo-do-cliente-2"
FORM, CONFIRM, TOKEN = "/ster/formulario", "/ster/confirmarAtendimento", "/oauth/token"
BIG_BODY = 300 * 1024 * 1024
CHUNK = 1024 * 1024
ONE_MB = 999_999
"""A "1 MB" call: a byte under 10**6, the most a body may hold today (`partner.app.MAX_BODY`)."""
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Partner:
    """A running ``postalgui partner serve`` child."""

    process: subprocess.Popen[str]
    url: str

    def proc(self, field: str) -> int:
        """A ``/proc/<pid>/status`` figure in KiB (``VmHWM``: peak RSS; ``VmRSS``: now)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
        return 0

    def reset_peak(self) -> None:
        """Start ``VmHWM`` again from the current RSS (Linux 4.0+), so a peak is this call's alone."""
        with contextlib.suppress(OSError):
            Path(f"/proc/{self.process.pid}/clear_refs").write_text("5")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


@contextmanager
def partner_server(root: Path, database: str, client: tuple[str, str]) -> Iterator[Partner]:
    environ = cli_environment("", root) | {
        "POSTALGUI_PARTNER_USER": USER,
        "POSTALGUI_PARTNER_PASSWORD": PASSWORD,
        "POSTALGUI_PARTNER_CLIENT_ID": client[0],
        "POSTALGUI_PARTNER_CLIENT_SECRET": client[1],
        "POSTALGUI_PARTNER_AUTH": "both",
        RUNS_FILE_ENV: str(root / "handler-runs.txt"),
        "PYTHONUNBUFFERED": "1",
    }
    del environ["POSTALGUI_BASE_URL"]
    args = ["partner", "serve", "--port", "0", "--database", database]
    args += ["--handler", "tests.benchmarks.probe_handler:CountingPayment"]
    process = subprocess.Popen(  # our own entry point
        [sys.executable, "-m", "postalgui", *args],
        env=environ,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=open(root / "partner-stderr.txt", "a"),  # noqa: SIM115  # closed with the process
        text=True,
        cwd=Path(__file__).resolve().parents[2],  # the handler is imported from the repository
    )
    try:
        url = _bound_url(process)
        yield Partner(process, url)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        if process.stdout is not None:
            process.stdout.close()


def _bound_url(process: subprocess.Popen[str]) -> str:
    found: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("Partner server at "):
                found.append(line.split()[-1])
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(60)
    if not found:
        raise RuntimeError(f"the partner server did not start (exit {process.poll()})")
    return found[0]


def statuses(codes: list[int | str]) -> str:
    return ", ".join(f"{n} x {code}" for code, n in sorted(Counter(map(str, codes)).items()))


def concurrent_forms(partner: Partner, root: Path) -> None:
    protocol = "26470000000001"
    body = {"numeroProtocolo": protocol, "linhaDigitavel": typed_line(4321)}
    barrier = threading.Barrier(20)
    codes: list[int | str] = []

    def send() -> None:
        barrier.wait()
        try:
            codes.append(
                requests.post(partner.url + FORM, json=body, auth=(USER, PASSWORD), timeout=60).status_code
            )
        except requests.RequestException as exc:
            codes.append(type(exc).__name__)

    threads = [threading.Thread(target=send) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(90)
    runs_file = root / "handler-runs.txt"
    runs = runs_file.read_text().split().count(protocol) if runs_file.exists() else 0
    print(
        f"20 concurrent identical forms: handler ran {runs} time(s) for one protocol (1 is right);"
        f" {statuses(codes)}"
    )


def big_body(partner: Partner) -> None:
    """300 MB of valid JSON with a Content-Length, streamed a MB at a time, no credentials."""
    head = b'{"numeroProtocolo":"26470000000002","linhaDigitavel":"'
    tail = b'"}'
    filler = BIG_BODY - len(head) - len(tail)
    parts = urlsplit(partner.url)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=120)
    before = partner.proc("VmRSS")
    partner.reset_peak()
    started = time.perf_counter()
    sent = 0
    status: int | str = "no answer"
    try:
        connection.putrequest("POST", FORM)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", str(BIG_BODY))
        connection.endheaders()
        connection.send(head)
        block = b"a" * CHUNK
        while sent < filler:
            piece = block[: min(CHUNK, filler - sent)]
            connection.send(piece)
            sent += len(piece)
        connection.send(tail)
        sent += len(head) + len(tail)
    except OSError as exc:  # the server closed early (a 413 while reading, or a crash)
        status = type(exc).__name__
    try:
        answer = connection.getresponse()
        status = answer.status
        answer.read()
    except (OSError, http.client.HTTPException) as exc:
        status = f"{status}, then {type(exc).__name__}"
    finally:
        connection.close()
    time.sleep(0.5)
    peak = partner.proc("VmHWM")
    print(
        f"300 MB body, no credentials: status {status} after {sent / CHUNK:.0f} MiB sent in "
        f"{time.perf_counter() - started:.1f} s; server peak RSS {peak / 1024:.0f} MiB "
        f"(RSS before: {before / 1024:.0f} MiB)"
    )


def malformed(partner: Partner) -> None:
    protocol = '"numeroProtocolo":"26470000000003"'
    bodies = {
        "5,000-digit number": "{" + protocol + ',"valor":' + "7" * 5000 + "}",
        "nesting of 990": "{" + protocol + ',"x":' + "[" * 990 + "]" * 990 + "}",
        "lone surrogate": "{" + protocol + ',"linhaDigitavel":"\\ud800"}',
    }
    for name, text in bodies.items():
        seen = []
        for auth in (None, (USER, PASSWORD)):
            for path in (FORM, CONFIRM):
                headers = {"Content-Type": "application/json"}
                try:
                    code: int | str = requests.post(
                        partner.url + path, data=text.encode(), headers=headers, auth=auth, timeout=30
                    ).status_code
                except requests.RequestException as exc:
                    code = type(exc).__name__
                seen.append(f"{'auth' if auth else 'anon'} {path.rsplit('/', 1)[1]} {code}")
        print(f"malformed, {name}: " + "; ".join(seen))


def ledger_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def unauthenticated_megabytes(partner: Partner, ledger: Path) -> None:
    before = ledger_size(ledger)
    codes: list[int | str] = []
    for n in range(30):
        body = {"numeroProtocolo": f"2647{n + 100:010d}", "linhaDigitavel": ""}
        body["linhaDigitavel"] = "b" * (ONE_MB - len(json.dumps(body)))  # 1 MB on the wire, to the byte
        try:
            codes.append(requests.post(partner.url + FORM, json=body, timeout=30).status_code)
        except requests.RequestException as exc:
            codes.append(type(exc).__name__)
    time.sleep(0.5)
    grown = ledger_size(ledger) - before
    print(
        f"30 unauthenticated 1 MB calls: ledger grew {grown:,} bytes ({grown / 2**20:.1f} MiB);"
        f" {statuses(codes)}"
    )


def new_token(partner: Partner) -> str:
    answer = requests.post(
        partner.url + TOKEN, data={"grant_type": "client_credentials"}, auth=(CLIENT, SECRET), timeout=30
    )
    token: str = answer.json()["access_token"]
    return token


def old_token(partner: Partner, token: str) -> None:
    body = {"numeroProtocolo": "26470000000004", "linhaDigitavel": typed_line(777)}
    answer = requests.post(
        partner.url + FORM, json=body, headers={"Authorization": f"Bearer {token}"}, timeout=30
    )
    print(
        f"token issued to {CLIENT!r}, used after the client became {NEW_CLIENT!r} with a new secret: "
        f"status {answer.status_code} (401 is right)"
    )


def wrong_passwords(partner: Partner) -> None:
    before = partner.cpu_seconds()
    codes: list[int | str] = []
    retry_after: set[str] = set()
    started = time.perf_counter()
    body = {"numeroProtocolo": "26470000000005", "linhaDigitavel": typed_line(555)}
    for n in range(100):
        try:
            answer = requests.post(partner.url + FORM, json=body, auth=(USER, f"errada-{n}"), timeout=30)
            codes.append(answer.status_code)
            if "Retry-After" in answer.headers:
                retry_after.add(answer.headers["Retry-After"])
        except requests.RequestException as exc:
            codes.append(type(exc).__name__)
    cpu = partner.cpu_seconds() - before
    wall = time.perf_counter() - started
    print(
        f"100 wrong Basic passwords: {cpu:.2f} s of server CPU ({wall:.1f} s elapsed); "
        f"{codes.count(401)} x 401, {codes.count(429)} x 429 ({statuses(codes)})"
        + (f"; Retry-After {sorted(retry_after)}" if retry_after else "")
    )


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="postalgui-hostile-") as tmp:
        root = Path(tmp)
        ledger = root / "ledger.sqlite3"
        database = sqlite_url(ledger)
        print("partner server: `postalgui partner serve` in its own process (uvicorn), SQLite ledger")
        with partner_server(root, database, (CLIENT, SECRET)) as partner:
            token = new_token(partner)
            concurrent_forms(partner, root)
            malformed(partner)
            big_body(partner)
            unauthenticated_megabytes(partner, ledger)
        with partner_server(root, database, (NEW_CLIENT, NEW_SECRET)) as partner:
            old_token(partner, token)
            wrong_passwords(partner)
        errors = (root / "partner-stderr.txt").read_text(errors="replace")
        print(f"server stderr: {len(errors.splitlines())} lines, {errors.count('Traceback')} tracebacks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
