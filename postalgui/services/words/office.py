"""The office's words: where a call that changes something at the operator stands
(`postalgui.services.words`).

The "Unanswered sends" dialog and ``postalgui sent list`` read these, so they say the same
words. Only ``sending``, ``unreadable`` and ``lost`` are ever listed (a call waiting for a
person); the others have words for completeness.
"""

from __future__ import annotations

from postalgui.services.office.outgoing import OutgoingState
from postalgui.services.words import Words, catalogue

__all__ = ["OUTGOING_STATE"]

OUTGOING_STATE = catalogue(
    OutgoingState,
    {
        OutgoingState.SENDING: Words("Being sent", "Sendo enviado"),
        OutgoingState.DONE: Words("Answered", "Respondido"),
        OutgoingState.REFUSED: Words("Refused", "Recusado"),
        OutgoingState.UNREADABLE: Words("Taken, answer unreadable", "Recebido, resposta ilegível"),
        OutgoingState.LOST: Words("No answer", "Sem resposta"),
        OutgoingState.RESOLVED: Words("Settled", "Resolvido"),
    },
)
