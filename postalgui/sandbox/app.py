"""`create_app`: one sandbox as a FastAPI application, its state carried on the app."""

from __future__ import annotations

from fastapi import FastAPI

from postalgui.sandbox import (
    routes_branches,
    routes_cep,
    routes_claims,
    routes_contracts,
    routes_control,
    routes_deadline,
    routes_invoices,
    routes_prepost,
    routes_price,
    routes_proofs,
    routes_token,
    routes_tracking,
    ster,
)
from postalgui.sandbox.claims import claims_world
from postalgui.sandbox.config import SandboxConfig
from postalgui.sandbox.errors import install_error_handlers
from postalgui.sandbox.faults import CONTROL_PREFIX, FaultMiddleware
from postalgui.sandbox.limits import BodyLimitMiddleware
from postalgui.sandbox.remote import ControlKeyMiddleware
from postalgui.sandbox.state import SandboxState
from postalgui.sandbox.stats import StatsMiddleware

__all__ = ["SandboxConfig", "create_app"]


def create_app(config: SandboxConfig | None = None) -> FastAPI:
    """A fresh sandbox app; several can live in one process without sharing state."""
    state = SandboxState(config or SandboxConfig())
    app = FastAPI(
        title="PostalGUI sandbox",
        summary="Emulation of the postal operator's business APIs, with demo data.",
        docs_url=f"{CONTROL_PREFIX}/docs",
        redoc_url=None,
        openapi_url=f"{CONTROL_PREFIX}/openapi.json",
        openapi_tags=ster.OPENAPI_TAGS,
    )
    app.state.sandbox = state
    if state.config.state_dir is not None:
        claims_world(state)  # the kept claims' payments are in tracking before anyone asks
    install_error_handlers(app)
    app.include_router(routes_token.router)
    app.include_router(routes_contracts.router)
    app.include_router(routes_price.router)
    app.include_router(routes_deadline.router)
    app.include_router(routes_invoices.router)
    app.include_router(routes_branches.router)
    app.include_router(routes_branches.control)
    app.include_router(routes_tracking.router)
    app.include_router(routes_tracking.control)
    app.include_router(routes_proofs.router)
    app.include_router(routes_proofs.control)
    app.include_router(routes_claims.router)
    app.include_router(routes_claims.control)
    app.include_router(routes_cep.router)
    app.include_router(routes_prepost.router)
    app.include_router(routes_prepost.control)
    app.include_router(routes_control.router)
    ster.include_routers(app)
    # Added last = outermost: counting sees every request, faulted or not.
    app.add_middleware(FaultMiddleware, injector=state.faults, stats=state.stats)
    app.add_middleware(StatsMiddleware, stats=state.stats, exclude_prefix=CONTROL_PREFIX)
    if state.config.control_key is not None:
        app.add_middleware(ControlKeyMiddleware, key=state.config.control_key)
    # Outermost of all: an oversized body is refused before anything else sees it.
    app.add_middleware(BodyLimitMiddleware)
    return app
