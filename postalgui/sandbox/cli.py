"""`postalgui sandbox`: serve the sandbox alone, for demos and manual testing."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from postalgui.sandbox.config import FAULTS_ENV, SandboxConfig
from postalgui.sandbox.faults import FaultConfig
from postalgui.sandbox.remote import CONTROL_KEY_ENV, CONTROL_KEY_HEADER, remote_config
from postalgui.sandbox.server import SandboxServer
from postalgui.serving.child import is_loopback_host

DEFAULT_PORT = 8765


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="postalgui sandbox",
        description="Serve an emulation of the postal operator's APIs with demo data.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow a --host other than loopback: /_sandbox then needs the control key printed at start"
        f" (or ${CONTROL_KEY_ENV}) in the {CONTROL_KEY_HEADER} header, and tokens are signed with a key"
        " made for this run",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port, 0 for any free one (default: {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--faults",
        metavar="SPEC",
        help="fault injection, e.g. latency=200,error=0.1,malformed=0.05,drop=0.02,seed=1"
        f" (default: ${FAULTS_ENV})",
    )
    parser.add_argument(
        "--token-lifetime", type=int, metavar="SECONDS", help="token lifetime (default: 86400)"
    )
    return parser


def _config(args: argparse.Namespace) -> SandboxConfig:
    overrides: dict[str, object] = {}
    if args.faults is not None:
        overrides["faults"] = FaultConfig.parse(args.faults)
    if args.token_lifetime is not None:
        overrides["token_lifetime_s"] = args.token_lifetime
    config = SandboxConfig.from_env(os.environ, **overrides)
    return config if is_loopback_host(args.host) else remote_config(config, os.environ)


def _remote_refusal(host: str) -> str:
    return (
        f"postalgui sandbox: refusing to listen on {host!r}, which other machines can reach:"
        " its control routes (/_sandbox) would be open to them. Use --allow-remote to serve it"
        f" anyway (the control routes then need the {CONTROL_KEY_HEADER} header), or a loopback"
        " host such as 127.0.0.1.\n"
    )


def banner(url: str, config: SandboxConfig) -> str:
    """What the CLI prints: where it listens and the demo credentials to use."""
    demo = config.demo
    lines = [
        f"Sandbox listening on {url}",
        "Demo credentials:",
        f"  login        {demo.login}",
        f"  access code  {demo.access_code}",
        f"  CNPJ         {demo.cnpj} ({demo.company_name})",
        f"  contract     {demo.contract}",
        f"  posting card {demo.card}",
        f"  DR           {demo.dr}",
    ]
    if config.faults.active:
        lines.append(f"Faults: {config.faults.to_compact()}")
    if config.control_key is not None:
        lines += [
            "Reachable from other machines:",
            f"  control key  {config.control_key} (send it as {CONTROL_KEY_HEADER} to /_sandbox)",
            "  tokens are signed with a key made for this run: they end with it",
        ]
    lines.append("Press Ctrl+C to stop.")
    return "\n".join(lines)


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, print the URL and demo credentials, serve until Ctrl+C."""
    args = _parser().parse_args(argv)
    if not args.allow_remote and not is_loopback_host(args.host):
        sys.stderr.write(_remote_refusal(args.host))
        return 2
    try:
        config = _config(args)
    except ValueError as exc:
        sys.stderr.write(f"postalgui sandbox: {exc}\n")
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    server = SandboxServer(args.host, args.port, config)
    try:
        server.serve_forever(on_bound=lambda url: _say(banner(url, config)))
    except OSError as exc:
        sys.stderr.write(f"postalgui sandbox: cannot listen on {args.host}:{args.port}: {exc}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
