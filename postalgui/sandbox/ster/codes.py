"""Operator codes (`codigoOperador`, spec 002 2.1): the counter's context, encrypted.

A code is AES-GCM over the JSON of 2.1 (12-byte random nonce first, then ciphertext
and tag), written in *standard* base64. That alphabet's ``+``, ``/`` and ``=`` are the
point: the code travels in a URL query (model 2) and in the decrypt route's path, and
a client that forgets to percent-encode it breaks here as it would in production.
The key is the one the sandbox was started with (the app keeps it in the keyring, so its
window and its CLI decode each other's codes), else random per sandbox state, so a reset
invalidates every code issued before.

The spec puts codes at 300 to 700 characters; ours land near 500. A ``sessao`` filler
(never shown when decrypted) keeps them inside the range and makes the plaintext length
not a multiple of three, so every code ends in ``=`` padding.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import secrets
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from postalgui.sandbox.ster.attendants import Attendant

CODE_LIFETIME_MS = 30 * 60 * 1000
"""A code is good for 30 minutes after its `time` (the spec says only "restricted")."""
MIN_CODE_CHARS = 300
MAX_CODE_CHARS = 700
NONCE_BYTES = 12
TAG_BYTES = 16
PARTNER_SERVICE_ID = 10427
"""`servicoTerceiro`: the operator's id of the demo partner's service."""
_FILLER = "sessao"


class InvalidCodeError(ValueError):
    """The text is not a code this sandbox issued (bad base64, wrong key, tampered)."""


def code_fields(attendant: Attendant, *, ate_nu: int, time_ms: int, chave: str) -> dict[str, Any]:
    """The decrypted content of a code, field for field as spec 002 2.1 lists it."""
    unit = attendant.unit
    return {
        "ateNu": ate_nu,
        "servicoTerceiro": PARTNER_SERVICE_ID,
        "numeroCaixa": attendant.caixa,
        "mcmcuAgencia": unit.mcmcu,
        "tipoAgencia": unit.tipo,
        "codigoAgencia": unit.codigo,
        "cpf": attendant.cpf,
        "matricula": attendant.matricula,
        "chave": chave,
        "nome": attendant.nome,
        "siglaLotacao": unit.sigla,
        "time": time_ms,
        "cep": unit.cep,
        "cidade": unit.cidade,
        "uf": unit.uf,
    }


def basic_chave(user: str, password: str) -> str:
    """`chave`: ``user:password`` in base 64 (spec 002 2.1)."""
    return base64.b64encode(f"{user}:{password}".encode()).decode("ascii")


def encoded_length(plain_bytes: int) -> int:
    """Characters of the code for a plaintext of `plain_bytes` bytes."""
    raw = NONCE_BYTES + plain_bytes + TAG_BYTES
    return 4 * ((raw + 2) // 3)


def _padded_plaintext(fields: dict[str, Any]) -> bytes:
    """The JSON with a filler that reaches the minimum size and forces ``=`` padding."""
    filler = ""
    while True:
        body = dict(fields) | {_FILLER: filler} if filler else dict(fields)
        plain = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        raw = NONCE_BYTES + len(plain) + TAG_BYTES
        if encoded_length(len(plain)) >= MIN_CODE_CHARS + 20 and raw % 3:
            return plain
        filler += secrets.token_hex(1)[0]


class CodeCipher:
    """Seals and opens codes with one AES-256 key (`key`, else a random one)."""

    def __init__(self, key: bytes | None = None) -> None:
        self._aead = AESGCM(key or AESGCM.generate_key(bit_length=256))

    def seal(self, fields: dict[str, Any]) -> str:
        nonce = os.urandom(NONCE_BYTES)
        sealed = nonce + self._aead.encrypt(nonce, _padded_plaintext(fields), None)
        return base64.b64encode(sealed).decode("ascii")

    def open(self, code: str) -> dict[str, Any]:
        """The 2.1 fields of `code`; raises InvalidCodeError for anything else."""
        if not MIN_CODE_CHARS <= len(code) <= MAX_CODE_CHARS:
            raise InvalidCodeError(f"length {len(code)} outside {MIN_CODE_CHARS}-{MAX_CODE_CHARS}")
        try:
            sealed = base64.b64decode(code, validate=True)
            plain = self._aead.decrypt(sealed[:NONCE_BYTES], sealed[NONCE_BYTES:], None)
            fields = json.loads(plain.decode("utf-8"))
        except (binascii.Error, InvalidTag, ValueError) as exc:
            raise InvalidCodeError(type(exc).__name__) from exc
        if not isinstance(fields, dict):
            raise InvalidCodeError("not an object")
        fields.pop(_FILLER, None)
        return fields
