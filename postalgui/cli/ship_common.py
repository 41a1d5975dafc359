"""What the ``ship`` commands share: the office's pre-postings of the ids typed (checked
before anything is sent) and the progress line a long task keeps on stderr."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING

from postalgui.api.cancel import PlainTask, Progress
from postalgui.api.values import shown_value
from postalgui.cli.language import number, say
from postalgui.cli.options import BadOption, confirmed_by
from postalgui.cli.output import EXIT_API_ERROR, EXIT_OK, error, progress_line, visible

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from postalgui.services.context import AppContext
    from postalgui.services.shipping.records import Shipment

__all__ = ["confirm", "known_ids", "progress_task", "said_cancels"]


def known_ids(context: AppContext, ids: Sequence[str], option: str = "ID") -> list[Shipment]:
    """The office's pre-postings of ``ids`` (pre-posting ids or object codes; each once, in
    the order given); a malformed id or one the office does not know raises `BadOption`
    naming each (nothing is sent)."""
    wanted = list(dict.fromkeys(text.strip().upper() for text in ids))
    malformed = [text for text in wanted if not (text.isascii() and text.isalnum())]
    if malformed:
        raise BadOption(
            say(
                "{option}: not a pre-posting id (PR...) or object code: {ids}",
                option=option,
                ids=", ".join(shown_value(text) for text in malformed),
            )
        )
    found: dict[str, Shipment] = {}
    for shipment in context.shipping.book().get(wanted):
        found[shipment.prepost_id.upper()] = shipment
        if shipment.object_code:
            found[shipment.object_code.upper()] = shipment
    unknown = [text for text in wanted if text not in found]
    if unknown:
        raise BadOption(
            say(
                "{option}: no pre-posting of this office has the id {ids} ('ship list' shows them; nothing "
                "was sent)",
                option=option,
                ids=", ".join(unknown),
            )
        )
    return list({found[text].prepost_id: found[text] for text in wanted}.values())


def confirm(yes: bool, summary: str, question: str) -> None:
    """Go on when ``--yes`` was given or the person says yes on a terminal; else `BadOption`
    (exit 2, nothing sent): a no, or no terminal to ask on (a script never sends by accident)."""
    confirmed = confirmed_by(yes, f"{summary}\n{question}")
    if confirmed is None:
        raise BadOption(
            say("--yes: not on a terminal, so nobody can confirm; give --yes to send (nothing was sent)")
        )
    if not confirmed:
        raise BadOption(say("nothing was sent"))


def said_cancels(ids: Sequence[str], refused: dict[str, str], counted: Callable[[int], str]) -> int:
    """Each id's outcome on stdout ("Cancelled", or the operator's words), the refused counted on
    stderr (``counted(n)``: "2 pre-postings"); the exit status: 1 when any was refused."""
    for prepost_id in ids:
        said = (
            say("Not cancelled ({reason})", reason=refused[prepost_id])
            if prepost_id in refused
            else say("Cancelled")
        )
        sys.stdout.write(f"{visible(prepost_id)}  {said}\n")
    if refused:
        error(say("{shipments} not cancelled (exit status 1)", shipments=counted(len(refused))))
        return EXIT_API_ERROR
    return EXIT_OK


class _ProgressLine:
    """A task's progress on stderr: one line rewritten on a terminal, a line a step elsewhere
    (at most one a second, so a log of a thousand-row run stays short)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.shown = sys.stderr.isatty()
        self.started = self.last = time.monotonic()
        self.written = False

    def __call__(self, report: Progress) -> None:
        now = time.monotonic()
        finished = report.total is not None and report.done >= report.total
        if not self.shown and not (now - self.last >= 1.0 or (finished and self.written)):
            return  # a log gets a line a second, from the first second on: a quick task says nothing
        self.last = now
        if report.total:
            done = say("{done} of {total}", done=number(report.done), total=number(report.total))
        else:
            done = say("waiting")
        seconds = number(round(now - self.started))
        text = f"{self.what}: {report.text or done}\N{HORIZONTAL ELLIPSIS} {seconds} s"
        progress_line(text)
        self.written = True

    def close(self) -> None:
        if self.shown and self.written:
            sys.stderr.write("\n")


@contextmanager
def progress_task(what: str) -> Iterator[PlainTask]:
    """A `PlainTask` whose progress is said on stderr as ``what: 3 of 10... 2 s``."""
    line = _ProgressLine(what)
    try:
        yield PlainTask(line)
    finally:
        line.close()
