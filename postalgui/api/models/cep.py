"""The CEP service's record (API 41; not in the spec: REFERENCE.md, CEP lookup).

Every field is read as optional. A post office's CEP also names the unit and its P.O.
box ranges. The sandbox marks its answers ``dadosEmulados`` (believable, not real).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["CepAddress", "PoBoxRange"]


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True, coerce_numbers_to_str=True)


class PoBoxRange(_Record):
    nuInicial: str | None = None
    nuFinal: str | None = None


class CepAddress(_Record):
    cep: str = ""
    uf: str = ""
    localidade: str = ""
    """The city."""
    logradouro: str = ""
    tipoLogradouro: str = ""
    nomeLogradouro: str = ""
    complemento: str = ""
    abreviatura: str = ""
    bairro: str = ""
    numeroLocalidade: str | None = None
    tipoCEP: str | None = None
    cepUnidadeOperacional: str | None = None
    lado: str | None = None
    numeroInicial: str | None = None
    numeroFinal: str | None = None
    nome: str | None = None
    """A post office's name (its CEP is the unit's)."""
    siglaUnidade: str | None = None
    caixasPostais: list[PoBoxRange] = []
    dadosEmulados: bool = False
    """The sandbox's mark: the address is made up for the CEP's range."""

    @property
    def street(self) -> str:
        """``Avenida Paulista``: the street as an address line writes it."""
        return self.logradouro or " ".join(
            part for part in (self.tipoLogradouro, self.nomeLogradouro) if part
        )
