"""``postalgui token``: fetch or reuse the cached token and say what it grants."""

from __future__ import annotations

import argparse
from typing import Any

from postalgui.api.apis import api_label
from postalgui.api.cancel import PlainTask
from postalgui.api.scopes import Scope
from postalgui.cli.language import say
from postalgui.cli.output import EXIT_INVALID_INPUT, EXIT_OK, error, print_fields, print_json
from postalgui.services.context import AppContext
from postalgui.services.contracts.use_cases import current_token
from postalgui.services.settings import Profile

_SCOPES = {"login": Scope.LOGIN, "contract": Scope.CONTRACT, "card": Scope.CARD}
_ESCOPO = {Scope.LOGIN: "login", Scope.CONTRACT: "contrato", Scope.CARD: "cartao"}


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "token",
        help="fetch or reuse the cached token and print what it grants",
        description="Fetch or reuse the cached token of the configured environment. "
        "Default scope: card if one is configured, else contract, else login.",
    )
    parser.add_argument("--scope", choices=sorted(_SCOPES), help="token scope")
    parser.add_argument("--json", action="store_true", help="print JSON to stdout")
    parser.add_argument("--show-token", action="store_true", help="also print the token itself")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, context: AppContext) -> int:
    profile: Profile = context.profile
    if args.scope is None:
        scope = profile.default_scope()
    else:
        kind = _SCOPES[args.scope]
        if kind is Scope.CARD and not profile.card:
            error(say("--scope card: no posting card is configured (Settings or POSTALGUI_CARD)"))
            return EXIT_INVALID_INPUT
        if kind is Scope.CONTRACT and not profile.contract:
            error(say("--scope contract: no contract is configured (Settings or POSTALGUI_CONTRACT)"))
            return EXIT_INVALID_INPUT
        scope = profile.scope(kind)
    token = current_token(PlainTask(), context.contracts, scope)
    info = token.info
    expires = token.expires_at.isoformat() if token.expires_at else None
    data: dict[str, Any] = {
        "ambiente": info.ambiente if info else None,
        "perfil": info.perfil if info else None,
        "cnpj": info.cnpj if info else None,
        "escopo": "chave-delegada" if token.delegated else _ESCOPO[scope.kind],
        "expiraEm": expires,
        "apis": info.api_ids if info else [],
    }
    if scope.kind is Scope.CARD:
        data["cartaoPostagem"] = scope.card
    if scope.kind in (Scope.CARD, Scope.CONTRACT) and scope.contract:
        data["contrato"] = scope.contract
    if args.show_token:
        data["token"] = token.value
    if args.json:
        print_json(data)
    else:
        shown = dict(data)
        shown["apis"] = [api_label(a) for a in data["apis"]]
        print_fields(shown)
    return EXIT_OK
