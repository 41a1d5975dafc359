"""Whether a URL is a base URL to send the operator's requests to (a setting, a variable)."""

from __future__ import annotations

from urllib.parse import urlsplit

__all__ = ["url_problem"]


def url_problem(url: str) -> str | None:
    """Why ``url`` is no base URL to send requests to (the rule, in English); None when it is one.

    Checked where it is read, so a ``http://[::1`` or a port past 65535 is named as the
    setting it came from, not met as a crash or ten failed retries at the first request.
    """
    if not url.startswith(("http://", "https://")):
        return "must start with http:// or https://"
    try:
        parts = urlsplit(url)
        port = parts.port  # read: a port that is not a number from 0 to 65535 raises here
    except ValueError as exc:
        if "port" in str(exc).lower():
            return "the port must be a number from 1 to 65535"
        return _URL_RULE
    if not parts.hostname or any(char.isspace() or not char.isprintable() for char in url):
        return _URL_RULE
    if port == 0:
        return "the port must be a number from 1 to 65535"
    return None


_URL_RULE = "must be a URL such as https://host or http://127.0.0.1:8080 (a host, an optional port)"
