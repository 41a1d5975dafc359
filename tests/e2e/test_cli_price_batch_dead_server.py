"""``price batch`` against a server that accepts connections and never answers: one
deadline bounds the whole command, and every row is reported (issue 24).

Before, each round of 8 chunks waited out its own deadline: 200 rows took five
deadlines and more (301 s at the 60 s default)."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from postalgui.api import transport
from postalgui.api.transport import RetryPolicy
from tests.e2e.conftest import run

DEADLINE_S = 3.0
"""The setting under test, small: the default is 60 s."""
ROWS = 200


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A socket that listens and never replies: the kernel accepts the connections, no
    one reads them."""
    with socket.create_server(("127.0.0.1", 0), backlog=512) as server:
        yield f"http://127.0.0.1:{server.getsockname()[1]}"


@pytest.fixture
def batch_file(tmp_path: Path) -> Path:
    path = tmp_path / "lote.csv"
    rows = [f"03220;01310100;20040020;{100 + row}" for row in range(ROWS)]
    path.write_text("\n".join(["coProduto;cepOrigem;cepDestino;psObjeto", *rows]) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def dead_operator(silent_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", silent_server)
    monkeypatch.setattr(transport, "DEFAULT_RETRY", RetryPolicy(deadline=DEADLINE_S, backoff_base=0.0))


@pytest.mark.usefixtures("dead_operator")
def test_a_batch_against_a_server_that_never_answers_ends_in_one_deadline(
    capsys: pytest.CaptureFixture[str], batch_file: Path
) -> None:
    started = time.monotonic()
    code, out, err = run(capsys, "price", "batch", str(batch_file))
    elapsed = time.monotonic() - started
    assert code == 1, err
    lines = out.splitlines()
    assert [int(line.split()[0]) for line in lines] == list(range(1, ROWS + 1))  # every row, in order
    assert all("ERROR" in line and "No answer from" in line for line in lines), lines[-1]
    assert f"{ROWS} of {ROWS} items failed" in err
    assert elapsed < 3 * DEADLINE_S  # one deadline and slack; five rounds took five and more


@pytest.mark.usefixtures("dead_operator")
def test_every_row_of_the_json_says_no_answer(capsys: pytest.CaptureFixture[str], batch_file: Path) -> None:
    code, out, _ = run(capsys, "price", "batch", str(batch_file), "--json")
    assert code == 1
    items = json.loads(out)
    assert len(items) == ROWS
    assert all("No answer from" in item["txErro"]["dsErro"] for item in items)
