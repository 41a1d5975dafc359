"""The names a write tells every desk (`store.feed`), one per kind of office data.

Here, apart from the feature stores, so the views that follow them name the same topic
without loading the database library with the window.
"""

from __future__ import annotations

__all__ = [
    "ADDRESSES",
    "CLAIMS",
    "INVOICES",
    "JOBS",
    "OUTGOING",
    "PRESETS",
    "PROOFS",
    "QUOTES",
    "SHIPMENTS",
    "TRACKING",
]

QUOTES = "quote"
JOBS = "job"
PRESETS = "preset"
TRACKING = "tracked_object"
CLAIMS = "claim"
ADDRESSES = "address"
SHIPMENTS = "shipment"
OUTGOING = "outgoing"
PROOFS = "delivery_proof"
INVOICES = "invoice"
