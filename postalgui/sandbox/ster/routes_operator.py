"""The registration system's routes for partners (``/ster/api/v1/atendimentos``, spec 002 4.1).

- ``GET .../numerocontrato/{c}/chaveOperador/{code}``: the code's 2.1 fields, also for
  an expired code (the partner shows its age). The code's ``/`` arrives decoded from
  ``%2F``, hence the ``path`` converter.
- ``POST .../registra`` (model 2): one attendance per code, protocol under both
  ``numeroProtocolo`` and ``protocolo`` (the spec's table and example differ).
- ``POST .../simulaPrestacaoServico``: the spec's model call, answering as a partner.
- ``GET .../numerocontrato/{c}/protocolo/{p}/detalhes``: what working partners read
  (REFERENCE.md).
- ``GET .../numerocontrato/{c}/data/{YYYY-MM-DD}``: the day's attendances for the
  reconciliation after 22:00. The spec names this operation but does not show it: path
  and shape are the sandbox's design.

Errors are ``{"codigo", "mensagem"}`` (`SterRoute`); auth is Basic or Bearer.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends
from fastapi.responses import JSONResponse

from postalgui.sandbox.demo_account import STER_CONTRACT
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.ster.auth import require_partner
from postalgui.sandbox.ster.codes import CODE_LIFETIME_MS, InvalidCodeError
from postalgui.sandbox.ster.errors import SterError, SterRoute
from postalgui.sandbox.ster.registration import parse_registration
from postalgui.sandbox.ster.store import Attendance, SterStore, ster_store

TAG = "registration system (STER)"
RECONCILIATION_TAG = "registration system: daily reconciliation (sandbox design)"
OPENAPI_TAGS: list[dict[str, Any]] = [
    {"name": TAG, "description": "Spec 002: operator codes, model-2 registration, attendance details."},
    {
        "name": RECONCILIATION_TAG,
        "description": "The day's attendances and their situation. Spec 002 names this query but does not"
        " show it: path and fields are the sandbox's own design.",
    },
]
REGISTERED = "Atendimento registrado com sucesso"
REVERTED = "Falha no processamento do atendimento; o registro foi estornado. Inicie um novo atendimento."
CONTRACT_LENGTH = 12
_STER_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"description": '{"codigo": <status>, "mensagem": "..."}'} for status in (400, 401, 404, 500)
}


def _router(tag: str) -> APIRouter:
    return APIRouter(
        prefix="/ster/api/v1/atendimentos",
        tags=[tag],
        route_class=SterRoute,
        dependencies=[Depends(require_partner)],
        responses=_STER_ERRORS,
    )


router = _router(TAG)
reconciliation = _router(RECONCILIATION_TAG)
State = Annotated[SandboxState, Depends(get_state)]
JsonBody = Annotated[dict[str, Any] | None, Body()]


def _check_contract(numerocontrato: str) -> None:
    if len(numerocontrato) != CONTRACT_LENGTH:
        raise SterError(400, f"Número do contrato deve ter {CONTRACT_LENGTH} caracteres")
    if numerocontrato != STER_CONTRACT:
        raise SterError(404, f"Contrato {numerocontrato} não encontrado")


def _open(store: SterStore, code: str) -> dict[str, Any]:
    try:
        return store.cipher.open(code)
    except InvalidCodeError as exc:
        raise SterError(400, "Código do operador inválido") from exc


@router.get("/numerocontrato/{numerocontrato}/chaveOperador/{chave:path}")
async def decrypt_code(state: State, numerocontrato: str, chave: str) -> dict[str, Any]:
    """The decrypted operator code (spec 002 2.1), expired or not."""
    _check_contract(numerocontrato)
    return _open(ster_store(state), chave)


@router.post("/registra")
async def register(state: State, body: JsonBody = None) -> dict[str, Any]:
    """Model 2: the partner registers the service it provided; answers the protocol."""
    store = ster_store(state)
    registration = parse_registration(body or {})
    fields = _open(store, registration.code)
    now = state.now()
    if now * 1000 > int(fields["time"]) + CODE_LIFETIME_MS:
        raise SterError(400, "Código do operador expirado; inicie um novo atendimento")
    if not store.use_code(int(fields["ateNu"])):
        raise SterError(400, "Código do operador já utilizado; inicie um novo atendimento")
    protocolo = store.new_protocol(now)
    attendance = Attendance(
        protocolo=protocolo,
        modelo=2,
        status="P",
        started=int(fields["time"]) / 1000,
        unit_mcmcu=str(fields["mcmcuAgencia"]),
        caixa=int(fields["numeroCaixa"]),
        valor=registration.valor,
        quantidade=registration.quantidade,
        cliente=registration.cliente,
        chave_cliente=registration.chave_cliente,
        texto_ticket=registration.texto_ticket,
    )
    if store.take_failure():
        store.add(replace(attendance, status="E", concluded=now))
        raise SterError(500, REVERTED)
    store.add(attendance)
    return {"codigo": 0, "mensagem": REGISTERED, "numeroProtocolo": protocolo, "protocolo": protocolo}


def _ticket(form: dict[str, Any]) -> str:
    """Form fields as ticket lines of at most 50 characters joined by ``+`` (spec 002 2.4)."""
    return "+".join(f"{key}: {value}"[:50] for key, value in form.items())[:4000]


@router.post("/simulaPrestacaoServico")
async def simulate_service(body: JsonBody = None) -> JSONResponse:
    """Answers as a partner's registration endpoint would: 200 for ``sucesso`` 00, else 400."""
    body = body or {}
    ok = str(body.get("sucesso", "")) == "00"
    protocolo = str(body.get("protocolo", ""))
    form = {key: value for key, value in body.items() if key not in ("sucesso", "protocolo")}
    answer = {
        "codigo_retorno": "00" if ok else "99",
        "descricao_retorno": "Serviço prestado com sucesso (simulação)"
        if ok
        else "Serviço não prestado (simulação)",
        "valor": "",
        "texto_ticket": _ticket(form),
        "chave_cliente": f"SIM-{protocolo}"[:30] if protocolo else "",
    }
    return JSONResponse(answer, status_code=200 if ok else 400)


@router.get("/numerocontrato/{numerocontrato}/protocolo/{protocolo}/detalhes")
async def attendance_details(state: State, numerocontrato: str, protocolo: str) -> dict[str, Any]:
    """One attendance and its situation (P, F, C or E)."""
    _check_contract(numerocontrato)
    attendance = ster_store(state).get(protocolo)
    if attendance is None:
        raise SterError(404, "Protocolo não encontrado")
    return attendance.record()


@reconciliation.get("/numerocontrato/{numerocontrato}/data/{dia}")
async def attendances_of_day(state: State, numerocontrato: str, dia: str) -> dict[str, Any]:
    """Sandbox design (the spec does not show this query): the attendances started on `dia`
    (YYYY-MM-DD, operator time UTC-03:00, sandbox clock), each as its detail record."""
    _check_contract(numerocontrato)
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", dia):
            raise ValueError(dia)
        day = date.fromisoformat(dia)
    except ValueError as exc:
        raise SterError(400, "Data inválida: use AAAA-MM-DD") from exc
    return {"data": day.isoformat(), "atendimentos": [a.record() for a in ster_store(state).on_day(day)]}
