"""The posting list: the day's objects per service with their totals, a grand total, the counter's lines."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from postalgui.documents.reports.posting_list import WORDS_EN, ListedObject, render_posting_list
from tests.pdf_reading import text
from tests.unit.test_labels_render import SENDER

SEDEX, PAC = ("03220", "SEDEX CONTRATO AG"), ("03298", "PAC CONTRATO AG")
OBJECTS = [
    ListedObject(
        "AB000000015BR", *SEDEX, "Maria da Silva", "01310200", 1500, Decimal("100.50"), ("01", "19")
    ),
    ListedObject("AB000000025BR", *PAC, "João Souza", "80020010", 300, None, ()),
    ListedObject("AB000000035BR", *SEDEX, "Ana Lima", "20040002", 2250, Decimal("1000"), ("19",)),
]


def test_objects_are_grouped_per_service_with_totals_and_a_grand_total() -> None:
    said = text(
        render_posting_list(
            OBJECTS, sender=SENDER, card="0067599079", contract="9912345678", day=date(2026, 11, 26)
        )
    )
    assert "Lista de Postagem - Data 26/11/2026" in said
    assert "Cartão de postagem 0067599079 · Contrato 9912345678" in said
    sedex, pac = said.index("03220 SEDEX CONTRATO AG"), said.index("03298 PAC CONTRATO AG")
    assert sedex < pac  # per service, in code order
    # The declared value as the label marks it (VD with the amount), AR by its mark.
    assert " AB000000015BR Maria da Silva 01310-200 1.500 VD R$ 100,50 AR\n" in said
    assert " AB000000035BR Ana Lima 20040-002 2.250 VD R$ 1.000,00\n" in said  # no "19": VD says it
    assert "Total do serviço 2 objetos 3.750 R$ 1.100,50" in said[sedex:pac]
    assert "Total do serviço 1 objeto 300 R$ 0,00" in said[pac:]
    assert "Total geral 3 objetos 4.050 R$ 1.100,50" in said
    assert "Recebido na agência por:" in said
    assert "Assinatura e carimbo:" in said


def test_english_words_group_grams_with_commas_and_keep_money_brazilian() -> None:
    pdf = render_posting_list(
        OBJECTS, sender=SENDER, card="0067599079", contract="", day=date(2026, 11, 26), words=WORDS_EN
    )
    said = text(pdf)
    assert "Posting list - Date 26/11/2026" in said
    assert "Grand total 3 objects 4,050 R$ 1.100,50" in said
    assert "Contract" not in said  # no contract, no contract words


def test_an_empty_day_says_so() -> None:
    said = text(
        render_posting_list([], sender=SENDER, card="0067599079", contract="1", day=date(2026, 11, 26))
    )
    assert "Nenhum objeto." in said
