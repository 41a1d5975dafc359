"""What a proof of delivery holds, as the Tracking detail, Claims, the PDF and the CLI read it.

A `DeliveryProof` is one delivered object's proof as the office keeps it (table
``delivery_proof``): who received it and where and when (from the delivered event of its
timeline), the AR digital image when the object had the service, and the delivery images
(a facade photo, the receiver's signature). A `ProofReport` is what one request for
proofs came to: the proofs (kept before or fetched now) and the codes that have none yet,
with why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

__all__ = ["DeliveryProof", "ProofImage", "ProofReport", "extension_of"]

_EXTENSIONS = {"image/png": "png", "image/jpeg": "jpg", "image/jpg": "jpg", "application/pdf": "pdf"}


def extension_of(content_type: str) -> str:
    """A file name's extension for ``content_type`` (``"bin"`` for one not known)."""
    return _EXTENSIONS.get(content_type.split(";")[0].strip().lower(), "bin")


@dataclass(frozen=True)
class ProofImage:
    """One image of a proof, as the operator sent it."""

    content_type: str
    """``"image/png"``, ``"image/jpeg"``, ``"application/pdf"``."""
    data: bytes = field(repr=False)
    comment: str = ""

    @property
    def extension(self) -> str:
        return extension_of(self.content_type)


@dataclass(frozen=True)
class DeliveryProof:
    """One delivered object's proof of delivery, as the office keeps it."""

    code: str
    receiver: str
    """The receiver's name ("" when the operator gave none)."""
    document: str
    """The receiver's document as the operator gave it ("" when none)."""
    delivered_at: datetime | None
    """Aware UTC: the delivered event's time."""
    place: str
    """``"Unit name, City/UF"`` of the delivered event ("" when none)."""
    ar: ProofImage | None
    """The AR digital image (objects with the AR service)."""
    images: tuple[ProofImage, ...]
    """The delivery images (facade photo, signature)."""
    fetched_at: datetime
    """Aware UTC."""
    fetched_by: str
    """The login that fetched it."""
    note: str = ""
    """The operator's ``observacao`` of the images."""

    @property
    def has_pictures(self) -> bool:
        """Whether there is anything to show: the AR image or a delivery image."""
        return self.ar is not None or bool(self.images)


@dataclass(frozen=True)
class ProofReport:
    """What one request for proofs came to."""

    proofs: dict[str, DeliveryProof]
    """By code: kept before or fetched now."""
    fetched: int
    """How many were fetched now (0 on a second request)."""
    not_delivered: tuple[str, ...]
    """Codes that are not delivered: nothing was asked."""
    waiting: tuple[str, ...]
    """Delivery images still not ready when the wait ran out (asked again next time)."""
    problems: dict[str, str]
    """Code -> the operator's words (e.g. SRO-020)."""
