"""The content declaration: the operator's form, its totals, two to an A4 sheet."""

from __future__ import annotations

from decimal import Decimal

from postalgui.documents.reports.declaration import ContentItem, Declaration, render_declarations
from tests.unit.test_documents_posting_list import text
from tests.unit.test_labels_render import RECIPIENT, SENDER, words

DECLARATION = Declaration(
    "AB123456785BR",
    SENDER,
    RECIPIENT,
    (ContentItem("Livro usado", 2, Decimal("45.90")), ContentItem("Camiseta de algodão", 3, Decimal("1200"))),
    1500,
)


def test_the_form_carries_parties_goods_totals_weight_and_the_legal_text() -> None:
    said = text(render_declarations([DECLARATION], place_and_date="Curitiba, 26/11/2026"))
    for shown in (
        "DECLARAÇÃO DE CONTEÚDO", "Objeto: AB123456785BR", "REMETENTE", "DESTINATÁRIO",
        "Nome: Loja Exemplo Ltda", "Nome: Maria da Silva", "CEP: 01310-200",
        "2 Camiseta de algodão 3 R$ 1.200,00", "Totais 5 R$ 1.245,90",
        "Peso total (g): 1.500", "Lei Complementar", "6.538/78", "Curitiba, 26/11/2026",
        "Assinatura do declarante/remetente", "Lei 8.137/90",
    ):  # fmt: skip
        assert shown in said, shown


def test_two_declarations_share_a_sheet_and_a_long_one_runs_on() -> None:
    pages = words(render_declarations([DECLARATION] * 3, place_and_date="Curitiba, 26/11/2026"))
    titles = [
        [word for word in page if word.text == "CONTEÚDO"] for page in pages
    ]  # "DECLARAÇÃO DE CONTEÚDO"
    assert [len(found) for found in titles] == [2, 1]
    top, bottom = (word.y_min for word in titles[0])
    assert top < 842 / 2 < bottom  # one in each half of the A4 sheet
    long = Declaration(
        "AB123456786BR",
        SENDER,
        RECIPIENT,
        tuple(ContentItem(f"Peça {n}", 1, Decimal(1)) for n in range(60)),
        900,
    )
    said = text(render_declarations([long], place_and_date="Curitiba"))
    assert "60 Peça 59 1 R$ 1,00" in said
    assert "Totais 60 R$ 60,00" in said
