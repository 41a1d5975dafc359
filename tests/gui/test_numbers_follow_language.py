"""Every number shown follows the UI's language; money stays ``R$ 1.234,56`` in both.

One quote (1,500 g, 20.5 x 15 x 10 cm, band factor 1.5200, ad valorem 1.50 %), one
divergence (4,492 g measured) and one map cluster (5,689 branches) are rendered in
English and in Portuguese: the breakdown view, the quote PDF (a page per quote and the
summary), the divergence table and the cluster label. English shows ``1,500 g``,
``1.5200``, ``20.5``, ``4.492 kg``, ``5,689``; Portuguese ``1.500 g``, ``1,5200``,
``20,5``, ``4,492 kg``, ``5.689``; both show ``R$ 1.234,56``. The operator's
complementary information reads as named facts, never as its codes (``FATOR_FAIXA``).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from postalgui.api.models.invoices import Divergence
from postalgui.api.models.price import PriceQuery, PriceResponse, QuoteResult
from postalgui.gui.tabs.invoices.divergence_model import DivergenceModel, weight_text
from postalgui.gui.tabs.price.breakdown_view import BreakdownView
from postalgui.gui.widgets.map_view import cluster_label
from postalgui.services.price.report import write_quotes_pdf
from tests import price_samples as samples
from tests.services.test_quote_report import pdf_text

QUERY = PriceQuery(
    coProduto="03220",
    cepOrigem="01310100",
    cepDestino="20040020",
    psObjeto=1500,
    comprimento=Decimal("20.5"),
    largura=Decimal(15),
    altura=Decimal(10),
)
RESPONSE = PriceResponse.model_validate(
    {
        **samples.OFFICIAL,
        "pcFinal": "1.234,56",
        "psCobrado": "1500",
        "peAdValorem": "0,0150",
        "infoAdicional": [
            {"tipo": "NO_PRODUTO", "valor": "SEDEX CONTRATO AG"},
            {"tipo": "VL_PRECO_BASE", "valor": "1.234,56"},
            {"tipo": "FATOR_FAIXA", "valor": "1,5200"},
            {"tipo": "QT_EXCESSO", "valor": "1500"},
            {"tipo": "IN_PRECIFICACAO_SGPB", "valor": "S"},
        ],
    }
)
RESULT = QuoteResult(0, QUERY, RESPONSE)

# What each language writes, and what the other one would have written in its place.
ENGLISH = ("1,500 g", "1.5200", "20.5", "1.50%")
PORTUGUESE = ("1.500 g", "1,5200", "20,5", "1,50%")
FORMS = {"en": (ENGLISH, PORTUGUESE), "pt_BR": (PORTUGUESE, ENGLISH)}
CODES = ("NO_PRODUTO", "VL_PRECO_BASE", "FATOR_FAIXA", "QT_EXCESSO", "IN_PRECIFICACAO_SGPB")
NAMES = {
    "en": ("Product name", "Band factor", "Excess quantity", "Priced by SGPB"),
    "pt_BR": ("Nome do produto", "Fator da faixa", "Quantidade excedente", "Preço pelo SGPB"),
}


@pytest.fixture
def language(each_language: str) -> str:
    """The UI in each language, as the app installs it (translators and default locale)."""
    return each_language


def check(text: str, language: str) -> None:
    """``text`` writes numbers the language's way only; money is Brazilian in both."""
    own, other = FORMS[language]
    missing = [form for form in own if form not in text]
    foreign = [form for form in other if form in text]
    assert (missing, foreign) == ([], [])
    assert "R$ 1.234,56" in text
    assert not [code for code in CODES if code in text]
    assert all(name in text for name in NAMES[language])


def test_breakdown_view(language: str, qtbot: QtBot) -> None:
    view = BreakdownView()
    qtbot.addWidget(view)
    view.show_result(RESULT)
    text = view.steps_text()
    check(text, language)
    assert ("20.5 x 15 x 10 cm" if language == "en" else "20,5 x 15 x 10 cm") in text
    assert ("band factor 1.5200" if language == "en" else "fator da faixa 1,5200") in text
    assert ("Yes" if language == "en" else "Sim") in text  # the S flag, in words


@pytest.mark.parametrize("layout", ["per_quote", "summary"])
def test_quote_pdf(language: str, layout: str, tmp_path: Path) -> None:
    path = tmp_path / "quotes.pdf"
    write_quotes_pdf(
        path,
        [RESULT],
        company="Loja",
        cnpj="",
        generated_at=datetime(2026, 1, 5, 14, 30),
        layout=layout,  # type: ignore[arg-type]  # the two layouts, as given
        language=language,
        compress=False,
    )
    text = pdf_text(path)
    if layout == "per_quote":
        check(text, language)
        assert ("20.5 × 15 × 10 cm" if language == "en" else "20,5 × 15 × 10 cm") in text
    else:  # the summary has weights and money, and says "1 quote", not "1 quotes"
        assert FORMS[language][0][0] in text
        assert FORMS[language][1][0] not in text
        assert ("Total (1 quote, 0 failed)" if language == "en" else "Total (1 cotação, 0 com erro)") in text


def test_divergence_weights(language: str) -> None:
    model = DivergenceModel()
    model.set_divergences([Divergence.model_validate({"pesoAferido": 4492, "valorCobrado": "1.234,56"})])
    texts = [str(model.data(model.index(0, column))) for column in range(model.columnCount())]
    assert ("4.492 kg" if language == "en" else "4,492 kg") in texts
    assert "R$ 1.234,56" in texts
    assert weight_text(1500) == ("1.5 kg" if language == "en" else "1,5 kg")
    assert weight_text(850) == "850 g"


def test_map_cluster_labels(language: str) -> None:
    assert cluster_label(5689) == ("5,689" if language == "en" else "5.689")
    assert cluster_label(123_456) == ("123k" if language == "en" else "123 mil")
    assert cluster_label(7) == "7"
