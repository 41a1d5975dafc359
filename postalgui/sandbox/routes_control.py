"""Control endpoints under `/_sandbox` for tests and demos.

Never faulted, and open on loopback (where the app and the tests run it): these exist
so a test can script failures, read counters, revoke tokens or shorten their lifetime
over the same HTTP the client uses. A sandbox served beyond loopback
(``postalgui sandbox --allow-remote``) requires its control key in ``X-Sandbox-Key``
for all of them (`remote.ControlKeyMiddleware`).

Invoice processing: ``PUT /config`` also sets ``processing_delay_s`` and
``file_lifetime_s``; ``POST /processing/fail-next`` makes the next processings end in
ERRO; ``DELETE /processing`` forgets them all. ``POST /clock/advance {"seconds": N}``
moves the sandbox clock (tokens, invoice dates, processing states and file expiry
all follow it); ``POST /clock/reset`` puts it back.

``POST /reset`` puts everything above back as the sandbox started: what tests that
share one sandbox call between them.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends
from pydantic import BaseModel, Field

from postalgui.sandbox.errors import GTW_VALIDATION, OperatorError
from postalgui.sandbox.faults import CONTROL_PREFIX, FaultConfig, ScriptedFault
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import format_local

State = Annotated[SandboxState, Depends(get_state)]
router = APIRouter(prefix=CONTROL_PREFIX, tags=["sandbox control"])


MAX_SPAN_S = 50 * 365 * 86400
"""Longest lifetime, delay or clock offset accepted (about 50 years): beyond it the
sandbox's dates would leave what a timestamp can be written as."""
MAX_FAIL_NEXT = 1_000_000


class ConfigUpdate(BaseModel):
    """Live settings that can change while the sandbox runs."""

    token_lifetime_s: int | None = Field(default=None, ge=-MAX_SPAN_S, le=MAX_SPAN_S)
    processing_delay_s: float | None = Field(default=None, ge=0, le=MAX_SPAN_S, allow_inf_nan=False)
    file_lifetime_s: int | None = Field(default=None, ge=0, le=MAX_SPAN_S)


class ClockAdvance(BaseModel):
    """How far to move the sandbox clock (negative goes back)."""

    seconds: float = Field(ge=-MAX_SPAN_S, le=MAX_SPAN_S, allow_inf_nan=False)


class FailNext(BaseModel):
    """How many of the next invoice processings end in ERRO."""

    count: int = Field(default=1, ge=0, le=MAX_FAIL_NEXT)


def _bad_control_body(exc: ValueError) -> OperatorError:
    return OperatorError(400, f"{GTW_VALIDATION}: {exc}")


@router.get("/health")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/faults")
async def get_faults(state: State) -> dict[str, Any]:
    return state.faults.config.to_dict()


@router.put("/faults")
async def put_faults(state: State, body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
    """Replace the whole fault setup: new random settings (re-seeded), script emptied."""
    try:
        config = FaultConfig.from_mapping(body)
    except ValueError as exc:
        raise _bad_control_body(exc) from exc
    state.faults.replace(config)
    state.faults.clear_script()
    return config.to_dict()


@router.get("/faults/script")
async def get_script(state: State) -> dict[str, Any]:
    return {"pending": state.faults.pending()}


@router.post("/faults/script")
async def add_script(
    state: State, body: Annotated[dict[str, Any] | list[dict[str, Any]], Body()]
) -> dict[str, Any]:
    """Queue forced outcomes (one object or a list) for the next matching requests."""
    items = body if isinstance(body, list) else [body]
    try:
        scripted = [ScriptedFault.from_mapping(item) for item in items]
    except ValueError as exc:
        raise _bad_control_body(exc) from exc
    state.faults.add_script(scripted)
    return {"pending": state.faults.pending()}


@router.delete("/faults/script")
async def clear_script(state: State) -> dict[str, Any]:
    state.faults.clear_script()
    return {"pending": []}


@router.get("/stats")
async def get_stats(state: State) -> dict[str, Any]:
    return state.stats.snapshot()


@router.post("/stats/reset")
async def reset_stats(state: State) -> dict[str, Any]:
    state.stats.reset()
    return state.stats.snapshot()


@router.post("/tokens/revoke")
async def revoke_tokens(state: State) -> dict[str, int]:
    """Every token issued before this call is refused from now on (GTW-008)."""
    return {"epoch": state.revoke_tokens()}


def _config_view(state: SandboxState) -> dict[str, Any]:
    return {
        "token_lifetime_s": state.token_lifetime_s,
        "processing_delay_s": state.processing_delay_s,
        "file_lifetime_s": state.file_lifetime_s,
        "ambiente": state.config.ambiente,
        "epoch": state.epoch,
    }


@router.get("/config")
async def get_config(state: State) -> dict[str, Any]:
    return _config_view(state)


@router.put("/config")
async def put_config(state: State, body: ConfigUpdate) -> dict[str, Any]:
    """Change the lifetime of tokens issued from now on (zero or less: born expired), the
    delay of invoice processings requested from now on, or how long their files live."""
    if body.token_lifetime_s is not None:
        state.token_lifetime_s = body.token_lifetime_s
    if body.processing_delay_s is not None:
        state.processing_delay_s = body.processing_delay_s
    if body.file_lifetime_s is not None:
        state.file_lifetime_s = body.file_lifetime_s
    return _config_view(state)


def _clock_view(state: SandboxState) -> dict[str, Any]:
    return {"now": format_local(state.now()), "offset_s": state.clock_offset_s}


@router.get("/clock")
async def get_clock(state: State) -> dict[str, Any]:
    """The sandbox's time (operator time zone) and its offset from the real clock."""
    return _clock_view(state)


@router.post("/clock/advance")
async def advance_clock(state: State, body: ClockAdvance) -> dict[str, Any]:
    """Age everything by `seconds`: tokens expire, processed files reach their 7 days."""
    if not math.isfinite(body.seconds):
        raise OperatorError(400, f"{GTW_VALIDATION}: seconds must be a finite number")
    if abs(state.clock_offset_s + body.seconds) > MAX_SPAN_S:
        raise OperatorError(
            400, f"{GTW_VALIDATION}: the clock offset must stay within {MAX_SPAN_S} seconds of the real clock"
        )
    state.advance_clock(body.seconds)
    return _clock_view(state)


@router.post("/clock/reset")
async def reset_clock(state: State) -> dict[str, Any]:
    state.reset_clock()
    return _clock_view(state)


def _processing_view(state: SandboxState) -> dict[str, Any]:
    now = state.now()
    return {
        "fail_next": state.processing.pending_failures,
        "processings": [p.record(now, state.file_lifetime_s) for p in state.processing.all()],
    }


@router.get("/processing")
async def get_processing(state: State) -> dict[str, Any]:
    """Every invoice processing as the status query would show it, and pending failures."""
    return _processing_view(state)


@router.post("/processing/fail-next")
async def fail_next_processing(
    state: State, body: Annotated[FailNext | None, Body()] = None
) -> dict[str, Any]:
    """The next `count` (default 1) analytic or preview requests end in ERRO."""
    state.processing.fail_next((body or FailNext()).count)
    return _processing_view(state)


@router.delete("/processing")
async def clear_processing(state: State) -> dict[str, Any]:
    """Forget every processing and pending failure."""
    state.processing.clear()
    return _processing_view(state)


@router.post("/reset")
async def reset_everything(state: State) -> dict[str, Any]:
    """Faults, script, stats, token lifetime and revocations, config, clock and processings
    back to how the sandbox started."""
    state.reset()
    return {
        "faults": state.faults.config.to_dict(),
        "config": _config_view(state),
        "clock": _clock_view(state),
        "processing": _processing_view(state),
    }
