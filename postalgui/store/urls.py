"""Database URLs as the office writes them, checked before anything connects.

An office gives ``postgresql://user@host:5432/database`` (``postgres://`` too); the
password is kept apart, in the keyring, so a URL that carries one is refused rather than
written into a settings file. Only PostgreSQL is taken: the desk's own SQLite file is
not a URL anyone types, the store builds it in the data folder (`sqlite_url`), so a
typed ``sqlite:////elsewhere/x.db`` cannot make folders outside it.

The server's name follows DNS's rules before a connection is tried: a label (the part
between dots) holds at most 63 characters and the whole name at most 253, in letters,
digits, ``-`` and ``_`` (a name in other scripts is taken as IDNA writes it). A raw
``@`` of a password makes the host read ``secret@server``: refused, with the hint to
write it ``%40``.

No text here repeats a URL's credentials: what a message shows of a URL goes through
`redacted`, which drops everything before the last ``@`` of the address part, a
``:secret`` that reads as a port, and a ``password=`` parameter, however malformed the
URL is (`describe` for one parsed).

SQLAlchemy loads only when a URL is read or made: the settings and the window's status
bar import this module on the way to the first paint, which SQLAlchemy's import (about a
third of the app's imports) would otherwise delay.
"""

from __future__ import annotations

import ipaddress
import re
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.store.errors import StoreUrlError

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

__all__ = ["HOST_LABEL_MAX", "HOST_MAX", "MASK", "describe", "office_url", "redacted", "sqlite_url"]

_POSTGRES = ("postgresql", "postgres", "postgresql+psycopg")
HOST_LABEL_MAX = 63
"""The most characters of one label of a server's name (RFC 1035)."""
HOST_MAX = 253
"""The most characters of a server's whole name."""
_LABEL = re.compile(r"[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?", flags=re.ASCII)
_SCHEME = re.compile(r"\s*([A-Za-z][A-Za-z0-9+.\-]*)://")
_SECRET_PARAM = re.compile(r"(?i)([?&;]\s*password\s*=)[^&;#]*")
_SHOWN_SCHEME = re.compile(r"[a-z][a-z0-9+]{0,20}", flags=re.ASCII)
_EXAMPLE = "postgresql://user@server:5432/database"
MASK = "***"


def sqlite_url(path: Path) -> URL:
    """The URL of the SQLite file at ``path`` (the desk's own, in the data folder)."""
    # lazy: SQLAlchemy loads when a URL is made, not with the settings (start-up)
    from sqlalchemy.engine import URL

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
    # lazy: SQLAlchemy loads when a URL is read, not with the settings (start-up)
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(raw)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        raise StoreUrlError(f"{field}: not a database URL; write it as {_EXAMPLE}") from None
    if url.drivername not in _POSTGRES:
        scheme = url.drivername.lower()
        shown = f", not {scheme}://" if _SHOWN_SCHEME.fullmatch(scheme) else ""
        raise StoreUrlError(f"{field}: only PostgreSQL is supported (postgresql://...){shown}")
    if (url.password or "password" in {key.lower() for key in url.query}) and not allow_password:
        raise StoreUrlError(
            f"{field}: leave the password out of the URL; give it in the password field (kept in the keyring)"
        )
    if not url.host:
        raise StoreUrlError(f"{field}: name the server, as {_EXAMPLE}")
    _check_host(url.host, field)
    if not url.database:
        raise StoreUrlError(
            f"{field}: name the database after the server, as postgresql://user@server/postalgui"
        )
    if url.port is not None and not 0 < url.port < 65536:
        raise StoreUrlError(f"{field}: the port must be from 1 to 65535")
    url = url.set(drivername="postgresql+psycopg")
    return url.set(password=password) if password else url


def _check_host(host: str, field: str) -> None:
    """The server's name or address as DNS and libpq take it (else connecting would crash
    encoding it, or look up a name that cannot exist); the message never repeats it."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        return
    rule = (
        f"{field}: the server's name is letters, digits, '-' and '.', each part between dots at most "
        f"{HOST_LABEL_MAX} characters and {HOST_MAX} in all (a '@' or ':' of the user name or the "
        "password is written %40 or %3A)"
    )
    try:
        ascii_host = host.encode("idna").decode("ascii") if not host.isascii() else host
    except UnicodeError:
        raise StoreUrlError(rule) from None
    labels = ascii_host.removesuffix(".").split(".")
    if len(ascii_host) > HOST_MAX or not all(
        len(label) <= HOST_LABEL_MAX and _LABEL.fullmatch(label) for label in labels
    ):
        raise StoreUrlError(rule)


def redacted(text: str) -> str:
    """``text`` (a URL, however malformed) with no part of its credentials.

    Everything between ``scheme://`` and the last ``@`` is the user information, whatever
    it holds (a raw ``@``, ``/`` or ``:`` of a password stays on that side): only the user
    name before its first ``:`` is kept, and nothing when that side holds another ``@``
    (then no one can tell the name from the password). A ``:...`` after the host that is
    not a port number is masked (``user:secret/db`` reads as host and port), and so is a
    ``password=`` parameter.
    """
    match = _SCHEME.match(text)
    scheme, rest = (match.group(1), text[match.end() :]) if match else ("", text.strip())
    user_end = rest.rfind("@")
    shown_user = ""
    if user_end >= 0:
        info, rest = rest[:user_end], rest[user_end + 1 :]
        shown_user = (MASK if "@" in info else info.partition(":")[0] or MASK) + "@"
    cut = re.search(r"[/?#]", rest)
    host, tail = (rest[: cut.start()], rest[cut.start() :]) if cut else (rest, "")
    if host.startswith("["):  # an IPv6 address: its own colons are not a port's
        close = host.find("]") + 1 or len(host)
        name, port = host[:close], host[close:]
    else:
        name, colon, port = host.partition(":")
        port = colon + port
    if port and not re.fullmatch(r":\d*", port):
        port = ":" + MASK
    shown = shown_user + name + port + _SECRET_PARAM.sub(r"\1" + MASK, tail)
    return f"{scheme}://{shown}" if scheme else shown


def describe(url: URL) -> str:
    """The database as a person names it: its file, or its URL without the password (the
    way it was typed in Settings, and the same words in every language)."""
    if url.get_backend_name() == "sqlite":
        return f"file {url.database or '(in memory)'}"
    # lazy: SQLAlchemy loads when a URL is made, not with the settings (start-up)
    from sqlalchemy.engine import URL

    shown = URL.create(
        "postgresql", username=url.username, host=url.host, port=url.port or 5432, database=url.database
    )
    return redacted(shown.render_as_string())
