"""``postalgui claims file`` and ``claims reopen``: the claims commands that send.

Apart from `claims_cmd` (what reads and sums) because these write to the operator: every
option is checked before anything is sent (a bad one exits 2 naming it, each bad code
once with its rule), the reply e-mail and phone default to Settings, and what will be
sent is shown and confirmed on a terminal (``--yes`` skips the question; without a
terminal ``--yes`` is required, so a script never files by accident). Each object's
result is said in words with the operator's code: exit 0 when every object was filed or
already was, 1 when the operator refused some (or their answer was lost).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from postalgui.api.cancel import PlainTask
from postalgui.api.values import InvalidValue, shown_value
from postalgui.api.values.claims import (
    REASONS,
    Manifestation,
    Packaging,
    parse_claim_email,
    parse_claim_name,
    parse_claim_phone,
    parse_reason,
)
from postalgui.cli.language import count, number, say, spoken
from postalgui.cli.options import BadOption, checked, confirmed_by, json_option, subcommand
from postalgui.cli.output import (
    EXIT_API_ERROR,
    EXIT_INVALID_INPUT,
    EXIT_OK,
    error,
    our_keys,
    print_json,
    visible,
)
from postalgui.cli.track_watch import checked_codes
from postalgui.cli.worded import routine_text
from postalgui.services.claims import words
from postalgui.services.claims.filing import Result
from postalgui.services.claims.records import REOPEN_DAYS, ReopenBar

if TYPE_CHECKING:
    from postalgui.cli.options import Commands
    from postalgui.services.claims.filing import FilingReport, FilingResult
    from postalgui.services.context import AppContext
from postalgui.services.claims.filing import FilingItem, FilingOrder, MissingNamesError, with_known_names

__all__ = ["add_parsers", "checked_keys"]

_T = TypeVar("_T")

KINDS = {"compensacao": Manifestation.COMPENSATION, "reclamacao": Manifestation.COMPLAINT}
"""``--tipo``: ask for the compensation (I), or only complain (R)."""
PACKAGES = {"envelope": Packaging.ENVELOPE, "caixa": Packaging.BOX}
"""``--embalagem``."""
SETTLED = (Result.FILED, Result.ALREADY, Result.BLOCKED)
"""The per-object results that leave nothing to do: filed now, or before (900, or this office's book)."""

FILE_EPILOG = (
    "Exit status: 0 every object filed or already filed, 1 the operator refused some (each "
    "said with its code: 544 still within the deadline, 510 past 90 days, 530 delivered on "
    "time...), an answer was lost or unreadable, or an object is being sent by another desk or "
    "was sent before with no answer read (nothing sent: follow it with 'claims follow CODE', or "
    "file it again on purpose with --again), 2 invalid input, a recipient's name missing "
    "(--nome), no --yes without a terminal, or not confirmed (nothing sent)."
)


def add_parsers(sub: Commands) -> None:
    """``file`` and ``reopen`` under ``claims``."""
    parser = subcommand(
        sub,
        "file",
        _run_file,
        _add_file_options,
        json_option("print JSON to stdout: one result per object"),
        summary="file claims for objects (asks first on a terminal)",
        description="File a claim (cadastra) for each CODE, in lots of the Settings' size. The "
        "reply e-mail and phone default to Settings. On a terminal it shows what will be sent "
        "and asks; --yes sends without asking (required when not on a terminal). An object "
        "already filed by this office is not sent again.",
    )
    parser.epilog = FILE_EPILOG
    subcommand(
        sub,
        "reopen",
        _run_reopen,
        _add_reopen_options,
        summary="reopen a claim refused on its merit",
        description="Reopen (reativa) a claim closed as Improcedente, by its protocol or object code. "
        "Exit status 1 when the operator refuses (587 deadline passed, 590 already asked...).",
    )


def _add_file_options(parser: argparse.ArgumentParser) -> None:
    reasons = ", ".join(words.reason_words(code, spoken()) for code in REASONS)
    parser.add_argument("codes", metavar="CODE", nargs="+", help="object code, e.g. DG049186226BR")
    parser.add_argument("--motivo", metavar="N", required=True, help=f"the reason: {reasons}")
    parser.add_argument(
        "--tipo", metavar="T", default="compensacao", help="compensacao (default) or reclamacao"
    )
    parser.add_argument("--embalagem", metavar="E", help="envelope or caixa (default: Settings)")
    parser.add_argument("--email", metavar="E", help="where the operator answers (default: Settings)")
    parser.add_argument("--telefone", metavar="T", help="a phone with its area code (default: Settings)")
    parser.add_argument(
        "--nome",
        metavar="NOME",
        action="append",
        default=[],
        help="the recipient's name (nomeDestinatario, required by the operator): one name for every "
        "object, or CODE=Name for one object (repeat it); objects shipped as pre-postings take the "
        "pre-posting's name when not given",
    )
    parser.add_argument(
        "--again",
        action="store_true",
        help="file again on purpose objects sent before whose answer was lost or unreadable "
        "(follow them first: 'claims follow CODE')",
    )
    parser.add_argument("--yes", action="store_true", help="send without asking")


def _add_reopen_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("key", metavar="PROTOCOL-or-CODE", help="the claim's protocol or its object code")
    parser.add_argument("--motivo", metavar="TEXT", required=True, help="why it should be looked at again")
    parser.add_argument("--observacao", metavar="TEXT", default="", help="a note for the operator")


# --------------------------------------------------------------------------- checking


def _choice(option: str, value: str, choices: dict[str, _T]) -> _T:
    found = choices.get(value.strip().casefold())
    if found is None:
        raise BadOption(
            say(
                "{option}: must be {choices} (got {value})",
                option=option,
                choices=say(" or ").join(choices),
                value=shown_value(value),
            )
        )
    return found


def _setting(option: str, value: str | None, default: str, parse: Callable[[str], str], what: str) -> str:
    """An option's value, else the Settings' one; either is checked (`BadOption` naming ``option``)."""
    if value is None:
        if not default:
            raise BadOption(say("{option}: required: Settings have no {what}", option=option, what=what))
        try:
            return parse(default)
        except InvalidValue as exc:
            raise BadOption(
                say(
                    "{option}: the {what} in Settings is not valid: {problem}",
                    option=option,
                    what=what,
                    problem=routine_text(exc),
                )
            ) from None
    return checked(option, parse, value)


def checked_keys(keys: Sequence[str], option: str = "CODE") -> list[str]:
    """Object codes (checked) and protocols (digits), each once; every bad one named (`BadOption`)."""
    good: dict[str, None] = {}
    codes: list[str] = []
    for key in keys:
        text = key.strip()
        if text.isascii() and text.isdigit():
            good.setdefault(text, None)
        else:
            codes.append(key)
    if codes:
        for code in checked_codes(codes, option):
            good.setdefault(code, None)
    return list(good)


def _order(args: argparse.Namespace, context: AppContext) -> FilingOrder:
    """The order the options give, every one checked first; each object that is a candidate
    keeps what its candidate knows (kind, days late, postage, estimate) with its claim."""
    # lazy: the command line starts without it
    from postalgui.services.claims.use_cases import candidates

    codes = checked_codes(args.codes)
    reason = checked("--motivo", parse_reason, args.motivo)
    kind = _choice("--tipo", args.tipo, KINDS)
    settings = context.claims.settings
    package = (
        _choice("--embalagem", args.embalagem, PACKAGES) if args.embalagem is not None else settings.package
    )
    email = _setting("--email", args.email, settings.reply_email, parse_claim_email, say("reply e-mail"))
    phone = _setting("--telefone", args.telefone, settings.phone, parse_claim_phone, say("phone"))
    names = _names(args.nome, codes)
    found = candidates(PlainTask(), context.claims)
    known = {candidate.code: candidate for candidate in (*found.candidates, *found.expired)}
    items = [
        FilingItem.of(known[code], reason, names.get(code, ""))
        if code in known
        else FilingItem(code, reason, names.get(code, ""))
        for code in codes
    ]
    order = FilingOrder(items, email, phone, kind, Packaging(package))
    try:
        return with_known_names(order, context.claims.recipients(codes))
    except MissingNamesError as exc:
        raise BadOption(
            say(
                "--nome: the recipient's name (nomeDestinatario) is required by the operator; none is known "
                "for {codes}: give --nome 'Name' or --nome CODE='Name' (nothing was sent)",
                codes=", ".join(exc.codes),
            )
        ) from None


def _names(values: Sequence[str], codes: Sequence[str]) -> dict[str, str]:
    """``--nome``: one name for every code, or ``CODE=Name`` pairs (each checked)."""
    names: dict[str, str] = {}
    for value in values:
        code, said, name = value.partition("=")
        if not said:
            if len(values) > 1:
                raise BadOption(say("--nome: give one name for every object, or CODE=Name for each"))
            return {each: checked("--nome", parse_claim_name, value) for each in codes}
        (key,) = checked_codes([code], "--nome")
        if key not in codes:
            raise BadOption(say("--nome: {code} is not one of the objects to file", code=key))
        names[key] = checked("--nome", parse_claim_name, name)
    return names


# --------------------------------------------------------------------------- file


def _summary(order: FilingOrder, context: AppContext) -> str:
    """What will be sent, for the person to confirm."""
    profile = context.claims.profile
    codes = [item.code for item in order.items]
    reasons = sorted({item.reason for item in order.items})
    names = sorted({item.recipient for item in order.items if item.recipient})
    names = (
        names
        if len(names) == 1
        else [say("{names}, one per object", names=count(len(names), "name", "names"))]
    )
    more = say(" and {more} more", more=number(len(codes) - 8)) if len(codes) > 8 else ""
    fields = {
        say("reason"): ", ".join(words.reason_words(reason, spoken()) for reason in reasons),
        say("kind"): words.manifestation_words(order.manifestation, spoken()),
        say("packaging"): say("envelope") if order.package is Packaging.ENVELOPE else say("box"),
        say("reply to"): order.email,
        say("phone"): order.phone,
        **({say("recipient"): names[0]} if names else {}),
        say("objects"): ", ".join(codes[:8]) + more,
    }
    width = max(len(name) for name in fields)
    head = say(
        "About to file {claims} (contract {contract}, card {card}):",
        claims=count(len(codes), "claim", "claims"),
        contract=profile.contract,
        card=profile.card,
    )
    return "\n".join([head, *(f"  {name.ljust(width)}  {value}" for name, value in fields.items())])


def _result_line(result: FilingResult) -> str:
    """``DG049186226BR  Filed  protocol 1234567890``; a refusal with the operator's code and words."""
    parts = [visible(result.code), words.result_text(result, spoken())]
    if result.protocol:
        parts.append(say("protocol {protocol}", protocol=result.protocol))
    quiet = (Result.FILED, Result.BLOCKED, Result.NOT_SENT, Result.BEING_SENT, Result.HELD, Result.UNREADABLE)
    if result.result not in quiet and (result.return_code or result.message):
        parts.append(f"({visible(words.code_words(result.return_code, result.message, spoken()))})")
    return "  ".join(parts)


def _print_report(report: FilingReport, *, as_json: bool) -> None:
    if as_json:
        print_json(
            [
                our_keys(
                    {
                        "code": result.code,
                        "result": result.result.value,
                        "protocol": result.protocol,
                        "return_code": result.return_code,
                        "message": result.message,
                        "by": result.by or None,
                        "at": result.at.isoformat() if result.at else None,
                    }
                )
                for result in report.results
            ]
        )
        return
    for result in report.results:
        sys.stdout.write(_result_line(result) + "\n")


def _run_file(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.claims.use_cases import file_claims

    order = _order(args, context)
    confirmed = confirmed_by(args.yes, _summary(order, context) + "\n" + say("Send them?"))
    if confirmed is None:
        raise BadOption(
            say("--yes: not on a terminal, so nobody can confirm; give --yes to send (nothing was sent)")
        )
    if not confirmed:
        error(say("nothing was sent"))
        return EXIT_INVALID_INPUT
    report = file_claims(PlainTask(), context.claims, order, again=args.again)
    _print_report(report, as_json=args.json)
    settled = report.count(*SETTLED)
    left = len(report.results) - settled
    error(
        count(settled, "object filed or already filed", "objects filed or already filed")
        + (say(", {objects} not (exit status 1)", objects=count(left, "object", "objects")) if left else "")
    )
    return EXIT_OK if not left else EXIT_API_ERROR


# --------------------------------------------------------------------------- reopen


def _run_reopen(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.claims.following import NotReopenableError
    from postalgui.services.claims.use_cases import reopen_claim

    (key,) = checked_keys([args.key], "PROTOCOL-or-CODE")
    reason = " ".join(args.motivo.split())
    if not reason:
        raise BadOption(say("--motivo: must say why the claim should be looked at again"))
    item = context.claims.book().get(key)
    if item is None:
        raise BadOption(
            say("PROTOCOL-or-CODE: {key}: no claim of this office has it (nothing was sent)", key=key)
        )
    bar = item.reopen_bar(context.claims.today())
    if bar is not None:
        raise BadOption(f"PROTOCOL-or-CODE: {key}: {_not_reopened(bar)}")
    try:
        result = reopen_claim(PlainTask(), context.claims, key, reason, " ".join(args.observacao.split()))
    except NotReopenableError as exc:  # another desk changed it meanwhile: said, nothing sent
        raise BadOption(f"PROTOCOL-or-CODE: {key}: {_not_reopened(exc.bar)}") from None
    said = words.code_words(result.return_code, result.message, spoken(), "reopen")
    outcome = say("Reopened") if result.reopened else say("Not reopened")
    sys.stdout.write(f"{visible(result.protocol)}  {outcome} ({visible(said)})\n")
    return EXIT_OK if result.reopened else EXIT_API_ERROR


def _not_reopened(bar: ReopenBar) -> str:
    """Why the claim is not reopened, and that nothing was sent."""
    reasons = {
        ReopenBar.NOT_FILED: say("it has no protocol: the operator never registered it"),
        ReopenBar.NOT_CLOSED: say(
            "it is not closed: only a claim closed without merit (refused) can be reopened; "
            "'claims follow' asks how it stands"
        ),
        ReopenBar.ACCEPTED: say("it was accepted: there is nothing to reopen"),
        ReopenBar.REOPENED: say("it was reopened once already: the operator takes one reopening"),
        ReopenBar.TOO_LATE: say(
            "it closed more than {days} days ago: the operator no longer reopens it", days=REOPEN_DAYS
        ),
    }
    return say("{reason} (nothing was sent)", reason=reasons[bar])
