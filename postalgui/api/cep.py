"""The CEP service (API 41; not in the spec: REFERENCE.md, CEP lookup): the street,
district, city and state of a CEP, which fill an address as it is typed.

The CEP is checked before anything is sent (rules ``cep.*``). The operator answers a CEP
it does not know (or a malformed one) with 400: `UnknownCepError`, which keeps its
words. A GET, retried as every GET is.
"""

from __future__ import annotations

from postalgui.api.client import OperatorClient
from postalgui.api.errors import BadRequestError, PermissionDeniedError
from postalgui.api.models.cep import CepAddress
from postalgui.api.records import answer_reader
from postalgui.api.tokens import TokenScope
from postalgui.api.values import parse_cep

__all__ = ["CEP_API", "CepClient", "CepNotEnabledError", "UnknownCepError"]

CEP_API = 41
"""The CEP service's id in a token's ``api`` list (REFERENCE.md)."""
PATH = "/cep/v2/enderecos/{cep}"
_address = answer_reader(CepAddress, "CEP")


class UnknownCepError(BadRequestError):
    """400: the operator does not know the CEP (its message says so in its words)."""


class CepNotEnabledError(PermissionDeniedError):
    """403: the posting card's token does not include the CEP API (41)."""

    def __str__(self) -> str:
        return (
            f"{super().__str__()}. The posting card does not include the CEP API ({CEP_API}): "
            "ask the operator to enable it for the card."
        )


class CepClient:
    """CEP lookups with the card's token (the scope prices use)."""

    def __init__(self, client: OperatorClient, *, scope: TokenScope | None = None) -> None:
        self.client = client
        self.scope = scope

    def lookup(self, cep: str) -> CepAddress:
        """The address of ``cep``; `InvalidValue` before sending for a malformed one,
        `UnknownCepError` when the operator does not know it."""
        digits = parse_cep(cep)
        try:
            return self.client.call_read("GET", PATH.format(cep=digits), _address, scope=self.scope)
        except BadRequestError as exc:
            raise UnknownCepError(
                exc.messages, status=exc.status or 400, cause=exc.cause, path=exc.path
            ) from exc
        except PermissionDeniedError as exc:
            raise CepNotEnabledError(
                exc.messages, status=exc.status or 403, cause=exc.cause, path=exc.path
            ) from exc
