"""The embedded sandbox's operator-code key: drawn once per credential set, kept in the
keyring, handed to the sandbox, which seals its codes with it (and names a bad one)."""

from __future__ import annotations

import pytest

from postalgui.api.credentials import CredentialStore
from postalgui.sandbox.config import STER_KEY_ENV, SandboxConfig
from postalgui.sandbox.ster.attendants import ATTENDANTS
from postalgui.sandbox.ster.codes import CodeCipher, InvalidCodeError, basic_chave, code_fields
from postalgui.sandbox.ster.store import SterStore
from postalgui.services.attendance.sandbox_key import SANDBOX_KEY_ENV, SANDBOX_KEY_NAME, sandbox_environment


def test_the_key_is_drawn_once_and_kept_with_the_secrets() -> None:
    assert SANDBOX_KEY_ENV == STER_KEY_ENV
    store = CredentialStore()
    first = sandbox_environment(store, "sandbox", {})[SANDBOX_KEY_ENV]
    assert store.get("sandbox", SANDBOX_KEY_NAME) == first
    again = sandbox_environment(CredentialStore(), "sandbox", {"PATH": "/bin"})  # a second process
    assert again == {"PATH": "/bin", SANDBOX_KEY_ENV: first}
    assert sandbox_environment(store, "sandbox", {SANDBOX_KEY_ENV: "mine"})[SANDBOX_KEY_ENV] == "mine"
    store.set("sandbox", SANDBOX_KEY_NAME, "damaged by hand")
    replaced = sandbox_environment(store, "sandbox", {})[SANDBOX_KEY_ENV]
    assert replaced != first
    assert SandboxConfig.from_env({STER_KEY_ENV: replaced}).ster_code_key is not None


def test_two_sandboxes_started_with_one_key_open_each_others_codes() -> None:
    key = SandboxConfig.from_env(
        {STER_KEY_ENV: sandbox_environment(CredentialStore(), "s", {})[SANDBOX_KEY_ENV]}
    )
    window, cli = SterStore(lambda: 0.0, key.ster_code_key), SterStore(lambda: 0.0, key.ster_code_key)
    fields = code_fields(ATTENDANTS[0], ate_nu=1, time_ms=0, chave=basic_chave("u", "p"))
    assert cli.cipher.open(window.cipher.seal(fields))["ateNu"] == 1
    with pytest.raises(InvalidCodeError):
        CodeCipher().open(window.cipher.seal(fields))


@pytest.mark.parametrize("bad", ["abc", "x" * 44, "AAAA"])
def test_a_bad_key_variable_is_named(bad: str) -> None:
    with pytest.raises(ValueError, match=STER_KEY_ENV):
        SandboxConfig.from_env({STER_KEY_ENV: bad})
