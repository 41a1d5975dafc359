"""What the Tracking tab says of a request for proofs of delivery: how it went.

Counts are plural forms (``%n``), so Portuguese says "1 comprovante" and "3 comprovantes";
the operator's own words for a refusal are quoted as it sent them, after the code.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from postalgui.gui.messages import arg
from postalgui.services.tracking.proof_records import ProofReport

__all__ = ["report_text"]

_CONTEXT = "TrackingProofWords"


def _tr(text: str, n: int = -1) -> str:
    return QCoreApplication.translate(_CONTEXT, text, None, n)


def report_text(report: ProofReport) -> str:
    """``2 proof(s) fetched; 1 already stored; 1 not delivered (nothing asked); 1 waiting…``:
    the parts that happened, then each refusal with its code's words."""
    fetched = report.fetched
    before = max(len(report.proofs) - fetched, 0)
    parts = []
    if fetched:
        parts.append(_tr("%n proof(s) of delivery fetched", fetched))
    if before:
        parts.append(_tr("%n already stored", before))
    if report.not_delivered:
        parts.append(_tr("%n not delivered (nothing asked)", len(report.not_delivered)))
    if report.waiting:
        parts.append(
            _tr("%n waiting for the operator's pictures (ask again in a while)", len(report.waiting))
        )
    parts.extend(arg(_tr("%1: %2"), code, words) for code, words in report.problems.items())
    return "; ".join(parts) if parts else _tr("No proof of delivery was asked.")
