"""Proof of delivery (SRO, API 87; not in the spec: REFERENCE.md, Tracking).

Two roads to what settles "it never arrived": ``GET /srorastro/v1/ar-digital?objetos=A,B``
answers the digital delivery receipt (AR digital) of the objects that had the service, at
most `AR_DIGITAL_MAX` codes a call (a comma list); the delivery images are asynchronous:
``POST /srorastro/v1/objetos/imagens`` with the codes answers a receipt (202), and
``GET /srorastro/v1/recibo/{numero}`` answers the images once they are made (`receipt`
answers ``None`` before). The POST starts work at the operator, so the transport never
retries it; the GETs are retried as every GET. Codes are checked before anything is sent.
A 403 means the card lacks API 87 (`TrackingNotEnabledError`), as for tracking.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import requests
from pydantic import BaseModel

from postalgui.api.client import OperatorClient
from postalgui.api.errors import InvalidResponseError, NotFoundError, PermissionDeniedError
from postalgui.api.models.proofs import ArDigital, ImagesReceipt, ReceiptItem
from postalgui.api.records import answer_reader, record_list
from postalgui.api.tokens import TokenScope
from postalgui.api.tracking import TrackingNotEnabledError
from postalgui.api.values.object_codes import parse_object_code

__all__ = ["AR_DIGITAL_MAX", "ProofClient"]

AR_DIGITAL_MAX = 10
"""The most codes one ``ar-digital`` call carries (REFERENCE.md: at most 10, a comma list)."""
BASE = "/srorastro/v1"

_M = TypeVar("_M", bound=BaseModel)


def _records(model: type[_M], what: str) -> Callable[[requests.Response], list[_M]]:
    """A reader of a list of ``model`` (a bare record counts as a list of one; an empty
    body as none)."""

    def read(response: requests.Response) -> list[_M]:
        if not response.content.strip():
            return []
        try:
            data = response.json()
        except ValueError:
            raise InvalidResponseError(
                f"Invalid {what} answer from the operator (HTTP {response.status_code}): not JSON",
                status=response.status_code,
            ) from None
        return record_list(data, model, what, bare_record=True)

    return read


_READ_AR = _records(ArDigital, "AR digital")
_READ_RECEIPT_ITEMS = _records(ReceiptItem, "delivery images")
_READ_IMAGES_RECEIPT = answer_reader(ImagesReceipt, "delivery images receipt")


def _read_images_receipt(response: requests.Response) -> ImagesReceipt:
    """The receipt; one without a number is unreadable (the operator took the request: the
    transport keeps its text)."""
    receipt = _READ_IMAGES_RECEIPT(response)
    if not (receipt.numero or "").strip():
        raise InvalidResponseError(
            f"Invalid delivery images receipt from the operator (HTTP {response.status_code}): no numero",
            status=response.status_code,
        )
    return receipt


class ProofClient:
    """Proof-of-delivery calls with the card's token (the scope tracking uses)."""

    def __init__(self, client: OperatorClient, *, scope: TokenScope | None = None) -> None:
        self.client = client
        self.scope = scope

    def _call(self, method: str, path: str, read: Callable[[requests.Response], Any], **kwargs: Any) -> Any:
        try:
            return self.client.call_read(method, path, read, scope=self.scope, **kwargs)
        except PermissionDeniedError as exc:
            # Whatever words the gateway uses, a 403 here means the card lacks API 87.
            raise TrackingNotEnabledError(
                exc.messages, status=exc.status or 403, cause=exc.cause, path=exc.path
            ) from exc

    def ar_digital(self, codes: Sequence[str]) -> list[ArDigital]:
        """The AR digital of each of ``codes`` that has one, in calls of at most
        `AR_DIGITAL_MAX` codes (a call answered 404 has none). Raises `InvalidValue` for a
        bad code before anything is sent."""
        wanted = list(dict.fromkeys(parse_object_code(code) for code in codes))
        found: list[ArDigital] = []
        for start in range(0, len(wanted), AR_DIGITAL_MAX):
            chunk = wanted[start : start + AR_DIGITAL_MAX]
            try:
                found += self._call(
                    "GET", f"{BASE}/ar-digital", _READ_AR, params={"objetos": ",".join(chunk)}
                )
            except NotFoundError:
                continue
        return found

    def ask_images(self, codes: Sequence[str]) -> ImagesReceipt:
        """Ask the operator to make the delivery images of ``codes``: answers the receipt to
        fetch them with (`receipt`). Never retried by the transport (it starts work)."""
        wanted = list(dict.fromkeys(parse_object_code(code) for code in codes))
        receipt: ImagesReceipt = self._call(
            "POST", f"{BASE}/objetos/imagens", _read_images_receipt, json_body=wanted
        )
        return receipt

    def receipt(self, numero: str) -> list[ReceiptItem] | None:
        """The delivery images of receipt ``numero``; ``None`` while they are not made yet
        (a 404, or an empty list)."""
        try:
            items: list[ReceiptItem] = self._call(
                "GET", f"{BASE}/recibo/{numero.strip()}", _READ_RECEIPT_ITEMS
            )
        except NotFoundError:
            return None
        return items or None
