"""OAuth tokens belong to their client: a token carries the client id and a fingerprint of
the credentials' version, so changing the client id or secret revokes it, while a restart
with the same credentials keeps it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from postalgui.partner.ledger.migrate import MIGRATIONS
from postalgui.partner.ledger.store import Ledger
from postalgui.partner.secrets import HashedSecret
from tests.unit.partner.asgi import call
from tests.unit.partner.gate_support import CLIENT_ID, CLIENT_SECRET, FORM, TOKEN, app, form

GRANT = {"content-type": "application/x-www-form-urlencoded"}


def _token(partner: object, client_id: str = CLIENT_ID, secret: str = CLIENT_SECRET) -> str:
    body = f"grant_type=client_credentials&client_id={client_id}&client_secret={secret}".encode()
    answer = call(partner, TOKEN, body, headers=GRANT)  # type: ignore[arg-type]
    assert answer.status == 200, answer.body
    return str(answer.json()["access_token"])


def _form_status(partner: object, token: str) -> int:
    return call(partner, FORM, form(), headers={"authorization": f"Bearer {token}"}).status  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("client_id", "secret"),
    [(CLIENT_ID, "the new secret"), ("another-client", CLIENT_SECRET), ("another-client", "the new secret")],
)
def test_changing_the_client_revokes_its_tokens(ledger: Ledger, client_id: str, secret: str) -> None:
    token = _token(app(ledger))
    assert _form_status(app(ledger), token) == 200
    changed = app(ledger, client_id=client_id, client_secret=HashedSecret.of(secret, scope=client_id))
    assert _form_status(changed, token) == 401
    assert _form_status(changed, _token(changed, client_id, secret)) == 200


def test_a_restart_with_the_same_credentials_keeps_the_tokens(ledger: Ledger) -> None:
    token = _token(app(ledger))
    restarted = app(ledger, client_secret=HashedSecret.of(CLIENT_SECRET, scope=CLIENT_ID))  # a new salt
    assert _form_status(restarted, token) == 200


def test_a_token_of_the_old_credentials_is_dropped_when_the_new_ones_get_one(ledger: Ledger) -> None:
    now = ledger.now()
    ledger.store_token("a" * 64, CLIENT_ID, "old", now + timedelta(hours=1))
    ledger.store_token("b" * 64, "other", "old", now + timedelta(hours=1))
    ledger.store_token("c" * 64, CLIENT_ID, "new", now + timedelta(hours=1))
    assert not ledger.token_valid("a" * 64, CLIENT_ID, "new")
    assert ledger.token_valid("b" * 64, "other", "old")
    assert ledger.token_valid("c" * 64, CLIENT_ID, "new")
    with ledger.engine.connect() as connection:
        digests = set(connection.execute(text("SELECT digest FROM tokens")).scalars())
    assert digests == {"b" * 64, "c" * 64}


def test_the_stored_fingerprint_is_no_secret(ledger: Ledger) -> None:
    _token(app(ledger))
    with ledger.engine.connect() as connection:
        (row,) = connection.execute(text("SELECT client_id, client_version FROM tokens")).all()
    assert row[0] == CLIENT_ID
    assert len(row[1]) == 32
    assert CLIENT_SECRET not in row[1]


def test_the_migration_drops_the_tokens_no_client_can_be_tied_to(ledger_url: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    engine = create_engine(ledger_url)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0002")
            connection.execute(
                text("INSERT INTO tokens (digest, client_id, expires_at) VALUES ('d', 'c', '2999-01-01')")
            )
    finally:
        engine.dispose()
    upgraded = Ledger(ledger_url)
    try:
        with upgraded.engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM tokens")).scalar() == 0
    finally:
        upgraded.close()
