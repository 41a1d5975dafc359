"""The frozen app's entry: the same as ``postalgui`` (window, command, server child, smoke test)."""

import sys

from postalgui.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
