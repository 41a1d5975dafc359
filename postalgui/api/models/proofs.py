"""Proof of delivery's records (SRO, API 87; not in the spec: REFERENCE.md, Tracking).

Three answers: the AR digital (the digital delivery receipt's image, ``ar-digital``), the
receipt of a request for the delivery images (``objetos/imagens``), and the images once
made (``recibo/{numero}``). Only the keys are published, not their types: every field is
optional and read leniently (a number where text was expected is read as text), as the
tracking answer is. Images travel as base64 text; `ArDigital.image` and
`ReceiptImage.data` decode them, and a text that is not base64 is an unreadable answer.
"""

from __future__ import annotations

import base64
import binascii

from pydantic import BaseModel, ConfigDict, Field, field_validator

from postalgui.api.errors import InvalidResponseError

__all__ = ["ArDigital", "ImagesReceipt", "ReceiptImage", "ReceiptItem", "decoded_image"]


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True, coerce_numbers_to_str=True)


def decoded_image(text: str | None, what: str) -> bytes | None:
    """The bytes of a base64 image (``None`` when there is none); `InvalidResponseError`
    when the text is not base64."""
    if text is None or not text.strip():
        return None
    try:
        return base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise InvalidResponseError(f"Invalid {what} from the operator: the image is not base64") from None


class ArDigital(_Record):
    """One object's digital delivery receipt (AR digital): its image and when it was
    written off (``dataBaixa``, the operator's text as sent)."""

    objeto: str | None = None
    dataBaixa: str | None = None
    contentType: str | None = None
    imagemBase64: str | None = None

    def image(self) -> bytes | None:
        """The receipt's image, decoded (``None`` when the answer has none)."""
        return decoded_image(self.imagemBase64, "AR digital")


class ImagesReceipt(_Record):
    """What a request for delivery images answers: the receipt to ask for them with
    (``numero``, read as text whether it comes as a number or a string), and until when."""

    numero: str | None = None
    dtCriacao: str | None = None
    dtValidade: str | None = None
    qtdObjetos: int | None = None
    resultado: str | None = None
    idioma: str | None = None


class ReceiptImage(_Record):
    """One delivery image (a facade photo, the receiver's signature) and its comment."""

    imagem: str | None = None
    comentario: str | None = None

    def data(self) -> bytes | None:
        """The image, decoded (``None`` when the answer has none)."""
        return decoded_image(self.imagem, "delivery image")


class ReceiptItem(_Record):
    """One object's delivery images, with the operator's note (``observacao``)."""

    objeto: str | None = None
    observacao: str | None = None
    imagens: list[ReceiptImage] = Field(default_factory=list)

    @field_validator("imagens", mode="before")
    @classmethod
    def _none_is_empty(cls, value: object) -> object:
        return [] if value is None else value
