"""The "Comprovante de entrega" in words: one page per proof of delivery, drawn by
`postalgui.documents.reports.delivery_proof`.

Portuguese by default (the customer's), English with ``language="en"``. Times are shown on
the desk's clock, ``DD/MM/AAAA HH:MM`` in both languages; the status is tracking's word for
delivered (the one catalogue).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from postalgui.api.values import format_date_ui
from postalgui.documents.reports.delivery_proof import (
    ProofDocument,
    ProofPage,
    ProofPicture,
    delivery_proof_pdf,
)
from postalgui.services.tracking.proof_records import DeliveryProof, ProofImage
from postalgui.services.tracking.status import Status
from postalgui.services.tracking.words import status_words
from postalgui.services.words import language_of
from postalgui.services.words.tracking import PROOF_TITLE

__all__ = ["LABELS", "moment_words", "proof_document", "proof_pdf"]

LABELS: Mapping[str, Mapping[str, str]] = {
    "pt": {
        "page": "Página {page} de {pages}",
        "code": "Objeto",
        "status": "Situação",
        "when": "Data e hora",
        "place": "Local",
        "receiver": "Recebedor",
        "document": "Documento",
        "note": "Observação",
        "ar": "AR digital",
        "image": "Imagem da entrega {n}",
        "fetched": "Obtido por {who} em {when}",
        "none": "A operadora não enviou imagens deste objeto.",
        "kept_apart": "Arquivo guardado à parte (não é uma imagem).",
        "unknown": "não informado",
    },
    "en": {
        "page": "Page {page} of {pages}",
        "code": "Object",
        "status": "Status",
        "when": "Date and time",
        "place": "Place",
        "receiver": "Received by",
        "document": "Document",
        "note": "Note",
        "ar": "AR digital",
        "image": "Delivery image {n}",
        "fetched": "Fetched by {who} on {when}",
        "none": "The operator sent no images of this object.",
        "kept_apart": "File kept apart (not an image).",
        "unknown": "not given",
    },
}

_DRAWABLE = frozenset({"image/png", "image/jpeg", "image/jpg", "image/gif"})


def moment_words(moment: datetime | None) -> str:
    """``20/11/2026 14:03`` on the desk's clock ("" without one)."""
    if moment is None:
        return ""
    local = moment.astimezone()
    return f"{format_date_ui(local.date())} {local:%H:%M}"


def _picture(image: ProofImage, caption: str) -> ProofPicture:
    return ProofPicture(image.data, caption, image.content_type.lower() in _DRAWABLE)


def _page(proof: DeliveryProof, labels: Mapping[str, str], language: str) -> ProofPage:
    unknown = labels["unknown"]
    lines = [
        (labels["status"], status_words(Status.DELIVERED, None, language)),
        (labels["when"], moment_words(proof.delivered_at) or unknown),
        (labels["place"], proof.place or unknown),
        (labels["receiver"], proof.receiver or unknown),
        (labels["document"], proof.document or unknown),
    ]
    if proof.note:
        lines.append((labels["note"], proof.note))
    pictures = [_picture(proof.ar, labels["ar"])] if proof.ar is not None else []
    for number, image in enumerate(proof.images, start=1):
        caption = labels["image"].format(n=number)
        pictures.append(_picture(image, f"{caption}: {image.comment}" if image.comment else caption))
    foot = labels["fetched"].format(who=proof.fetched_by or unknown, when=moment_words(proof.fetched_at))
    return ProofPage(proof.code, lines, pictures, foot)


def proof_document(proofs: Sequence[DeliveryProof], language: str = "pt") -> ProofDocument:
    """The document's words for ``proofs``, one page each."""
    language = language_of(language)
    labels = LABELS[language]
    return ProofDocument(
        title=PROOF_TITLE.said(language),
        page=labels["page"],
        no_pictures=labels["none"],
        kept_apart=labels["kept_apart"],
        pages=[_page(proof, labels, language) for proof in proofs],
    )


def proof_pdf(proofs: Sequence[DeliveryProof], language: str = "pt") -> bytes:
    """The "Comprovante de entrega" of ``proofs``, one page each."""
    return delivery_proof_pdf(proof_document(proofs, language))
