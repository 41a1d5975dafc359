"""`create_app`: the partner server as a FastAPI app (spec 002, 4.2 and 5).

Routes: the model-1 form receiver and ``confirmarAtendimento`` at configurable paths,
``POST /oauth/token`` (client credentials), and ``GET /health`` for a status light.
Every call to the first two is appended to the ledger's call log with its answer,
refused ones included; the Authorization header never is.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from postalgui.api.values import InvalidValue
from postalgui.api.values.ster import parse_protocol
from postalgui.partner.auth import RecentlyVerified, UnauthorizedError, challenge, check_caller, issue_token
from postalgui.partner.config import TOKEN_PATH, PartnerConfig
from postalgui.partner.form_fields import FieldError, FormFields, read_form_fields
from postalgui.partner.handlers import FormAnswer, FormHandler, load_handler
from postalgui.partner.ledger.store import FORM_FAILED, FormRecord, Ledger, Reply
from postalgui.partner.states import AttendanceState

__all__ = ["MAX_BODY", "app_from_environment", "confirmation_code", "create_app"]

log = logging.getLogger(__name__)

MAX_BODY = 1_000_000
"""Bytes; the spec's guidance is about 100 KB a form."""


async def _json_body(request: Request) -> dict[str, Any] | None:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        return None
    try:
        data = json.loads(raw or b"null")
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return data if isinstance(data, dict) else None


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

    def _authorized(
        self, request: Request, endpoint: str, body: object, refusal: dict[str, Any]
    ) -> Reply | None:
        try:
            check_caller(self.config, self.ledger, request.headers.get("authorization", ""), self.verified)
        except UnauthorizedError:
            reply = Reply(401, refusal)
            self.ledger.log_call(endpoint, None, body, reply)
            return reply
        return None

    async def form(self, request: Request) -> JSONResponse:
        body = await _json_body(request)
        # Hashing a password and the ledger's queries block: off the event loop.
        return self._respond(await run_in_threadpool(self._form, request, body))

    def _form(self, request: Request, body: dict[str, Any] | None) -> Reply:
        refusal = {"codigo_retorno": "97", "descricao_retorno": "Não autorizado"}
        denied = self._authorized(request, "formulario", body, refusal)
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
        body = await _json_body(request)
        return self._respond(await run_in_threadpool(self._confirm, request, body))

    def _confirm(self, request: Request, body: dict[str, Any] | None) -> Reply:
        denied = self._authorized(request, "confirmarAtendimento", body, {"codigo": ""})
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
    app.add_api_route(config.form_path, partner.form, methods=["POST"])
    app.add_api_route(config.confirm_path, partner.confirm, methods=["POST"])

    async def token(request: Request) -> JSONResponse:
        return await issue_token(request, config, the_ledger)

    async def health() -> dict[str, Any]:
        return {"status": "ok", "form_path": config.form_path, "confirm_path": config.confirm_path}

    app.add_api_route(TOKEN_PATH, token, methods=["POST"])
    app.add_api_route("/health", health, methods=["GET"])
    return app


def app_from_environment() -> FastAPI:
    """The app a child process serves, configured by ``POSTALGUI_PARTNER_*``, with its schedule."""
    from postalgui.partner.schedule import scheduler_for

    config = PartnerConfig.from_environ()
    return create_app(config, on_start=scheduler_for(config))
