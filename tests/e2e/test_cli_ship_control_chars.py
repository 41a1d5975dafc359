"""``postalgui ship create`` refuses a control character before anything is sent (issue 38):
a U+202E (right-to-left override) in a recipient's name exits 2 naming the row, the column
and the character; the sandbox hears nothing and the office writes nothing down to send."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select

from postalgui.services.office.database import local_file
from postalgui.store import tables
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url
from tests.e2e.conftest import SandboxControl, run
from tests.e2e.test_cli_ship import GOOD_ROWS, orders_file, prepost_requests, sandbox_env

__all__ = ["sandbox_env"]  # the fixture, used by name

Capsys = pytest.CaptureFixture[str]


def outgoing_rows(config_dir: Path) -> int:
    """Calls the office wrote down to send (`send_once`: a pre-posting is one before it goes)."""
    path = local_file(config_dir / "data", "sandbox")
    if not path.exists():
        return 0
    store = OfficeStore(sqlite_url(path))
    try:
        return int(
            store.run(lambda c: c.execute(select(func.count()).select_from(tables.outgoing)).scalar_one())
        )
    finally:
        store.close()


@pytest.mark.parametrize(
    ("row", "column", "character"),
    [
        (
            "Maria \u202eazuoS;20040-020;;120;;;;;;;;03220;300;20;15;10;;1234;",
            "nome",
            "U+202E (RIGHT-TO-LEFT OVERRIDE)",
        ),
        ("Ana Lima;80010-000;Rua\x00 XV;45;;;;;;;;03220;500;20;20;20;;1236;", "logradouro", "U+0000 (NULL)"),
        ('Ana Lima;80010-000;;45;"sala\t2";;;;;;;03220;500;20;20;20;;1236;', "complemento", "U+0009"),
    ],
)
def test_a_control_character_exits_2_naming_it_and_nothing_is_sent(
    sender: None, sandbox: SandboxControl, capsys: Capsys, tmp_path: Path, config_dir: Path,
    row: str, column: str, character: str,
) -> None:  # fmt: skip
    orders = orders_file(tmp_path, GOOD_ROWS[0], row)
    code, out, err = run(capsys, "ship", "create", "--from", str(orders), "--yes")
    assert (code, out) == (2, ""), err
    assert f"row 3, column {column}: Field {column}: control character {character}" in err
    assert "nothing was sent" in err
    assert "\u202e" not in err
    assert "\x00" not in err
    assert prepost_requests(sandbox) == 0
    assert outgoing_rows(config_dir) == 0
    code, _, err = run(capsys, "--lang", "pt", "ship", "create", "--from", str(orders), "--yes")
    assert code == 2
    assert f"linha 3, coluna {column}: Campo {column}: caractere de controle {character}" in err
