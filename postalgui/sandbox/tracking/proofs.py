"""Proof of delivery in the sandbox: the AR digital of the delivered objects that had the
service, and the delivery images made asynchronously behind a receipt.

Only an object delivered at the sandbox clock's now (its history's BDE 01 has happened)
has proof; whether it had the AR service, and who received it, is drawn from its code
(`receivers`); the pictures are drawn from it too (`proof_images`). A request for images
answers a receipt at once (``numero``, a sandbox-wide counter as text); its images are
ready `images_delay_s` later (2 s; ``PUT /_sandbox/tracking/proof-config`` changes it) and
valid for a day. Receipts are forgotten on reset.
"""

from __future__ import annotations

import base64
import itertools
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from postalgui.sandbox.state import SandboxState
from postalgui.sandbox.tracking.history import DELIVERED, history
from postalgui.sandbox.tracking.proof_images import ar_receipt_png, facade_jpeg, signature_png
from postalgui.sandbox.tracking.receivers import has_ar, receiver_of
from postalgui.sandbox.tracking.wire import stamp
from postalgui.sandbox.tracking.world import TrackingWorld

__all__ = ["DEFAULT_IMAGES_DELAY_S", "ImagesReceipt", "ProofWorld", "proof_world"]

EXTENSION = "tracking-proofs"
DEFAULT_IMAGES_DELAY_S = 2.0
RECEIPT_VALID = timedelta(days=1)
FIRST_RECEIPT = 2_023_000_100_001
"""The first receipt number (the operator's form is not published: digits, read as text)."""


@dataclass(frozen=True)
class ImagesReceipt:
    """A request for delivery images: its codes and when its images are ready."""

    numero: str
    codes: tuple[str, ...]
    created: datetime
    ready_at: datetime


class ProofWorld:
    """The receipts of one sandbox app, over its tracking world."""

    def __init__(self, tracking: TrackingWorld) -> None:
        self.tracking = tracking
        self.images_delay_s = DEFAULT_IMAGES_DELAY_S
        self._lock = threading.Lock()
        self._receipts: dict[str, ImagesReceipt] = {}
        self._numbers = itertools.count(FIRST_RECEIPT)

    def delivered(self, code: str, now: datetime) -> datetime | None:
        """When the object was delivered, if it was by local time ``now``."""
        found = self.tracking.find(code, now.date())
        if found is None:
            return None
        event = next((event for event in history(found).events if event.kind == DELIVERED), None)
        return event.at if event is not None and event.at <= now else None

    def ar_record(self, code: str, now: datetime) -> dict[str, Any] | None:
        """The AR digital answer of ``code``: delivered objects with the AR service only."""
        delivered = self.delivered(code, now)
        if delivered is None or not has_ar(code):
            return None
        name, document = receiver_of(code)
        image = ar_receipt_png(code, name, document, delivered)
        return {
            "objeto": code,
            "dataBaixa": stamp(delivered),
            "contentType": "image/png",
            "imagemBase64": base64.b64encode(image).decode(),
        }

    def ask(self, codes: list[str], now: datetime) -> ImagesReceipt:
        """A receipt for the images of ``codes``, ready after `images_delay_s`."""
        with self._lock:
            numero = str(next(self._numbers))
            receipt = ImagesReceipt(numero, tuple(codes), now, now + timedelta(seconds=self.images_delay_s))
            self._receipts[numero] = receipt
        return receipt

    def receipt(self, numero: str) -> ImagesReceipt | None:
        with self._lock:
            return self._receipts.get(numero.strip())

    def items(self, receipt: ImagesReceipt, now: datetime) -> list[dict[str, Any]]:
        """The receipt's answer: the delivery images of each of its delivered objects."""
        items = []
        for code in receipt.codes:
            delivered = self.delivered(code, now)
            if delivered is None:
                continue
            name, _document = receiver_of(code)
            items.append(
                {
                    "objeto": code,
                    "observacao": f"Entregue a {name}",
                    "imagens": [
                        {"imagem": base64.b64encode(facade_jpeg(code)).decode(), "comentario": "Fachada"},
                        {
                            "imagem": base64.b64encode(signature_png(code, name)).decode(),
                            "comentario": "Assinatura",
                        },
                    ],
                }
            )
        return items


def receipt_record(receipt: ImagesReceipt) -> dict[str, Any]:
    """What a request for images answers (202)."""
    return {
        "numero": receipt.numero,
        "dtCriacao": stamp(receipt.created),
        "dtValidade": stamp(receipt.created + RECEIPT_VALID),
        "qtdObjetos": len(receipt.codes),
        "resultado": "Solicitação recebida",
        "idioma": "PT",
    }


def proof_world(state: SandboxState, tracking: TrackingWorld) -> ProofWorld:
    """The app's proof world (made on first use, dropped by reset)."""
    return state.extension(EXTENSION, lambda: ProofWorld(tracking))
