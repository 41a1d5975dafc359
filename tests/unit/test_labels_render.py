"""Labels read back: every barcode on the rendered page says what was meant, in every layout.

Pages are rasterised at 300 dpi with poppler's ``pdftoppm`` and read with zxing-cpp; texts
and their positions come from poppler's ``pdftotext -bbox`` (CI installs poppler-utils).
"""

from __future__ import annotations

import io
from dataclasses import replace
from decimal import Decimal

import pytest
from PIL import Image

from postalgui.documents.reports.labels import (
    LabelData,
    LabelParty,
    Layout,
    RenderCancelled,
    datamatrix_text,
    render_labels,
)
from tests.pdf_reading import pages, read, words

RECIPIENT = LabelParty(
    "Maria da Silva",
    "Avenida Paulista",
    "1578",
    "Apto 52",
    "Bela Vista",
    "São Paulo",
    "SP",
    "01310200",
    "11987654321",
)
SENDER = LabelParty("Loja Exemplo Ltda", "Rua das Flores", "45", "", "Centro", "Curitiba", "PR", "80020010")
LABEL = LabelData(
    object_code="AB123456785BR", service_code="03220", service_name="SEDEX CONTRATO AG", recipient=RECIPIENT,
    sender=SENDER, card="0067599079", declared_value=Decimal("1234.56"), additional_services=("01", "19"),
    invoice_number="123456", contract="9912345678", weight_g=1500, observation="Pedido 4711",
)  # fmt: skip
PER_PAGE = {Layout.A4_FOUR: 4, Layout.THERMAL_100x150: 1, Layout.THERMAL_100x80: 1, Layout.A4_ONE: 1}
PAGE_MM = {Layout.A4_FOUR: (210, 297), Layout.THERMAL_100x150: (100, 150), Layout.THERMAL_100x80: (100, 80)}


def labels(count: int) -> list[LabelData]:
    """``count`` labels, each with its own object code, destination CEP, number and phone."""
    return [
        replace(
            LABEL,
            object_code=f"AB{12345670 + serial:08d}5BR"[:13],
            recipient=replace(RECIPIENT, cep=f"{1310200 + 7919 * serial:08d}", number=str(10 + serial)),
        )
        for serial in range(count)
    ]


@pytest.mark.parametrize("layout", list(Layout))
def test_every_barcode_reads_back_as_meant(layout: Layout) -> None:
    batch = labels(PER_PAGE[layout] + 1)  # a full page, then a page with one
    rendered = list(pages(render_labels(batch, layout)))
    assert len(rendered) == 2
    first, rest = batch[: PER_PAGE[layout]], batch[PER_PAGE[layout] :]
    for image, on_page in zip(rendered, (first, rest), strict=True):
        got = read(image)
        assert got.get("DataMatrix") == {datamatrix_text(label) for label in on_page}
        codes = {label.object_code for label in on_page} | {label.recipient.cep for label in on_page}
        assert got.get("Code128") == codes


@pytest.mark.parametrize("layout", list(Layout))
def test_the_label_shows_what_a_clerk_reads(layout: Layout) -> None:
    text = " ".join(word.text for word in words(render_labels([LABEL], layout))[0])
    for shown in (
        "AB 123 456 785 BR", "DESTINATÁRIO", "REMETENTE", "Maria da Silva", "Avenida Paulista, 1578",
        "Apto 52 - Bela Vista", "01310-200 São Paulo/SP", "80020-010 Curitiba/PR", "SEDEX CONTRATO AG",
        "VD R$ 1.234,56", "Peso (g): 1.500", "NF: 123456", "Serv. adicionais: AR", "Recebedor:",
        "Assinatura:",
    ):  # fmt: skip
        assert shown in text, shown
    assert "19" not in text.split("Serv. adicionais:")[1].split()[:2]  # VD says it, with the amount


@pytest.mark.parametrize("layout", [Layout.THERMAL_100x150, Layout.A4_FOUR])
def test_the_read_datamatrix_carries_the_complement_and_the_services_at_their_places(layout: Layout) -> None:
    (decoded,) = read(next(pages(render_labels([LONG], layout)))).get("DataMatrix", set())
    assert len(decoded) == 164
    assert decoded[71:76] == "01578"  # the address number, repeated
    assert decoded[76:96] == "Bloco B Torre Norte "  # then the complement, cut at 20
    assert decoded[42:54] == "250119000000"  # registration, AR, SEDEX's declared value
    assert decoded[96:101] == "01234"  # the declared value's whole reais, in place after it


LONG = replace(
    LABEL,
    recipient=replace(
        RECIPIENT,
        name="Companhia Brasileira de Distribuição de Materiais Elétricos e Hidráulicos "
        "Sociedade Anônima Filial 12",
        street="Avenida Presidente Juscelino Kubitschek de Oliveira Marginal Direita do Rio "
        "Pinheiros Pista Local",
        complement="Bloco B Torre Norte Conjunto 1204 Sala Comercial dos Fundos",
        district="Jardim Paulistano da Vila Olímpia",
        city="São José dos Campos",
    ),
    sender=replace(SENDER, name="Indústria e Comércio de Embalagens Sustentáveis do Paraná Limitada ME"),
    service_name="SEDEX CONTRATO GRANDES FORMATOS LOGÍSTICA REVERSA",
)


@pytest.mark.parametrize("layout", [Layout.THERMAL_100x150, Layout.THERMAL_100x80])
def test_long_names_shrink_or_wrap_inside_the_label(layout: Layout) -> None:
    pdf = render_labels([LONG], layout)
    width, height = (value * 72 / 25.4 for value in PAGE_MM[layout])
    page = words(pdf)[0]
    for word in page:  # nothing runs off the label, sideways or down
        assert (word.x_min > 0, word.x_max < width - 2, word.y_max < height) == (True, True, True), word
    text = " ".join(word.text for word in page)
    assert "Companhia Brasileira" in text
    assert "Kubitschek" in text
    assert read(next(pages(pdf))).get("DataMatrix") == {datamatrix_text(LONG)}


def test_the_full_label_keeps_the_whole_long_name() -> None:
    text = " ".join(word.text for word in words(render_labels([LONG], Layout.THERMAL_100x150))[0])
    assert LONG.recipient.name in text  # two lines, smaller: every word printed


def test_a_sender_logo_is_drawn_once_for_every_label_that_carries_it() -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (120, 60), (200, 30, 30)).save(buffer, format="PNG")
    pdf = render_labels(
        [replace(label, sender_logo=buffer.getvalue()) for label in labels(3)], Layout.A4_FOUR
    )
    assert pdf.count(b"/Subtype /Image") == 1
    red = next(pages(pdf, dpi=50)).convert("L").getpixel((int(20 / 25.4 * 50), int(15 / 25.4 * 50)))
    assert red < 128  # the logo's red, grey-converted, is dark; the logo box sits top left


def test_progress_counts_labels_and_cancel_stops_with_no_pdf() -> None:
    seen: list[int] = []
    render_labels(labels(5), Layout.A4_FOUR, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]
    with pytest.raises(RenderCancelled):
        render_labels(
            labels(5), Layout.THERMAL_100x150, progress=seen.append, cancelled=lambda: len(seen) >= 7
        )
    assert seen[5:] == [1, 2]  # two labels drawn, the third never started
