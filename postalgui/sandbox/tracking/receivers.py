"""Who received a delivered object, and whether it had the AR service: drawn from its code.

The operator's delivered event carries ``recebedor`` (REFERENCE.md lists the field; its
shape is not published): the sandbox writes ``{"nome": ..., "documento": ...}``, a name and
an RG-style number, the same for the same code on every run. Whether an object was posted
with the AR (aviso de recebimento) additional service is not known to the tracking world
(a registered object carries no additional services), so it is drawn from the code too:
`AR_SHARE` of the objects had it, and only those have an AR digital (`has_ar`).
"""

from __future__ import annotations

import random
import zlib

__all__ = ["AR_SHARE", "has_ar", "receiver_of"]

AR_SHARE = 40
"""Per cent of the objects posted with the AR service."""

_FIRST = (
    "Ana", "Bruno", "Carla", "Daniel", "Eduarda", "Felipe", "Gabriela", "Henrique", "Isabela",
    "João", "Larissa", "Marcos", "Natália", "Otávio", "Patrícia", "Rafael", "Sabrina", "Tiago",
    "Vanessa", "Wesley",
)  # fmt: skip
_LAST = (
    "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima",
    "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Araújo", "Melo", "Barbosa", "Cardoso",
)  # fmt: skip


def has_ar(code: str) -> bool:
    """Whether the object was posted with the AR service (`AR_SHARE` % of the codes)."""
    return zlib.crc32(f"ar/{code}".encode()) % 100 < AR_SHARE


def receiver_of(code: str) -> tuple[str, str]:
    """The receiver's name and document (``"12.345.678-9"``) of a delivered object."""
    rng = random.Random(f"receiver/{code}")
    name = f"{rng.choice(_FIRST)} {rng.choice(_LAST)} {rng.choice(_LAST)}"
    digits = f"{rng.randrange(10_000_000, 99_999_999)}"
    return name, f"{digits[:2]}.{digits[2:5]}.{digits[5:]}-{rng.randrange(10)}"
