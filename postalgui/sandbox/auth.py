"""Bearer-token check for every service except the token service.

Any refusal (missing, malformed, foreign, expired, other environment, revoked)
answers 401 with the operator's GTW-008 body: that is what the client's
re-authenticate-once logic keys on. `causa` says which check failed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends, Request

from postalgui.sandbox.errors import GTW_TOKEN_INVALID, GTW_TOKEN_MISSING, OperatorError
from postalgui.sandbox.state import app_state
from postalgui.sandbox.tokens import TokenClaims, TokenError, verify

_CAUSES = {
    "malformed": "Token malformado",
    "signature": "Assinatura do token inválida",
    "issuer": "Emissor do token desconhecido",
    "environment": "Token emitido para outro ambiente",
    "expired": "Token expirado",
    "revoked": "Token revogado",
}


def _unauthorized(message: str, causa: str, error: str) -> OperatorError:
    header = f'Bearer realm="postalgui-sandbox", error="{error}"'
    return OperatorError(401, message, causa=causa, headers={"WWW-Authenticate": header})


async def require_bearer(request: Request) -> TokenClaims:
    """FastAPI dependency: the verified claims of the request's bearer token."""
    header = request.headers.get("authorization", "").strip()
    if not header:
        raise _unauthorized(GTW_TOKEN_MISSING, "Cabeçalho Authorization ausente", "invalid_request")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise _unauthorized(GTW_TOKEN_INVALID, "Esperado Authorization: Bearer <token>", "invalid_token")
    state = app_state(request.app)
    try:
        return verify(
            token.strip(),
            secret=state.config.secret,
            now=state.now(),
            epoch=state.epoch,
            ambiente=state.config.ambiente,
        )
    except TokenError as exc:
        raise _unauthorized(GTW_TOKEN_INVALID, _CAUSES.get(exc.reason, exc.reason), "invalid_token") from exc


def require_api(api: int, name: str) -> Callable[[TokenClaims], Awaitable[TokenClaims]]:
    """A FastAPI dependency: a valid token whose card or contract has API `api` enabled;
    any other token gets 403 GTW-011 naming the API."""
    message = f"GTW-011: API {api} ({name}) não habilitada para o cartão de postagem ou contrato do token"

    async def dependency(claims: Annotated[TokenClaims, Depends(require_bearer)]) -> TokenClaims:
        if api not in claims.api:
            raise OperatorError(403, message, causa=f"API {api} ({name}) não consta do token")
        return claims

    return dependency
