"""The claims' spreadsheet with its objects' proofs of delivery: each stored proof a PDF in
``<name>-comprovantes/`` beside the file, named in the row's last column; nothing stored,
no folder. Claims read the proofs through the `Proofs` port only (a stand-in here)."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

from postalgui.api.cancel import PlainTask
from postalgui.services.claims.proofs import DELIVERY_REASONS, stored_proofs
from postalgui.services.claims.saving import save_claims
from postalgui.services.claims.service import ClaimsService
from postalgui.services.tracking.proof_records import DeliveryProof, ProofImage
from tests.unit.test_claims_export import FILED, REFUSED

AT = datetime(2026, 11, 23, 13, 15, tzinfo=UTC)


def proof(code: str) -> DeliveryProof:
    picture = ProofImage("image/png", b"\x89PNG fake", "Fachada")
    return DeliveryProof(code, "Maria da Silva", "12.345.678-9", AT, "CDD CAMPINAS, Campinas/SP", None,
                         (picture,), AT, "clerk.a")  # fmt: skip


class Kept:
    """The `Proofs` port over a dict; the PDF names its proofs and language."""

    def __init__(self, proofs: dict[str, DeliveryProof]) -> None:
        self.proofs = proofs
        self.asked: list[str] = []

    def stored(self, code: str) -> DeliveryProof | None:
        self.asked.append(code)
        return self.proofs.get(code)

    def pdf(self, proofs: Sequence[DeliveryProof], language: str) -> bytes:
        return f"%PDF-fake {language} {','.join(p.code for p in proofs)}".encode()


class Service:
    def __init__(self, kept: Kept | None) -> None:
        self.kept = kept

    def proofs(self) -> Kept | None:
        return self.kept


def rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(path.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))


def test_stored_proofs_go_beside_the_spreadsheet_and_are_named_in_it(tmp_path: Path) -> None:
    kept = Kept({FILED.code: proof(FILED.code)})
    service = cast(ClaimsService, Service(kept))
    saved = save_claims(PlainTask(), service, tmp_path / "pedidos.csv", [FILED, REFUSED], "pt_BR")
    assert (saved.path, saved.proofs) == (tmp_path / "pedidos.csv", 1)
    assert saved.folder == tmp_path / "pedidos-comprovantes"
    assert (saved.folder / f"{FILED.code}.pdf").read_bytes() == f"%PDF-fake pt {FILED.code}".encode()
    filed, refused = rows(saved.path)
    assert filed["Comprovante de entrega"] == f"pedidos-comprovantes/{FILED.code}.pdf"
    assert refused["Comprovante de entrega"] == ""


def test_no_proof_stored_makes_no_folder_and_english_names_the_column(tmp_path: Path) -> None:
    for kept in (Kept({}), None):
        saved = save_claims(
            PlainTask(), cast(ClaimsService, Service(kept)), tmp_path / "c.csv", [FILED], "en"
        )
        assert saved.proofs == 0
        assert not saved.folder.exists()
        assert rows(saved.path)[0]["Proof of delivery"] == ""


def test_the_reasons_a_proof_answers_and_each_code_read_once() -> None:
    assert {211, 132, 148, 240} == DELIVERY_REASONS  # not delivered, wrong place, AR, digital AR
    kept = Kept({"DG049186226BR": proof("DG049186226BR")})
    found = stored_proofs(
        PlainTask(), cast(ClaimsService, Service(kept)), ["DG049186226BR", "X", "DG049186226BR"]
    )
    assert list(found) == ["DG049186226BR"]
    assert kept.asked == ["DG049186226BR", "X"]
