"""Who may call the registration system: the partner's operator account, Basic or Bearer.

Spec 002 (5) only says the partner's identity-portal credentials are required and
leaves the scheme open ("not shown"). The sandbox takes both forms the rest of the
platform uses: HTTP Basic with the login and API access code (as the token service),
or a token from the token service. A refusal is the STER body with status 401.
"""

from __future__ import annotations

from fastapi import Request

from postalgui.sandbox.auth import require_bearer
from postalgui.sandbox.errors import OperatorError
from postalgui.sandbox.routes_token import require_basic
from postalgui.sandbox.ster.errors import SterError

_CHALLENGE = {"WWW-Authenticate": 'Basic realm="postalgui-sandbox", charset="UTF-8"'}


async def require_partner(request: Request) -> str:
    """FastAPI dependency: the caller's login (Basic) or token subject (Bearer)."""
    scheme = request.headers.get("authorization", "").strip().partition(" ")[0].lower()
    try:
        if scheme == "basic":
            return await require_basic(request)
        if scheme == "bearer":
            return (await require_bearer(request)).sub
    except OperatorError as exc:
        raise SterError(401, "Credenciais inválidas ou token expirado", exc.headers) from exc
    raise SterError(401, "Credenciais não informadas (Basic ou Bearer)", _CHALLENGE)
