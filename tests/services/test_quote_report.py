"""The quotes PDF, checked without a PDF library: built uncompressed, its text is in the file.

reportlab writes each text run as ``(text) Tj`` with Latin-1 bytes as octal escapes
(``ç`` is ``\\347``), so `pdf_text` undoes those escapes to search plain text.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from postalgui.api.models.price import ItemError, ObjectFormat, PriceQuery, PriceResponse, QuoteResult
from postalgui.services.price.report import LABELS, declared_text, write_quotes_pdf
from tests import price_samples as samples

WHEN = datetime(2026, 1, 5, 14, 30)
COMPANY = "Loja Exemplo Comércio Ltda"
CNPJ = "11222333000181"

QUERY = PriceQuery(
    coProduto="03220",
    nuRequisicao="ETQ-7",
    cepOrigem="01310100",
    cepDestino="20040020",
    psObjeto=300,
    tpObjeto=ObjectFormat.PACKAGE,
    comprimento=Decimal(20),
    largura=Decimal(20),
    altura=Decimal(20),
    servicosAdicionais=("019", "001"),
    vlDeclarado=Decimal(200),
)
OFFICIAL = PriceResponse.model_validate(
    {
        **samples.OFFICIAL,
        # enough complementary information to test that a quote still fits one page
        "infoAdicional": [{"tipo": tipo, "valor": "x" * 40} for tipo in ("NU_PROPOSTA", "CO_MODELO")] * 12,
    }
)
HEAVY = PriceResponse.model_validate({**samples.HEAVY_PAC, "inPesoCubico": "S"})


def results() -> list[QuoteResult]:
    heavy_query = PriceQuery(coProduto="03298", cepOrigem="01310100", cepDestino="69005010", psObjeto=19600)
    abroad = PriceQuery(coProduto="04510", sgPaisDestino="US", psObjeto=500)
    return [
        QuoteResult(0, QUERY, OFFICIAL),
        QuoteResult(1, heavy_query, HEAVY),
        QuoteResult(2, abroad, None, ItemError(code="PRC-101", text="País de destino não atendido")),
        QuoteResult(3, QUERY, PriceResponse.model_validate({"txErro": "PRC-200: Peso acima do limite"})),
    ]


def pdf_text(path: Path) -> str:
    """The text runs of an uncompressed PDF, joined by newlines, escapes decoded."""
    data = path.read_bytes()
    runs = re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", data)

    def unescape(run: bytes) -> str:
        decoded = re.sub(rb"\\([0-7]{3}|.)", lambda m: _escape(m[1]), run)
        return decoded.decode("latin-1")

    return "\n".join(unescape(run) for run in runs)


def _escape(code: bytes) -> bytes:
    if len(code) == 3:
        return bytes([int(code, 8)])
    return {b"n": b"\n", b"r": b"\r", b"t": b"\t"}.get(code, code)


def page_count(path: Path) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", path.read_bytes()))


def build(tmp_path: Path, layout: str, items: list[QuoteResult], **kwargs: object) -> Path:
    path = tmp_path / f"{layout}.pdf"
    write_quotes_pdf(
        path,
        items,
        company=COMPANY,
        cnpj=CNPJ,
        generated_at=WHEN,
        layout=layout,  # type: ignore[arg-type]  # parametrised with the two valid layouts
        compress=False,
        **kwargs,  # type: ignore[arg-type]
    )
    return path


def test_per_quote_one_page_each(tmp_path: Path) -> None:
    path = build(tmp_path, "per_quote", results())
    assert path.read_bytes().startswith(b"%PDF-")
    assert page_count(path) == 4  # the first quote's long information list shrinks to its page
    text = pdf_text(path)
    assert f"{COMPANY}  ·  CNPJ 11.222.333/0001-81" in text
    assert "Gerado em 05/01/2026 14:30" in text
    assert text.count("Cotação de preço") == 4
    for page in range(1, 5):
        assert f"Página {page} de 4" in text
    assert "R$ 19,92" in text
    assert "Preço final: R$ 19,92" in text
    assert "Preço final: R$ 106,25" in text
    assert "03220 SEDEX" in text
    assert "01310-100" in text
    assert "20040-020" in text
    assert "20 × 20 × 20 cm" in text
    assert "R$ 200,00" in text
    assert "019, 001" in text
    assert "Cada adicional" in text
    assert "10 ×" in text
    assert "19.600 g, peso cúbico" in text
    assert "1,00%" in text
    assert "Erro: PRC-101: País de destino não atendido" in text
    assert "Erro: PRC-200: Peso acima do limite" in text
    assert "US" in text


def test_summary_landscape_with_repeated_header_and_total(tmp_path: Path) -> None:
    items = [
        QuoteResult(index, result.query, result.response, result.failure)
        for index, result in enumerate(results() * 30)
    ]
    path = build(tmp_path, "summary", items)
    data = path.read_bytes()
    assert b"/MediaBox [ 0 0 841.8898 595.2756 ]" in data  # A4 landscape
    pages = page_count(path)
    assert pages > 1
    text = pdf_text(path)
    assert text.count("Preço final") == pages  # the header row on every page
    assert f"Página {pages} de {pages}" in text
    assert "Resumo de cotações de preço" in text
    assert "R$ 19,92" in text
    assert "R$ 8,79" in text
    assert "19.600 g" in text
    assert "Sim" in text
    assert "Não" in text
    assert "PRC-101: País de destino não atendido" in text
    assert "Total (120 cotações, 60 com erro)" in text
    assert "R$ 3.785,10" in text  # 30 x (19,92 + 106,25)
    assert "120" in text.splitlines()


def test_english_labels(tmp_path: Path) -> None:
    path = build(tmp_path, "per_quote", results()[:2], language="en")
    text = pdf_text(path)
    assert "Price quote" in text
    assert "Final price: R$ 19,92" in text
    assert "Page 2 of 2" in text
    assert "Generated on 05/01/2026 14:30" in text
    assert "19,600 g, cubic weight" in text
    assert "Each additional unit" in text


def test_both_label_sets_cover_the_same_keys() -> None:
    assert set(LABELS["pt_BR"]) == set(LABELS["en"])


def test_no_results_still_make_a_page(tmp_path: Path) -> None:
    path = build(tmp_path, "summary", [])
    assert page_count(path) == 1
    assert "Nenhuma cotação." in pdf_text(path)


def test_blank_or_unusual_cnpj(tmp_path: Path) -> None:
    path = tmp_path / "a.pdf"
    write_quotes_pdf(
        path, results()[:1], company="", cnpj="", generated_at=WHEN, layout="summary", compress=False
    )
    assert "CNPJ" not in pdf_text(path)


def test_written_atomically(tmp_path: Path) -> None:
    path = tmp_path / "cotacoes.pdf"
    path.write_bytes(b"old")
    write_quotes_pdf(path, results(), company=COMPANY, cnpj=CNPJ, generated_at=WHEN, layout="summary")
    assert path.read_bytes().startswith(b"%PDF-")
    assert [item.name for item in tmp_path.iterdir()] == ["cotacoes.pdf"]
    with pytest.raises(ValueError, match="layout"):
        write_quotes_pdf(path, results(), company=COMPANY, cnpj=CNPJ, generated_at=WHEN, layout="poster")  # type: ignore[arg-type]
    assert path.read_bytes().startswith(b"%PDF-")
    assert [item.name for item in tmp_path.iterdir()] == ["cotacoes.pdf"]


def test_thousand_quotes_summary_fits_its_pages(tmp_path: Path) -> None:
    base = results()
    items = [
        QuoteResult(index, base[index % 4].query, base[index % 4].response, base[index % 4].failure)
        for index in range(1000)
    ]
    write_quotes_pdf(
        tmp_path / "big.pdf", items, company=COMPANY, cnpj=CNPJ, generated_at=WHEN, layout="summary"
    )
    assert (tmp_path / "big.pdf").read_bytes().startswith(b"%PDF-")


def test_the_declared_value_is_shown_as_it_was_priced(tmp_path: Path) -> None:
    """A value that went with its declared-value service is the value; one without says so."""
    unpriced = QUERY.model_copy(update={"servicosAdicionais": ()})
    plain = PriceResponse.model_validate({**samples.OFFICIAL, "servicoAdicional": []})
    items = [QuoteResult(0, QUERY, OFFICIAL), QuoteResult(1, unpriced, plain)]
    text = pdf_text(build(tmp_path, "per_quote", items))
    assert "R$ 200,00 (não cotado: sem serviço de valor declarado)" in text
    assert text.count("R$ 200,00") == 2  # the priced one has no note
    assert text.count("não cotado") == 1
    english = pdf_text(build(tmp_path, "per_quote", items[1:], language="en"))
    assert "R$ 200,00 (not priced: no declared-value service)" in english
    # the services the operator priced count when it lists them, else what was sent
    assert declared_text(unpriced, OFFICIAL, LABELS["en"]) == "R$ 200,00"
    assert declared_text(QUERY, plain, LABELS["en"]) == "R$ 200,00"
    assert declared_text(QUERY, None, LABELS["en"]) == "R$ 200,00"
    assert declared_text(unpriced, None, LABELS["en"]).endswith("(not priced: no declared-value service)")
