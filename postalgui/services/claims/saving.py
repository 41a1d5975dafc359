"""The claims' files as use cases, ``fn(task, service, ...)``, for the tab and the CLI:
the claims (with their objects' proofs of delivery beside them) or the money back per
month as CSV or .xlsx (by the path's suffix), and the accountant's PDF headed with the
company's CNPJ and contract on every page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.values import display_cnpj
from postalgui.services.words import language_of

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.claims.money import MonthSummary
    from postalgui.services.claims.records import Claim
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.settings import Profile
from postalgui.services.claims.export import export_claims, export_money_back
from postalgui.services.claims.proofs import attach_proofs, proof_folder
from postalgui.services.claims.report_pdf import write_money_report
from postalgui.services.claims.use_cases import list_claims

__all__ = ["SavedClaims", "report_heading", "save_claims", "save_money_back", "save_money_report"]


@dataclass(frozen=True)
class SavedClaims:
    """Where the claims went, and how many proofs of delivery went with them (in ``folder``)."""

    path: Path
    proofs: int
    folder: Path


_CONTRACT = {"pt": "contrato", "en": "contract"}


def report_heading(profile: Profile, language: str = "pt") -> str:
    """``CNPJ 11.222.333/0001-81, contrato 9912345678`` (what the profile has of them), in
    the report's ``language``."""
    parts = [
        f"CNPJ {display_cnpj(profile.cnpj)}" if profile.cnpj else "",
        f"{_CONTRACT[language_of(language)]} {profile.contract}" if profile.contract else "",
    ]
    return ", ".join(part for part in parts if part)


def save_claims(
    task: TaskControl, service: ClaimsService, path: Path, claims: Sequence[Claim], language: str
) -> SavedClaims:
    """One row per claim; each object's stored proof of delivery as a PDF in a folder beside
    the file (`attach_proofs`), named in the row."""
    language = language_of(language)
    attached = attach_proofs(task, service, Path(path), [claim.code for claim in claims], language)
    written = export_claims(path, claims, language, attached)
    return SavedClaims(written, len(attached), proof_folder(written))


def save_money_back(
    task: TaskControl, service: ClaimsService, path: Path, months: Sequence[MonthSummary], language: str
) -> Path:
    """One row per month, then the totals."""

    del task, service
    return export_money_back(path, months, language)


def save_money_report(
    task: TaskControl,
    service: ClaimsService,
    path: Path,
    months: Sequence[MonthSummary],
    language: str,
    claims: Sequence[Claim] | None = None,
) -> Path:
    """The accountant's PDF: the months and every claim behind them (read now unless given)."""

    shown = list(claims) if claims is not None else list_claims(task, service)
    heading = report_heading(service.profile, language)
    write_money_report(path, list(months), shown, language, company=heading, generated=service.now())
    return path
