"""The office's proofs of delivery, in the office database (tables ``delivery_proof`` and
``delivery_proof_image``), so a proof fetched by one desk is every desk's and never asked
of the operator again.

A proof is written in two steps, as the operator makes it: first what is known at once (the
delivered event's receiver, time and place, the AR digital image) with the state
``waiting`` and, once the images were asked, the receipt to fetch them with; then the
delivery images, which complete it. A waiting proof is asked for by its receipt next time,
never asked again from the start while its receipt is valid.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, select, update
from sqlalchemy.dialects import postgresql, sqlite

from postalgui.services.office import topics
from postalgui.services.office.scoped import EnvironmentRows
from postalgui.services.tracking.proof_records import DeliveryProof, ProofImage
from postalgui.store.tables import delivery_proof, delivery_proof_image

__all__ = ["COMPLETE", "WAITING", "KeptProof", "ProofBook"]

WAITING = "waiting"
COMPLETE = "complete"
_CHUNK = 500  # codes per IN (...): well under SQLite's bound-parameter limit


@dataclass(frozen=True)
class KeptProof:
    """A proof as the book keeps it: complete, or waiting for its images (by ``receipt``)."""

    proof: DeliveryProof
    state: str
    receipt: str | None = None
    receipt_until: datetime | None = None

    @property
    def complete(self) -> bool:
        return self.state == COMPLETE


def _iso(moment: datetime | None) -> str | None:
    return moment.astimezone(UTC).isoformat(timespec="seconds") if moment is not None else None


def _moment(text: str | None) -> datetime | None:
    if not text:
        return None
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _chunks(codes: Sequence[str]) -> Iterable[list[str]]:
    for start in range(0, len(codes), _CHUNK):
        yield list(codes[start : start + _CHUNK])


def _kept(row: Mapping[str, Any], images: tuple[ProofImage, ...]) -> KeptProof:
    ar = ProofImage(row["ar_type"] or "image/jpeg", bytes(row["ar_data"])) if row["ar_data"] else None
    proof = DeliveryProof(
        code=row["code"],
        receiver=row["receiver"] or "",
        document=row["document"] or "",
        delivered_at=_moment(row["delivered_at"]),
        place=row["place"] or "",
        ar=ar,
        images=images,
        fetched_at=_moment(row["created_at"]) or datetime.now(UTC),
        fetched_by=row["created_by"] or "",
        note=row["note"] or "",
    )
    return KeptProof(proof, row["state"], row["receipt"], _moment(row["receipt_until"]))


class ProofBook(EnvironmentRows):
    """The proofs of ``office``'s environment."""

    TOPIC = topics.PROOFS

    def kept(self, codes: Sequence[str]) -> dict[str, KeptProof]:
        """The proofs kept of ``codes`` (complete ones with their images), by code."""
        wanted = list(dict.fromkeys(codes))
        proofs, pictures = delivery_proof.c, delivery_proof_image.c

        def work(connection: Connection) -> dict[str, KeptProof]:
            found: dict[str, KeptProof] = {}
            for chunk in _chunks(wanted):
                rows = connection.execute(
                    select(delivery_proof).where(
                        proofs.environment == self.environment, proofs.code.in_(chunk)
                    )
                ).mappings()
                kept = {row["code"]: dict(row) for row in rows}
                images: dict[str, list[ProofImage]] = {}
                complete = [code for code, row in kept.items() if row["state"] == COMPLETE]
                if complete:
                    query = (
                        select(pictures.code, pictures.content_type, pictures.data, pictures.comment)
                        .where(pictures.environment == self.environment, pictures.code.in_(complete))
                        .order_by(pictures.code, pictures.position)
                    )
                    for code, kind, data, comment in connection.execute(query):
                        images.setdefault(code, []).append(ProofImage(kind, bytes(data), comment or ""))
                for code, row in kept.items():
                    found[code] = _kept(row, tuple(images.get(code, ())))
            return found

        return self._run(work, write=False)

    def start(self, proofs: Sequence[DeliveryProof]) -> None:
        """Keep ``proofs`` (no images yet) as waiting; a code another desk kept meanwhile
        keeps that desk's row."""
        if not proofs:
            return
        rows = [
            {
                "uid": uuid.uuid4().hex,
                "environment": self.environment,
                "code": proof.code,
                "state": WAITING,
                "receiver": proof.receiver[:120],
                "document": proof.document[:60],
                "delivered_at": _iso(proof.delivered_at),
                "place": proof.place[:200],
                "note": proof.note,
                "ar_type": proof.ar.content_type[:60] if proof.ar is not None else None,
                "ar_data": proof.ar.data if proof.ar is not None else None,
                "created_by": proof.fetched_by or self.author,
                "created_at": _iso(proof.fetched_at),
            }
            for proof in proofs
        ]

        def work(connection: Connection) -> None:
            dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
            for start in range(0, len(rows), _CHUNK):
                statement = dialect.insert(delivery_proof).values(rows[start : start + _CHUNK])
                connection.execute(statement.on_conflict_do_nothing())

        self._run(work)

    def asked(self, codes: Sequence[str], receipt: str, until: datetime) -> None:
        """The images of ``codes`` were asked: ``receipt`` fetches them until ``until``."""
        values = {"receipt": receipt[:40], "receipt_until": _iso(until)}
        self._update(codes, values, waiting_only=True)

    def complete(self, images: Mapping[str, tuple[Sequence[ProofImage], str]], now: datetime) -> None:
        """The delivery images (and the operator's note) of each code came: its proof is
        complete. A proof another desk completed meanwhile keeps that desk's images."""
        proofs = delivery_proof.c

        def work(connection: Connection) -> None:
            for code, (pictures, note) in images.items():
                done = connection.execute(
                    update(delivery_proof)
                    .where(
                        proofs.environment == self.environment,
                        proofs.code == code,
                        proofs.state == WAITING,
                    )
                    .values(state=COMPLETE, note=note, completed_at=_iso(now), receipt=None)
                ).rowcount
                if done and pictures:
                    connection.execute(
                        delivery_proof_image.insert(),
                        [
                            {
                                "environment": self.environment,
                                "code": code,
                                "position": position,
                                "content_type": image.content_type[:60],
                                "comment": image.comment[:300],
                                "data": image.data,
                            }
                            for position, image in enumerate(pictures)
                        ],
                    )

        self._run(work)

    def _update(self, codes: Sequence[str], values: dict[str, Any], *, waiting_only: bool = False) -> None:
        proofs = delivery_proof.c

        def work(connection: Connection) -> None:
            for chunk in _chunks(list(codes)):
                statement = update(delivery_proof).where(
                    proofs.environment == self.environment, proofs.code.in_(chunk)
                )
                if waiting_only:
                    statement = statement.where(proofs.state == WAITING)
                connection.execute(statement.values(**values))

        self._run(work)
