"""The partner app over a test ledger, with the demo partner's credentials, for the tests of
its front door (limits, throttling, tokens, malformed input)."""

from __future__ import annotations

import base64
import json
from typing import Any

from fastapi import FastAPI

from postalgui.partner.app import create_app
from postalgui.partner.config import AuthMode, PartnerConfig
from postalgui.partner.ledger.store import Ledger
from postalgui.partner.secrets import HashedSecret
from tests.e2e.partner_support import typed_line

USER, PASSWORD = "operador", "correct horse battery"
CLIENT_ID, CLIENT_SECRET = "correios-ster", "a long client secret"
FORM, CONFIRM, TOKEN = "/ster/formulario", "/ster/confirmarAtendimento", "/oauth/token"

SECRETS = {
    "basic": HashedSecret.of(PASSWORD, scope=USER),
    "client": HashedSecret.of(CLIENT_SECRET, scope=CLIENT_ID),
}
"""Hashed once for the whole module: scrypt is slow by design."""


def basic(user: str = USER, password: str = PASSWORD) -> dict[str, str]:
    return {"authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


def config(ledger: Ledger, **overrides: Any) -> PartnerConfig:
    values: dict[str, Any] = {
        "database_url": ledger.url,
        "basic_user": USER,
        "basic_secret": SECRETS["basic"],
        "client_id": CLIENT_ID,
        "client_secret": SECRETS["client"],
        "auth": AuthMode.BOTH,
        "schedule_reconciliation": False,
    }
    return PartnerConfig(**(values | overrides))


def app(ledger: Ledger, **overrides: Any) -> FastAPI:
    return create_app(config(ledger, **overrides), ledger=ledger)


def form(protocol: str = "26470000000042", **fields: Any) -> bytes:
    """A valid model-1 form (a bill of R$ 159,90) as the operator sends it."""
    return json.dumps({"numeroProtocolo": protocol, "linhaDigitavel": typed_line(15990)} | fields).encode()
