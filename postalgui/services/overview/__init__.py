"""The manager's Overview: the office database summed up per period, for charts and reports.

`OVERVIEW_TOPICS` lives here, apart from the service and its SQL, so the window follows them
without loading the database library with its first paint.
"""

from __future__ import annotations

from postalgui.services.office.topics import CLAIMS, INVOICES, QUOTES, SHIPMENTS, TRACKING

__all__ = ["OVERVIEW_TOPICS"]

OVERVIEW_TOPICS = (INVOICES, TRACKING, CLAIMS, QUOTES, SHIPMENTS)
"""What the Overview counts: a change of any of them is read again (the window follows them)."""
