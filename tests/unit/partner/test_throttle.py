"""Refused callers cost nothing: failed authentications are budgeted per client address
(then 429 with Retry-After, without computing any hash), unauthenticated calls are logged
without their body, and a success never resets another address's budget."""

from __future__ import annotations

import json
import threading

import pytest

from postalgui.partner import secrets as partner_secrets
from postalgui.partner.auth import RecentlyVerified, ThrottledError, UnauthorizedError, check_caller
from postalgui.partner.ledger.store import Ledger
from postalgui.partner.throttle import FailureBudget
from tests.unit.partner.asgi import call
from tests.unit.partner.gate_support import CLIENT_ID, FORM, TOKEN, app, basic, config, form
from tests.unit.partner.test_auth import Clock


def test_an_address_may_fail_its_budget_in_a_minute_then_waits_for_the_oldest_to_age() -> None:
    clock = Clock()
    clock.now = 1000.0
    budget = FailureBudget(3, 60, clock)
    for _ in range(3):
        assert budget.take("a") is None
        budget.fail("a")
        clock.now += 10
    assert budget.take("a") == 30  # the first failure, at 1000, ages out at 1060
    assert budget.take("b") is None  # another address has its own budget
    clock.now = 1060
    assert budget.take("a") is None


def test_a_success_forgives_its_own_address_only() -> None:
    budget = FailureBudget(2, 60, Clock())
    for address in ("attacker", "attacker", "operator"):
        budget.take(address)
        budget.fail(address)
    budget.take("operator")
    budget.forgive("operator")
    assert budget.take("attacker") is not None
    assert budget.take("operator") is None


def test_a_burst_of_right_passwords_waits_for_the_attempts_running_instead_of_a_429() -> None:
    """The operator sends many forms at once before any is verified: the attempts past the
    budget wait for those running; they succeed, so none is refused."""
    budget = FailureBudget(2, 60, Clock())
    assert budget.take("operator") is None
    assert budget.take("operator") is None
    answers: list[int | None] = []
    waiting = threading.Thread(target=lambda: answers.append(budget.take("operator")))
    waiting.start()
    waiting.join(0.2)
    assert waiting.is_alive()  # neither refused nor let past the budget while two run
    budget.forgive("operator")
    waiting.join(5)
    assert answers == [None]


def test_attempts_that_fail_while_others_wait_refuse_those_waiting() -> None:
    budget = FailureBudget(2, 60, Clock())
    budget.take("attacker")
    budget.take("attacker")
    answers: list[int | None] = []
    waiting = threading.Thread(target=lambda: answers.append(budget.take("attacker")))
    waiting.start()
    budget.fail("attacker")
    budget.fail("attacker")
    waiting.join(5)
    assert answers == [60]


@pytest.fixture
def scrypts(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Every scrypt the partner computes from now on."""
    done: list[bytes] = []
    real = partner_secrets._scrypt

    def counted(secret: str, salt: bytes) -> bytes:
        done.append(salt)
        return real(secret, salt)

    monkeypatch.setattr(partner_secrets, "_scrypt", counted)
    return done


def test_past_the_budget_a_wrong_password_is_refused_without_a_hash(
    ledger: Ledger, scrypts: list[bytes]
) -> None:
    settings = config(ledger, auth_failures=5)
    budget, verified = FailureBudget(5), RecentlyVerified()
    for _ in range(5):
        with pytest.raises(UnauthorizedError):
            check_caller(settings, ledger, basic(password="guess")["authorization"], verified, budget, "a")
    assert len(scrypts) == 5
    with pytest.raises(ThrottledError) as throttled:
        check_caller(settings, ledger, basic(password="guess")["authorization"], verified, budget, "a")
    assert 1 <= throttled.value.retry_after <= 60
    assert len(scrypts) == 5  # the 429 ran no scrypt
    check_caller(settings, ledger, basic()["authorization"], verified, budget, "b")  # another address: fine


def test_the_routes_answer_429_with_retry_after_and_the_operator_elsewhere_goes_on(
    ledger: Ledger, scrypts: list[bytes]
) -> None:
    partner = app(ledger, auth_failures=3)
    body = form(segredo="x" * 1000)
    statuses = [
        call(partner, FORM, body, headers=basic(password="guess"), client="198.51.100.7").status
        for _ in range(3)
    ]
    assert statuses == [401, 401, 401]
    hashed = len(scrypts)
    throttled = call(partner, FORM, body, headers=basic(password="guess"), client="198.51.100.7")
    assert throttled.status == 429
    assert throttled.json() == {"codigo_retorno": "97", "descricao_retorno": "Não autorizado"}
    assert 1 <= int(throttled.headers["retry-after"]) <= 60
    token = call(
        partner, TOKEN, f"grant_type=client_credentials&client_id={CLIENT_ID}&client_secret=guess".encode(),
        headers={"content-type": "application/x-www-form-urlencoded"}, client="198.51.100.7",
    )  # fmt: skip
    assert token.status == 429
    assert token.json()["error"] == "invalid_client"
    assert "retry-after" in token.headers
    assert len(scrypts) == hashed  # neither 429 computed a hash
    operator = call(partner, FORM, body, headers=basic(), client="203.0.113.9")
    assert operator.status == 200
    logged = [(call_.status, json.loads(call_.body)) for call_ in ledger.calls()]
    assert logged[:3] == [(401, None)] * 3  # refused calls: logged, never their body
    assert len(logged) == 4  # the 429s cost no row


def test_a_known_operator_header_passes_even_from_a_throttled_address(ledger: Ledger) -> None:
    partner = app(ledger, auth_failures=1)
    body = form()
    assert call(partner, FORM, body, headers=basic(), client="10.0.0.1").status == 200
    assert call(partner, FORM, body, headers=basic(password="guess"), client="10.0.0.1").status == 401
    assert call(partner, FORM, body, headers=basic(password="guess"), client="10.0.0.1").status == 429
    assert call(partner, FORM, body, headers=basic(), client="10.0.0.1").status == 200  # remembered: no hash
