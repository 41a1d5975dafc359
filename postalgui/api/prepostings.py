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
from dataclasses import replace
from typing import Any

import requests
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
from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.object_codes import parse_object_code
from postalgui.api.values.shipping import checked_order

__all__ = ["PREPOSTING_API", "PrepostingClient", "PrepostingNotEnabledError"]

PREPOSTING_API = 36
"""The pre-posting service's id in a token's ``api`` list."""
BASE = "/prepostagem/v1/prepostagens"
LIST = "/prepostagem/v2/prepostagens"
PAGE_SIZE = 50
SANDBOX_NOT_READY = "PPN-032"
"""The sandbox's own code for a label still being made (the operator documents none): read
like any other not-ready answer, never relied on."""


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


_READ_ANSWER = answer_reader(PrepostingAnswer, "pre-posting")
_READ_PAGE = answer_reader(_Page, "pre-posting list")
_READ_RECEIPT = answer_reader(_Receipt, "label receipt")
_READ_POSTED = answer_reader(_Posted, "posting")
_READ_DOWNLOAD_BODY = answer_reader(_Download, "label")


def _lacking(response: requests.Response, answer: str, lacks: str) -> InvalidResponseError:
    """An answer read but lacking what makes it one: the operator took the call, the
    transport keeps its text."""
    return InvalidResponseError(
        f"Invalid {answer} answer from the operator (HTTP {response.status_code}): {lacks}",
        status=response.status_code,
    )


def _read_created(response: requests.Response) -> PrepostingAnswer:
    """The create answer; one without an id is unreadable (the operator took it: the
    transport keeps its text)."""
    answer = _READ_ANSWER(response)
    if not answer.id.strip():
        raise _lacking(response, "pre-posting", "no id")
    return answer


def _read_download(response: requests.Response) -> _Download:
    """A label download's answer; an empty body is "not ready yet"."""
    if not response.content.strip():
        return _Download()
    return _READ_DOWNLOAD_BODY(response)


def _read_cancelled(response: requests.Response) -> Preposting | None:
    """A cancel's answer, when it is the record (the cancel was done whatever it says)."""
    try:
        answer = PrepostingAnswer.model_validate_json(response.content)
    except ValueError:
        return None
    return answer.preposting() if answer.id.strip() else None


def _read_receipt(response: requests.Response) -> _Receipt:
    receipt = _READ_RECEIPT(response)
    if not receipt.idRecibo.strip():
        raise _lacking(response, "label", "no receipt (idRecibo)")
    return receipt


class PrepostingClient:
    """Pre-posting calls with the card's token (the scope prices and tracking use)."""

    def __init__(self, client: OperatorClient, *, scope: TokenScope | None = None) -> None:
        self.client = client
        self.scope = scope
        self.last_wait = ""
        """The operator's words of the last not-ready label download (for a timeout's message)."""

    def _call(self, method: str, path: str, read: Any, **kwargs: Any) -> Any:
        try:
            return self.client.call_read(method, path, read, scope=self.scope, **kwargs)
        except PermissionDeniedError as exc:
            raise PrepostingNotEnabledError(
                exc.messages, status=exc.status or 403, cause=exc.cause, path=exc.path
            ) from exc

    @staticmethod
    def body(order: Order, card: str) -> dict[str, Any]:
        """What `create` sends for ``order`` (checked: `InvalidValue` naming the field)."""
        return checked_order(order).to_wire(pad_card_number(card))

    def create(self, order: Order, card: str) -> Preposting:
        """Register ``order`` on posting card ``card``; `InvalidValue` before sending when a
        field breaks a rule. The answer's order is the one sent when the operator leaves it out.
        A 2xx it cannot read (no id, a status that is no number) is `InvalidResponseError`
        with ``delivered`` and the answer's text (``raw``)."""
        checked = checked_order(order)
        body = checked.to_wire(pad_card_number(card))
        answer: Preposting = self._call("POST", BASE, _read_created, json_body=body).preposting()
        return answer if answer.order is not None else replace(answer, order=checked)

    def list(
        self,
        *,
        status: PrepostingStatus | None = None,
        object_code: str | None = None,
        id: str | None = None,
        eticket: str | None = None,
        reverse: bool | None = None,
        page: int = 0,
        size: int = PAGE_SIZE,
    ) -> tuple[list[Preposting], int]:
        """One page of pre-postings (newest first) and how many pages there are: of one id,
        object code or eticket, or of a status and/or returns (``reverse``: ``logisticaReversa``
        S or N) page by page; never unfiltered (`InvalidValue`, nothing sent)."""
        params: dict[str, str] = {}
        if id and id.strip():
            params["id"] = id.strip()
        if object_code and object_code.strip():
            params["codigoObjeto"] = parse_object_code(object_code)
        if eticket and eticket.strip():
            params["eticket"] = eticket.strip()
        if status is not None:
            params["status"] = status.value
        if reverse is not None:
            params["logisticaReversa"] = "S" if reverse else "N"
        if not params:
            raise InvalidValue(
                "shipping.required", "", field="id, codigoObjeto, eticket, status or logisticaReversa"
            )
        params.update(page=str(page), size=str(size))
        answer = self._call("GET", LIST, _READ_PAGE, params=params)
        pages = answer.page.get("totalPages", 1)
        return [item.preposting() for item in answer.itens], int(pages) if str(pages).isdigit() else 1

    def cancel(self, id: str, requester: str) -> Preposting | None:
        """Cancel pre-posting ``id`` as ``requester`` (the identity-portal login: the
        operator's ``idCorreiosSolicitanteCancelamento``); a posted or cancelled one is
        refused with the operator's words. Answers the pre-posting as the operator now has
        it when its answer says so (``None`` when the answer is empty or not a record)."""
        if not requester.strip():
            raise InvalidValue("shipping.required", "", field="idCorreiosSolicitanteCancelamento")
        params = {"idCorreiosSolicitanteCancelamento": requester.strip()}
        answer: Preposting | None = self._call(
            "DELETE", f"{BASE}/{id.strip()}", _read_cancelled, params=params
        )
        return answer

    def posted(self, object_code: str) -> bool:
        """Whether the object was posted at a counter."""
        params = {"codigoObjeto": parse_object_code(object_code)}
        return bool(self._call("GET", f"{BASE}/postada", _READ_POSTED, params=params).postado)

    @staticmethod
    def label_body(ids: Sequence[str], layout: OperatorLayout, *, sender: bool = True) -> dict[str, Any]:
        """What `request_labels` sends."""
        return {
            "idsPrePostagem": list(ids),
            "tipoRotulo": "P",
            "formatoRotulo": "ET",
            "imprimeRemetente": "S" if sender else "N",
            "layoutImpressao": layout.value,
        }

    def request_labels(self, ids: Sequence[str], layout: OperatorLayout, *, sender: bool = True) -> str:
        """Ask the operator to issue the labels of pre-postings ``ids`` (this assigns their
        object codes); answers the receipt to download them with."""
        body = self.label_body(ids, layout, sender=sender)
        answer = self._call("POST", f"{BASE}/rotulo/assincrono/pdf", _read_receipt, json_body=body)
        return str(answer.idRecibo)

    def download_labels(self, receipt: str) -> bytes | None:
        """The labels' PDF of ``receipt``, or ``None`` while it is not there yet: a 404 (with
        whatever code: the operator documents none; `last_wait` keeps its words), a 200
        without ``dados``, an empty body."""
        self.last_wait = ""
        try:
            answer = self._call("GET", f"{BASE}/rotulo/download/assincrono/{receipt}", _read_download)
        except NotFoundError as exc:
            self.last_wait = str(exc)
            return None
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
