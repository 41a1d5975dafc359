"""Names of the operator's API ids as they appear in a token's ``api`` list.

Only the ids REFERENCE.md and the spec name; others are shown by number.
"""

from __future__ import annotations

API_NAMES: dict[int, str] = {
    34: "Preço",
    35: "Prazo",
    36: "Pré-postagem",
    87: "Rastro (SRO)",
}


def api_label(api_id: int) -> str:
    """``"34 Preço"`` for a known id, ``"566"`` otherwise."""
    name = API_NAMES.get(api_id)
    return f"{api_id} {name}" if name else str(api_id)
