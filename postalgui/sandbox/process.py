"""`SandboxProcess`: the embedded sandbox in a child process, as the app runs it.

A thin user of `postalgui.serving.ChildServer` (which says why a process): the child
builds its app with `app_from_environment`, so faults, token lifetime and processing
delay come from ``POSTALGUI_SANDBOX_*`` as for ``postalgui sandbox``.

``python -m postalgui.sandbox.process [--host H] [--port P]`` still runs the child
side directly; the parent starts it as ``python -m postalgui.serving`` with
`APP_FACTORY`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

from postalgui.serving.child import READY_PREFIX, ChildServer, is_loopback_host, serve_until_stdin_closes

if TYPE_CHECKING:
    from fastapi import FastAPI
from postalgui.sandbox.app import create_app
from postalgui.sandbox.config import SandboxConfig

APP_FACTORY = "postalgui.sandbox.process:app_from_environment"
"""The sandbox's app factory as the child imports it."""

__all__ = ["APP_FACTORY", "READY_PREFIX", "SandboxProcess", "app_from_environment", "main"]


def app_from_environment() -> FastAPI:
    """A sandbox app configured from ``POSTALGUI_SANDBOX_*`` (ValueError names a bad one)."""

    return create_app(SandboxConfig.from_env(os.environ))


class SandboxProcess(ChildServer):
    """Start, wait for, and stop a sandbox child process (the `SandboxServer` interface)."""

    def __init__(
        self, host: str = "127.0.0.1", port: int = 0, *, environ: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(APP_FACTORY, host, port, environ=environ, name="postalgui-sandbox", label="sandbox")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m postalgui.sandbox.process")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    if not is_loopback_host(args.host):
        sys.stderr.write(
            f"{parser.prog}: refusing to serve on {args.host!r}: loopback only"
            " (use `postalgui sandbox --allow-remote` to serve other machines)\n"
        )
        return 2
    return serve_until_stdin_closes(app_from_environment, args.host, args.port)


if __name__ == "__main__":
    sys.exit(main())
