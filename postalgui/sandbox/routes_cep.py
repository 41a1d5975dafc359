"""The CEP lookup service (API 41), bearer-protected; a token whose `api` list lacks 41
gets 403 GTW-011.

    GET /cep/v2/enderecos/{cep}   (v1 answers the same)
        200 with the address record (`cep.address`), always with ``"dadosEmulados": true``;
        a malformed CEP (not 8 digits once ``-``/``.`` are removed) is 400 CEP-001, an
        unknown one 400 CEP-002 (the sandbox's own codes), both naming the CEP.

Routes are plain functions (run in the thread pool): the first lookup builds the branch
units and the places index (about half a second), which must not stall the event loop.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path

from postalgui.sandbox.auth import require_api
from postalgui.sandbox.cep import CepError, lookup
from postalgui.sandbox.errors import MessageResponse, OperatorError
from postalgui.sandbox.tokens import TokenClaims

CEP_API = 41

Claims = Annotated[TokenClaims, Depends(require_api(CEP_API, "CEP"))]

router = APIRouter(
    prefix="/cep",
    tags=["cep"],
    responses={code: {"model": MessageResponse} for code in (400, 401, 403, 500)},
)


@router.get("/v2/enderecos/{cep}")
@router.get("/v1/enderecos/{cep}")
def address_of(cep: Annotated[str, Path()], claims: Claims) -> dict[str, Any]:
    """The address of a CEP (8 digits; ``-`` and ``.`` allowed)."""
    try:
        return lookup(cep)
    except CepError as error:
        raise OperatorError(400, error.message, causa=error.causa) from error
