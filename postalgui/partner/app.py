"""`create_app`: the partner server as a FastAPI app (spec 002, 4.2 and 5).

Routes: the model-1 form receiver and ``confirmarAtendimento`` at configurable paths,
``POST /oauth/token`` (client credentials), and ``GET /health`` for a status light.
Every call to the first two is appended to the ledger's call log with its answer,
refused ones included; the Authorization header never is, and an unauthenticated call's
body never is either. Before any route, `BodyLimit` bounds the body; the routes then
authenticate (failures budgeted per address, 429 past it) and parse the JSON with limits
(`parse_object`), so hostile input is a 400 in the spec's form, never a 500.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from postalgui.api.values import InvalidValue
from postalgui.api.values.ster import parse_protocol
from postalgui.partner.auth import (
    RecentlyVerified,
    ThrottledError,
    UnauthorizedError,
    challenge,
    check_caller,
    issue_token,
)
from postalgui.partner.config import TOKEN_PATH, PartnerConfig
from postalgui.partner.form_fields import FieldError, FormFields, read_form_fields
from postalgui.partner.handlers import FormAnswer, FormHandler, load_handler
from postalgui.partner.json_body import MalformedBodyError, parse_object
from postalgui.partner.ledger.store import FORM_FAILED, FormRecord, Ledger, Reply
from postalgui.partner.limits import BodyLimit
from postalgui.partner.schedule import scheduler_for
from postalgui.partner.states import AttendanceState
from postalgui.partner.throttle import FailureBudget

__all__ = ["app_from_environment", "confirmation_code", "create_app"]

log = logging.getLogger(__name__)

FORM_REFUSAL = {"codigo_retorno": "97", "descricao_retorno": "Não autorizado"}
CONFIRM_REFUSAL = {"codigo": ""}
"""The spec's 400 (and our 401) body of ``confirmarAtendimento``: an empty ``codigo``."""


@dataclass(frozen=True)
class RetryLater(Reply):
    """A 429: the caller's address spent its budget of failed authentications."""

    retry_after: int = 60


def _bytes(count: int) -> str:
    return f"{count:,}".replace(",", ".")


def _too_large(config: PartnerConfig) -> Callable[[str], dict[str, Any]]:
    """The 413's body for a path, in its route's form."""
    limit = config.max_body_bytes

    def refusal(path: str) -> dict[str, Any]:
        if path == config.form_path:
            return {"codigo_retorno": "98", "descricao_retorno": f"Requisição acima de {_bytes(limit)} bytes"}
        if path == config.confirm_path:
            return dict(CONFIRM_REFUSAL)
        return {"error": "invalid_request", "error_description": f"request body over {limit} bytes"}

    return refusal


def _protocol_of(body: dict[str, Any]) -> str | None:
    value = body.get("numeroProtocolo", body.get("protocolo"))
    try:
        return parse_protocol(value).digits
    except InvalidValue:
        return None


def _form_record(answer: FormAnswer, optional: FormFields) -> FormRecord:
    ok = answer.status == 200
    cents = None if answer.amount is None else int(answer.amount.scaleb(2))
    return FormRecord(
        model=1,
        state=AttendanceState.RECEIVED if ok else AttendanceState.CANCELLED,
        amount_cents=cents,
        quantity=optional.quantity,
        client_tax_id=optional.client_tax_id,
        client_key=answer.client_key if ok else None,
    )


def confirmation_code(value: object) -> str | None:
    """``codigoConfirmacao`` as ``"00"`` or ``"99"``; None for anything else.

    The spec types it N, size 2: the JSON numbers ``0`` and ``99`` say the same as the
    strings ``"00"`` and ``"99"`` (a one-digit string is zero-padded alike).
    """
    if isinstance(value, int) and not isinstance(value, bool):
        text = f"{value:02d}" if 0 <= value <= 99 else ""
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        text = value.strip().zfill(2)
    else:
        return None
    return text if text in ("00", "99") else None


class PartnerApp:
    """The routes' shared parts: config, ledger, handler."""

    def __init__(self, config: PartnerConfig, ledger: Ledger, handler: FormHandler) -> None:
        self.config = config
        self.ledger = ledger
        self.handler = handler
        self.verified = RecentlyVerified()
        self.budget = FailureBudget(config.auth_failures)

    def _authorized(self, request: Request, endpoint: str, refusal: dict[str, Any]) -> Reply | None:
        """None for an accepted caller; else the refusal, logged without the body (a
        stranger's bytes are not ours to keep), or a 429 not logged at all."""
        address = request.client.host if request.client else ""
        header = request.headers.get("authorization", "")
        try:
            check_caller(self.config, self.ledger, header, self.verified, self.budget, address)
        except ThrottledError as throttled:
            log.warning("%s from %s: too many failed authentications (429)", endpoint, address)
            return RetryLater(429, refusal, throttled.retry_after)
        except UnauthorizedError:
            reply = Reply(401, refusal)
            self.ledger.log_call(endpoint, None, None, reply)
            return reply
        return None

    def _malformed(
        self, request: Request, endpoint: str, refusal: dict[str, Any], raw: bytes, reply: Reply
    ) -> Reply:
        """A body that is no JSON object within the limits: refused as an unauthorized call
        would be, else `reply` (400), logged with the text as it came."""
        denied = self._authorized(request, endpoint, refusal)
        if denied is not None:
            return denied
        self.ledger.log_call(endpoint, None, raw.decode("utf-8", "replace"), reply)
        return reply

    async def _answer(
        self,
        request: Request,
        endpoint: str,
        refusal: dict[str, Any],
        malformed: Callable[[MalformedBodyError], Reply],
        handle: Callable[[Request, dict[str, Any] | None], Reply],
    ) -> JSONResponse:
        """``handle`` the body read as a JSON object; a body that is none gets the reply
        ``malformed`` makes of why (after the caller is checked, as `_malformed` says)."""
        raw = await request.body()
        try:
            body = parse_object(raw)
        except MalformedBodyError as bad:
            log.warning("%s: malformed body (%s)", endpoint, bad)
            reply = malformed(bad)
            return self._respond(
                await run_in_threadpool(self._malformed, request, endpoint, refusal, raw, reply)
            )
        # Hashing a password and the ledger's queries block: off the event loop.
        return self._respond(await run_in_threadpool(handle, request, body))

    async def form(self, request: Request) -> JSONResponse:
        def malformed(bad: MalformedBodyError) -> Reply:
            return Reply(400, {"codigo_retorno": "98", "descricao_retorno": f"Corpo inválido: {bad}"[:255]})

        return await self._answer(request, "formulario", FORM_REFUSAL, malformed, self._form)

    def _form(self, request: Request, body: dict[str, Any] | None) -> Reply:
        denied = self._authorized(request, "formulario", FORM_REFUSAL)
        if denied is not None:
            return denied
        protocol = None if body is None else _protocol_of(body)
        if body is None or protocol is None:
            reply = Reply(400, {"codigo_retorno": "98", "descricao_retorno": "Protocolo ausente ou inválido"})
            self.ledger.log_call("formulario", None, body, reply)
            return reply
        fields = body
        try:
            optional = read_form_fields(fields)
        except FieldError as error:  # checked before the protocol is claimed: nothing runs, nothing kept
            reply = Reply(400, {"codigo_retorno": "96", "descricao_retorno": str(error)})
            self.ledger.log_call("formulario", protocol, fields, reply)
            return reply

        def handle() -> tuple[Reply, FormRecord]:
            answer = self.handler(fields, protocol)
            return Reply(answer.status, answer.body()), _form_record(answer, optional)

        try:  # the ledger runs the handler once per protocol and settles a raise itself
            reply = self.ledger.receive_form(protocol, fields, handle)
        except Exception:  # the database failed: before the claim the form can come again; after
            # it a repeat waits for the claim, settled as failed once its lease runs out
            log.exception("form for protocol %s failed", protocol)
            reply = FORM_FAILED
            self.ledger.log_call("formulario", protocol, fields, reply)
        return reply

    async def confirm(self, request: Request) -> JSONResponse:
        def malformed(_bad: MalformedBodyError) -> Reply:
            return Reply(400, dict(CONFIRM_REFUSAL))

        return await self._answer(request, "confirmarAtendimento", CONFIRM_REFUSAL, malformed, self._confirm)

    def _confirm(self, request: Request, body: dict[str, Any] | None) -> Reply:
        denied = self._authorized(request, "confirmarAtendimento", CONFIRM_REFUSAL)
        if denied is not None:
            return denied
        protocol = None if body is None else _protocol_of(body)
        code = None if body is None else confirmation_code(body.get("codigoConfirmacao"))
        if body is None or protocol is None or code is None:
            reply = Reply(400, {"codigo": ""})
            self.ledger.log_call("confirmarAtendimento", protocol, body, reply)
            return reply
        return self.ledger.confirm(protocol, code, body)

    def _respond(self, reply: Reply) -> JSONResponse:
        headers = challenge(self.config) if reply.status == 401 else None
        if isinstance(reply, RetryLater):
            headers = {"Retry-After": str(reply.retry_after)}
        return JSONResponse(reply.body, status_code=reply.status, headers=headers)


def create_app(
    config: PartnerConfig,
    *,
    ledger: Ledger | None = None,
    handler: FormHandler | None = None,
    on_start: Callable[[Ledger], Callable[[], None] | None] | None = None,
) -> FastAPI:
    """The partner server. `on_start` runs at the app's startup (the reconciliation
    schedule) and returns what stops it at shutdown."""
    owned = ledger is None
    the_ledger = ledger or Ledger(config.database_url)
    partner = PartnerApp(config, the_ledger, handler or load_handler(config.handler))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        stop = on_start(the_ledger) if on_start is not None else None
        try:
            yield
        finally:
            if stop is not None:
                stop()
            if owned:
                the_ledger.close()

    app = FastAPI(
        title="PostalGUI partner server", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.state.partner = partner
    app.add_middleware(BodyLimit, max_bytes=config.max_body_bytes, refusal=_too_large(config))
    app.add_api_route(config.form_path, partner.form, methods=["POST"])
    app.add_api_route(config.confirm_path, partner.confirm, methods=["POST"])

    async def token(request: Request) -> JSONResponse:
        return await issue_token(request, config, the_ledger, partner.budget)

    async def health() -> dict[str, Any]:
        return {"status": "ok", "form_path": config.form_path, "confirm_path": config.confirm_path}

    app.add_api_route(TOKEN_PATH, token, methods=["POST"])
    app.add_api_route("/health", health, methods=["GET"])
    return app


def app_from_environment() -> FastAPI:
    """The app a child process serves, configured by ``POSTALGUI_PARTNER_*``, with its schedule."""

    config = PartnerConfig.from_environ()
    return create_app(config, on_start=scheduler_for(config))
