"""Brazil's states as the operator writes them: the two letters a ``uf`` field takes."""

from __future__ import annotations

__all__ = ["STATES"]

STATES = frozenset(
    [
        "AC",
        "AL",
        "AM",
        "AP",
        "BA",
        "CE",
        "DF",
        "ES",
        "GO",
        "MA",
        "MG",
        "MS",
        "MT",
        "PA",
        "PB",
        "PE",
        "PI",
        "PR",
        "RJ",
        "RN",
        "RO",
        "RR",
        "RS",
        "SC",
        "SE",
        "SP",
        "TO",
    ]
)
"""The 27 state abbreviations ``uf`` takes."""
