"""Control routes of the simulated counter (``/_sandbox/ster``): what a partner's tests drive.

Never faulted, and behind the control key when the sandbox is served beyond
loopback, like every ``/_sandbox`` route. The routes that call the partner are plain
``def``: FastAPI runs them in a worker thread, so a slow partner (up to the 10-s
timeout) never blocks the event loop that also serves the partner's own calls back.

- ``PUT``/``GET /partner``: where and how to reach the partner (GET hides secrets).
- ``POST /attendances``: model 1 (attendance plus form delivery) or model 2 (a code).
- ``POST /attendances/{p}/finish``: F, C or E, then the confirmation callback.
- ``POST /attendances/{p}/callback``: one more raw callback, situation unchanged (the
  protocol need not exist: a partner must cope with callbacks it never expected).
- ``POST /attendances/{p}/amount``: change the operator's amount (reconciliation drills).
- ``POST /fail-next-register``: the next N registrations answer 500 and are reversed.
- ``GET /attendances``: every attendance as its detail record.
"""

from __future__ import annotations

import ssl
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends
from pydantic import BaseModel, Field

from postalgui.sandbox.errors import GTW_VALIDATION, OperatorError
from postalgui.sandbox.faults import CONTROL_PREFIX
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.ster import counter
from postalgui.sandbox.ster.partner import PartnerConfig
from postalgui.sandbox.ster.store import SterStore, ster_store

router = APIRouter(prefix=f"{CONTROL_PREFIX}/ster", tags=["sandbox control"])
State = Annotated[SandboxState, Depends(get_state)]
MAX_FAIL_NEXT = 1_000_000


class StartAttendance(BaseModel):
    """A new attendance: model 1 (form fields, delivered unless `deliver` is false) or 2."""

    model: Literal[1, 2] = 1
    form: dict[str, Any] = Field(default_factory=dict)
    deliver: bool = True


class Finish(BaseModel):
    """How the counter ends an attendance, and whether the partner is told."""

    outcome: Literal["concluded", "cancelled", "reversed"]
    callback: bool = True


class Callback(BaseModel):
    """A raw confirmation code to send (00 confirmed, 99 not; any two digits go)."""

    codigoConfirmacao: str = Field(pattern=r"^\d{2}$")


class Amount(BaseModel):
    """The operator's recorded amount, digits in cents."""

    valorServico: str = Field(pattern=r"^\d{0,10}$")


class FailNextRegister(BaseModel):
    count: int = Field(default=1, ge=0, le=MAX_FAIL_NEXT)


def _store(state: State) -> SterStore:
    return ster_store(state)


Store = Annotated[SterStore, Depends(_store)]


@router.get("/partner")
async def get_partner(store: Store) -> dict[str, Any]:
    return store.partner.config.public()


@router.put("/partner")
async def put_partner(store: Store, body: PartnerConfig) -> dict[str, Any]:
    """Replace the partner configuration (omitted fields: the demo partner's); forgets the token."""
    try:
        store.set_partner(body)
    except (ssl.SSLError, ValueError) as exc:
        raise OperatorError(400, f"{GTW_VALIDATION}: certificate or key PEM does not load ({exc})") from exc
    return body.public()


@router.post("/attendances")
def start_attendance(
    state: State, store: Store, body: Annotated[StartAttendance | None, Body()] = None
) -> dict[str, Any]:
    request = body or StartAttendance()
    if request.model == 2:
        return counter.issue_code(state, store)
    return counter.start_form_attendance(state, store, request.form, deliver=request.deliver)


@router.get("/attendances")
async def list_attendances(store: Store) -> dict[str, Any]:
    return {"atendimentos": [attendance.record() for attendance in store.all()]}


@router.post("/attendances/{protocolo}/finish")
def finish_attendance(state: State, store: Store, protocolo: str, body: Finish) -> dict[str, Any]:
    return counter.finish(state, store, protocolo, body.outcome, callback=body.callback)


@router.post("/attendances/{protocolo}/callback")
def send_callback(store: Store, protocolo: str, body: Callback) -> dict[str, Any]:
    return counter.send_confirmation(store, protocolo, body.codigoConfirmacao)


@router.post("/attendances/{protocolo}/amount")
async def change_amount(store: Store, protocolo: str, body: Amount) -> dict[str, Any]:
    changed = store.update(protocolo, valor=body.valorServico)
    if changed is None:
        raise OperatorError(404, f"Protocolo {protocolo} não encontrado")
    return changed.record()


@router.post("/fail-next-register")
async def fail_next_register(
    store: Store, body: Annotated[FailNextRegister | None, Body()] = None
) -> dict[str, int]:
    return {"fail_next_register": store.fail_next((body or FailNextRegister()).count)}
