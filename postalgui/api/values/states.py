"""Brazil's states as the operator writes them: the two letters a ``uf`` field takes, and
the state a CEP belongs to (its first five digits fall in one of the state's ranges)."""

from __future__ import annotations

from bisect import bisect_right

from postalgui.api.values.cep import is_valid_cep, parse_cep

__all__ = ["CEP_RANGES", "STATES", "uf_of_cep"]

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

CEP_RANGES: tuple[tuple[int, int, str], ...] = (
    (1000, 19999, "SP"),
    (20000, 28999, "RJ"),
    (29000, 29999, "ES"),
    (30000, 39999, "MG"),
    (40000, 48999, "BA"),
    (49000, 49999, "SE"),
    (50000, 56999, "PE"),
    (57000, 57999, "AL"),
    (58000, 58999, "PB"),
    (59000, 59999, "RN"),
    (60000, 63999, "CE"),
    (64000, 64999, "PI"),
    (65000, 65999, "MA"),
    (66000, 68899, "PA"),
    (68900, 68999, "AP"),
    (69000, 69299, "AM"),
    (69300, 69399, "RR"),
    (69400, 69899, "AM"),
    (69900, 69999, "AC"),
    (70000, 72799, "DF"),
    (72800, 72999, "GO"),
    (73000, 73699, "DF"),
    (73700, 76799, "GO"),
    (76800, 76999, "RO"),
    (77000, 77999, "TO"),
    (78000, 78899, "MT"),
    (79000, 79999, "MS"),
    (80000, 87999, "PR"),
    (88000, 89999, "SC"),
    (90000, 99999, "RS"),
)
"""Each state's CEPs by their first five digits, first to last (both included), in order;
the sandbox keeps the same (`sandbox.price_catalog.UF_RANGES`: it may not import this)."""

_FIRSTS = tuple(first for first, _, _ in CEP_RANGES)


def uf_of_cep(cep: str | None) -> str | None:
    """The state of a CEP (``"01310100"`` or ``"01310-100"``); ``None`` for none, a
    malformed one, or one no state's range holds (``"00000-000"``)."""
    if not cep:
        return None
    if len(cep) == 8 and cep.isdigit() and cep.isascii():  # as the tables keep it: no parse
        prefix = int(cep[:5])
    elif is_valid_cep(cep):
        prefix = int(parse_cep(cep)[:5])
    else:
        return None
    index = bisect_right(_FIRSTS, prefix) - 1
    if index < 0:
        return None
    _, last, uf = CEP_RANGES[index]
    return uf if prefix <= last else None
