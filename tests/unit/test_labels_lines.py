"""Label texts shrink, then wrap, inside their boxes, and never leave them."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.reports.labels.lines import LEADING, Item, fit_block

WIDTH, HEIGHT = 200.0, 60.0


def _inside(lines: list, width: float, height: float) -> bool:
    return all(stringWidth(line.text, line.font, line.size) <= width for line in lines) and all(
        line.baseline + line.size * (LEADING - 1) <= height for line in lines
    )


def test_short_texts_keep_their_size() -> None:
    lines = fit_block([Item("Maria", BOLD, 10), Item("Rua A, 1", FONT, 9)], WIDTH, HEIGHT)
    assert [(line.text, line.size) for line in lines] == [("Maria", 10), ("Rua A, 1", 9)]


def test_a_long_street_wraps_and_shrinks_without_shrinking_the_name() -> None:
    street = "Avenida Presidente Juscelino Kubitschek de Oliveira Marginal Direita do Rio Pinheiros"
    lines = fit_block([Item("Maria", BOLD, 10), Item(street, FONT, 9, max_lines=2)], WIDTH, HEIGHT)
    assert lines[0].size == 10
    assert len(lines) == 3
    assert " ".join(line.text for line in lines[1:]) == street
    assert _inside(lines, WIDTH, HEIGHT)


def test_what_cannot_fit_is_cut_inside_the_box() -> None:
    huge = " ".join(["Palavra"] * 200)
    lines = fit_block([Item(huge, BOLD, 10, max_lines=2), Item(huge, FONT, 9, max_lines=3)], WIDTH, 30)
    assert lines
    assert _inside(lines, WIDTH, 30)
    assert lines[-1].text.endswith("...") or len(lines) < 5


def test_one_word_wider_than_the_box_is_shrunk_then_cut() -> None:
    lines = fit_block([Item("X" * 80, FONT, 9)], WIDTH, HEIGHT)
    assert len(lines) == 1
    assert lines[0].text.endswith("...")
    assert _inside(lines, WIDTH, HEIGHT)
    assert lines[0].size < 9
