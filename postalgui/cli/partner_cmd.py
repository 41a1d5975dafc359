"""``postalgui partner serve``: the partner server, headless, for a real deployment.

Secrets come from ``POSTALGUI_PARTNER_USER``/``..._PASSWORD`` and/or
``POSTALGUI_PARTNER_CLIENT_ID``/``..._CLIENT_SECRET`` (or the keyring entries the
Settings dialog keeps) and are hashed when loaded. The ledger is the settings' one
unless ``--database``. With ``--tls-cert``/``--tls-key`` it serves HTTPS (TLS 1.2 or
newer); ``--client-ca`` then requires the operator's client certificate.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.cli.language import say
from postalgui.cli.options import command_group, subcommand
from postalgui.cli.output import EXIT_INVALID_INPUT, EXIT_OK, error
from postalgui.services.context import AppContext
from postalgui.serving.loopback import LoopbackServer, TlsFiles

if TYPE_CHECKING:
    from postalgui.cli.options import Commands
import ssl

from postalgui.services.attendance.service import PARTNER_KEYS, shown_database


def _add_serve_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8443, help="port (default 8443)")
    parser.add_argument(
        "--database", metavar="URL", help="ledger URL, e.g. postgresql+psycopg://user@host/db"
    )
    parser.add_argument("--tls-cert", type=Path, metavar="PEM", help="server certificate chain (PEM)")
    parser.add_argument("--tls-key", type=Path, metavar="PEM", help="server private key (PEM)")
    parser.add_argument(
        "--client-ca", type=Path, metavar="PEM", help="require client certificates signed by this CA"
    )
    parser.add_argument(
        "--form-path", metavar="PATH", help="path of the model-1 form receiver (default /ster/formulario)"
    )
    parser.add_argument(
        "--confirm-path",
        metavar="PATH",
        help="path of confirmarAtendimento, the operator's callback (default /ster/confirmarAtendimento)",
    )
    parser.add_argument(
        "--handler", metavar="MODULE:NAME", help="form handler (default: the demo bill payment)"
    )


def _add_credential_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--user", metavar="U", help="Basic user (its password is asked)")
    parser.add_argument("--client-id", metavar="ID", help="OAuth client id (its secret is asked)")
    parser.add_argument("--stdin", action="store_true", help="read the password, then the secret, from stdin")
    parser.add_argument("--forget", action="store_true", help="remove the stored partner credentials")


def add_parser(commands: Commands) -> None:
    sub = command_group(commands, "partner", "the counter partner's server (form receiver, confirmations)")
    subcommand(
        sub,
        "serve",
        run_serve,
        _add_serve_options,
        summary="serve the partner server until Ctrl+C",
        description="Serve the model-1 form receiver, confirmarAtendimento and the OAuth token endpoint.",
    )
    subcommand(
        sub,
        "credentials",
        run_credentials,
        _add_credential_options,
        summary="keep the partner server's credentials in the system keyring",
        description="Store the credentials the operator uses to call your partner server in the system "
        "keyring of this environment (asked without echo; one secret per line on stdin with --stdin). "
        "The server hashes them when it starts.",
    )


def _secret(prompt: str, *, from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    # lazy: the command line starts without it
    import getpass

    return getpass.getpass(prompt)


def run_credentials(args: argparse.Namespace, context: AppContext) -> int:

    store, env_key = context.credentials, context.env_key
    if args.forget:
        for key in PARTNER_KEYS:
            store.delete(env_key, key)
        sys.stdout.write(say("Partner credentials removed.") + "\n")
        return EXIT_OK
    if not args.user and not args.client_id:
        error(say("give --user, --client-id or both (or --forget)"))
        return EXIT_INVALID_INPUT
    pairs = []
    if args.user:
        pairs.append(
            (PARTNER_KEYS[0], args.user, PARTNER_KEYS[1], say("Password for the partner's Basic user"))
        )
    if args.client_id:
        pairs.append((PARTNER_KEYS[2], args.client_id, PARTNER_KEYS[3], say("Secret of the OAuth client")))
    for user_key, user, secret_key, what in pairs:
        secret = _secret(f"{what}: ", from_stdin=args.stdin)
        if len(secret) < 8:
            error(say("{what}: at least 8 characters", what=what))
            return EXIT_INVALID_INPUT
        store.set(env_key, user_key, user.strip())
        store.set(env_key, secret_key, secret)
    kept = say("the system keyring") if store.persistent else say("memory only (no usable keyring)")
    sys.stdout.write(say("Partner credentials kept in {kept}.", kept=kept) + "\n")
    return EXIT_OK


def _tls(args: argparse.Namespace) -> TlsFiles | None:
    if args.tls_cert is None and args.tls_key is None:
        if args.client_ca is not None:
            raise ValueError(say("--client-ca needs --tls-cert and --tls-key"))
        return None
    if args.tls_cert is None or args.tls_key is None:
        raise ValueError(say("--tls-cert and --tls-key go together"))
    for option, path in (
        ("--tls-cert", args.tls_cert),
        ("--tls-key", args.tls_key),
        ("--client-ca", args.client_ca),
    ):
        if path is not None and not path.is_file():
            raise ValueError(say("{option}: no such file: {path}", option=option, path=path))
    _check_pem(args.tls_cert, args.tls_key, args.client_ca)
    return TlsFiles(args.tls_cert, args.tls_key, args.client_ca)


def _check_pem(cert: Path, key: Path, client_ca: Path | None) -> None:
    """The files loaded as the server will load them, so a file that is not PEM (empty,
    binary, the wrong file) is said now, naming it, not as an SSL error once serving starts."""

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key)
    except (ssl.SSLError, OSError, ValueError) as exc:
        raise ValueError(
            say(
                "--tls-cert, --tls-key: {cert} and {key} are not a PEM certificate chain and its "
                "private key ({reason})",
                cert=cert,
                key=key,
                reason=exc,
            )
        ) from None
    if client_ca is None:
        return
    try:
        context.load_verify_locations(client_ca)
    except (ssl.SSLError, OSError, ValueError) as exc:
        raise ValueError(
            say("--client-ca: {path} is not a PEM certificate ({reason})", path=client_ca, reason=exc)
        ) from None


def run_serve(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.partner.app import create_app
    from postalgui.partner.config import PartnerConfig
    from postalgui.partner.schedule import scheduler_for

    service = context.attendance
    environ = service.partner_environment()
    if args.database:
        environ["POSTALGUI_PARTNER_DATABASE"] = args.database
    if args.form_path:
        environ["POSTALGUI_PARTNER_FORM_PATH"] = args.form_path
    if args.confirm_path:
        environ["POSTALGUI_PARTNER_CONFIRM_PATH"] = args.confirm_path
    if args.handler:
        environ["POSTALGUI_PARTNER_HANDLER"] = args.handler
    if not 0 <= args.port <= 65535:
        error(say("--port: must be 0 to 65535 (got {port})", port=args.port))
        return EXIT_INVALID_INPUT
    try:
        tls = _tls(args)
        config = PartnerConfig.from_environ(environ)
    except ValueError as exc:
        error(str(exc))
        return EXIT_INVALID_INPUT
    # lazy: the command line starts without it
    from postalgui.serving.child import is_loopback_host

    if tls is None and not is_loopback_host(args.host):
        error(
            say(
                "note: plain HTTP beyond this machine; the operator calls partners over HTTPS (TLS 1.2+): "
                "give --tls-cert and --tls-key, or put a TLS proxy in front"
            )
        )
    server = LoopbackServer(
        lambda: create_app(config, on_start=scheduler_for(config)),
        args.host,
        args.port,
        name="postalgui-partner",
        label="partner server",
        tls=tls,
        lifespan=True,
    )

    def bound(url: str) -> None:
        lines = (
            say("Partner server at {url}", url=url),
            f"  {say('form receiver')} {url}{config.form_path}",
            f"  confirmarAtendimento {url}{config.confirm_path}",
            f"  token {url}/oauth/token",
            f"  {say('ledger')} {shown_database(config.database_url)}",
            say("Ctrl+C stops it."),
        )
        sys.stdout.write("".join(line + "\n" for line in lines))
        sys.stdout.flush()

    server.serve_forever(on_bound=bound)
    return EXIT_OK
