"""The operator's environments and their API bases."""

from __future__ import annotations

from enum import StrEnum


class Environment(StrEnum):
    """Where the client talks to. Values are the words of ``POSTALGUI_ENV``."""

    SANDBOX = "sandbox"
    HOMOLOGATION = "homologacao"
    PRODUCTION = "producao"
    CUSTOM = "custom"


BASE_URLS: dict[Environment, str] = {
    Environment.HOMOLOGATION: "https://apihom.correios.com.br",
    Environment.PRODUCTION: "https://api.correios.com.br",
}
