"""``postalgui`` (and ``python -m postalgui``): the window, or a command when one is given."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args:
        from postalgui.cli.main import main as cli_main

        return cli_main(args)
    from postalgui.gui.app import run_gui

    return run_gui(sys.argv[:1])


if __name__ == "__main__":
    sys.exit(main())
