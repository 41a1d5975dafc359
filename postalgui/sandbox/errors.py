"""The operator's error bodies, and the FastAPI handlers that make every error use them.

The operator answers errors with a MessageResponse:
``{"msgs": ["GTW-008: ..."], "date", "method", "path", "causa", "stackTrace"}``, each
message starting with an application code. The client maps these bodies to typed
errors, so the sandbox never lets FastAPI's own ``{"detail": ...}`` shape through.

Only GTW-008 and CON-011 are the operator's documented codes; the sandbox invented
the others below (and the TKN-/CON- codes in the route modules) for cases the spec
leaves unnamed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from postalgui.sandbox.timefmt import format_local

# Gateway messages (the API gateway in front of every service).
GTW_CREDENTIALS_MISSING = "GTW-001: Credenciais de acesso não informadas"
GTW_CREDENTIALS_INVALID = "GTW-002: Usuário ou código de acesso inválido"
GTW_NOT_FOUND = "GTW-004: Recurso não encontrado"
GTW_METHOD_NOT_ALLOWED = "GTW-005: Método não suportado para este recurso"
GTW_TOKEN_MISSING = "GTW-007: Token de acesso não informado"
GTW_TOKEN_INVALID = "GTW-008: Token não válido para este ambiente"
GTW_VALIDATION = "GTW-010"
GTW_PAYLOAD_TOO_LARGE = "GTW-013: Corpo da requisição excede o tamanho máximo permitido"
GTW_CONTROL_KEY_MISSING = "GTW-014: Chave de controle do sandbox não informada (X-Sandbox-Key)"
GTW_CONTROL_KEY_INVALID = "GTW-015: Chave de controle do sandbox inválida"
GTW_API_NOT_ENABLED = "GTW-011: API não habilitada para o cartão de postagem ou contrato do token"
GTW_TOO_MANY_REQUESTS = "GTW-029: Limite de requisições excedido, tente novamente mais tarde"
GTW_INTERNAL = "GTW-050: Erro interno no servidor"
GTW_BAD_GATEWAY = "GTW-052: Falha de comunicação com o serviço de destino"
GTW_UNAVAILABLE = "GTW-053: Serviço temporariamente indisponível"
GTW_TIMEOUT = "GTW-054: Tempo de resposta do serviço de destino esgotado"

STATUS_MESSAGES: dict[int, str] = {
    401: GTW_TOKEN_INVALID,
    404: GTW_NOT_FOUND,
    405: GTW_METHOD_NOT_ALLOWED,
    413: GTW_PAYLOAD_TOO_LARGE,
    429: GTW_TOO_MANY_REQUESTS,
    500: GTW_INTERNAL,
    502: GTW_BAD_GATEWAY,
    503: GTW_UNAVAILABLE,
    504: GTW_TIMEOUT,
}
"""The gateway's message for a bare status (route misses, injected faults)."""


def message_for_status(status: int) -> str:
    """The gateway message that goes with a status the sandbox answers on its own."""
    return STATUS_MESSAGES.get(status, f"GTW-099: Falha na requisição (HTTP {status})")


class MessageResponse(BaseModel):
    """The operator's error body, for the OpenAPI description of the routes."""

    msgs: list[str]
    date: str
    method: str | None = None
    path: str | None = None
    causa: str | None = None
    stackTrace: str | None = None


class OperatorError(Exception):
    """Raised by routes to answer with an operator error body and status."""

    def __init__(
        self,
        status: int,
        *msgs: str,
        causa: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(f"{status}: {'; '.join(msgs)}")
        self.status = status
        self.msgs = list(msgs)
        self.causa = causa
        self.headers = dict(headers or {})


def message_body(
    msgs: Sequence[str],
    *,
    method: str,
    path: str,
    causa: str | None = None,
    now: float | None = None,
) -> dict[str, Any]:
    """A MessageResponse as a dict (stackTrace is always null: we never leak one)."""
    return {
        "msgs": list(msgs),
        "date": format_local(time.time() if now is None else now, millis=True),
        "method": method,
        "path": path,
        "causa": causa,
        "stackTrace": None,
    }


def error_response(
    request: Request,
    status: int,
    msgs: Sequence[str],
    *,
    causa: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """An error answer in the operator's shape for this request."""
    body = message_body(msgs, method=request.method, path=request.url.path, causa=causa)
    return JSONResponse(body, status_code=status, headers=dict(headers or {}))


_RULES: dict[str, str] = {
    "missing": "campo obrigatório",
    "string_type": "deve ser texto",
    "int_type": "deve ser um número inteiro",
    "int_parsing": "deve ser um número inteiro",
    "int_from_float": "deve ser um número inteiro",
    "int_parsing_size": "número longo demais",
    "bool_type": "deve ser verdadeiro ou falso",
    "bool_parsing": "deve ser verdadeiro ou falso",
    "string_too_short": "texto curto demais",
    "string_too_long": "texto longo demais",
    "string_pattern_mismatch": "formato inválido",
    "literal_error": "valor não permitido",
    "enum": "valor não permitido",
    "model_attributes_type": "deve ser um objeto JSON",
    "dict_type": "deve ser um objeto JSON",
    "list_type": "deve ser uma lista",
}


_BOUNDS: dict[str, tuple[str, str]] = {
    "less_than_equal": ("le", "deve ser no máximo"),
    "less_than": ("lt", "deve ser menor que"),
    "greater_than_equal": ("ge", "deve ser no mínimo"),
    "greater_than": ("gt", "deve ser maior que"),
}


def validation_message(error: Mapping[str, Any]) -> str:
    """One pydantic error as an operator message naming the field and the rule."""
    loc = tuple(str(part) for part in error.get("loc", ()))
    kind = str(error.get("type", ""))
    if kind == "json_invalid":
        return f"{GTW_VALIDATION}: Corpo da requisição não é um JSON válido"
    if loc == ("body",) and kind == "missing":
        return f"{GTW_VALIDATION}: Corpo da requisição obrigatório"
    ctx = error.get("ctx", {})
    if kind == "value_error":
        rule = str(ctx.get("error", error.get("msg", "")))
    elif kind in _BOUNDS:
        rule = f"{_BOUNDS[kind][1]} {ctx.get(_BOUNDS[kind][0])}"
    else:
        rule = _RULES.get(kind, str(error.get("msg", kind)))
    field = ".".join(loc[1:]) or (loc[0] if loc else "?")
    where = "" if not loc or loc[0] == "body" else f" ({loc[0]})"
    return f"{GTW_VALIDATION}: Campo '{field}'{where} inválido: {rule}"


def _validation_causa(errors: Sequence[Mapping[str, Any]]) -> str:
    return "; ".join(
        f"{error.get('type')}: {'.'.join(str(p) for p in error.get('loc', ()))}" for error in errors
    )


async def _on_operator_error(request: Request, exc: OperatorError) -> JSONResponse:
    return error_response(request, exc.status, exc.msgs, causa=exc.causa, headers=exc.headers)


async def _on_validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = list(exc.errors())
    msgs = [validation_message(error) for error in errors]
    return error_response(request, 400, msgs, causa=_validation_causa(errors))


_BODY_NOT_PARSED = "There was an error parsing the body"
"""FastAPI's detail when a body is not JSON it can read (e.g. a number past the digit limit)."""


async def _on_http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    causa = exc.detail if isinstance(exc.detail, str) else None
    if exc.status_code == 400 and causa == _BODY_NOT_PARSED:
        message = f"{GTW_VALIDATION}: Corpo da requisição não é um JSON válido"
    else:
        message = message_for_status(exc.status_code)
    return error_response(request, exc.status_code, [message], causa=causa, headers=exc.headers)


async def _on_unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    return error_response(request, 500, [GTW_INTERNAL], causa=type(exc).__name__)


def install_error_handlers(app: FastAPI) -> None:
    """Make every error the app answers (ours, validation, routing) a MessageResponse."""
    app.exception_handler(OperatorError)(_on_operator_error)
    app.exception_handler(RequestValidationError)(_on_validation_error)
    app.exception_handler(StarletteHTTPException)(_on_http_error)
    app.exception_handler(Exception)(_on_unexpected_error)
