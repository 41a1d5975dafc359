"""Shipping's words: a pre-posting's status and the office's "labelled" mark
(`postalgui.services.words`).

The Pre-postings page, its filter, ``postalgui ship`` and the printing refusals read these,
so they say the same words.
"""

from __future__ import annotations

from postalgui.api.models.prepostings import PrepostingStatus
from postalgui.services.words import Words, catalogue

__all__ = ["LABELLED", "NO_STATUS", "STATUS", "UNKNOWN_STATUS"]

STATUS = catalogue(
    PrepostingStatus,
    {
        PrepostingStatus.PRE_ATTENDED: Words("Pre-attended", "Pré-atendido"),
        PrepostingStatus.PREPOSTED: Words("Pre-posted", "Pré-postado"),
        PrepostingStatus.POSTED: Words("Posted", "Postado"),
        PrepostingStatus.EXPIRED: Words("Expired", "Expirado"),
        PrepostingStatus.CANCELLED: Words("Cancelled", "Cancelado"),
        PrepostingStatus.REVERSED: Words("Reversed", "Estornado"),
        PrepostingStatus.PENDING: Words("Pending", "Pendente"),
    },
)

NO_STATUS = Words("No status", "Sem status")
"""A pre-posting the operator gave no status number."""

UNKNOWN_STATUS = Words("Unknown ({number})", "Desconhecido ({number})")
"""A status number this version does not know (the operator's own word follows it)."""

LABELLED = Words("Labelled", "Emitida")
"""The office's own mark of a pre-posting whose label was issued here (under "Label")."""
