"""The pre-posting service's codes and the words it answers them with.

The operator publishes no codes for API 36 that the sandbox could copy: the ``PPN-`` codes
below are the sandbox's own, each message naming the field and the rule, in the Portuguese
the service speaks. Every one is a 400 unless said otherwise.

    PPN-001  a field missing or of the wrong type (the body's shape)
    PPN-002  a CEP malformed (not 8 digits) or not in any state's range
    PPN-003  ``uf`` is not the CEP's state
    PPN-004  ``codigoServico`` is no national product of the price catalogue
    PPN-005  ``numeroCartaoPostagem`` is not the token's card (or not its contract's/company's)
    PPN-006  the card is not ATIVO
    PPN-007  ``codigoServico`` is not on the card
    PPN-008  ``pesoInformado`` not whole grams, or zero
    PPN-009  ``pesoInformado`` over the product's or the format's limit
    PPN-010  ``codigoFormatoObjetoInformado`` not 1/2/3, or not allowed for the product
    PPN-011  a dimension missing for the format, or out of its range
    PPN-012  an additional service unknown, not allowed for the product, or excluded by another
    PPN-013  ``valorDeclarado`` missing for the declared-value service, or out of its range
    PPN-014  no ``itensDeclaracaoConteudo`` and no invoice (``numeroNotaFiscal``/``chaveNFe``),
             an item with no quantity or value, or a ``chaveNFe`` that is not 44 digits
    PPN-015  ``cienteObjetoNaoProibido`` not 1 (the sender did not confirm the object is allowed)
    PPN-016  a phone, e-mail or CPF/CNPJ malformed
    PPN-017  a return (``logisticaReversa`` S) without ``dataValidadeLogReversa`` (DD/MM/YYYY,
             today or later), on a service that is no return service (03301, 03247), with a
             ``codigoObjetoIda`` that is no object code or a ``solicitarColeta`` not S/N; a return
             service without ``logisticaReversa`` S; ``logisticaReversa`` not S/N
    PPN-020  404: no pre-posting of the token's company with this id
    PPN-021  cannot cancel: already posted, cancelled or expired
    PPN-030  a label request without ids, with an unknown, cancelled or expired one, or a bad
             ``tipoRotulo``/``formatoRotulo``/``imprimeRemetente``/``layoutImpressao``
    PPN-031  404: no label receipt with this ``idRecibo``
    PPN-032  404 with ``Retry-After: 1``: the label is still being made (poll again)
    PPN-033  ``postada`` without ``codigoObjeto``, or one no pre-posting has
    PPN-034  a bad ``status``, ``page`` or ``size`` in the list query
    PPN-035  a list asked with no filter (none of id, codigoObjeto, eticket, status,
             logisticaReversa): the manual says a combination of parameters or one of id /
             object code / eticket is required; how the operator refuses is not published,
             so this code and its words are the sandbox's guess
    PPN-022  a cancel without ``idCorreiosSolicitanteCancelamento`` (who asks it)

Statuses are the operator's numbers (``statusAtual``, REFERENCE.md): 1 Preatendido, 2
Prepostado, 3 Postado, 4 Expirado, 5 Cancelado, 6 Estornado, each with its word
(``descStatusAtual``). A label issued is no status: a labelled pre-posting is still 2.
"""

from __future__ import annotations

SHAPE = "PPN-001"
BAD_CEP = "PPN-002"
BAD_UF = "PPN-003"
UNKNOWN_SERVICE = "PPN-004"
FOREIGN_CARD = "PPN-005"
CARD_INACTIVE = "PPN-006"
SERVICE_NOT_ON_CARD = "PPN-007"
BAD_WEIGHT = "PPN-008"
TOO_HEAVY = "PPN-009"
BAD_FORMAT = "PPN-010"
BAD_DIMENSION = "PPN-011"
BAD_EXTRA = "PPN-012"
BAD_DECLARED = "PPN-013"
NO_CONTENT = "PPN-014"
NOT_CONFIRMED = "PPN-015"
BAD_CONTACT = "PPN-016"
BAD_RETURN = "PPN-017"
NOT_FOUND = "PPN-020"
NOT_CANCELLABLE = "PPN-021"
BAD_LABEL_REQUEST = "PPN-030"
NO_RECEIPT = "PPN-031"
NOT_READY = "PPN-032"
NOT_POSTED_QUERY = "PPN-033"
BAD_QUERY = "PPN-034"
NO_FILTER = "PPN-035"
NO_REQUESTER = "PPN-022"

PREATENDIDO = 1
PREPOSTADO = 2
POSTADO = 3
EXPIRADO = 4
CANCELADO = 5
ESTORNADO = 6
WORDS = {
    PREATENDIDO: "Preatendido",
    PREPOSTADO: "Prepostado",
    POSTADO: "Postado",
    EXPIRADO: "Expirado",
    CANCELADO: "Cancelado",
    ESTORNADO: "Estornado",
}
"""``descStatusAtual`` of each ``statusAtual``."""
STATUSES = tuple(WORDS)


def read_status(text: str) -> int | None:
    """A ``status`` query value: the number, or its word (any case); ``None`` when neither."""
    text = text.strip()
    if text.isdigit() and int(text) in WORDS:
        return int(text)
    return next((number for number, word in WORDS.items() if word.upper() == text.upper()), None)


def field_message(code: str, name: str, rule: str) -> str:
    """``PPN-xxx: Campo 'name' inválido: rule``."""
    return f"{code}: Campo '{name}' inválido: {rule}"


class PrepostError(Exception):
    """A refusal: the status and the operator-style message (which names the field)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def field_error(code: str, name: str, rule: str) -> PrepostError:
    return PrepostError(field_message(code, name, rule))
