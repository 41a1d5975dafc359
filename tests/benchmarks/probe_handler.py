"""A form handler for the partner probe: the demo bill payment, each run counted in a file.

``bench_partner_hostile`` serves the partner with ``--handler
tests.benchmarks.probe_handler:CountingPayment`` and reads the file afterwards: one line
per run of the handler, with the protocol, so "runs per protocol" is counted where the
side effect happens, across every worker and process of the server. A short pause widens
the window in which concurrent identical forms could each run it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from typing import Any

from postalgui.partner.handlers import BillPayment, FormAnswer

RUNS_FILE_ENV = "POSTALGUI_PROBE_HANDLER_RUNS"
PAUSE_S = 0.2


class CountingPayment:
    """`BillPayment`, after appending ``protocol`` to the file named by ``$POSTALGUI_PROBE_HANDLER_RUNS``."""

    def __init__(self) -> None:
        self._pay = BillPayment()
        self._path = os.environ[RUNS_FILE_ENV]

    def __call__(self, fields: Mapping[str, Any], protocol: str) -> FormAnswer:
        descriptor = os.open(self._path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(descriptor, f"{protocol}\n".encode())  # one append: whole lines across processes
        finally:
            os.close(descriptor)
        time.sleep(PAUSE_S)
        return self._pay(fields, protocol)
