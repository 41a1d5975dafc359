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

_NAMES_PT: Mapping[str, str] = {
    "LOB_ERP": "Linha de negócio (ERP)",
    "LIMITE_MAX_TARIFACAO_ERP": "Limite máximo de tarifação (ERP)",
    "VALOR_PARAMETRO_KILO_ADICIONAL_ERP": "Parâmetro do quilo adicional (ERP)",
    "LOB_SGPB": "Linha de negócio (SGPB)",
    "NU_PROPOSTA": "Número da proposta",
    "CO_MODELO": "Código do modelo",
    "CO_SIMILARIDADE": "Código de similaridade",
    "IN_EXIGENCIA_CEP_DESTINO": "Exige CEP de destino",
    "CO_AGRUPADOR": "Código do agrupador",
    "TIPO_AGRUPADOR": "Tipo do agrupador",
    "NU_CORREDOR_ORIGEM": "Corredor de origem",
    "NU_CORREDOR_DESTINO": "Corredor de destino",
    "NU_TABELA_FATOR": "Tabela de fatores",
    "NU_LINHA_FATOR": "Linha da tabela de fatores",
    "NU_COLUNA_FATOR": "Coluna da tabela de fatores",
    "NO_COLUNA_FATOR": "Nome da coluna de fatores",
    "CLASSIFICACAO_COLUNA": "Classificação da coluna",
    "NU_COMBO": "Combo",
    "NU_VARIACAO": "Variação",
    "VL_PRECO_BASE": "Valor do preço base",
    "FATOR_FAIXA": "Fator da faixa",
    "FATOR_CADA_ADICIONAL": "Fator de cada adicional",
    "QT_EXCESSO": "Quantidade excedente",
    "NO_PRODUTO": "Nome do produto",
    "TP_TARIFACAO_ERP": "Tipo de tarifação (ERP)",
    "IN_CORREDOR_FAIXA_CEP_SGPB": "Corredor por faixa de CEP (SGPB)",
    "IN_PRECIFICACAO_SGPB": "Preço pelo SGPB",
    "VL_TAXA_EXTRA": "Valor das taxas extras",
}
_NAMES_EN: Mapping[str, str] = {
    "LOB_ERP": "Line of business (ERP)",
    "LIMITE_MAX_TARIFACAO_ERP": "Pricing limit (ERP)",
    "VALOR_PARAMETRO_KILO_ADICIONAL_ERP": "Additional kilo parameter (ERP)",
    "LOB_SGPB": "Line of business (SGPB)",
    "NU_PROPOSTA": "Proposal number",
    "CO_MODELO": "Model code",
    "CO_SIMILARIDADE": "Similarity code",
    "IN_EXIGENCIA_CEP_DESTINO": "Destination CEP required",
    "CO_AGRUPADOR": "Grouping code",
    "TIPO_AGRUPADOR": "Grouping type",
    "NU_CORREDOR_ORIGEM": "Origin corridor",
    "NU_CORREDOR_DESTINO": "Destination corridor",
    "NU_TABELA_FATOR": "Factor table",
    "NU_LINHA_FATOR": "Factor table row",
    "NU_COLUNA_FATOR": "Factor table column",
    "NO_COLUNA_FATOR": "Factor column name",
    "CLASSIFICACAO_COLUNA": "Column classification",
    "NU_COMBO": "Combo",
    "NU_VARIACAO": "Variation",
    "VL_PRECO_BASE": "Base price value",
    "FATOR_FAIXA": "Band factor",
    "FATOR_CADA_ADICIONAL": "Factor per additional unit",
    "QT_EXCESSO": "Excess quantity",
    "NO_PRODUTO": "Product name",
    "TP_TARIFACAO_ERP": "Pricing type (ERP)",
    "IN_CORREDOR_FAIXA_CEP_SGPB": "Corridor by CEP range (SGPB)",
    "IN_PRECIFICACAO_SGPB": "Priced by SGPB",
    "VL_TAXA_EXTRA": "Extra fees value",
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
    names = _NAMES_PT if is_portuguese(language) else _NAMES_EN
    return names.get(tipo or "", tipo or "?")


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
