"""Keep credentials and tokens out of logs and error texts.

Two nets: known secrets (login, access code, tokens) registered when they are read,
and patterns (``Authorization`` values, JWT-shaped strings, the ``user:password@`` of
a URL such as ``POSTALGUI_BASE_URL``) for anything else.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Mapping

MASK = "***"
_SENSITIVE_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "set-cookie"})
_PATTERNS = (
    re.compile(r"(?i)\b(Basic|Bearer)\s+[A-Za-z0-9._~+/=\-]+"),
    re.compile(r"\beyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*"),
)

_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/?#\s]*@")
"""The user information of a URL (``https://user:secret@host``), removed whole: up to the
last ``@`` before the path, so a raw ``@`` of a password (``user:p@ss@host``) leaves no tail."""

_lock = threading.Lock()
_secrets: set[str] = set()


def register_secret(value: str | None) -> None:
    """Remember a secret so that `scrub` hides it wherever it appears."""
    if value and len(value) >= 4:
        with _lock:
            _secrets.add(value)


def scrub(text: str) -> str:
    """``text`` with every registered secret and auth-looking value masked, and URLs
    without their ``user:password@``."""
    text = _USERINFO.sub(r"\1", text)
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: (m.group(1) + " " + MASK) if m.lastindex else MASK, text)
    with _lock:
        secrets = sorted(_secrets, key=len, reverse=True)
    for secret in secrets:
        text = text.replace(secret, MASK)
    return text


def mask_headers(headers: Mapping[str, str]) -> dict[str, str]:
    """A copy of ``headers`` fit for a log line."""
    return {k: (MASK if k.lower() in _SENSITIVE_HEADERS else v) for k, v in headers.items()}


class ScrubFilter(logging.Filter):
    """Logging filter that scrubs the formatted message of every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = scrub(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = scrub(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True
