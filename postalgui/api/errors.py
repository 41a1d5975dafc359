"""Typed errors of the operator client.

No exception of `requests` escapes the client: every failure becomes an `ApiError`
whose text is safe to show (no credentials, no tokens) and, for operator answers,
starts with the operator's own code (``GTW-008: ...``) as the user must see it.
"""

from __future__ import annotations

import re

_CODE_RE = re.compile(r"^\s*([A-Z]{2,5}-\d{2,4})\s*[:\-–]?\s*(.*)$", re.DOTALL)


def split_code(message: str) -> tuple[str | None, str]:
    """Split ``"CON-011: Serviço não encontrado"`` into its code and text."""
    match = _CODE_RE.match(message)
    if match is None:
        return None, message.strip()
    return match.group(1), match.group(2).strip()


class RoutineError(Exception):
    """A failure the user can act on (bad input, the operator's refusal, the network, a
    damaged file): shown in the tab's message area, never logged as a bug.

    Every user-facing error inherits it, so the task runner tells routine failures from
    programming errors by type alone (Anki's ``QueryOp`` failure handler).
    """


class ApiError(RoutineError):
    """Base of every error raised by `postalgui.api`."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.body: object = None
        """The decoded JSON of an operator's error answer, for callers that read it item by item."""


class OperatorError(ApiError):
    """The operator answered with an error status and (usually) an error body.

    ``messages`` holds the operator's texts as sent; ``code`` the application code of
    the first one (``CON-011``), when it has one.
    """

    def __init__(
        self,
        messages: list[str],
        *,
        status: int,
        cause: str | None = None,
        path: str | None = None,
    ) -> None:
        self.messages = [m for m in messages if m] or [f"HTTP {status}"]
        self.code, self.text = split_code(self.messages[0])
        self.cause = cause
        self.path = path
        super().__init__("; ".join(self.messages), status=status)

    def __str__(self) -> str:
        # A gateway's text often names the status already ("... (HTTP 403)", or the
        # bare "HTTP 403 Forbidden" made for an empty body): say it once.
        if re.search(rf"\bHTTP {self.status}\b", self.message):
            return self.message
        return f"{self.message} (HTTP {self.status})"


class BadRequestError(OperatorError):
    """400: the operator rejected the input."""


class AuthenticationError(OperatorError):
    """401, or an invalid-token answer: credentials or token not accepted."""


class CredentialsRefusedError(AuthenticationError):
    """401 from the token service: the login or access code was refused.

    Remembered until the credentials change: ``remembered`` is True for the callers
    that got it without a request (no second login is tried with refused credentials).
    """

    def __init__(
        self,
        messages: list[str],
        *,
        status: int = 401,
        cause: str | None = None,
        path: str | None = None,
        remembered: bool = False,
    ) -> None:
        super().__init__(messages, status=status, cause=cause, path=path)
        self.remembered = remembered

    def __str__(self) -> str:
        text = super().__str__()
        if self.remembered:
            return f"{text}; the operator refused these credentials: not sent again until they change"
        return text


class PermissionDeniedError(OperatorError):
    """403: no authorization for the operation."""


class NotFoundError(OperatorError):
    """404: the resource does not exist (or, with ``CON-011``, the card lacks it)."""


class ConflictError(OperatorError):
    """409."""


class RateLimitError(OperatorError):
    """429: too many requests; ``retry_after`` in seconds when the operator said."""

    retry_after: float | None = None


class ServerError(OperatorError):
    """5xx."""


class TransportError(ApiError):
    """The request did not get an answer (connection refused, reset, timed out)."""


class ApiTimeoutError(TransportError):
    """Connect or read timeout."""


class InvalidResponseError(ApiError):
    """The answer could not be read: not JSON, or not the shape the spec gives.

    ``raw`` is the answer's text as it came (at most `RAW_LIMIT` characters), kept by the
    transport: for a call that changes something at the operator, a 2xx it could not read
    was still *done* there (`delivered`), and that text is what a person follows it up with.
    """

    RAW_LIMIT = 65_536
    raw: str | None = None

    @property
    def delivered(self) -> bool:
        """The operator answered 2xx: the request reached it and was taken, whatever the body says."""
        return self.status is not None and 200 <= self.status < 300


class IncompleteDownloadError(TransportError, InvalidResponseError):
    """A downloaded file ended before its content says it is complete (a PDF without
    its ``%%EOF`` trailer, an analytic statement without its last block, a body shorter
    than its ``Content-Length``), however complete the transfer looked."""


class RetriesExhaustedError(ApiError):
    """Transient failures went on past the retry budget; ``last`` is the final one."""

    def __init__(self, message: str, last: ApiError) -> None:
        super().__init__(message, status=last.status)
        self.last = last


class CredentialsMissingError(ApiError):
    """No login and access code (nor delegated key) are configured."""


_BY_STATUS: dict[int, type[OperatorError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
}


def operator_error_class(status: int) -> type[OperatorError]:
    """The most specific `OperatorError` subclass for an HTTP status."""
    if status >= 500:
        return ServerError
    return _BY_STATUS.get(status, OperatorError)


INVALID_TOKEN_CODE = "GTW-008"  # noqa: S105  # an error code, not a password


def is_auth_failure(error: ApiError) -> bool:
    """True for answers after which a fresh token may help (401, 403, ``GTW-008``)."""
    if isinstance(error, AuthenticationError | PermissionDeniedError):
        return True
    return isinstance(error, OperatorError) and error.code == INVALID_TOKEN_CODE
