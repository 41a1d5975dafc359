"""A setting a feature needs is not set: said in the user's language by the window and the CLI.

The services raised these as English sentences that reached the Portuguese window as they
were; now each carries a stable ``need`` (the key below) that the window (`gui.messages`)
and the command line (`cli.worded`) word in their language, and ``settings``, the profile
fields to fill. The English ``message`` stays for logs and for callers that show it as is.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from postalgui.api.errors import ApiError

__all__ = ["NEEDS", "Need", "SettingMissingError"]

Need = Literal[
    "claims.contract_card",
    "shipping.card",
    "shipping.login",
    "contract.contract",
    "invoices.dr",
    "connection.base_url",
]

NEEDS: Mapping[Need, tuple[tuple[str, ...], str]] = MappingProxyType(
    {
        "claims.contract_card": (
            ("contract", "card"),
            "Claims need the contract and the posting card numbers: set them in Settings",
        ),
        "shipping.card": (("card",), "Pre-postings need the posting card number: set it in Settings"),
        "shipping.login": (
            ("login",),
            "Cancelling a pre-posting names who asks it (idCorreiosSolicitanteCancelamento, "
            "the identity-portal login): set the login in Settings",
        ),
        "contract.contract": (
            ("contract",),
            "Invoices and the branch search need the contract number: set it in Settings",
        ),
        "invoices.dr": (
            ("dr",),
            "The invoice does not say its DR and none is configured: set the DR in Settings",
        ),
        "connection.base_url": (("custom_base_url",), "No API base URL is configured for this environment"),
    }
)
"""Per need: the profile's fields to fill and the English sentence."""


class SettingMissingError(ApiError):
    """``need`` (a `Need`) cannot be met: the settings ``settings`` are not set."""

    def __init__(self, need: Need) -> None:
        self.need: Need = need
        self.settings, message = NEEDS[need]
        super().__init__(message)
