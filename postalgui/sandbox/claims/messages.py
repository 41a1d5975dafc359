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
NO_NAME = 301
FILING: dict[int, str] = {
    FILED: "Olá, sua manifestação foi registrada com sucesso.",
    4: "Dados não encontrados",
    55: "Objeto não pertence ao contrato ou cartão de postagem informado",
    125: "Contrato informado não corresponde ao da postagem",
    126: "Cartão de postagem informado não corresponde ao da postagem",
    271: "Código do objeto fora do padrão XX999999999XX",
    NO_NAME: "Nome do destinatário não informado",
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
    TEMPORARY: "Erro temporário: tente novamente em alguns minutos",
}
"""Per-object `codigo retorno` of `cadastra` and its `descrição retorno`."""

REOPENED, REOPEN_EXPIRED, IN_PAYMENT, ALREADY_ASKED, ON_TIME = 512, 587, 589, 590, 596
IN_PROGRESS, NOT_CLOSED, PROTOCOL_UNKNOWN = 591, 593, 575
REOPENING: dict[int, str] = {
    REOPENED: "Olá, sua manifestação foi reativada com sucesso.",
    REOPEN_EXPIRED: "Prazo para reativação expirado: 30 dias do encerramento",
    IN_PAYMENT: "Indenização em período de pagamento",
    ALREADY_ASKED: "Indenização já solicitada",
    IN_PROGRESS: "Pedido em andamento",
    NOT_CLOSED: "Pedido não encerrado",
    ON_TIME: "Objeto entregue dentro do prazo",
    PROTOCOL_UNKNOWN: "Protocolo não encontrado",
}
"""Per-protocol `codigo retorno` of `reativa` (in `pi`)."""
IN_ANALYSIS_TEXT = "Pedido ainda em análise: aguarde a resposta"
ACCEPTED_TEXT = "Pedido encerrado como procedente: não cabe reativação"

BAD_CONTRACT, BAD_QUERY, UNKNOWN = 122, 291, 990
FOLLOWING: dict[int, str] = {
    BAD_CONTRACT: "Contrato não informado ou não pertence ao CNPJ do token de acesso",
    BAD_QUERY: "Tipo de consulta inválido: informe canal W e o código do objeto ou o protocolo",
    UNKNOWN: "Nenhum pedido de informação encontrado",
}
"""`Código Retorno` of an `acompanha` that finds nothing to show (631, registered by the
service-level system, never happens here: the sandbox has no such system)."""

IN_ANALYSIS, REOPENED_STATE, CLOSED = "Em análise", "Reaberta", "Encerrada"
UPHELD, REJECTED = "Procedente", "Improcedente"

REASON_WORDS: dict[str, str] = {
    "132": "Entregue em local divergente",
    "133": "Objeto violado",
    "134": "Conteúdo Avariado",
    "135": "Entregue com atraso",
    "136": "Devolvido indevidamente",
    "141": "Confirmação de entrega não recebida",
    "142": "Cópia da confirmação não recebida",
    "148": "AR não recebido",
    "211": "Objeto não entregue",
    "240": "Imagem do AR digital indisponível",
    "1414": "Sem tentativa de entrega domiciliar",
}
"""`descMotivoReclamacao*` of each reason (134 in the manual's own words)."""
