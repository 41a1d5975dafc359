"""The pre-posting service (API 36), bearer-protected; a token whose `api` list lacks 36 gets
403 GTW-011. Every pre-posting belongs to the token's company: another company's id is
404. Codes (``PPN-xxx``) and their rules: `prepost.messages`.

    POST   /prepostagem/v1/prepostagens        body as REFERENCE lists; 200 with the record
           (``id`` PR + 22 characters, ``statusAtual`` 2, ``descStatusAtual`` Prepostado,
           ``dataHoraStatusAtual``, ``dataHora``, ``prazoPostagem``, and the body echoed,
           numbers as text; ``codigoObjeto`` once a label gave it one; a return
           (``logisticaReversa`` S, `prepost.returns`) has ``codigoObjeto`` and ``eticket`` at once,
           and ``prazoPostagem`` is the end of its ``dataValidadeLogReversa``)
    GET    /prepostagem/v2/prepostagens?id=&codigoObjeto=&eticket=&status=&logisticaReversa=&page=&size=
           ``{"itens": [...], "page": {size, numberElements, totalPages, number, count, next,
           previous, first, last}}``, newest first; ``page`` from 0, ``size`` 1-100 (default
           50); ``status`` a number (or its word); no filter at all: 400 PPN-035 (the
           sandbox's guess of the operator's refusal)
    GET    /prepostagem/v1/prepostagens/postada?codigoObjeto=   ``{"codigoObjeto", "postado"}``
    DELETE /prepostagem/v1/prepostagens/{id}?idCorreiosSolicitanteCancelamento=LOGIN
           200 with the record, status 5; no requester: 400 PPN-022; posted, cancelled or
           expired: 400 PPN-021; unknown: 404 PPN-020
    POST   /prepostagem/v1/prepostagens/rotulo/assincrono/pdf   ``{idsPrePostagem |
           codigosObjeto, tipoRotulo P|R, formatoRotulo ET|EV, imprimeRemetente S|N,
           layoutImpressao PADRAO|LINEAR_100_150|LINEAR_100_80|LINEAR_A4|LINEAR_A}``: 200
           ``{"idRecibo"}``; each pre-posting without an object code gets one and is tracked
    GET    /prepostagem/v1/prepostagens/rotulo/download/assincrono/{idRecibo}
           200 ``{"idRecibo", "nome": "rotulos-<id>.pdf", "dados": base64 PDF}`` once ready;
           before: 404 PPN-032 with ``Retry-After: 1`` (poll; the sandbox's own code: the
           operator documents none); unknown: 404 PPN-031
    GET    /prepostagem/v1/prepostagens/declaracaoconteudo/{ids}   (comma-separated) text/html

    PUT    /_sandbox/prepost/config  {"rotulo_delay_s": 0}: how long labels requested from
           now on take (default 1 s; back to it on reset)
    GET    /_sandbox/prepost         every pre-posting of the app as the list shows it now
    DELETE /_sandbox/prepost         forgets them and their receipts (so does /_sandbox/reset)
"""

from __future__ import annotations

import base64
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Path, Query, Response
from pydantic import BaseModel, Field

from postalgui.sandbox.auth import require_api
from postalgui.sandbox.errors import MessageResponse, OperatorError
from postalgui.sandbox.faults import CONTROL_PREFIX
from postalgui.sandbox.prepost import label_pdf
from postalgui.sandbox.prepost import messages as m
from postalgui.sandbox.prepost.body import read_body
from postalgui.sandbox.prepost.returns import check_return
from postalgui.sandbox.prepost.rules import check
from postalgui.sandbox.prepost.wire import declaration_html, page, record
from postalgui.sandbox.prepost.world import LabelOptions, prepost_world, status_of
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import local_datetime
from postalgui.sandbox.tokens import TokenClaims

PREPOST_API = 36
DEFAULT_SIZE = 50
MAX_SIZE = 100
LABEL_CHOICES = {
    "tipoRotulo": ("P", "R"),
    "formatoRotulo": ("ET", "EV"),
    "imprimeRemetente": ("S", "N"),
    "layoutImpressao": label_pdf.LAYOUTS,
}

Claims = Annotated[TokenClaims, Depends(require_api(PREPOST_API, "Pré-postagem"))]
State = Annotated[SandboxState, Depends(get_state)]
router = APIRouter(
    prefix="/prepostagem",
    tags=["prepostagem"],
    responses={code: {"model": MessageResponse} for code in (400, 401, 403, 404, 500)},
)
control = APIRouter(prefix=f"{CONTROL_PREFIX}/prepost", tags=["sandbox control"])
BASE = "/v1/prepostagens"


def _now(state: SandboxState) -> datetime:
    return local_datetime(state.now()).replace(tzinfo=None, microsecond=0)


def _refused(error: m.PrepostError) -> OperatorError:
    headers = {"Retry-After": "1"} if error.message.startswith(m.NOT_READY) else None
    return OperatorError(error.status, error.message, headers=headers)


@router.post(BASE)
def create(state: State, token: Claims, body: Annotated[Any, Body()]) -> dict[str, Any]:
    """Check a pre-posting like the operator and keep it (nothing is kept when refused); a
    return (``logisticaReversa`` S) answers its object code and authorization code (``eticket``)."""
    now = _now(state)
    try:
        accepted = check(read_body(body), token, state.config.demo)
        check_return(accepted.body, now.date())
    except m.PrepostError as error:
        raise _refused(error) from error
    return record(prepost_world(state).create(accepted, token.cnpj, now), now)


def _query(status: str, number: int, size: int) -> str:
    if status and m.read_status(status) is None:
        return f"status: use {', '.join(str(number) for number in m.STATUSES)}"
    if number < 0:
        return "page: informe 0 ou mais"
    if not 1 <= size <= MAX_SIZE:
        return f"size: informe de 1 a {MAX_SIZE}"
    return ""


@router.get("/v2/prepostagens")
def listing(
    state: State,
    token: Claims,
    ident: Annotated[str, Query(alias="id")] = "",
    code: Annotated[str, Query(alias="codigoObjeto")] = "",
    eticket: str = "",
    status: str = "",
    reverse: Annotated[str, Query(alias="logisticaReversa")] = "",
    number: Annotated[int, Query(alias="page")] = 0,
    size: int = DEFAULT_SIZE,
) -> dict[str, Any]:
    """The company's pre-postings, newest first, filtered and paged; never unfiltered."""
    if not any(text.strip() for text in (ident, code, eticket, status, reverse)):
        raise OperatorError(
            400,
            f"{m.NO_FILTER}: Informe id, codigoObjeto, eticket ou uma combinação de parâmetros "
            "(status, logisticaReversa) para listar pré-postagens",
        )
    problem = _query(status, number, size)
    if problem:
        raise OperatorError(400, f"{m.BAD_QUERY}: Parâmetro inválido: {problem}")
    wanted = m.read_status(status) if status.strip() else None
    now = _now(state)
    items = [
        item
        for item in prepost_world(state).listed(token.cnpj)
        if (not ident or item.id == ident.strip().upper())
        and (not code or item.code == code.strip().upper())
        and (not eticket.strip() or item.eticket == eticket.strip())
        and (wanted is None or status_of(item, now) == wanted)
        and (not reverse or item.body.logisticaReversa == reverse.strip().upper())
    ]
    return page(items, number, size, now)


@router.get(f"{BASE}/postada")
def posted(
    state: State, token: Claims, wanted: Annotated[str, Query(alias="codigoObjeto")] = ""
) -> dict[str, Any]:
    """Whether the object of a pre-posting was posted (its PO event happened)."""
    code = wanted.strip().upper()
    item = prepost_world(state).by_code(token.cnpj, code) if code else None
    if item is None:
        text = f"Objeto {code[:20]} sem pré-postagem" if code else "informe 'codigoObjeto'"
        raise OperatorError(400, f"{m.NOT_POSTED_QUERY}: {text}")
    return {"codigoObjeto": code, "postado": status_of(item, _now(state)) == m.POSTADO}


@router.delete(f"{BASE}/{{ident}}")
def cancel(
    state: State,
    token: Claims,
    ident: Annotated[str, Path()],
    requester: Annotated[str, Query(alias="idCorreiosSolicitanteCancelamento")] = "",
) -> dict[str, Any]:
    """Cancel a pre-posting not yet posted (its object leaves tracking), naming who asks."""
    if not requester.strip():
        raise OperatorError(
            400, m.field_message(m.NO_REQUESTER, "idCorreiosSolicitanteCancelamento", "informe quem cancela")
        )
    now = _now(state)
    try:
        return record(prepost_world(state).cancel(token.cnpj, ident, now), now)
    except m.PrepostError as error:
        raise _refused(error) from error


def _choice(body: dict[str, Any], name: str, default: str) -> str:
    value = body.get(name, default)
    allowed = LABEL_CHOICES[name]
    if not isinstance(value, str) or value.strip().upper() not in allowed:
        rule = f"use {' ou '.join(allowed)}"
        raise OperatorError(400, m.field_message(m.BAD_LABEL_REQUEST, name, rule))
    return value.strip().upper()


def _texts(body: dict[str, Any], name: str) -> list[str]:
    value = body.get(name) or []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise OperatorError(400, m.field_message(m.BAD_LABEL_REQUEST, name, "informe uma lista de textos"))
    return list(dict.fromkeys(item.strip().upper() for item in value if item.strip()))


@router.post(f"{BASE}/rotulo/assincrono/pdf")
def request_labels(state: State, token: Claims, body: Annotated[dict[str, Any], Body()]) -> dict[str, str]:
    """Issue the labels (object codes assigned now); the PDF is fetched with the receipt."""
    options = LabelOptions(
        label_type=_choice(body, "tipoRotulo", "P"),
        label_format=_choice(body, "formatoRotulo", "ET"),
        print_sender=_choice(body, "imprimeRemetente", "S") == "S",
        layout=_choice(body, "layoutImpressao", "PADRAO"),
    )
    ids, codes = _texts(body, "idsPrePostagem"), _texts(body, "codigosObjeto")
    try:
        receipt = prepost_world(state).request_labels(token.cnpj, ids, codes, options, _now(state))
    except m.PrepostError as error:
        raise _refused(error) from error
    return {"idRecibo": receipt.id}


@router.get(f"{BASE}/rotulo/download/assincrono/{{receipt}}")
def download_labels(state: State, token: Claims, receipt: Annotated[str, Path()]) -> dict[str, str]:
    """The labels' PDF once ready; before, 404 PPN-032 (poll again after Retry-After)."""
    try:
        found, items = prepost_world(state).receipt(token.cnpj, receipt)
        if _now(state) < found.ready_at:
            raise m.PrepostError(f"{m.NOT_READY}: Rótulo do recibo {found.id} em processamento", 404)
    except m.PrepostError as error:
        raise _refused(error) from error
    pdf = label_pdf.labels_pdf(items, found.layout, found.print_sender)
    return {"idRecibo": found.id, "nome": f"rotulos-{found.id}.pdf", "dados": base64.b64encode(pdf).decode()}


@router.get(f"{BASE}/declaracaoconteudo/{{ids}}")
def declaration(state: State, token: Claims, ids: Annotated[str, Path()]) -> Response:
    """The content declaration of each pre-posting (comma-separated ids), as HTML."""
    world = prepost_world(state)
    try:
        items = [world.find(token.cnpj, ident) for ident in ids.split(",") if ident.strip()]
    except m.PrepostError as error:
        raise _refused(error) from error
    return Response(declaration_html(items), media_type="text/html; charset=utf-8")


class PrepostSettings(BaseModel):
    """Live settings of the pre-posting service."""

    rotulo_delay_s: float = Field(ge=0, le=3600, allow_inf_nan=False)


@control.put("/config")
def put_config(state: State, body: PrepostSettings) -> dict[str, float]:
    """How long labels requested from now on take to be ready."""
    prepost_world(state).label_delay_s = body.rotulo_delay_s
    return {"rotulo_delay_s": body.rotulo_delay_s}


@control.get("")
def list_all(state: State) -> list[dict[str, Any]]:
    """Every pre-posting of the app (every company) as the list shows it now."""
    world, now = prepost_world(state), _now(state)
    return [record(item, now) for item in world.everything()]


@control.delete("")
def forget_all(state: State) -> dict[str, int]:
    """Forget every pre-posting and receipt (their objects leave tracking)."""
    return {"forgotten": prepost_world(state).forget()}
