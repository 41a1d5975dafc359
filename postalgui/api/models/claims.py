"""The claims service's records (Fale Conosco, ``pedido de informação``; not in the spec:
REFERENCE.md, Claims, quoting the operator's integration manual v2.2 §16).

The readers take the manual's exact shapes (``tests/contract/fixtures/claims-*.json``):
keys with spaces and accents (``"codigo do objeto"``, ``"descrição retorno"``,
``"Situação Manifestação"``), codes as strings (``"0"``, ``"00"``), dates as
``DD/MM/YYYY [HH:MM:SS]`` in Brasília time (read as aware UTC), reopen results in ``pi``.
The older forms (``"codigo objeto"``, ``"mensagem retorno"``, ISO dates, ``reativacoes``)
are still read. Every field is optional; a value the reader does not know (a new code, a
date in another form) is kept raw and shown as such, never a failed answer. A per-object
``codigo retorno`` other than 0 is that object's answer, never a failed call.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from types import MappingProxyType
from typing import Annotated

from pydantic import AliasChoices, BaseModel, BeforeValidator, ConfigDict, Field

from postalgui.api.values.claims import REASONS, Manifestation, Packaging
from postalgui.api.values.dates import operator_utc
from postalgui.api.values.fields import OneLine, PlainText

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
NOT_FOUND = 990
DATA_NOT_FOUND = 4

RETURN_CODES = MappingProxyType(
    {
        0: "Pedido registrado",
        4: "Dados não encontrados",
        30: "CPF/CNPJ não informado",
        31: "CPF/CNPJ inválido",
        55: "Objeto não pertence a este contrato ou cartão",
        60: "Identificador do atendimento não informado",
        121: "Contrato inexistente",
        125: "O contrato não corresponde ao da postagem",
        126: "O cartão não corresponde ao da postagem",
        240: "E-mail de resposta não informado",
        241: "E-mail de resposta mal formado",
        250: "Código do objeto não informado",
        260: "Motivo não informado",
        261: "Motivo mal formado",
        262: "Motivo não permitido neste canal",
        271: "Código do objeto fora do formato XX999999999XX",
        272: "Somente objetos nacionais",
        280: "Tipo de embalagem não informado",
        281: "Tipo de embalagem inválido",
        282: "Tipo de manifestação inválido",
        301: "Nome do destinatário não informado",
        510: "Mais de 90 dias desde a entrega ou a data prevista, a que vier primeiro",
        530: "Entregue, com tentativa ou disponível dentro do prazo (sem protocolo)",
        531: "Objeto não entregue",
        534: "Objeto aguardando retirada",
        538: "Devolução do AR dentro do prazo",
        539: "AR digital dentro do prazo",
        540: "Código do serviço não encontrado",
        543: "Objeto não entregue",
        544: "Ainda dentro do prazo da calculadora de preços e prazos",
        545: "A situação do objeto não permite este motivo",
        546: "Objeto entregue",
        547: "O objeto precisa ser entregue antes",
        548: "Objeto aguardando retirada",
        549: "A devolução ao remetente precisa ser confirmada",
        550: "Objeto sem relação com o motivo",
        560: "O motivo não gera pedido de informação",
        562: "Sem indício de postagem cancelada",
        563: "Código do serviço não encontrado",
        564: "Fora do limite de 30 dias",
        580: "Tipo de manifestação não informado",
        634: "Logradouro sem entrega domiciliar",
        638: "Objeto não enviado a uma unidade de entrega",
        639: "Enviado a uma unidade a pedido do cliente",
        900: "Já existe uma reclamação para este objeto",
        999: "Erro temporário: tente novamente em alguns minutos",
    }
)
"""Per-object filing codes (``codigo retorno``) and what they mean (REFERENCE, Claims)."""

REOPEN_CODES = MappingProxyType(
    {
        0: "Pedido reaberto",
        4: "Dados não encontrados",
        50: "Protocolo não informado",
        55: "Protocolo não pertence a este contrato",
        56: "Protocolo ainda não respondido",
        122: "Protocolo não pertence a este contrato",
        260: "Motivo não informado",
        512: "Pedido reaberto",
        513: "Observação e motivo são obrigatórios",
        531: "Objeto não entregue",
        534: "Objeto aguardando retirada",
        539: "AR digital dentro do prazo",
        545: "A situação do objeto não permite este motivo",
        550: "Objeto sem relação com o motivo",
        560: "O motivo não gera pedido de informação",
        562: "Sem indício de postagem cancelada",
        575: "Protocolo não encontrado",
        582: "O tipo de manifestação não pode mudar",
        583: "Motivo não permitido",
        586: "Tipo de reativação inválido",
        587: "Prazo para reabrir encerrado",
        588: "Motivo não permitido",
        589: "Indenização dentro do período de pagamento",
        590: "Indenização já solicitada",
        591: "Pedido em andamento",
        592: "Reclamação sem objeto não pode ser reaberta",
        593: "Pedido não encerrado",
        594: "Objeto de outro contrato",
        595: "Critérios não atendidos",
        596: "Objeto entregue no prazo",
        597: "Objeto entregue",
        598: "Objeto aguardando retirada",
        634: "Logradouro sem entrega domiciliar",
        999: "Erro temporário: tente novamente em alguns minutos",
    }
)
"""Per-protocol reopening codes (``pi``'s ``codigo retorno``)."""

FOLLOW_CODES = MappingProxyType(
    {
        0: "Pedido encontrado",
        4: "Pedido não encontrado",
        122: "Não pertence a este contrato",
        291: "Tipo de consulta inválido",
        631: "Registrado pelo sistema de nível de serviço: não pode ser acompanhado",
        990: "Nenhum pedido de informação encontrado",
        999: "Erro temporário: tente novamente em alguns minutos",
    }
)
"""``acompanha`` codes (``Código Retorno``)."""

_DAY = re.compile(r"(\d{2})/(\d{2})/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?")


def _blank(value: object) -> object:
    return None if isinstance(value, str) and not value.strip() else value


def brasilia_moment(value: object) -> datetime | None:
    """An operator time as aware UTC: ``20/04/2023 16:13:15`` (the manual), ``20/04/2023``
    or ISO ``2023-04-20T16:13:15``; a naive time is Brasília's. ``None`` when blank or in
    a form not known (the answer is still read; the raw text stays in the record)."""
    value = _blank(value)
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        text = value.strip()
        found = _DAY.fullmatch(text)
        try:
            if found:
                day, month, year, hour, minute, second = (int(part or 0) for part in found.groups())
                moment = datetime(year, month, day, hour, minute, second)
            else:
                moment = datetime.fromisoformat(text)
        except ValueError:
            return None
    else:
        return None
    return operator_utc(moment)


def _day(value: object) -> object:
    """A date from ``06/10/2026`` (the manual), ``2026-10-06`` or ``2026-10-06T00:00:00``;
    ``None`` when blank or not a date."""
    value = _blank(value)
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date) or value is None:
        return value
    text = str(value).strip()
    found = _DAY.match(text)
    try:
        if found:
            return date(int(found.group(3)), int(found.group(2)), int(found.group(1)))
        return date.fromisoformat(text[:10])
    except ValueError:
        return None


def _code(value: object) -> object:
    """``"0"``, ``"00"``, ``0``: the number; blank: none; anything else: -1 (unknown: the
    raw text is kept beside it)."""
    value = _blank(value)
    if value is None or isinstance(value, int):
        return value
    text = str(value).strip()
    return int(text) if text.isdigit() else -1


def _text(value: object) -> object:
    return "" if value is None else str(value)


Moment = Annotated[datetime | None, BeforeValidator(brasilia_moment)]
Day = Annotated[date | None, BeforeValidator(_day)]
Code = Annotated[int | None, BeforeValidator(_code)]
Text = Annotated[str, BeforeValidator(_text)]


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True, coerce_numbers_to_str=True, populate_by_name=True)


class ClaimRequest(BaseModel):
    """One ``pedidos`` entry, as sent (checked by `ClaimsClient.file` before sending)."""

    model_config = ConfigDict(frozen=True)

    codigoObjeto: OneLine
    emailResposta: OneLine
    nomeDestinatario: OneLine
    codigoMotivoReclamacao: int
    tipoEmbalagem: Packaging = Packaging.BOX
    tipoManifestacao: Manifestation = Manifestation.COMPENSATION


def _alias(*names: str) -> AliasChoices:
    return AliasChoices(*names)


class FiledClaim(_Record):
    """One ``pi`` entry: the object's protocol, or why it was not filed."""

    code: str = Field(
        default="", validation_alias=_alias("codigo do objeto", "codigo objeto", "codigoObjeto", "code")
    )
    protocol: Annotated[str | None, BeforeValidator(_blank)] = Field(
        default=None, validation_alias=_alias("numero do pi", "numeroPi", "protocolo", "protocol")
    )
    return_code: Code = Field(
        default=None, validation_alias=_alias("codigo retorno", "codigoRetorno", "return_code")
    )
    raw_code: Text = Field(default="", validation_alias=_alias("codigo retorno", "codigoRetorno", "raw_code"))
    message: Text = Field(
        default="",
        validation_alias=_alias(
            "descrição retorno",
            "descricao retorno",
            "mensagem retorno",
            "mensagemRetorno",
            "mensagem",
            "message",
        ),
    )

    @property
    def filed(self) -> bool:
        """The operator registered it now (code 0 with a protocol), or had already (900)."""
        return (self.return_code in (0, None) and self.protocol is not None) or self.already

    @property
    def already(self) -> bool:
        return self.return_code == ALREADY_CLAIMED


class FilingAnswer(_Record):
    """The ``cadastra`` answer."""

    codigoRetorno: Code = None
    descricaoRetorno: Text = Field(default="", validation_alias=_alias("descricaoRetorno", "mensagem"))
    numeroLote: str | None = None
    dataHoraCadastro: Moment = None
    mensagensPi: int | None = None
    pi: list[FiledClaim] = []

    @property
    def mensagem(self) -> str:
        return self.descricaoRetorno


class ClaimProgress(_Record):
    """The ``acompanha`` answer for one claim; ``return_code`` other than 0 says why none.

    ``merit`` is ``Indicativo Procedência`` as sent (``S`` upheld, ``N`` not), or the
    older ``merito`` words (``Procedente``/``Improcedente``); `upheld` reads either.
    """

    return_code: Code = Field(
        default=None, validation_alias=_alias("Código Retorno", "codigoRetorno", "codigo retorno")
    )
    message: Text = Field(
        default="",
        validation_alias=_alias("descricaoRetorno", "descrição retorno", "mensagem", "mensagemRetorno"),
    )
    protocol: Annotated[str | None, BeforeValidator(_blank)] = Field(
        default=None, validation_alias=_alias("numeroPi", "numero do pi", "protocolo")
    )
    code: Text = Field(
        default="", validation_alias=_alias("codigoObjeto", "codigo do objeto", "codigo objeto")
    )
    opened_at: Moment = Field(default=None, validation_alias=_alias("Data de Abertura PI", "dataAbertura"))
    posted_on: Day = Field(
        default=None, validation_alias=_alias("Data de Postagem do Objeto", "dataPostagem")
    )
    max_delivery: Day = Field(
        default=None, validation_alias=_alias("Data Máxima de Entrega", "dataMaximaEntrega")
    )
    service_code: Text = Field(default="", validation_alias=_alias("Código do Serviço", "codigoServico"))
    service: Text = Field(default="", validation_alias=_alias("Descrição do Serviço", "servico"))
    last_event_on: Day = Field(default=None, validation_alias=_alias("Data Último Evento"))
    last_event_code: Text = Field(default="", validation_alias=_alias("Código Último Evento"))
    last_event_type: Text = Field(default="", validation_alias=_alias("Tipo Último Evento"))
    last_event_text: Text = Field(
        default="", validation_alias=_alias("Descrição Último Evento", "ultimoEvento")
    )
    situation: Text = Field(default="", validation_alias=_alias("Situação Manifestação", "situacao"))
    merit: Text = Field(default="", validation_alias=_alias("Indicativo Procedência", "merito"))
    recurred: Text = Field(default="", validation_alias=_alias("Houve Recorrência"))
    reply: Text = Field(default="", validation_alias=_alias("Mensagem Última Resposta", "resposta"))
    replied_on: Day = Field(default=None, validation_alias=_alias("Data Última Resposta"))
    manifestation: Text = Field(default="", validation_alias=_alias("Tipo Manifestação", "tipoManifestacao"))
    service_level: Text = Field(
        default="", validation_alias=_alias("Indica se a manifestacao foi registrada pelo nivel de servico")
    )
    reason: Code = Field(
        default=None,
        validation_alias=_alias("motivoReclamacaoFinal", "motivoReclamacaoInicial", "codigoMotivoReclamacao"),
    )
    reason_text: Text = Field(
        default="", validation_alias=_alias("descMotivoReclamacaoFinal", "descMotivoReclamacaoInicial")
    )

    @property
    def found(self) -> bool:
        return self.return_code in (0, None)

    @property
    def settles_unfiled(self) -> bool:
        """The operator has no claim for it (990, or 4 data not found): it may be filed again."""
        return self.return_code in (NOT_FOUND, DATA_NOT_FOUND)

    @property
    def upheld(self) -> bool | None:
        """``Indicativo Procedência``: True (``S``, ``Procedente``), False (``N``,
        ``Improcedente``), None (not said, or a value not known)."""
        merit = self.merit.strip().casefold()
        if merit in ("s", "sim", "procedente"):
            return True
        if merit in ("n", "nao", "não", "improcedente"):
            return False
        return None

    @property
    def last_event(self) -> str:
        """``BDE/00 Entregue 30/01/2023``: type and code, description, date."""
        kind = "/".join(part for part in (self.last_event_type, self.last_event_code) if part)
        day = self.last_event_on.strftime("%d/%m/%Y") if self.last_event_on else ""
        return " ".join(part for part in (kind, self.last_event_text, day) if part)


class Reopening(BaseModel):
    """One ``reativacoes`` entry, as sent."""

    model_config = ConfigDict(frozen=True)

    protocolo: OneLine
    tipoManifestacao: Manifestation = Manifestation.COMPENSATION
    motivoReativacao: PlainText
    observacao: PlainText = ""


class ReopenResult(_Record):
    """One ``pi`` entry of the ``reativa`` answer: the protocol's result."""

    protocol: Text = Field(default="", validation_alias=_alias("protocolo", "numero do pi", "protocol"))
    return_code: Code = Field(
        default=None, validation_alias=_alias("codigo retorno", "codigoRetorno", "return_code")
    )
    message: Text = Field(
        default="",
        validation_alias=_alias(
            "descrição retorno", "descricao retorno", "mensagem retorno", "mensagem", "message"
        ),
    )

    @property
    def reopened(self) -> bool:
        """0 (the manual's example: "reativada com sucesso") or 512 (reopened)."""
        return self.return_code in (0, REOPENED)


class ReopenAnswer(_Record):
    """The ``reativa`` answer; per-protocol results in ``pi`` (older: ``reativacoes``)."""

    codigoRetorno: Code = None
    descricaoRetorno: Text = Field(default="", validation_alias=_alias("descricaoRetorno", "mensagem"))
    numeroLote: str | None = None
    reopened_at: Moment = Field(default=None, validation_alias=_alias("Data hora reativação"))
    pi: list[ReopenResult] = Field(default=[], validation_alias=_alias("pi", "reativacoes"))

    @property
    def mensagem(self) -> str:
        return self.descricaoRetorno
