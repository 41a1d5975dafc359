"""The registration system's own error body, ``{"codigo": <status>, "mensagem": "..."}``.

Spec 002 (4.1, 7) answers its errors this way, not with the API gateway's ``msgs``
body the other services use. `SterRoute` gives the STER routes that body for their own
errors (`SterError`, raised by routes and by the auth dependency) and for FastAPI's
validation errors, without touching the app-wide handlers in `sandbox.errors`.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

MISSING_PARAMETER = "Parâmetro obrigatório não informado"
INVALID_PARAMETER = "Parâmetro inválido"


class SterError(Exception):
    """Raised by STER routes to answer ``{"codigo": status, "mensagem": mensagem}``."""

    def __init__(self, status: int, mensagem: str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(f"{status}: {mensagem}")
        self.status = status
        self.mensagem = mensagem
        self.headers = dict(headers or {})

    def response(self) -> JSONResponse:
        body = {"codigo": self.status, "mensagem": self.mensagem}
        return JSONResponse(body, status_code=self.status, headers=self.headers)


def _validation_message(exc: RequestValidationError) -> str:
    """The first validation error, naming its field, in the spec's words."""
    errors = list(exc.errors())
    if not errors:
        return INVALID_PARAMETER
    first = errors[0]
    kind = str(first.get("type", ""))
    if kind == "json_invalid":
        return "Corpo da requisição não é um JSON válido"
    field = ".".join(str(part) for part in first.get("loc", ())[1:]) or "corpo"
    if kind == "missing":
        return f"{MISSING_PARAMETER}: {field}"
    return f"{INVALID_PARAMETER}: {field}"


class SterRoute(APIRoute):
    """An APIRoute whose errors (including body validation) use the STER body."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def ster_handler(request: Request) -> Response:
            try:
                return await handler(request)
            except SterError as exc:
                return exc.response()
            except RequestValidationError as exc:
                return SterError(400, _validation_message(exc)).response()

        return ster_handler
