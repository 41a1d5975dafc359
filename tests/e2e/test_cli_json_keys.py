"""One JSON key style across the command line: camelCase, as the operator's records and most
commands print them. The commands that printed snake_case before (``track``, ``claims``,
``sent``) keep each old key beside its camelCase twin, with the same value, for one release.

The test walks the parser for every command that takes ``--json``: each is run here on the
sandbox with something to print, or named with why it is not (the operator's own records,
a server this test has not)."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

import pytest

from postalgui.cli.main import build_parser
from postalgui.cli.output import LEGACY_KEYS_UNTIL, camel
from tests.e2e.conftest import SandboxControl, run
from tests.e2e.test_cli_claims import CONTACT, LATE, ON_TIME, watched
from tests.e2e.test_cli_price import OFFICIAL
from tests.e2e.test_cli_ship import GOOD_ROWS, orders_file, sandbox_env

__all__ = ["sandbox_env", "watched"]  # fixtures used here

CAMEL = re.compile(r"[a-z][a-zA-Z0-9]*")

OPERATOR_RECORDS = {"operatorRecord"}
"""Keys whose value is the operator's own record, with its names as sent (not ours to rename)."""

NOT_RUN = {
    "database upload": "needs a PostgreSQL server (tests/e2e/test_cli_database.py)",
    "attendance register": "needs a partner registration (tests/e2e/test_cli_attendance.py); operator fields",
    "attendance list": "needs a partner's registration (tests/e2e/test_cli_attendance.py)",
    "attendance reconcile": "needs a partner's day (tests/e2e/test_cli_attendance.py)",
    "attendance decode": "the operator's code, decoded with its field names (wire)",
    "price batch": "the same records as 'price national', one per row",
    "price international": "the operator's record, as 'price national'",
    "deadline international": "the operator's record, as 'deadline national'",
    "deadline pickup": "two keys: cep, prazoColeta",
    "contracts show": "the operator's record, as 'contracts list'",
    "contracts services": "the operator's records",
    "contracts contacts": "the operator's records",
    "contracts category": "the operator's record",
    "cards list": "the operator's records",
    "cards show": "the operator's record",
    "cards services": "the operator's records",
    "branches search": "the operator's records",
    "branches show": "the operator's record",
    "branches statuses": "the operator's records, as 'branches types'",
    "branches localities": "the operator's records, as 'branches types'",
    "invoices divergences": "needs an invoice with divergences (tests/e2e/test_cli_invoices.py)",
    "invoices jobs": "needs a processing asked and waited for (tests/e2e/test_cli_invoice_jobs.py)",
    "addresses import": "prints saved, rows and problems (row, column, message)",
}


def json_commands() -> set[str]:
    """Every subcommand that takes ``--json``, as typed (``track watch list``)."""
    found: set[str] = set()

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        for action in parser._actions:  # argparse keeps its subparsers nowhere public
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, (*path, name))
            elif "--json" in action.option_strings:
                found.add(" ".join(path))

    walk(build_parser(), ())
    return found


def bad_keys(data: Any, where: str = "") -> list[str]:
    """Keys not in camelCase, unless a snake_case alias beside its camelCase twin (same value)."""
    found: list[str] = []
    if isinstance(data, list):
        for item in data:
            found += bad_keys(item, where)
    elif isinstance(data, dict):
        for key, value in data.items():
            alias = camel(key) != key and camel(key) in data and data[camel(key)] == value
            if not CAMEL.fullmatch(key) and not alias:
                found.append(f"{where}{key}")
            if key not in OPERATOR_RECORDS and not (alias and camel(key) in OPERATOR_RECORDS):
                found += bad_keys(value, f"{where}{key}.")
    return found


def printed(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, (args, err)
    data = json.loads(out)
    assert data, f"{' '.join(args)} printed nothing to check"
    return data


@pytest.fixture
def office(
    sandbox: SandboxControl,
    sender: None,
    watched: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> dict[str, Any]:
    """Something for every command to print: a quote, pre-postings (one sent with its answer
    unreadable: an unsettled call), followed objects, candidates and a claim."""
    outputs: dict[str, Any] = {
        "price national": printed(capsys, *OFFICIAL),
        "ship create": printed(
            capsys, "ship", "create", "--from", str(orders_file(tmp_path, *GOOD_ROWS)), "--yes"
        ),
        "claims candidates": printed(capsys, "claims", "candidates"),  # before they are filed
        "claims file": printed(capsys, "claims", "file", LATE, "--motivo", "135", "--yes", *CONTACT),
    }
    sandbox.script(
        {"kind": "malformed", "variant": "truncated", "method": "POST", "path_prefix": "/prepostagem"}
    )
    one = orders_file(tmp_path, GOOD_ROWS[2].replace(";1236;", ";9999;"), name="one.csv")  # a new order
    code, _, err = run(capsys, "ship", "create", "--from", str(one), "--yes")
    assert code == 1, err  # taken, answer unreadable: an unsettled call for 'sent list'
    return outputs


def test_every_json_command_prints_camel_case_keys(
    office: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = dict(office)
    for command, extra in (
        ("token", ()),
        ("price services", ("03220",)),
        ("price history", ()),
        ("deadline national", ("03220", "--cep-origem", "01310-100", "--cep-destino", "05311-900")),
        ("cep", ("01310-100",)),
        ("addresses list", ()),
        ("invoices list", ()),
        ("contracts list", ()),
        ("branches types", ()),
        ("track show", (LATE,)),
        ("track watch list", ()),
        ("track watch refresh", ()),
        ("claims list", ()),
        ("claims follow", (LATE,)),
        ("claims money-back", ()),
        ("ship list", ()),
        (
            "returns create",
            ("--recipient", "Ana Lima", "--cep", "80010000", "--number", "45", "--invoice", "1", "--yes"),
        ),
        ("returns list", ()),
        ("database check", ()),
        ("sent list", ()),
    ):
        outputs[command] = printed(capsys, *command.split(), *extra)
    assert sorted(json_commands() - set(outputs) - set(NOT_RUN)) == []
    problems = {command: bad_keys(data) for command, data in outputs.items() if bad_keys(data)}
    assert problems == {}


def test_the_old_snake_case_keys_stay_beside_the_new_ones_for_one_release(
    watched: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    rows = {row["code"]: row for row in printed(capsys, "track", "watch", "list")}
    row = rows[ON_TIME]
    assert (row["daysLate"], row["expectedOn"], row["invoiceAmount"]) == (
        row["days_late"],
        row["expected_on"],
        row["invoice_amount"],
    )
    keys = list(row)
    assert keys.index("days_late") > keys.index("daysLate")  # the new ones first
    assert LEGACY_KEYS_UNTIL == "0.2.0"  # README names the release that drops them
