"""Quotes kept on this computer for the office database, said as a command ends.

A quote the office database could not take (its server away or refusing, or this desk's
file written by a newer PostalGUI) waits in this desk's queue (`services.office.outbox`)
and the command goes on: without a word it would exit 0 and leave thousands of quotes
behind unseen. So every command that met the office database ends with one line on
stderr for what waits and why, and one for what this run sent of an earlier queue (any
answer of the office database sends it, a read included). ``database check`` says the
same in its fields and its JSON (`queued_json`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from postalgui.api.masking import scrub
from postalgui.cli.language import count, say
from postalgui.cli.output import error
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.problems import office_problem

if TYPE_CHECKING:
    from postalgui.services.context import AppContext
    from postalgui.services.office.outbox import Queued

__all__ = ["queued_json", "queued_lines", "say_queued", "waiting_why"]

log = logging.getLogger(__name__)


def say_queued(context: AppContext) -> None:
    """The queue's lines on stderr, when the command met the office database and something
    was sent or waits (a queue that cannot be read is logged: the command's own work stands)."""
    office = context.opened_office()
    outbox = office.opened_outbox() if office is not None else None
    if outbox is None:
        return
    try:
        queued = outbox.report()
    except OfficeDatabaseError as exc:
        log.warning("The quotes waiting on this computer could not be counted: %s", exc)
        return
    for line in queued_lines(queued):
        error(line)


def queued_lines(queued: Queued) -> list[str]:
    """``2.600 cotações guardadas neste computador foram enviadas ao banco de dados do escritório``
    and ``2.600 cotações aguardam neste computador: ...`` (each when it is so)."""
    lines: list[str] = []
    if queued.sent:
        lines.append(
            count(
                queued.sent,
                "quote kept on this computer was sent to the office database",
                "quotes kept on this computer were sent to the office database",
            )
        )
    if queued.rows:
        waiting = (
            count(queued.quotes, "quote waits on this computer", "quotes wait on this computer")
            if queued.quotes
            else count(
                queued.rows, "history row waits on this computer", "history rows wait on this computer"
            )
        )
        lines.append(say("{waiting}: {why}", waiting=waiting, why=waiting_why(queued.problem)))
    return lines


def waiting_why(problem: str) -> str:
    """Why quotes wait and when they go, from the office database's last refusal (the store's
    sentence, `office_problem`): ``o servidor do escritório ... não respondeu; serão enviadas
    no próximo contato``."""
    found = office_problem(problem)
    if found is None:
        return say(
            "the office database has not taken them yet; they will be sent at the next contact with it"
        )
    where = scrub(found.where)
    sentences = {
        "unreachable": say("the office server {where} did not answer", where=where),
        "refused": say("the office server {where} refused the login", where=where),
        "missing": say("the office database {where} does not exist on that server", where=where),
        "newer": say("the office database {where} was written by a newer PostalGUI", where=where),
    }
    why = sentences.get(found.kind, say("the office database {where} cannot be used", where=where))
    if found.kind == "newer":
        return say(
            "{why}; they will be sent when a PostalGUI that can open it runs on this computer", why=why
        )
    return say("{why}; they will be sent at the next contact with it", why=why)


def queued_json(queued: Queued) -> dict[str, Any]:
    """The queue for ``--json``: counts, its file, and why in English (machine-neutral)."""
    found = office_problem(queued.problem)
    return {
        "quotes": queued.quotes,
        "rows": queued.rows,
        "file": str(queued.path),
        "reason": scrub(queued.problem) or None,
        "kind": None if found is None else found.kind,
        "sent": queued.sent,
    }
