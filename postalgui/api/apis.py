"""Names of the operator's API ids as they appear in a token's ``api`` list, and of its
additional services by code.

The operator publishes the ids, not a catalogue with them; the names here are the ones
its developer portal and manuals use for each service (REFERENCE.md names 34 price,
35 delivery time, 36 pre-posting and 87 tracking; the others are the services the
sandbox's demo cards enable: CEP, reverse logistics, contracts, invoices, branches,
delivery receipts, companies, incidents, pick-ups, delivery scheduling). They stay in
Portuguese in both languages, as the operator writes them; an id not here is shown by
number.
"""

from __future__ import annotations

API_NAMES: dict[int, str] = {
    27: "CEP",
    34: "Preço",
    35: "Prazo",
    36: "Pré-postagem",
    37: "Logística reversa",
    41: "Meu contrato",
    76: "Faturas",
    78: "Busca agência",
    80: "Aviso de recebimento",
    83: "Empresas",
    87: "Rastro (SRO)",
    93: "Ocorrências",
    566: "Coleta",
    587: "Agendamento de entrega",
}


def api_name(api_id: int) -> str | None:
    """The operator's name of an API id; ``None`` when it has none here."""
    return API_NAMES.get(api_id)


def api_label(api_id: int) -> str:
    """``"34 Preço"`` for a known id, ``"9999"`` otherwise."""
    name = API_NAMES.get(api_id)
    return f"{api_id} {name}" if name else str(api_id)


ADDITIONAL_SERVICE_NAMES: dict[str, str] = {
    "001": "Aviso de recebimento",
    "002": "Mão própria",
    "019": "Valor declarado (SEDEX)",
    "021": "Aviso de recebimento eletrônico",
    "025": "Registro",
    "064": "Valor declarado (PAC)",
    "065": "Valor declarado (Mini Envios)",
}
"""The operator's names of its additional services (REFERENCE.md, price service), by code."""


def additional_service_label(code: str) -> str:
    """``"064 Valor declarado (PAC)"`` for a known code; the code alone otherwise.

    Shown where the wire carries only ``coServAdicional`` and ``tpServAdicional`` (a
    letter that says how the service is charged), which tell the office nothing.
    """
    name = ADDITIONAL_SERVICE_NAMES.get(code.strip())
    return f"{code.strip()} {name}" if name else code.strip()
