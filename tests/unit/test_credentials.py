"""Credential store: keyring per environment, memory fallback, masking."""

from __future__ import annotations

import logging

import keyring.errors
import pytest
from keyring.backends import fail

from postalgui.api.credentials import CredentialStore, keyring_usable
from postalgui.api.masking import ScrubFilter, mask_headers, register_secret, scrub
from tests.conftest import MemoryKeyring


def test_secrets_are_kept_per_environment() -> None:
    backend = MemoryKeyring()
    store = CredentialStore(backend)
    store.set("homologacao", "login", "hom-user")
    store.set("producao", "login", "prod-user")
    assert CredentialStore(backend).get("homologacao", "login") == "hom-user"
    assert backend.passwords[("postalgui:producao", "login")] == "prod-user"


def test_remember_is_session_only() -> None:
    backend = MemoryKeyring()
    store = CredentialStore(backend)
    store.remember("sandbox", "login", "demo")
    assert store.get("sandbox", "login") == "demo"
    assert backend.passwords == {}


def test_fail_backend_is_detected_and_nothing_is_written() -> None:
    store = CredentialStore(fail.Keyring())
    assert not keyring_usable(fail.Keyring())
    assert not store.persistent
    store.set("sandbox", "access_code", "secret-code")
    assert store.get("sandbox", "access_code") == "secret-code"
    assert CredentialStore(fail.Keyring()).get("sandbox", "access_code") is None


class BrokenKeyring(MemoryKeyring):
    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.KeyringLocked("locked")


def test_a_keyring_that_breaks_mid_session_degrades_to_memory(caplog: pytest.LogCaptureFixture) -> None:
    store = CredentialStore(BrokenKeyring())
    assert store.persistent
    store.set("producao", "access_code", "code-123456")
    assert not store.persistent
    assert "KeyringLocked" in (store.problem or "")
    assert store.get("producao", "access_code") == "code-123456"
    assert "code-123456" not in caplog.text


def test_scrub_masks_registered_secrets_and_auth_values() -> None:
    register_secret("my-access-code-xyz")
    text = scrub("code my-access-code-xyz and Authorization: Bearer abc.def.ghi and Basic dXNlcjpwdw==")
    assert "my-access-code-xyz" not in text
    assert "abc.def.ghi" not in text
    assert "dXNlcjpwdw==" not in text
    assert mask_headers({"Authorization": "Bearer x", "Accept": "json"}) == {
        "Authorization": "***",
        "Accept": "json",
    }


def test_scrub_drops_a_urls_user_information_to_its_last_at() -> None:
    """A raw '@' in a password (issue 38) left ``ss@127.0.0.1`` of ``ss:p@ss@127.0.0.1``."""
    assert scrub("at postgresql://ss:p@ss@127.0.0.1/db, then") == "at postgresql://127.0.0.1/db, then"
    assert scrub("https://host/path?to=a@b.com") == "https://host/path?to=a@b.com"


def test_scrub_filter_cleans_log_records() -> None:
    register_secret("another-secret-value")
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "token %s", ("another-secret-value",), None)
    assert ScrubFilter().filter(record)
    assert "another-secret-value" not in record.getMessage()


def test_the_system_keyring_is_looked_up_on_first_use_only() -> None:
    """Building the store costs nothing; the sandbox's demo login is a default that a
    stored login replaces, and a label can show it without asking the keyring."""
    store = CredentialStore()
    assert not store.resolved
    store.remember_default("sandbox", "login", "empresa.demo")
    assert store.peek("sandbox", "login") == "empresa.demo"
    assert not store.resolved


def test_a_stored_value_wins_over_the_default(memory_keyring: MemoryKeyring) -> None:
    store = CredentialStore(memory_keyring)
    assert store.resolved
    store.remember_default("sandbox", "login", "empresa.demo")
    assert store.get("sandbox", "login") == "empresa.demo"
    store.set("sandbox", "login", "outra.pessoa")
    assert store.get("sandbox", "login") == "outra.pessoa"
    assert CredentialStore(memory_keyring).get("sandbox", "login") == "outra.pessoa"
    store.delete("sandbox", "login")
    assert store.get("sandbox", "login") == "empresa.demo"  # cleared: the demo login again
