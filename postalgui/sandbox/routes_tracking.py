"""The tracking service (`/srorastro`, API 87), bearer-protected; a token whose `api` list
lacks 87 gets 403 GTW-011. Control routes register objects with a known fate.

    GET /srorastro/v1/objetos?codigosObjetos=A&codigosObjetos=B&resultado=T|U|P
        (the key repeated, or a comma list in one value; duplicates answered once)
    GET /srorastro/v1/objetos/{codigo}?resultado=T
        200 with ``versao, quantidade, resultado, objetos``; per-object SRO-019 (invalid
        code) and SRO-020 (unknown, or not posted yet at the sandbox clock) never fail the
        call. ``resultado`` defaults to T for one object and to U for a list (the api-docs).
        No codes, a ``resultado`` other than T/U/P, or more than ``MAX_CODES`` (50) codes:
        400 with the gateway's ``{"msgs": [...]}`` body. The limit is the operator's api-docs'
        (1 to 50 codes); the codes SRO-001, SRO-002 and SRO-101 and their words are the
        sandbox's own guesses: no operator text names them.

    POST   /_sandbox/tracking/objects  {"codigo", "coProduto", "cepOrigem", "cepDestino",
           "postado": ISO datetime, "destino": on_time|late|awaiting_pickup|returned|lost}
    DELETE /_sandbox/tracking/objects  forgets the registered objects (so does /_sandbox/reset)

Routes are plain functions (run in the thread pool): the first answer of a month builds
the statements' label index (about a second), which must not stall the event loop.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import BaseModel, Field

from postalgui.sandbox.auth import require_api
from postalgui.sandbox.errors import MessageResponse, OperatorError
from postalgui.sandbox.faults import CONTROL_PREFIX
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import local_datetime
from postalgui.sandbox.tokens import TokenClaims
from postalgui.sandbox.tracking import tracking_world
from postalgui.sandbox.tracking.codes import normalize_code
from postalgui.sandbox.tracking.history import fate_of
from postalgui.sandbox.tracking.objects import Fate
from postalgui.sandbox.tracking.wire import RESULTS, answer_json
from postalgui.sandbox.tracking.world import RegistrationError

TRACKING_API = 87
MAX_CODES = 50
"""Codes per call: the operator's api-docs for srorastro (v3.5.38) say 1 to 50."""
SRO_NO_CODES = "SRO-001: Informe ao menos um código de objeto em 'codigosObjetos'"
SRO_BAD_RESULT = "SRO-002: Parâmetro 'resultado' inválido: use T (todos), U (último) ou P (primeiro)"


def sro_too_many(count: int) -> str:
    # SRO-101 and these words are the sandbox's guess: the operator's refusal text is unpublished.
    return f"SRO-101: Quantidade de objetos ({count}) excede o máximo de {MAX_CODES} por consulta"


Claims = Annotated[TokenClaims, Depends(require_api(TRACKING_API, "Rastro"))]
State = Annotated[SandboxState, Depends(get_state)]

router = APIRouter(
    prefix="/srorastro",
    tags=["srorastro"],
    responses={code: {"model": MessageResponse} for code in (400, 401, 403, 500)},
)
control = APIRouter(prefix=f"{CONTROL_PREFIX}/tracking", tags=["sandbox control"])


def split_codes(values: list[str]) -> list[str]:
    """Codes from repeated keys and comma lists, upper case, each once, in order."""
    codes = (normalize_code(part) for value in values for part in value.split(","))
    return list(dict.fromkeys(code for code in codes if code))


def _tracked(state: SandboxState, codes: list[str], result: str) -> Response:
    if not codes:
        raise OperatorError(400, SRO_NO_CODES, causa="Nenhum código de objeto")
    if len(codes) > MAX_CODES:
        raise OperatorError(400, sro_too_many(len(codes)), causa="Lote de objetos grande demais")
    result = result.strip().upper()
    if result not in RESULTS:
        raise OperatorError(400, SRO_BAD_RESULT, causa=f"resultado={result[:10]}")
    now = local_datetime(state.now()).replace(tzinfo=None)
    # Written out here: FastAPI's own encoding walks every value in Python first, which for
    # 50 objects' histories (190 KB) cost more than making them (bench_tracking_refresh.py).
    body = answer_json(tracking_world(state), codes, now, result)
    return Response(body.encode(), media_type="application/json")


@router.get("/v1/objetos")
def track_objects(request: Request, state: State, claims: Claims, resultado: str = "U") -> Response:
    """The objects of ``codigosObjetos`` (repeated key or comma list), at most 50; the last
    event of each unless ``resultado`` says otherwise."""
    return _tracked(state, split_codes(request.query_params.getlist("codigosObjetos")), resultado)


@router.get("/v1/objetos/{codigo}")
def track_object(
    codigo: Annotated[str, Path()], state: State, claims: Claims, resultado: str = "T"
) -> Response:
    """One object, in the same envelope."""
    return _tracked(state, split_codes([codigo]), resultado)


class RegisteredObject(BaseModel):
    """An object to make trackable, with an optional known fate."""

    codigo: str
    coProduto: str
    cepOrigem: str
    cepDestino: str
    postado: datetime = Field(description="ISO date and time; without offset: the operator's local time")
    destino: Fate | None = None


@control.post("/objects")
def register_object(state: State, body: RegisteredObject) -> dict[str, Any]:
    """Register an object; it is tracked from `postado` on, its history follows `destino`."""
    try:
        tracked = tracking_world(state).register(
            body.codigo, body.coProduto, body.cepOrigem, body.cepDestino, body.postado, fate=body.destino
        )
    except RegistrationError as error:
        raise OperatorError(400, str(error), causa="Objeto recusado") from error
    return {
        "codigo": tracked.code,
        "postado": tracked.posted.isoformat(),
        "destino": tracked.fate or fate_of(tracked.code),
    }


@control.delete("/objects")
def forget_objects(state: State) -> dict[str, int]:
    """Forget every registered object (the statements' labels stay)."""
    return {"forgotten": tracking_world(state).forget_registered()}
