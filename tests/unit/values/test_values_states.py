"""A CEP's state: the same as the sandbox's price table says, for every CEP sector."""

from __future__ import annotations

import pytest

from postalgui.api.values.states import CEP_RANGES, STATES, uf_of_cep
from postalgui.sandbox.price_catalog import UF_RANGES, uf_of


def test_every_cep_sector_has_the_sandboxs_state() -> None:
    differ = [
        prefix for prefix in range(100_000) if uf_of_cep(f"{prefix:05d}000") != uf_of(f"{prefix:05d}000")
    ]
    assert differ == []
    assert tuple((r.first, r.last, r.uf) for r in UF_RANGES) == CEP_RANGES


def test_every_state_has_ceps() -> None:
    assert {uf for _, _, uf in CEP_RANGES} == STATES


@pytest.mark.parametrize(
    ("cep", "uf"),
    [
        ("01310-100", "SP"),
        ("01310100", "SP"),
        ("20040020", "RJ"),
        ("69301-000", "RR"),
        ("73000000", "DF"),
        ("72800-000", "GO"),
        ("99999999", "RS"),
        ("00999-999", None),
        ("00000000", None),
        ("0131010", None),
        ("01310-10O", None),
        ("", None),
        (None, None),
    ],
)
def test_state_of_a_cep(cep: str | None, uf: str | None) -> None:
    assert uf_of_cep(cep) == uf
