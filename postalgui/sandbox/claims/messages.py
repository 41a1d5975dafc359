"""The claims service's codes and the words it answers them with (REFERENCE "Claims").

The operator publishes the codes, not their texts: the messages are the sandbox's own,
in the Portuguese the service speaks.
"""

from __future__ import annotations

REASONS: frozenset[int] = frozenset({132, 133, 134, 135, 136, 141, 142, 148, 211, 240, 1414})
"""`codigoMotivoReclamacao` values the service takes."""
LATE, NOT_DELIVERED, VIOLATED, DAMAGED, NO_ATTEMPT = 135, 211, 133, 134, 1414
PACKAGING = {"E": "envelope", "C": "caixa"}
MANIFESTATIONS = {"R": "reclamação", "I": "indenização"}
COMPLAINT, COMPENSATION = "R", "I"

FILED = 0
TEMPORARY = 999
FILING: dict[int, str] = {
    FILED: "Pedido registrado",
    4: "Objeto não encontrado",
    55: "Objeto não pertence ao contrato ou cartão de postagem informado",
    125: "Contrato informado não corresponde ao da postagem",
    126: "Cartão de postagem informado não corresponde ao da postagem",
    271: "Código do objeto inválido",
    510: "Prazo para registro expirado: mais de 90 dias desde a entrega ou a data prevista",
    530: "Objeto entregue, com tentativa de entrega ou disponível para retirada dentro do prazo",
    531: "Objeto ainda não entregue",
    534: "Objeto aguardando retirada na unidade",
    543: "Objeto não entregue",
    544: "Objeto ainda dentro do prazo de entrega: aguarde a data máxima de entrega",
    545: "A situação do objeto não permite este motivo",
    547: "O objeto precisa ser entregue antes do pedido por atraso",
    548: "Objeto aguardando retirada",
    564: "Prazo de 30 dias excedido",
    900: "Já existe pedido de informação para este objeto",
    TEMPORARY: "Erro temporário: tente novamente mais tarde",
}
"""Per-object `codigo retorno` of `cadastra` and its `mensagem retorno`."""

REOPENED, REOPEN_EXPIRED, IN_PAYMENT, ALREADY_ASKED, ON_TIME, UNKNOWN = 512, 587, 589, 590, 596, 990
REOPENING: dict[int, str] = {
    REOPENED: "Pedido reaberto",
    REOPEN_EXPIRED: "Prazo para reativação expirado: 30 dias do encerramento",
    IN_PAYMENT: "Indenização em período de pagamento",
    ALREADY_ASKED: "Reativação já solicitada",
    ON_TIME: "Objeto entregue dentro do prazo",
    UNKNOWN: "Pedido de informação não encontrado",
}
"""Per-protocol `codigo retorno` of `reativa`."""
IN_ANALYSIS_TEXT = "Pedido ainda em análise: aguarde a resposta"
ACCEPTED_TEXT = "Pedido encerrado como procedente: não cabe reativação"

BAD_CONTRACT, BAD_CHANNEL, NO_KEY = 122, 291, 631
FOLLOWING: dict[int, str] = {
    BAD_CONTRACT: "Contrato não informado ou não pertence ao CNPJ do token de acesso",
    BAD_CHANNEL: "Canal inválido: use W",
    NO_KEY: "Informe o código do objeto ou o protocolo",
    UNKNOWN: "Pedido de informação não encontrado",
}
"""`codigoRetorno` of an `acompanha` that finds nothing to show."""

IN_ANALYSIS, REOPENED_STATE, CLOSED = "Em análise", "Reaberto", "Encerrado"
UPHELD, REJECTED = "Procedente", "Improcedente"
