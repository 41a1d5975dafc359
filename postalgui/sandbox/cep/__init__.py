"""The sandbox's CEP lookup (API 41): believable, emulated addresses for the CEP ranges
of every state, the same for the same CEP (`address`), placed in real municipalities
through the branch units (`places`), in words from `names`."""

from __future__ import annotations

from postalgui.sandbox.cep.address import CepError, lookup, normalized

__all__ = ["CepError", "lookup", "normalized"]
