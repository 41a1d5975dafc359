"""The "Comprovante de entrega": one page per proof, in Portuguese by default and English on
request, with the code readable as Code 128, the facts a clerk shows a customer, the
pictures drawn and a PDF receipt named as kept apart; and the sandbox's pictures are the
same bytes on every run."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from PIL import Image, ImageDraw

from postalgui.sandbox.tracking import proof_images
from postalgui.sandbox.tracking.proof_images import ar_receipt_png, facade_jpeg, signature_png
from postalgui.services.tracking.proof_pdf import moment_words, proof_pdf
from postalgui.services.tracking.proof_records import DeliveryProof, ProofImage, extension_of
from tests.pdf_reading import pages, read, text

CODE, OTHER = "DG049186226BR", "SL631662283BR"
DELIVERED = datetime(2026, 11, 20, 17, 3, tzinfo=UTC)
FETCHED = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def _proofs() -> list[DeliveryProof]:
    pictures = (
        ProofImage("image/jpeg", facade_jpeg(CODE), "Fachada"),
        ProofImage("image/png", signature_png(CODE, "Ana Silva Souza"), "Assinatura"),
    )
    ar = ProofImage(
        "image/png", ar_receipt_png(CODE, "Ana Silva Souza", "12.345.678-9", datetime(2026, 11, 20, 14, 3))
    )
    return [
        DeliveryProof(CODE, "Ana Silva Souza", "12.345.678-9", DELIVERED, "CDD Centro, RIO DE JANEIRO/RJ",
                      ar, pictures, FETCHED, "clerk.a", "Entregue a Ana"),
        DeliveryProof(OTHER, "", "", None, "", ProofImage("application/pdf", b"%PDF-1.4 ..."), (),
                      FETCHED, "clerk.b"),
    ]  # fmt: skip


def test_one_page_per_proof_in_portuguese_with_its_code_as_a_barcode() -> None:
    pdf = proof_pdf(_proofs())
    words = text(pdf)
    for expected in (
        "Comprovante de entrega", CODE, "Situação Entregue", f"Data e hora {moment_words(DELIVERED)}",
        "Local CDD Centro, RIO DE JANEIRO/RJ", "Recebedor Ana Silva Souza", "Documento 12.345.678-9",
        "Observação Entregue a Ana", "AR digital", "Imagem da entrega 1: Fachada",
        "Imagem da entrega 2: Assinatura",
        f"Obtido por clerk.a em {moment_words(FETCHED)}", "Página 1 de 2", "Página 2 de 2",
        "Recebedor não informado", "Arquivo guardado à parte",
    ):  # fmt: skip
        assert expected in words, expected
    rendered = list(pages(pdf, dpi=150))
    assert len(rendered) == 2
    assert [read(page).get("Code128") for page in rendered] == [{CODE}, {OTHER}]


def test_in_english_when_asked() -> None:
    words = text(proof_pdf(_proofs(), language="en"))
    for expected in ("Proof of delivery", "Status Delivered", "Received by Ana Silva Souza", "Page 2 of 2"):
        assert expected in words, expected
    assert "Comprovante" not in words


def test_moments_are_on_the_desks_clock_and_files_get_their_extension() -> None:
    local = DELIVERED.astimezone()
    assert moment_words(DELIVERED) == f"{local:%d/%m/%Y %H:%M}"
    assert moment_words(None) == ""
    assert [extension_of(kind) for kind in ("image/png", "image/jpeg", "application/pdf", "x/y")] == [
        "png", "jpg", "pdf", "bin",
    ]  # fmt: skip


def test_the_sandboxs_pictures_are_the_same_bytes_every_time() -> None:
    def digests() -> list[str]:
        made = [
            ar_receipt_png(CODE, "Ana Silva Souza", "12.345.678-9", datetime(2026, 11, 20, 14, 3)),
            facade_jpeg(CODE),
            signature_png(CODE, "Ana Silva Souza"),
        ]
        return [hashlib.sha256(data).hexdigest() for data in made]

    first = digests()
    for cached in (proof_images.ar_receipt_png, proof_images.facade_jpeg, proof_images.signature_png):
        cached.cache_clear()
    assert digests() == first
    assert facade_jpeg(CODE) != facade_jpeg(OTHER)


def test_the_sandboxs_pictures_write_accented_names_in_real_letters() -> None:
    def drawn(text: str) -> bytes:
        image = Image.new("L", (40, 30), 0)
        ImageDraw.Draw(image).text((4, 2), text, fill=255, font=proof_images._font(16))
        return image.tobytes()

    missing = drawn("\u0378")  # no letter at all: the font's box for what it lacks
    assert all(drawn(letter) != missing for letter in "áãçéêíóôõú")
