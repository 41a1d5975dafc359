"""Bearer-token check for every service except the token service.

Any refusal (missing, malformed, foreign, expired, other environment, revoked)
answers 401 with the operator's GTW-008 body: that is what the client's
re-authenticate-once logic keys on. `causa` says which check failed.
"""

from __future__ import annotations

from fastapi import Request

from postalgui.sandbox.errors import GTW_TOKEN_INVALID, GTW_TOKEN_MISSING, OperatorError
from postalgui.sandbox.state import get_state
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
    state = get_state(request)
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
