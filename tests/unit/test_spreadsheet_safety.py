"""What the house's CSV writes: cells a spreadsheet would run are text; numbers stay numbers."""

from __future__ import annotations

import pytest

from postalgui.services.spreadsheet import csv_safe


@pytest.mark.parametrize(
    "cell",
    [
        '=HYPERLINK("http://x","y")',
        "+cmd|' /C calc'!A0",
        "@SUM(1+1)",
        "-2+3",
        "\t=1",
        "\r=1",
        "=",
        "+55 11 98765-4321",
    ],
)
def test_a_cell_beginning_as_a_formula_gets_a_quote(cell: str) -> None:
    assert csv_safe(cell) == "'" + cell


@pytest.mark.parametrize(
    "cell", ["-12,50", "+5", "1.234,56", "-3", "Pedido 7", "", "28/11/2026", "a=b", "DG049186226BR"]
)
def test_numbers_and_plain_text_stay_as_they_are(cell: str) -> None:
    assert csv_safe(cell) == cell
