"""``postalgui`` (and ``python -m postalgui``): the window, or a command when one is given.

``postalgui`` is a console script, so a command prints on Windows too; ``postalguiw`` is
its gui-script twin that opens the window without a console window. Two flags come
before anything else: ``--serve-child`` (the frozen app starting its own sandbox or
partner server, see `postalgui.serving.child`) and ``--smoke-test`` (`postalgui.gui.smoke`).
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--serve-child"]:  # a server child of the frozen app: no Qt, no CLI
        from postalgui.serving.child import main as serve_child

        return serve_child(args[1:])
    if args[:1] == ["--smoke-test"]:
        from postalgui.gui.smoke import main as smoke_main

        return smoke_main(args[1:])
    if args:
        from postalgui.cli.main import main as cli_main

        return cli_main(args)
    return _window()


def _window() -> int:

    if os.environ.get("POSTALGUI_STARTUP_PROBE"):  # benchmarks: start-up marks on stdout
        from postalgui.gui.startup_probe import install_probe

        install_probe()
    # lazy: the command line starts without it
    from postalgui.gui.app import run_gui

    return run_gui(sys.argv[:1])


def gui_main() -> int:
    """``postalguiw``: the window only, started without a console on Windows (a gui-script)."""
    # lazy: the command line starts without it
    from postalgui.gui.app import run_gui

    return run_gui(sys.argv[:1])


if __name__ == "__main__":
    sys.exit(main())
