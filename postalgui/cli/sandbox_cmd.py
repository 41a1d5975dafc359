"""``postalgui sandbox``: serve the sandbox alone, for demos and other clients."""

from __future__ import annotations

import argparse

from postalgui.cli.output import EXIT_OK


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "sandbox",
        help="serve the operator sandbox alone",
        description="Serve the embedded emulation of the operator's APIs until Ctrl+C.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=None, help="port (default: the sandbox's own)")
    parser.add_argument("--faults", default=None, help='fault injection, e.g. "latency=200,error=0.1"')
    parser.add_argument("--token-lifetime", type=int, default=None, help="token lifetime in seconds")
    parser.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow a --host other than loopback; /_sandbox then needs the control key printed at start",
    )
    parser.set_defaults(run=None, run_plain=run)


def run(args: argparse.Namespace) -> int:
    # lazy: the command line starts without it
    from postalgui.sandbox.cli import main as sandbox_main

    argv = ["--host", args.host]
    if args.port is not None:
        argv += ["--port", str(args.port)]
    if args.faults:
        argv += ["--faults", args.faults]
    if args.token_lifetime is not None:
        argv += ["--token-lifetime", str(args.token_lifetime)]
    if args.allow_remote:
        argv.append("--allow-remote")
    return sandbox_main(argv) or EXIT_OK
