"""Proof of delivery (`/srorastro`, API 87), bearer-protected as tracking is: a token whose
`api` list lacks 87 gets 403 GTW-011. Only objects delivered at the sandbox clock's now
have proof (`tracking.proofs`).

    GET  /srorastro/v1/ar-digital?objetos=A,B   (a comma list, or the key repeated; at most 10)
         200 ``[{objeto, dataBaixa, contentType, imagemBase64}]`` of the delivered objects
         with the AR service (PNG); none of them: 404 SRO-030; no codes, more than 10, or a
         code of the wrong form: 400
    POST /srorastro/v1/objetos/imagens   body: a JSON array of codes (at most 50)
         202 ``{numero, dtCriacao, dtValidade, qtdObjetos, resultado, idioma}``
    GET  /srorastro/v1/recibo/{numero}
         200 ``[{objeto, observacao, imagens: [{imagem, comentario}]}]`` once ready (the
         delivered objects of the request: a facade photo stand-in, JPEG, and the
         signature, PNG); before: 404 SRO-032 with ``Retry-After: 1``; unknown: 404 SRO-031

    PUT  /_sandbox/tracking/proof-config  {"imagens_delay_s": 2}: how long images asked from
         now on take (default 2 s; back to it on reset)

The codes SRO-030 to SRO-033 and their words are the sandbox's own guesses: the operator
publishes none for these calls.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from postalgui.sandbox.errors import MessageResponse, OperatorError
from postalgui.sandbox.faults import CONTROL_PREFIX
from postalgui.sandbox.routes_tracking import Claims, State, split_codes
from postalgui.sandbox.state import SandboxState
from postalgui.sandbox.timefmt import local_datetime
from postalgui.sandbox.tracking import tracking_world
from postalgui.sandbox.tracking.codes import valid_code
from postalgui.sandbox.tracking.proofs import ProofWorld, proof_world, receipt_record

AR_DIGITAL_MAX = 10
"""Codes per ``ar-digital`` call (REFERENCE.md: at most 10)."""
IMAGES_MAX = 50
"""Codes per request for images: the operator publishes none; the sandbox takes tracking's 50."""
SRO_NO_AR = "SRO-030: Nenhum AR digital encontrado para os objetos informados"
SRO_UNKNOWN_RECEIPT = "SRO-031: Recibo não encontrado"
SRO_NOT_READY = "SRO-032: Imagens do recibo em processamento"
SRO_BAD_CODES = "SRO-033: Informe de 1 a {most} códigos de objeto válidos"

router = APIRouter(
    prefix="/srorastro",
    tags=["srorastro"],
    responses={code: {"model": MessageResponse} for code in (400, 401, 403, 404, 500)},
)
control = APIRouter(prefix=f"{CONTROL_PREFIX}/tracking", tags=["sandbox control"])


def _world(state: SandboxState) -> ProofWorld:
    return proof_world(state, tracking_world(state))


def _checked(codes: list[str], most: int) -> list[str]:
    if not codes or len(codes) > most or not all(valid_code(code) for code in codes):
        raise OperatorError(400, SRO_BAD_CODES.format(most=most), causa="Lista de objetos inválida")
    return codes


def _now(state: SandboxState) -> Any:
    return local_datetime(state.now()).replace(tzinfo=None)


@router.get("/v1/ar-digital")
def ar_digital(request: Request, state: State, claims: Claims) -> list[dict[str, Any]]:
    """The AR digital of each delivered object of ``objetos`` that had the service."""
    codes = _checked(split_codes(request.query_params.getlist("objetos")), AR_DIGITAL_MAX)
    world, now = _world(state), _now(state)
    found = [record for record in (world.ar_record(code, now) for code in codes) if record is not None]
    if not found:
        raise OperatorError(404, SRO_NO_AR, causa="Sem AR digital")
    return found


@router.post("/v1/objetos/imagens", status_code=202)
def ask_images(state: State, claims: Claims, body: Annotated[Any, Body()]) -> dict[str, Any]:
    """A receipt for the delivery images of the codes sent (a JSON array)."""
    if isinstance(body, dict):  # some clients wrap the list
        body = body.get("objetos")
    if not isinstance(body, list) or not all(isinstance(code, str) for code in body):
        raise OperatorError(400, SRO_BAD_CODES.format(most=IMAGES_MAX), causa="Corpo: uma lista de códigos")
    codes = _checked(split_codes(body), IMAGES_MAX)
    return receipt_record(_world(state).ask(codes, _now(state)))


@router.get("/v1/recibo/{numero}")
def receipt(numero: Annotated[str, Path()], state: State, claims: Claims) -> Any:
    """The receipt's delivery images once ready."""
    world, now = _world(state), _now(state)
    found = world.receipt(numero)
    if found is None:
        raise OperatorError(404, SRO_UNKNOWN_RECEIPT, causa=f"recibo {numero[:20]}")
    if now < found.ready_at:
        raise OperatorError(404, SRO_NOT_READY, causa="Em processamento", headers={"Retry-After": "1"})
    return JSONResponse(world.items(found, now))


class ProofSettings(BaseModel):
    """Live settings of proof of delivery."""

    imagens_delay_s: float = Field(ge=0, le=3600, allow_inf_nan=False)


@control.put("/proof-config")
def put_proof_config(state: State, body: ProofSettings) -> dict[str, float]:
    """How long the delivery images asked from now on take to be ready."""
    _world(state).images_delay_s = body.imagens_delay_s
    return {"imagens_delay_s": body.imagens_delay_s}
