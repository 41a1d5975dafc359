"""The operator's complementary information (``infoAdicional``) as facts a reader names.

The answer lists entries such as ``NO_PRODUTO: SEDEX CONTRATO AG`` or
``FATOR_FAIXA: 1,5200`` (spec 2.4 closes the list of types). A clerk reads
"Product name: SEDEX CONTRATO AG" and "Band factor: 1.5200" (in English), so each
type gets a name in both languages and its value is written as the language writes
numbers: amounts as reais (``R$ 12,34`` in both), factors and quantities with the
language's separators, ``S``/``N`` flags as yes/no. Codes and names stay as sent; a
type outside the list keeps its code as its name; a value that does not read as its
type's number is shown as sent.
"""

from __future__ import annotations

from collections.abc import Mapping

from postalgui.api.models.price import InfoTipo
from postalgui.api.values import InvalidValue, format_brl, format_number, parse_money, parse_percent
from postalgui.api.values.numbers import is_portuguese

__all__ = ["info_name", "info_value"]

_NAMES: Mapping[str, tuple[str, str]] = {  # (Portuguese, English)
    InfoTipo.LOB_ERP: ("Linha de negócio (ERP)", "Line of business (ERP)"),
    InfoTipo.LIMITE_MAX_TARIFACAO_ERP: ("Limite máximo de tarifação (ERP)", "Pricing limit (ERP)"),
    InfoTipo.VALOR_PARAMETRO_KILO_ADICIONAL_ERP: (
        "Parâmetro do quilo adicional (ERP)",
        "Additional kilo parameter (ERP)",
    ),
    InfoTipo.LOB_SGPB: ("Linha de negócio (SGPB)", "Line of business (SGPB)"),
    InfoTipo.NU_PROPOSTA: ("Número da proposta", "Proposal number"),
    InfoTipo.CO_MODELO: ("Código do modelo", "Model code"),
    InfoTipo.CO_SIMILARIDADE: ("Código de similaridade", "Similarity code"),
    InfoTipo.IN_EXIGENCIA_CEP_DESTINO: ("Exige CEP de destino", "Destination CEP required"),
    InfoTipo.CO_AGRUPADOR: ("Código do agrupador", "Grouping code"),
    InfoTipo.TIPO_AGRUPADOR: ("Tipo do agrupador", "Grouping type"),
    InfoTipo.NU_CORREDOR_ORIGEM: ("Corredor de origem", "Origin corridor"),
    InfoTipo.NU_CORREDOR_DESTINO: ("Corredor de destino", "Destination corridor"),
    InfoTipo.NU_TABELA_FATOR: ("Tabela de fatores", "Factor table"),
    InfoTipo.NU_LINHA_FATOR: ("Linha da tabela de fatores", "Factor table row"),
    InfoTipo.NU_COLUNA_FATOR: ("Coluna da tabela de fatores", "Factor table column"),
    InfoTipo.NO_COLUNA_FATOR: ("Nome da coluna de fatores", "Factor column name"),
    InfoTipo.CLASSIFICACAO_COLUNA: ("Classificação da coluna", "Column classification"),
    InfoTipo.NU_COMBO: ("Combo", "Combo"),
    InfoTipo.NU_VARIACAO: ("Variação", "Variation"),
    InfoTipo.VL_PRECO_BASE: ("Valor do preço base", "Base price value"),
    InfoTipo.FATOR_FAIXA: ("Fator da faixa", "Band factor"),
    InfoTipo.FATOR_CADA_ADICIONAL: ("Fator de cada adicional", "Factor per additional unit"),
    InfoTipo.QT_EXCESSO: ("Quantidade excedente", "Excess quantity"),
    InfoTipo.NO_PRODUTO: ("Nome do produto", "Product name"),
    InfoTipo.TP_TARIFACAO_ERP: ("Tipo de tarifação (ERP)", "Pricing type (ERP)"),
    InfoTipo.IN_CORREDOR_FAIXA_CEP_SGPB: (
        "Corredor por faixa de CEP (SGPB)",
        "Corridor by CEP range (SGPB)",
    ),
    InfoTipo.IN_PRECIFICACAO_SGPB: ("Preço pelo SGPB", "Priced by SGPB"),
    InfoTipo.VL_TAXA_EXTRA: ("Valor das taxas extras", "Extra fees value"),
}

_MONEY = frozenset({InfoTipo.VL_PRECO_BASE, InfoTipo.VL_TAXA_EXTRA})
_NUMBERS = frozenset(
    {
        InfoTipo.FATOR_FAIXA,
        InfoTipo.FATOR_CADA_ADICIONAL,
        InfoTipo.QT_EXCESSO,
        InfoTipo.LIMITE_MAX_TARIFACAO_ERP,
        InfoTipo.VALOR_PARAMETRO_KILO_ADICIONAL_ERP,
    }
)
_FLAGS = frozenset(
    {InfoTipo.IN_EXIGENCIA_CEP_DESTINO, InfoTipo.IN_CORREDOR_FAIXA_CEP_SGPB, InfoTipo.IN_PRECIFICACAO_SGPB}
)
_YES_NO = {"pt": {"S": "Sim", "N": "Não"}, "en": {"S": "Yes", "N": "No"}}


def info_name(tipo: str | None, language: str) -> str:
    """``"NO_PRODUTO"`` -> ``"Nome do produto"`` / ``"Product name"``; an unknown type as sent."""
    names = _NAMES.get(tipo or "")
    if names is None:
        return tipo or "?"
    return names[0] if is_portuguese(language) else names[1]


def info_value(tipo: str | None, value: str | None, language: str) -> str:
    """The entry's value as the language writes it (see the module docstring)."""
    text = (value or "").strip()
    try:
        if tipo in _MONEY:
            return format_brl(parse_money(text))
        if tipo in _NUMBERS:
            return format_number(parse_percent(text), language)
    except InvalidValue:
        return text
    if tipo in _FLAGS:
        return _YES_NO["pt" if is_portuguese(language) else "en"].get(text.upper(), text)
    return text
