"""How a proof of delivery reads, in the Tracking detail and in the Claims filing dialog alike:
who received it, and the captions of its pictures.

The operator may name nobody, or give a name without a document; the pictures are the
digital delivery receipt (AR) first, then the delivery images with the operator's own
comment ("Fachada", "Assinatura") when it gave one.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from postalgui.gui.messages import arg, local_datetime
from postalgui.services.tracking.proof_records import DeliveryProof, ProofImage

__all__ = ["captions", "pictures", "receiver_name", "receiver_text", "summary_text"]

_CONTEXT = "ProofWords"


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def receiver_name(proof: DeliveryProof) -> str:
    """The receiver's name, or that the operator named nobody."""
    return proof.receiver.strip() or _tr("not named by the operator")


def receiver_text(proof: DeliveryProof) -> str:
    """``Maria da Silva (document 12345678)``; the operator may name nobody."""
    name = receiver_name(proof)
    document = proof.document.strip()
    return arg(_tr("%1 (document %2)"), name, document) if document else name


def captions(proof: DeliveryProof) -> list[str]:
    """One caption per picture, in the strip's order: the AR first, then the delivery images
    (the operator's comment when it gave one: "Fachada", "Assinatura")."""
    said = [_tr("Digital delivery receipt (AR)")] if proof.ar is not None else []
    for number, image in enumerate(proof.images, start=1):
        said.append(image.comment.strip() or arg(_tr("Delivery picture %1"), number))
    return said


def pictures(proof: DeliveryProof) -> list[ProofImage]:
    """The proof's pictures in the order of `captions`."""
    return ([proof.ar] if proof.ar is not None else []) + list(proof.images)


def summary_text(proof: DeliveryProof) -> str:
    """``Received by Maria da Silva (document 123) on 23/11/2026 10:15, CDD CAMPINAS, Campinas/SP``."""
    said = arg(_tr("Received by %1"), receiver_text(proof))
    if proof.delivered_at is not None:
        said = arg(_tr("%1 on %2"), said, local_datetime(proof.delivered_at))
    return arg(_tr("%1, %2"), said, proof.place) if proof.place else said
