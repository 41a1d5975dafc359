"""One `fold` for search, sort and column titles (issue 39): what a clerk types matches what
is stored whatever the accents, the case, the cedilla and the blanks."""

from __future__ import annotations

import pytest

from postalgui.api.values.text import fold, strip_accents
from postalgui.services.table_files import header_key


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("São João", "sao joao"),
        ("AÇAÍ", "acai"),
        ("Ação", "acao"),
        ("ç Ç", "c c"),
        ("  Rua   das\tFlores \n", "rua das flores"),
        ("Straße", "strasse"),
        ("", ""),
        (None, ""),
    ],
)
def test_fold_drops_accents_case_and_extra_blanks(text: str | None, folded: str) -> None:
    assert fold(text) == folded


def test_spellings_of_one_name_fold_alike() -> None:
    assert len({fold(name) for name in ("Guaçuí", "GUACUI", " guacui ", "Guaçuí  ")}) == 1


def test_strip_accents_keeps_case_and_spaces() -> None:
    assert strip_accents("São  João") == "Sao  Joao"
    assert strip_accents("PRAÇA") == "PRACA"


def test_header_key_builds_on_fold() -> None:
    assert {header_key(title) for title in ("Código Serviço", "codigo_servico", "CÓDIGO-SERVIÇO")} == {
        "codigoservico"
    }
