"""``postalgui track proof CODE... --out DIR``: the proof of delivery of delivered objects.

Per code, a "Comprovante de entrega" (``CODE.pdf``, in the CLI's language) and its pictures
(``CODE-ar.png``, ``CODE-1.jpg``...) are written in DIR, and a summary is printed: whether
the proof was fetched now or kept before (a proof kept in the office database is never
asked again), who received it and where, or why there is none (not delivered, the images
still being made: run it again later). Codes are checked before anything is sent (exit 2);
a code without a proof makes the exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.cancel import PlainTask
from postalgui.cli.language import count, say, spoken
from postalgui.cli.options import BadOption, subcommand
from postalgui.cli.output import EXIT_API_ERROR, EXIT_OK, error, moment_text, print_fields
from postalgui.cli.track_watch import checked_codes
from postalgui.services.words.tracking import PROOF_NOT_DELIVERED, PROOF_WAITING

if TYPE_CHECKING:
    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.tracking.proof_records import DeliveryProof, ProofReport

__all__ = ["add_parser", "proof_files"]


def add_parser(track: Commands) -> None:
    """``proof`` under ``track``."""
    subcommand(
        track,
        "proof",
        _run_proof,
        _add_options,
        summary="the proof of delivery of delivered objects: a PDF and the pictures per code",
        description="Fetch the proof of delivery of delivered objects (the AR digital, the delivery "
        "images, the receiver, time and place) and write CODE.pdf and its pictures in the folder "
        "--out. A proof is kept in the office database: asked again, it is read from there and "
        "nothing is sent. Images the operator has not made yet are asked for again next time.",
    )


def _add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("codes", metavar="CODE", nargs="+", help="object code, e.g. DG049186226BR")
    parser.add_argument(
        "--out", metavar="DIR", type=Path, required=True, help="the folder to write the files in"
    )


def out_folder(path: Path) -> Path:
    """``path`` as a folder to write in (made when its parent exists), checked before anything is sent."""
    if path.exists() and not path.is_dir():
        raise BadOption(say("--out: {path} is a file; name a folder", path=path))
    if not path.parent.is_dir():
        raise BadOption(say("--out: the folder {folder} does not exist", folder=path.parent))
    path.mkdir(exist_ok=True)
    return path


def proof_files(proof: DeliveryProof, pdf: bytes, folder: Path) -> list[Path]:
    """Write ``CODE.pdf`` and the proof's pictures in ``folder``; the paths written."""
    written = [folder / f"{proof.code}.pdf"]
    written[0].write_bytes(pdf)
    pictures = [("ar", proof.ar)] if proof.ar is not None else []
    pictures += [(str(number), image) for number, image in enumerate(proof.images, start=1)]
    for name, image in pictures:
        path = folder / f"{proof.code}-{name}.{image.extension}"
        path.write_bytes(image.data)
        written.append(path)
    return written


def _run_proof(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.tracking.proofs import fetch_proofs, proof_pdf

    codes = checked_codes(args.codes)
    folder = out_folder(args.out)
    service = context.tracking
    kept = {code for code, item in service.proofs().kept(codes).items() if item.complete}
    report = fetch_proofs(PlainTask(), service, codes)
    language = spoken()
    for number, code in enumerate(codes):
        sys.stdout.write(("\n" if number else "") + code + "\n")
        proof = report.proofs.get(code)
        if proof is None:
            print_fields({f"  {say('proof')}": _missing(report, code, language)})
            continue
        files = proof_files(proof, proof_pdf([proof], language), folder)
        print_fields(
            {f"  {key}": value for key, value in _fields(proof, code in kept, files).items() if value}
        )
    missing = len(codes) - len(report.proofs)
    if missing:
        error(say("{codes} without a proof of delivery", codes=count(missing, "object", "objects")))
    return EXIT_API_ERROR if missing else EXIT_OK


def _fields(proof: DeliveryProof, kept: bool, files: list[Path]) -> dict[str, object]:
    receiver = proof.receiver + (f" ({proof.document})" if proof.document else "")
    when = moment_text(proof.delivered_at) if proof.delivered_at is not None else ""
    return {
        say("proof"): say("kept before") if kept else say("fetched now"),
        say("received by"): receiver,
        say("delivered"): ", ".join(part for part in (when, proof.place) if part),
        say("files"): [str(path) for path in files],
    }


def _missing(report: ProofReport, code: str, language: str) -> str:
    if code in report.problems:
        return report.problems[code]
    if code in report.waiting:
        return PROOF_WAITING.said(language)
    return PROOF_NOT_DELIVERED.said(language)
