"""The pre-posting request body (`POST /prepostagem/v1/prepostagens`), read in shape.

Keys are the operator's (camelCase); a number may come as a string or a number
(``pesoInformado: "300"`` or ``300``) and is kept as the text it reads as, which the answer
echoes. A shape problem is PPN-001 naming the field (``destinatario.endereco.cep``); the
rules (`rules`) come after. Keys the sandbox does not know are ignored, as the operator's
gateway does.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints, ValidationError

from postalgui.sandbox.errors import GTW_VALIDATION, validation_message
from postalgui.sandbox.prepost import messages as m


def _as_text(value: Any) -> Any:
    """A number sent as a number reads as the text it would be written as."""
    if isinstance(value, bool):
        return value  # refused by the str type
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return format(Decimal(repr(value)).normalize(), "f")
    return value.strip() if isinstance(value, str) else value


Wire = Annotated[str, BeforeValidator(_as_text)]
"""A code or number the client may send as a string or as a number."""
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=50)]
Line = Annotated[str, StringConstraints(strip_whitespace=True, max_length=50)]


class _Wire(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Endereco(_Wire):
    cep: Wire
    logradouro: Name
    numero: Annotated[Wire, StringConstraints(max_length=10)] = ""
    complemento: Line = ""
    bairro: Line = ""
    cidade: Name
    uf: Annotated[str, StringConstraints(strip_whitespace=True, to_upper=True, min_length=2, max_length=2)]


class Pessoa(_Wire):
    nome: Name
    dddCelular: Wire = ""
    celular: Wire = ""
    email: Annotated[str, StringConstraints(strip_whitespace=True, max_length=80)] = ""
    cpfCnpj: Wire = ""
    endereco: Endereco


class ServicoAdicional(_Wire):
    codigoServicoAdicional: Wire
    valorDeclarado: Wire | None = None


class ItemDeclaracao(_Wire):
    conteudo: Name
    quantidade: Wire
    valor: Wire


class PrePostagem(_Wire):
    """The fields the sandbox reads (REFERENCE "Pre-posting (API 36)")."""

    remetente: Pessoa
    destinatario: Pessoa
    codigoServico: Wire
    numeroCartaoPostagem: Wire
    pesoInformado: Wire
    codigoFormatoObjetoInformado: Wire = "2"
    alturaInformada: Wire | None = None
    larguraInformada: Wire | None = None
    comprimentoInformado: Wire | None = None
    diametroInformado: Wire | None = None
    listaServicoAdicional: list[ServicoAdicional] = Field(default_factory=list)
    itensDeclaracaoConteudo: list[ItemDeclaracao] = Field(default_factory=list)
    numeroNotaFiscal: Wire = ""
    chaveNFe: Wire = ""
    cienteObjetoNaoProibido: Wire | bool = "0"
    observacao: Annotated[str, StringConstraints(strip_whitespace=True, max_length=200)] = ""
    idCorreios: str = ""
    modalidadePagamento: Wire = ""
    solicitarColeta: str = "N"
    logisticaReversa: str = "N"
    dataValidadeLogReversa: str = ""
    """DD/MM/YYYY; required for a return (`returns`), kept as sent otherwise."""
    codigoObjetoIda: Annotated[
        str, StringConstraints(strip_whitespace=True, to_upper=True, max_length=13)
    ] = ""

    def echo(self) -> dict[str, Any]:
        """The body as the answers repeat it (every known key, numbers as text)."""
        return self.model_dump(mode="json")


def read_body(raw: Any) -> PrePostagem:
    """The body in shape, or PrepostError PPN-001 naming the first bad field."""
    try:
        return PrePostagem.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        message = validation_message({**first, "loc": ("body", *first["loc"])})
        raise m.PrepostError(message.replace(GTW_VALIDATION, m.SHAPE, 1)) from error
