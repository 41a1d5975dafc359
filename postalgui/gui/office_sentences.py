"""The office database's failures in the user's language, wherever a tab shows one.

The store says each failure in one English sentence naming the database and the server's
own reason; `services.office.problems.office_problem` reads back its kind (the store's
phrases are the contract, tested there), and these are the sentences a clerk reads.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.problems import ProblemKind, office_problem

__all__ = ["office_template"]

_CONTEXT = "office_sentences"

_SENTENCES: dict[ProblemKind, object] = {
    "refused": QT_TRANSLATE_NOOP(
        "office_sentences",
        "The office database %1 refused the login (%2): check the user name and the password in Settings.",
    ),
    "missing": QT_TRANSLATE_NOOP(
        "office_sentences",
        "The office database %1 does not exist on that server (%2): create it, or check the URL in Settings.",
    ),
    "unreachable": QT_TRANSLATE_NOOP(
        "office_sentences",
        "The office database %1 cannot be reached (%2): check that the server is running and the network; "
        "new quotes wait on this computer and are sent when it is back.",
    ),
    "newer": QT_TRANSLATE_NOOP(
        "office_sentences",
        "The office database %1 was written by a newer PostalGUI (%2): open it with that version; new quotes "
        "wait on this computer.",
    ),
    "damaged": QT_TRANSLATE_NOOP(
        "office_sentences",
        "The office database %1 is damaged (%2): restore it from a backup, or move it away and an empty one "
        "is started.",
    ),
    "schema": QT_TRANSLATE_NOOP(
        "office_sentences",
        "The office database %1 does not have the tables of its schema (%2): it was changed by hand or by "
        "another program; move it away or restore a backup.",
    ),
    "unopenable": QT_TRANSLATE_NOOP(
        "office_sentences", "The office database %1 cannot be opened (%2): check the server and the URL."
    ),
}


def office_template(error: BaseException) -> tuple[str, str, str] | None:
    """The translated sentence for ``error`` and its ``%1`` (the database) and ``%2`` (the
    server's reason), when it is an office database's failure of a known kind
    (`messages.describe_error` fills it)."""
    if not isinstance(error, OfficeDatabaseError):
        return None
    problem = office_problem(str(error))
    if problem is None:
        return None
    where = problem.where.removeprefix("file ")  # a file is named by its path alone
    return QCoreApplication.translate(_CONTEXT, str(_SENTENCES[problem.kind])), where, problem.reason
