"""``postalgui claims``: find the late and lost parcels, claim their compensation (Fale
Conosco, ``pedido de informação``), follow the claims and say the money back.

``claims candidates`` lists what can be claimed (the watchlist, or an invoice's analytic
statement with ``--from-invoice``); ``claims file`` files claims (`claims_file`);
``list``, ``follow``, ``reopen``, ``money-back``, ``export`` and ``report`` work on the
claims the office database keeps (every desk sees who filed what). Options are checked
before anything is sent: a bad one exits 2 naming it. The CLI speaks the user's
language (`cli.language`); the operator's own texts (messages, situations) stay as sent;
money is ``R$ 1.234,56``.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from datetime import UTC, date, datetime
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import PlainTask
from postalgui.api.values import format_brl, format_date_ui
from postalgui.cli import claims_file
from postalgui.cli.language import count, number, say, spoken
from postalgui.cli.options import (
    BadOption,
    json_option,
    out_file,
    statement_of,
    statement_options,
    subcommand,
)
from postalgui.cli.output import EXIT_OK, error, our_keys, print_json, print_table
from postalgui.services.claims import words

if TYPE_CHECKING:
    from collections.abc import Sequence

    from postalgui.cli.options import Commands
    from postalgui.services.claims.candidates import Candidate, CandidateList
    from postalgui.services.claims.money import MonthSummary
    from postalgui.services.claims.records import Claim
    from postalgui.services.context import AppContext
from postalgui.api.values.money import added
from postalgui.services.claims.records import ClaimState

__all__ = ["add_parser", "as_json", "claims_table", "money"]

WIDTH = 100
"""The widest a table line gets (an 80-100 column terminal)."""


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "claims",
        help="claim compensation for late and lost parcels, follow the claims",
        description="Claims for compensation (the operator's information requests, "
        "/pedido-informacao/v1/externo/pedidos) with the posting card's token: 'candidates' lists "
        "what can be claimed, 'file' files claims, 'list' and 'follow' show them, 'money-back', "
        "'export' and 'report' sum them up. Amounts are estimates from the compensation table "
        "(Settings).",
    )
    sub = parser.add_subparsers(dest="claims_command", metavar="SUBCOMMAND", required=True)
    subcommand(
        sub,
        "candidates",
        _run_candidates,
        _add_candidates_options,
        json_option("print JSON to stdout: the candidates"),
        summary="what can be claimed: late, lost, damaged or overdue objects",
        description="The objects that can be claimed now, soonest deadline first: from the "
        "watchlist, or from an invoice's analytic statement (--from-invoice; its objects' "
        "tracking must be known: 'track watch add --from-invoice' then 'track watch refresh'). "
        "Those still within the operator's deadline (it would answer 544) are counted, not "
        "listed; --expired lists those past the 90 days instead.",
    )
    claims_file.add_parsers(sub)
    subcommand(
        sub,
        "list",
        _run_list,
        json_option("print JSON to stdout: the claims"),
        summary="the claims filed, as the last follow-up left them",
        description="The office's claims as stored: nothing is asked of the operator.",
    )
    subcommand(
        sub,
        "follow",
        _run_follow,
        _add_follow_options,
        json_option("print JSON to stdout: the claims"),
        summary="ask the operator how the claims stand, then list them",
        description="Ask the operator (acompanha) about the codes given, or about every claim not "
        "closed and not asked within the follow-up interval (Settings); a claim whose object's "
        "tracking shows the compensation paid (event IDC) is marked paid.",
    )
    _add_summaries(sub)


def _add_summaries(sub: Commands) -> None:
    """``money-back``, ``export`` and ``report``: the claims summed up for the bookkeeper."""
    subcommand(
        sub,
        "money-back",
        _run_money_back,
        json_option("print JSON to stdout: one record per month"),
        summary="per month: candidates, filed, accepted, paid, refused and the estimates",
        description="The money back per month (of filing; of the claimable date for candidates). "
        "Amounts are estimates from the compensation table (Settings).",
    )
    subcommand(
        sub,
        "export",
        _run_export,
        _add_file,
        _add_money_back,
        summary="write the claims (or the money back) as CSV or .xlsx",
        description="Write one row per claim to FILE: CSV (';', decimal comma) or a workbook when "
        "FILE ends in .xlsx (dates as dates, money as numbers); the stored proofs of delivery of "
        "the claims' objects go beside it as PDFs (FILE-comprovantes/CODE.pdf), named in a column. "
        "--money-back writes one row per month instead.",
    )
    subcommand(
        sub,
        "report",
        _run_report,
        _add_file,
        summary="the accountant's PDF: money back per month, then the claims",
        description="Write the money back per month (candidates, filed, accepted, paid, refused, "
        "estimated amounts and totals) and the list of claims as a PDF.",
    )


def _add_candidates_options(parser: argparse.ArgumentParser) -> None:
    statement_options("the objects of invoice N's analytic statement")(parser)
    parser.add_argument("--expired", action="store_true", help="list those past the 90 days instead")


def _add_follow_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "codes", metavar="CODE", nargs="*", help="object code or protocol (default: those due)"
    )


def _add_file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, metavar="FILE", help="the file to write")


def _add_money_back(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--money-back", action="store_true", help="one row per month instead of per claim")


# --------------------------------------------------------------------------- shared


def money(amount: Decimal | None) -> str:
    """``R$ 1.234,56``; ``—`` when unknown (R$ 0,00 would say it is worth nothing)."""
    return format_brl(amount) if amount is not None else "\N{EM DASH}"


def _day(day: date | datetime | None) -> str:
    if day is None:
        return ""
    if isinstance(day, datetime):
        day = (day.astimezone() if day.tzinfo is not None else day).date()
    return format_date_ui(day)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "\N{HORIZONTAL ELLIPSIS}"


def as_json(record: Any) -> dict[str, Any]:
    """A candidate, claim or month as JSON: dates ISO, money as text with two places, keys in
    camelCase (`our_keys`: the snake_case ones beside them for one release)."""
    data: dict[str, Any] = {}
    for key, value in asdict(record).items():
        if isinstance(value, Decimal):
            value = f"{value:.2f}"
        elif isinstance(value, date | datetime):
            value = value.isoformat()
        elif isinstance(value, Enum):
            value = value.value
        data[key] = value
    return our_keys(data)


# --------------------------------------------------------------------------- candidates


def _candidates_of(args: argparse.Namespace, context: AppContext) -> CandidateList:
    # lazy: the command line starts without it
    from postalgui.services.claims.use_cases import candidates, invoice_candidates

    statement = statement_of(args)
    if statement is None:
        return candidates(PlainTask(), context.claims)
    number, kind = statement
    return invoice_candidates(PlainTask(), context.claims, number, kind, interval_s=args.poll_interval)


def _candidates_table(shown: Sequence[Candidate], today: date) -> None:
    titles = (
        say("code"),
        say("problem"),
        say("late"),
        say("claim by"),
        say("left"),
        say("postage"),
        say("estimate"),
        say("product"),
    )
    rows = [
        [
            candidate.code,
            words.kind_words(candidate.kind, spoken()),
            number(candidate.days_late) if candidate.days_late else "",
            _day(candidate.deadline),
            number(candidate.days_left(today)),
            money(candidate.postage),
            money(candidate.estimate),
            candidate.product,
        ]
        for candidate in shown
    ]
    fixed = sum(max(len(titles[i]), *(len(row[i]) for row in rows)) + 2 for i in range(len(titles) - 1))
    for row in rows:
        row[-1] = _cut(row[-1], max(WIDTH - fixed, len(titles[-1])))
    print_table(titles, rows, right=(2, 4, 5, 6))


def _say_candidates(found: CandidateList) -> None:

    estimate = added(candidate.estimate for candidate in found.candidates)
    estimated = say(", {amount} estimated", amount=money(estimate)) if estimate is not None else ""
    error(
        say(
            "{candidates}{estimated}; {waiting} within the operator's deadline (not yet), "
            "{filed} already filed, {expired} past the 90 days",
            candidates=count(len(found.candidates), "candidate", "candidates"),
            estimated=estimated,
            waiting=number(found.waiting),
            filed=number(found.filed),
            expired=number(len(found.expired)),
        )
    )
    if found.untracked:
        error(
            say(
                "{objects} of the statement not in the watchlist: add them with "
                "'postalgui track watch add --from-invoice' and 'track watch refresh'",
                objects=count(len(found.untracked), "object", "objects"),
            )
        )


def _run_candidates(args: argparse.Namespace, context: AppContext) -> int:
    found = _candidates_of(args, context)
    shown = found.expired if args.expired else found.candidates
    today = context.claims.today()
    if args.json:
        print_json(
            [our_keys({**as_json(candidate), "days_left": candidate.days_left(today)}) for candidate in shown]
        )
    elif shown:
        _candidates_table(shown, today)
    _say_candidates(found)
    return EXIT_OK


# --------------------------------------------------------------------------- list, follow


def _outcome(claim: Claim) -> str:
    """A filed claim's outcome; else what became of the filing, with the operator's code."""

    if claim.state is ClaimState.FILED:
        return words.outcome_words(claim.outcome, spoken())
    return words.attempt_text(claim, datetime.now(UTC), spoken())


def claims_table(claims: Sequence[Claim], *, as_json_list: bool) -> None:
    """The claims as a table (or JSON): code, protocol, filed on, reason, outcome, estimate, situation."""
    if as_json_list:
        print_json([as_json(claim) for claim in claims])
        return
    if not claims:
        error(say("no claims"))
        return
    titles = (
        say("code"),
        say("protocol"),
        say("filed on"),
        say("reason"),
        say("outcome"),
        say("estimate"),
        say("situation"),
    )
    rows = [
        [
            claim.code,
            claim.protocol or "",
            _day(claim.filed_at),
            str(claim.reason),
            _outcome(claim),
            money(claim.estimate),
            " ".join(part for part in (claim.situation, claim.merit) if part),
        ]
        for claim in claims
    ]
    fixed = sum(max(len(titles[i]), *(len(row[i]) for row in rows)) + 2 for i in range(len(titles) - 1))
    for row in rows:
        row[-1] = _cut(row[-1], max(WIDTH - fixed, len(titles[-1])))
    print_table(titles, rows, right=(3, 5))


def _run_list(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.claims.use_cases import list_claims

    claims_table(list_claims(PlainTask(), context.claims), as_json_list=args.json)
    return EXIT_OK


def _run_follow(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.claims.use_cases import follow_claims, list_claims

    codes = claims_file.checked_keys(args.codes) if args.codes else None
    if codes is not None:
        _known(codes, context)
    done = follow_claims(PlainTask(), context.claims, codes)
    error(
        say(
            "asked about {claims}: {changed} changed, {paid} paid",
            claims=count(done.asked, "claim", "claims"),
            changed=number(done.changed),
            paid=number(done.paid),
        )
    )
    for problem in done.problems:
        error(say("not asked: {problem}", problem=problem))
    claims = list_claims(PlainTask(), context.claims)
    if codes is not None:
        wanted = set(codes)
        claims = [claim for claim in claims if claim.code in wanted or claim.protocol in wanted]
    claims_table(claims, as_json_list=args.json)
    return EXIT_OK


def _known(keys: Sequence[str], context: AppContext) -> None:
    """Refuse (`BadOption`, nothing sent) the codes and protocols no claim of this office has:
    there is nothing to follow, and following them silently would read as "no news"."""
    book = context.claims.book()
    unknown = [key for key in keys if book.get(key) is None]
    if unknown:
        raise BadOption(
            say(
                "CODE: no claim of this office matches {keys} (nothing was sent; 'claims list' shows them)",
                keys=", ".join(unknown),
            )
        )


# --------------------------------------------------------------------------- money back, export, report


def _run_money_back(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.claims.use_cases import money_back

    months = money_back(PlainTask(), context.claims)
    if args.json:
        print_json([as_json(month) for month in months])
        return EXIT_OK
    if not months:
        error(say("no candidates and no claims"))
        return EXIT_OK
    estimate = say("estimate")
    titles = (
        say("month"),
        say("cand."),
        estimate,
        say("filed"),
        estimate,
        say("accep."),
        estimate,
        say("paid"),
        estimate,
        say("ref."),
    )
    rows = [
        _month_row(words.month_words(month.month, spoken()), month)
        for month in sorted(months, key=lambda m: m.month)
    ]
    print_table(titles, rows, right=range(1, len(titles)))
    error(say("amounts are estimates from the compensation table (Settings)"))
    return EXIT_OK


def _month_row(name: str, month: MonthSummary) -> list[str]:
    counts = (month.candidates, month.filed, month.accepted, month.paid)
    amounts = (month.candidates_estimate, month.filed_estimate, month.accepted_estimate, month.paid_estimate)
    cells = [name]
    for many, amount in zip(counts, amounts, strict=True):
        cells += [number(many), money(amount)]
    return [*cells, number(month.refused)]


def _run_export(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.claims.saving import save_claims, save_money_back
    from postalgui.services.claims.use_cases import list_claims, money_back

    path = out_file(args.file, "FILE")
    task, service = PlainTask(), context.claims
    if args.money_back:
        save_money_back(task, service, path, money_back(task, service), spoken())
    else:
        saved = save_claims(task, service, path, list_claims(task, service), spoken())
        if saved.proofs:  # the stored proofs of delivery went beside it
            proofs = count(saved.proofs, "proof of delivery", "proofs of delivery")
            error(say("{proofs} in {folder}", proofs=proofs, folder=saved.folder))
    sys.stdout.write(f"{path}\n")
    return EXIT_OK


def _run_report(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.claims.saving import save_money_report
    from postalgui.services.claims.use_cases import list_claims, money_back

    path = out_file(args.file, "FILE")
    task, service = PlainTask(), context.claims
    claims = list_claims(task, service)
    save_money_report(task, service, path, money_back(task, service), spoken(), claims)
    error(count(len(claims), "claim", "claims"))
    sys.stdout.write(f"{path}\n")
    return EXIT_OK
