"""Proofs of delivery in Claims: the answer to a "not delivered" claim, and the bookkeeper's attachments.

A claim that says the parcel did not reach its recipient as it should (211 not
delivered, 132 delivered to the wrong place, 148 AR not received, 240 digital AR
unavailable) is refused by the operator when it holds a proof of delivery (codes 530,
546): a clerk who sees the receiver's name, the time and the picture first may settle
the matter with the customer instead. Claims read the proofs Tracking stored through
the `Proofs` port; "Get proof" in the filing dialog asks Tracking to fetch the missing
ones (`get_proofs`), which keeps them for every feature and desk.

When the claims are exported, each claim's stored proof goes beside the spreadsheet as
a PDF (``<name>-comprovantes/CODE.pdf``) that the spreadsheet names in a column, so the
file handed to the bookkeeper carries its evidence.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.tracking.proof_records import DeliveryProof, ProofReport

__all__ = [
    "DELIVERY_REASONS",
    "FOLDER_SUFFIX",
    "attach_proofs",
    "get_proofs",
    "proof_folder",
    "stored_proofs",
]

DELIVERY_REASONS = frozenset({132, 148, 211, 240})
"""The reasons a proof of delivery answers: wrong place, AR not received, not delivered,
digital AR unavailable."""

FOLDER_SUFFIX = "-comprovantes"


def stored_proofs(
    task: TaskControl, service: ClaimsService, codes: Sequence[str]
) -> dict[str, DeliveryProof]:
    """The proofs of delivery stored for ``codes`` (office database only: nothing is sent)."""
    proofs = service.proofs()
    found: dict[str, DeliveryProof] = {}
    if proofs is None:
        return found
    for code in dict.fromkeys(codes):
        task.raise_if_cancelled()
        proof = proofs.stored(code)
        if proof is not None:
            found[code] = proof
    return found


def get_proofs(task: TaskControl, service: ClaimsService, codes: Sequence[str]) -> ProofReport | None:
    """Ask the operator for the proofs of ``codes`` not kept yet (Tracking fetches and keeps
    them: `Proofs.fetch`); ``None`` when this service reaches no proofs."""
    proofs = service.proofs()
    return proofs.fetch(task, codes) if proofs is not None else None


def proof_folder(spreadsheet: Path) -> Path:
    """Where the proofs of a spreadsheet go: ``pedidos.xlsx`` -> ``pedidos-comprovantes/``, beside it."""
    return spreadsheet.with_name(f"{spreadsheet.stem}{FOLDER_SUFFIX}")


def attach_proofs(
    task: TaskControl, service: ClaimsService, spreadsheet: Path, codes: Sequence[str], language: str
) -> dict[str, str]:
    """Write the stored proof of each of ``codes`` as ``CODE.pdf`` in `proof_folder`; by code,
    the file's path as the spreadsheet names it (relative to the spreadsheet's folder, so
    the two travel together). No proof stored: no folder made."""
    proofs = service.proofs()
    found = stored_proofs(task, service, codes)
    if proofs is None or not found:
        return {}
    folder = proof_folder(spreadsheet)
    named: dict[str, str] = {}
    for code, proof in found.items():
        task.raise_if_cancelled()
        write_atomically(folder / f"{code}.pdf", proofs.pdf([proof], language))
        named[code] = f"{folder.name}/{code}.pdf"
    return named
