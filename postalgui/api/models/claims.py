"""The claims service's records (Fale Conosco, ``pedido de informação``; not in the spec:
REFERENCE.md, Claims).

The filing answer's per-object entries use keys with spaces (``"numero do pi"``,
``"codigo retorno"``); every field is read as optional, as the manual and the deployments
differ. A per-object ``codigo retorno`` other than 0 is that object's answer, never a
failed call.
"""

from __future__ import annotations

from datetime import date, datetime
from types import MappingProxyType
from typing import Annotated

from pydantic import AliasChoices, BaseModel, BeforeValidator, ConfigDict, Field

from postalgui.api.models.tracking import Moment
from postalgui.api.values.claims import REASONS, Manifestation, Packaging

__all__ = [
    "FOLLOW_CODES",
    "REASONS",
    "REOPEN_CODES",
    "RETURN_CODES",
    "ClaimProgress",
    "ClaimRequest",
    "FiledClaim",
    "FilingAnswer",
    "Manifestation",
    "Packaging",
    "ReopenAnswer",
    "ReopenResult",
    "Reopening",
]

ALREADY_CLAIMED = 900
REOPENED = 512

RETURN_CODES = MappingProxyType(
    {
        0: "Pedido registrado",
        4: "Objeto não encontrado",
        55: "Objeto não pertence a este contrato ou cartão",
        125: "O contrato não corresponde ao da postagem",
        126: "O cartão não corresponde ao da postagem",
        271: "Código de objeto inválido",
        510: "Mais de 90 dias desde a entrega ou a data prevista",
        530: "Entregue, tentado ou disponível dentro do prazo",
        531: "Objeto não entregue",
        534: "Objeto aguardando retirada",
        543: "Objeto não entregue",
        544: "Ainda dentro do prazo da calculadora de preços e prazos",
        545: "A situação do objeto não permite este motivo",
        547: "O objeto precisa ser entregue antes",
        548: "Objeto aguardando retirada",
        564: "Fora do limite de 30 dias",
        900: "Já existe uma reclamação para este objeto",
        999: "Erro temporário: tente mais tarde",
    }
)
"""Per-object filing codes (``codigo retorno``) and what they mean."""

REOPEN_CODES = MappingProxyType(
    {
        512: "Pedido reaberto",
        587: "Prazo para reabrir encerrado",
        589: "Indenização em período de pagamento",
        590: "Reabertura já solicitada",
        596: "Objeto entregue no prazo",
        990: "Pedido de informação não encontrado",
    }
)

FOLLOW_CODES = MappingProxyType(
    {
        122: "Contrato não informado ou divergente",
        291: "Canal inválido",
        631: "Informe o código do objeto ou o protocolo",
        990: "Pedido de informação não encontrado",
    }
)


def _blank(value: object) -> object:
    return None if isinstance(value, str) and not value.strip() else value


def _day(value: object) -> object:
    """A date from ``2026-10-06``, ``2026-10-06T00:00:00`` or ``06/10/2026``."""
    value = _blank(value)
    if isinstance(value, str):
        text = value.strip()
        if len(text) == 10 and text[2] == "/" and text[5] == "/":
            return date(int(text[6:]), int(text[3:5]), int(text[:2]))
        return text[:10]
    if isinstance(value, datetime):
        return value.date()
    return value


Day = Annotated[date | None, BeforeValidator(_day)]


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True, coerce_numbers_to_str=True, populate_by_name=True)


class ClaimRequest(BaseModel):
    """One ``pedidos`` entry, as sent (checked by `ClaimsClient.file` before sending)."""

    model_config = ConfigDict(frozen=True)

    codigoObjeto: str
    emailResposta: str
    nomeDestinatario: str = ""
    codigoMotivoReclamacao: int
    tipoEmbalagem: Packaging = Packaging.BOX
    tipoManifestacao: Manifestation = Manifestation.COMPENSATION


class FiledClaim(_Record):
    """One ``pi`` entry: the object's protocol, or why it was not filed."""

    code: str = Field(default="", validation_alias=AliasChoices("codigo objeto", "codigoObjeto", "code"))
    protocol: Annotated[str | None, BeforeValidator(_blank)] = Field(
        default=None, validation_alias=AliasChoices("numero do pi", "numeroPi", "protocolo", "protocol")
    )
    return_code: int = Field(
        default=0, validation_alias=AliasChoices("codigo retorno", "codigoRetorno", "return_code")
    )
    message: str = Field(
        default="",
        validation_alias=AliasChoices("mensagem retorno", "mensagemRetorno", "mensagem", "message"),
    )

    @property
    def filed(self) -> bool:
        """The operator registered it now (a protocol), or had already (900)."""
        return (self.return_code == 0 and self.protocol is not None) or self.already

    @property
    def already(self) -> bool:
        return self.return_code == ALREADY_CLAIMED


class FilingAnswer(_Record):
    codigoRetorno: int = 0
    numeroLote: str | None = None
    dataHoraCadastro: Moment = None
    mensagem: str | None = None
    pi: list[FiledClaim] = []


class ClaimProgress(_Record):
    """The ``acompanha`` answer for one claim; ``return_code`` other than 0 says why none."""

    return_code: int = Field(default=0, validation_alias=AliasChoices("codigoRetorno", "codigo retorno"))
    message: str = Field(default="", validation_alias=AliasChoices("mensagem", "mensagemRetorno"))
    protocol: Annotated[str | None, BeforeValidator(_blank)] = Field(
        default=None, validation_alias=AliasChoices("protocolo", "numero do pi", "numeroPi")
    )
    code: str = Field(default="", validation_alias=AliasChoices("codigoObjeto", "codigo objeto"))
    opened_at: Moment = Field(default=None, validation_alias=AliasChoices("dataAbertura", "Data de Abertura"))
    posted_on: Day = Field(default=None, validation_alias=AliasChoices("dataPostagem", "Data de Postagem"))
    max_delivery: Day = Field(
        default=None, validation_alias=AliasChoices("Data Máxima de Entrega", "dataMaximaEntrega")
    )
    service: str = Field(default="", validation_alias=AliasChoices("servico", "Serviço"))
    last_event: str = Field(default="", validation_alias=AliasChoices("ultimoEvento", "Último Evento"))
    situation: str = Field(default="", validation_alias=AliasChoices("situacao", "Situação"))
    merit: str = Field(default="", validation_alias=AliasChoices("merito", "Mérito"))
    manifestation: str = Field(default="", validation_alias=AliasChoices("tipoManifestacao"))
    reason: int | None = Field(default=None, validation_alias=AliasChoices("codigoMotivoReclamacao"))
    reply: str = Field(default="", validation_alias=AliasChoices("resposta", "Resposta"))

    @property
    def found(self) -> bool:
        return self.return_code == 0


class Reopening(BaseModel):
    """One ``reativacoes`` entry, as sent."""

    model_config = ConfigDict(frozen=True)

    protocolo: str
    tipoManifestacao: Manifestation = Manifestation.COMPENSATION
    motivoReativacao: str
    observacao: str = ""


class ReopenResult(_Record):
    protocol: str = Field(default="", validation_alias=AliasChoices("protocolo", "numero do pi"))
    return_code: int = Field(default=0, validation_alias=AliasChoices("codigo retorno", "codigoRetorno"))
    message: str = Field(default="", validation_alias=AliasChoices("mensagem retorno", "mensagem"))

    @property
    def reopened(self) -> bool:
        return self.return_code == REOPENED


class ReopenAnswer(_Record):
    codigoRetorno: int = 0
    mensagem: str | None = None
    reativacoes: list[ReopenResult] = []
