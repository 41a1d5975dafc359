"""The office database URL's edges (issue 38): a host DNS cannot take, a URL that is not
PostgreSQL, and no part of a password in any text that shows a URL, however malformed."""

from __future__ import annotations

import pytest

from postalgui.store.errors import StoreUrlError
from postalgui.store.urls import describe, office_url, redacted

PASSWORD = "Pa55w0rd"
"""Every malformed URL below carries this password, whole or in part."""

MALFORMED = [
    f"postgresql://ss:{PASSWORD}@pass@127.0.0.1/db",  # a raw '@' in the password
    f"postgresql://ss:p@{PASSWORD}@127.0.0.1/db",
    f"postgresql://ss:{PASSWORD}%40x@127.0.0.1/db",  # %-escaped
    f"postgresql://ss:{PASSWORD}@/db",  # no host
    f"postgresql://ss:{PASSWORD}@münchen.de/db",  # a unicode host
    f"postgresql://ss:{PASSWORD}@[::1]:5432/db",  # IPv6
    f"postgresql://ss:{PASSWORD}@[::1]:{PASSWORD}/db",
    f"postgresql://ss:{PASSWORD}@{'a' * 300}/db",  # a 300-character host
    f"  postgresql://ss:{PASSWORD} x@127.0.0.1/db  ",  # whitespace
    f"postgresql://ss:{PASSWORD}/db",  # no '@': the password reads as a port
    "postgresql://ss:Pa55/w0rd@127.0.0.1/db",  # a '/' in the password
    f"postgresql://ss@127.0.0.1/db?password={PASSWORD}",
    f"postgresql:/ss:{PASSWORD}@127.0.0.1/db",  # one slash
    f"ss:{PASSWORD}@127.0.0.1/db",  # no scheme
    f"sqlite:////ss:{PASSWORD}@nonexistent/dir/x.db",
]


def fragments(secret: str, size: int = 3) -> set[str]:
    """Every piece of ``secret`` of ``size`` characters or more."""
    return {secret[start:end] for start in range(len(secret)) for end in range(start + size, len(secret) + 1)}


def shows_no_password(text: str) -> bool:
    return not any(piece in text for piece in fragments(PASSWORD) | fragments("Pa55/w0rd"))


@pytest.mark.parametrize("url", MALFORMED)
def test_a_redacted_url_shows_no_piece_of_its_password(url: str) -> None:
    assert shows_no_password(redacted(url)), redacted(url)


@pytest.mark.parametrize("url", MALFORMED)
def test_refusing_a_malformed_url_shows_no_piece_of_its_password(url: str) -> None:
    for allow_password in (False, True):
        try:
            said = describe(office_url(url, allow_password=allow_password))
        except StoreUrlError as exc:
            said = str(exc)
        assert shows_no_password(said), said


def test_redacted_keeps_what_names_the_server() -> None:
    assert (
        redacted("postgresql://clerk:secret@db.office:5432/postalgui")
        == "postgresql://clerk@db.office:5432/postalgui"
    )
    assert redacted("postgresql://ss:p@ss@127.0.0.1/db") == "postgresql://***@127.0.0.1/db"
    assert redacted("postgresql://u:pw@[::1]:5432/db") == "postgresql://u@[::1]:5432/db"
    assert redacted("postgresql://u:secret/db") == "postgresql://u:***/db"
    assert (
        redacted("postgresql://u@h/db?password=x&sslmode=require")
        == "postgresql://u@h/db?password=***&sslmode=require"
    )


@pytest.mark.parametrize(
    "host",
    [
        "a" * 300,  # connecting crashed: UnicodeError, label too long
        "a" * 64 + ".example.com",  # one label over 63
        ".".join(["a" * 60] * 5),  # 304 in all, every label within 63
        "ss@127.0.0.1",  # what a raw '@' of a password leaves as the host
        "db office",
        "xn--" + "a" * 70,
    ],
)
def test_a_host_dns_cannot_take_is_refused_naming_the_rule(host: str) -> None:
    with pytest.raises(StoreUrlError) as caught:
        office_url(
            f"postgresql://clerk:secret@{host}/postalgui", field="POSTALGUI_DATABASE_URL", allow_password=True
        )
    said = str(caught.value)
    assert said.startswith("POSTALGUI_DATABASE_URL: the server's name is letters, digits")
    assert "at most 63 characters and 253 in all" in said
    assert host not in said
    assert "secret" not in said


@pytest.mark.parametrize(
    "host", ["db.office", "127.0.0.1", "[::1]", "münchen.de", "pg_primary", "a" * 63 + ".b"]
)
def test_a_host_dns_takes_is_kept(host: str) -> None:
    assert office_url(f"postgresql://clerk@{host}:5432/postalgui").host == host.strip("[]")


@pytest.mark.parametrize(
    "url",
    ["sqlite:////nonexistent/dir/x.db", "sqlite:///office.sqlite3", "sqlite://", "sqlite+pysqlite:///x.db"],
)
def test_a_sqlite_url_is_no_office_database(url: str) -> None:
    with pytest.raises(StoreUrlError, match=r"only PostgreSQL is supported \(postgresql://...\), not sqlite"):
        office_url(url, allow_password=True)


def test_a_password_in_the_query_is_a_password_in_the_url() -> None:
    with pytest.raises(StoreUrlError, match="leave the password out") as caught:
        office_url("postgresql://clerk@db/postalgui?password=s3cret")
    assert "s3cret" not in str(caught.value)
