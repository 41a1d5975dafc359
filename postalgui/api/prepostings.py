"""The pre-posting service (API 36; not in the spec: REFERENCE.md, Pre-posting): register
parcels before they reach the counter, list and cancel them, and have the operator
issue their labels (which assigns each its object code).

Every order is checked before it is sent (rules ``shipping.*``): one bad field names
itself and nothing goes out. Creating is a POST and is never retried (a repeat would
register the parcel twice); lists, cancels and downloads are retried as the transport
retries them. The operator's label is asynchronous: a request answers a receipt
(``idRecibo``) and the PDF is downloaded from it once ready (`download_labels` answers
``None`` until then).
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from postalgui.api.client import OperatorClient
from postalgui.api.errors import InvalidResponseError, NotFoundError, PermissionDeniedError
from postalgui.api.models.prepostings import (
    OperatorLayout,
    Order,
    Preposting,
    PrepostingAnswer,
    PrepostingStatus,
)
from postalgui.api.records import answer_reader
from postalgui.api.tokens import TokenScope
from postalgui.api.values import pad_card_number
from postalgui.api.values.object_codes import parse_object_code
from postalgui.api.values.shipping import checked_order

__all__ = ["PREPOSTING_API", "PrepostingClient", "PrepostingNotEnabledError"]

PREPOSTING_API = 36
"""The pre-posting service's id in a token's ``api`` list."""
BASE = "/prepostagem/v1/prepostagens"
LIST = "/prepostagem/v2/prepostagens"
PAGE_SIZE = 50
NOT_READY = "PPN-032"
"""A label download's 404 while the PDF is being made (an unknown receipt is another code)."""


class PrepostingNotEnabledError(PermissionDeniedError):
    """403: the posting card's token does not include pre-posting (API 36)."""

    def __str__(self) -> str:
        return (
            f"{super().__str__()}. The posting card does not include pre-posting (API {PREPOSTING_API}): "
            "ask the operator to enable it for the card."
        )


class _Page(BaseModel):
    model_config = ConfigDict(extra="ignore")

    itens: list[PrepostingAnswer] = Field(default_factory=list)
    page: dict[str, Any] = Field(default_factory=dict)


class _Receipt(BaseModel):
    model_config = ConfigDict(extra="ignore")

    idRecibo: str = ""


class _Posted(BaseModel):
    model_config = ConfigDict(extra="ignore")

    postado: bool = False


class _Download(BaseModel):
    model_config = ConfigDict(extra="ignore")

    dados: str | None = None


_READ_ONE = answer_reader(PrepostingAnswer, "pre-posting")
_READ_PAGE = answer_reader(_Page, "pre-posting list")
_READ_RECEIPT = answer_reader(_Receipt, "label receipt")
_READ_POSTED = answer_reader(_Posted, "posting")
_READ_DOWNLOAD = answer_reader(_Download, "label")


class PrepostingClient:
    """Pre-posting calls with the card's token (the scope prices and tracking use)."""

    def __init__(self, client: OperatorClient, *, scope: TokenScope | None = None) -> None:
        self.client = client
        self.scope = scope

    def _call(self, method: str, path: str, read: Any, **kwargs: Any) -> Any:
        try:
            return self.client.call_read(method, path, read, scope=self.scope, **kwargs)
        except PermissionDeniedError as exc:
            raise PrepostingNotEnabledError(
                exc.messages, status=exc.status or 403, cause=exc.cause, path=exc.path
            ) from exc

    def create(self, order: Order, card: str) -> Preposting:
        """Register ``order`` on posting card ``card``; `InvalidValue` before sending when a
        field breaks a rule. The answer's order is the one sent when the operator leaves it out."""
        checked = checked_order(order)
        body = checked.to_wire(pad_card_number(card))
        answer = self._call("POST", BASE, _READ_ONE, json_body=body).preposting()
        if not answer.id:
            raise InvalidResponseError("Invalid pre-posting answer from the operator: no id")
        return answer if answer.order is not None else _with_order(answer, checked)

    def list(
        self,
        *,
        status: PrepostingStatus | None = None,
        object_code: str | None = None,
        id: str | None = None,
        page: int = 0,
        size: int = PAGE_SIZE,
    ) -> tuple[list[Preposting], int]:
        """One page of pre-postings (newest first) and how many pages there are."""
        params: dict[str, str] = {"page": str(page), "size": str(size)}
        if status is not None:
            params["status"] = status.value
        if object_code:
            params["codigoObjeto"] = parse_object_code(object_code)
        if id:
            params["id"] = id.strip()
        answer = self._call("GET", LIST, _READ_PAGE, params=params)
        pages = answer.page.get("totalPages", 1)
        return [item.preposting() for item in answer.itens], int(pages) if str(pages).isdigit() else 1

    def cancel(self, id: str) -> None:
        """Cancel pre-posting ``id`` (a posted or cancelled one is refused with the operator's words)."""
        self._call("DELETE", f"{BASE}/{id.strip()}", lambda response: None)

    def posted(self, object_code: str) -> bool:
        """Whether the object was posted at a counter."""
        params = {"codigoObjeto": parse_object_code(object_code)}
        return bool(self._call("GET", f"{BASE}/postada", _READ_POSTED, params=params).postado)

    def request_labels(self, ids: Sequence[str], layout: OperatorLayout, *, sender: bool = True) -> str:
        """Ask the operator to issue the labels of pre-postings ``ids`` (this assigns their
        object codes); answers the receipt to download them with."""
        body = {
            "idsPrePostagem": list(ids),
            "tipoRotulo": "P",
            "formatoRotulo": "ET",
            "imprimeRemetente": "S" if sender else "N",
            "layoutImpressao": layout.value,
        }
        receipt = self._call("POST", f"{BASE}/rotulo/assincrono/pdf", _READ_RECEIPT, json_body=body).idRecibo
        if not receipt:
            raise InvalidResponseError("Invalid label answer from the operator: no receipt (idRecibo)")
        return str(receipt)

    def download_labels(self, receipt: str) -> bytes | None:
        """The labels' PDF of ``receipt``, or ``None`` while the operator is still making it."""
        try:
            answer = self._call("GET", f"{BASE}/rotulo/download/assincrono/{receipt}", _READ_DOWNLOAD)
        except NotFoundError as exc:
            if exc.code == NOT_READY:
                return None
            raise
        if not answer.dados:
            return None
        try:
            return base64.b64decode(answer.dados, validate=True)
        except (binascii.Error, ValueError):
            raise InvalidResponseError(
                "Invalid label answer from the operator: the PDF is not base64"
            ) from None

    def declaration_html(self, ids: Sequence[str]) -> str:
        """The operator's content declaration of ``ids``, as the HTML it answers."""
        response = self._call("GET", f"{BASE}/declaracaoconteudo/{','.join(ids)}", lambda response: response)
        return str(response.text)


def _with_order(answer: Preposting, order: Order) -> Preposting:
    return Preposting(
        answer.id, answer.object_code, answer.status, answer.created_at, answer.expires_at, order
    )
