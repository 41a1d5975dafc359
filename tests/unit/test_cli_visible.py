"""What the command line echoes from a file, an argument or the operator is shown, never
obeyed: a terminal's escapes, bidirectional overrides and line breaks inside a value come
out as ``\\x1b``, ``\\u202e``, ``\\n``; the CLI's own layout keeps its line breaks; JSON
keeps the same strings for a parser."""

from __future__ import annotations

import io
import json
import sys

import pytest

from postalgui.api.errors import ApiError, RoutineError
from postalgui.api.said import Said
from postalgui.cli import main as cli_main
from postalgui.cli.language import ENGLISH, say, speak
from postalgui.cli.output import (
    json_text,
    print_fields,
    print_table,
    progress_line,
    visible,
    visible_lines,
    visible_streams,
)
from postalgui.cli.worded import routine_text

TITLE_AND_RED = "\x1b]0;owned\x07\x1b[31m"
"""Sets the terminal window's title, then paints what follows red."""
SHOWN = "\\x1b]0;owned\\x07\\x1b[31m"


@pytest.fixture(autouse=True)
def english() -> None:
    speak(ENGLISH)


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (TITLE_AND_RED, SHOWN),
        ("admin\u202etxt.exe", "admin\\u202etxt.exe"),  # "Trojan Source": reads as admin exe.txt
        ("\u2066a\u2069 \u200e\u200f", "\\u2066a\\u2069 \\u200e\\u200f"),
        ("paid\rREFUSED", "paid\\rREFUSED"),  # a carriage return overwrites what was written
        ("one\ntwo\tthree", "one\\ntwo\\tthree"),  # a value cannot forge a line or a column
        ("\x00\x7f\x9b", "\\x00\\x7f\\x9b"),  # NUL, DEL and the C1 CSI
        ("b\udcffd", "b\\udcffd"),  # a file name's byte that is not UTF-8 (no stream writes it raw)
        ("São Paulo\xa0– C:\\Users\\ana", "São Paulo\xa0– C:\\Users\\ana"),  # text and paths as written
    ],
)
def test_a_value_is_shown_with_its_control_characters_escaped(raw: str, shown: str) -> None:
    assert visible(raw) == shown
    assert visible(visible(raw)) == shown  # said twice, still once


def test_the_clis_own_layout_keeps_its_line_breaks_and_tabs() -> None:
    assert visible_lines(f"row 2:\n\t{TITLE_AND_RED}\r") == f"row 2:\n\t{SHOWN}\\r"


def test_json_keeps_the_same_strings_for_a_parser_and_none_raw_for_a_terminal() -> None:
    data = {"nome": f"Ana{TITLE_AND_RED}\u202e\x7f\x85\U000e0041\udcff", "cidade": "São Paulo"}

    text = json_text(data)

    assert json.loads(text) == data
    assert "São Paulo" in text  # not \u00e3: readable as before
    assert all(char not in text for char in "\x1b\x07\u202e\x7f\x85\U000e0041\udcff")


def test_say_shows_its_values_not_its_template() -> None:
    text = say("{name}: no column {column}", name=f"a{TITLE_AND_RED}.csv", column="x\ny")

    assert text == f"a{SHOWN}.csv: no column x\\ny"
    assert say("{count} rows", count=3) == "3 rows"


def test_tables_and_fields_keep_each_value_on_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    print_table(["NAME", "CITY"], [[f"Ana\nrecipient  Forged{TITLE_AND_RED}", "Rio"]])
    print_fields({"nome": "Ana\nforged: yes"})

    out = capsys.readouterr().out
    first = f"Ana\\nrecipient  Forged{SHOWN}"
    assert out.splitlines() == [
        "NAME".ljust(len(first)) + "  CITY",  # the columns as wide as the value shown
        f"{first}  Rio",
        "nome  Ana\\nforged: yes",
    ]


def test_an_operators_message_is_said_escaped() -> None:
    assert routine_text(ApiError(f"Objeto inválido{TITLE_AND_RED}\nOK: pago")) == (
        f"Objeto inválido{SHOWN}\\nOK: pago"
    )
    header = f"nome;cep{TITLE_AND_RED}"
    said = Said(
        "{name}: no column {column} (the columns are: {titles})", name="a.csv", column="x", titles=header
    )
    assert SHOWN in routine_text(RoutineError(said))


def test_the_run_writes_nothing_raw_whatever_a_command_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    def command(args: object) -> int:
        del args
        sys.stdout.write(f"out {TITLE_AND_RED}\n")
        sys.stderr.write("err \u202e\n")
        return 0

    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(cli_main, "_run", command)  # any command: what it writes is the point

    assert cli_main.main(["sandbox"]) == 0

    assert (out.getvalue(), err.getvalue()) == (f"out {SHOWN}\n", "err \\u202e\n")
    assert (sys.stdout, sys.stderr) == (out, err)  # put back after the run


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_keeps_the_escapes_it_means_and_shows_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)

    with visible_streams():
        progress_line(f"CEP {TITLE_AND_RED}")

    assert terminal.getvalue() == f"\rCEP {SHOWN}\x1b[K"
