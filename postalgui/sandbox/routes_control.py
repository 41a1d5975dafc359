"""Control endpoints under `/_sandbox` for tests and demos.

Never faulted, never authenticated: the sandbox listens on loopback only, and these
exist so a test can script failures, read counters, revoke tokens or shorten their
lifetime over the same HTTP the client uses.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends
from pydantic import BaseModel

from postalgui.sandbox.errors import GTW_VALIDATION, OperatorError
from postalgui.sandbox.faults import CONTROL_PREFIX, FaultConfig, ScriptedFault
from postalgui.sandbox.state import SandboxState, get_state

State = Annotated[SandboxState, Depends(get_state)]
router = APIRouter(prefix=CONTROL_PREFIX, tags=["sandbox control"])


class ConfigUpdate(BaseModel):
    """Live settings that can change while the sandbox runs."""

    token_lifetime_s: int | None = None


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
        "ambiente": state.config.ambiente,
        "epoch": state.epoch,
    }


@router.get("/config")
async def get_config(state: State) -> dict[str, Any]:
    return _config_view(state)


@router.put("/config")
async def put_config(state: State, body: ConfigUpdate) -> dict[str, Any]:
    """Change the lifetime of tokens issued from now on (zero or less: born expired)."""
    if body.token_lifetime_s is not None:
        state.token_lifetime_s = body.token_lifetime_s
    return _config_view(state)
