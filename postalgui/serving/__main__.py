"""``python -m postalgui.serving module:function``: the child side of `ChildServer`."""

from __future__ import annotations

import sys

from postalgui.serving.child import main

sys.exit(main())
