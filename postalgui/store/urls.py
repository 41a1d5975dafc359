"""Database URLs as the office writes them, checked before anything connects.

An office gives ``postgresql://user@host:5432/database`` (``postgres://`` too); the
password is kept apart, in the keyring, so a URL that carries one is refused rather than
written into a settings file. A ``sqlite:///path`` URL names a file (the default store).
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from postalgui.store.errors import StoreUrlError

__all__ = ["describe", "office_url", "sqlite_url"]

_POSTGRES = ("postgresql", "postgres", "postgresql+psycopg")


def sqlite_url(path: Path) -> URL:
    """The URL of the SQLite file at ``path``."""
    return URL.create("sqlite+pysqlite", database=str(path))


def office_url(
    text: str,
    *,
    password: str | None = None,
    field: str = "Office database URL",
    allow_password: bool = False,
) -> URL:
    """``text`` as a URL the store opens; `StoreUrlError` naming ``field`` and the rule.

    ``password`` (from the keyring) is put in the URL object only, never in its text form.
    ``allow_password`` takes a URL that carries its own (a test server's, never a setting's).
    """
    raw = text.strip()
    if not raw:
        raise StoreUrlError(f"{field}: give a URL such as postgresql://clerk@server:5432/postalgui")
    try:
        url = make_url(raw)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        raise StoreUrlError(
            f"{field}: not a database URL; write it as postgresql://user@server:5432/database"
        ) from None
    if url.drivername.startswith("sqlite"):
        if not url.database or url.database == ":memory:":
            raise StoreUrlError(f"{field}: a SQLite URL names a file, as sqlite:////path/office.sqlite3")
        return url.set(drivername="sqlite+pysqlite")
    if url.drivername not in _POSTGRES:
        raise StoreUrlError(
            f"{field}: only PostgreSQL is supported (postgresql://...), not {url.drivername}://"
        )
    if url.password and not allow_password:
        raise StoreUrlError(
            f"{field}: leave the password out of the URL; give it in the password field (kept in the keyring)"
        )
    if not url.host:
        raise StoreUrlError(f"{field}: name the server, as postgresql://user@server:5432/database")
    if not url.database:
        raise StoreUrlError(
            f"{field}: name the database after the server, as postgresql://user@server/postalgui"
        )
    if url.port is not None and not 0 < url.port < 65536:
        raise StoreUrlError(f"{field}: the port must be from 1 to 65535")
    url = url.set(drivername="postgresql+psycopg")
    return url.set(password=password) if password else url


def describe(url: URL) -> str:
    """The database as a person names it: its file, or its URL without the password (the
    way it was typed in Settings, and the same words in every language)."""
    if url.get_backend_name() == "sqlite":
        return f"file {url.database or '(in memory)'}"
    shown = URL.create(
        "postgresql", username=url.username, host=url.host, port=url.port or 5432, database=url.database
    )
    return shown.render_as_string()
