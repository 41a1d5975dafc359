"""`gc_paused`: no cyclic garbage collection while a long piece of work makes objects that live on.

Work that builds many long-lived objects and no garbage cycles (a statement read into
records, a batch's price answers) gains nothing from the collector's passes, and pays
for each of them: a young pass walks every object made since the last one, and the
full pass that the new survivors set off walks every object of the process. The app's
window runs with the automatic collector off anyway (`postalgui.gui.collector`); this
pause is for the other callers (the command line, the benchmarks, the services alone).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["gc_paused"]

_lock = threading.Lock()
_pauses = 0
_was_enabled = False


@contextmanager
def gc_paused() -> Iterator[None]:
    """The automatic collector off inside the block.

    Nested and concurrent blocks (on any thread) share one pause; the collector is
    switched back on by the last one out, and only if it was on.
    """
    global _pauses, _was_enabled
    with _lock:
        if _pauses == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _was_enabled:
                gc.enable()
