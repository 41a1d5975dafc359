"""The operator's side of the counter-partner registration system (STER, spec 002).

`routes_operator` serves what partners call; `routes_counter` is the simulated
counter under ``/_sandbox/ster`` that opens attendances, issues operator codes and
calls the partner back. State lives in the sandbox state's ``"ster"`` extension
(`store.ster_store`), so ``POST /_sandbox/reset`` clears it.
"""

from __future__ import annotations

from fastapi import FastAPI

from postalgui.sandbox.ster import routes_counter, routes_operator

OPENAPI_TAGS = routes_operator.OPENAPI_TAGS


def include_routers(app: FastAPI) -> None:
    """Add the partner-facing routes and the counter's control routes to `app`."""
    app.include_router(routes_operator.router)
    app.include_router(routes_operator.reconciliation)
    app.include_router(routes_counter.router)
