"""Destination countries for international quotes: ISO code on the wire, name in the UI.

Names are data, not interface text, so both languages live here rather than in the
translation file; `country_names` picks the UI language's.
"""

from __future__ import annotations

COUNTRIES: dict[str, tuple[str, str]] = {
    "AR": ("Argentina", "Argentina"),
    "AU": ("Australia", "Austrália"),
    "AT": ("Austria", "Áustria"),
    "BE": ("Belgium", "Bélgica"),
    "BO": ("Bolivia", "Bolívia"),
    "CA": ("Canada", "Canadá"),
    "CL": ("Chile", "Chile"),
    "CN": ("China", "China"),
    "CO": ("Colombia", "Colômbia"),
    "KR": ("South Korea", "Coreia do Sul"),
    "CR": ("Costa Rica", "Costa Rica"),
    "DK": ("Denmark", "Dinamarca"),
    "EC": ("Ecuador", "Equador"),
    "AE": ("United Arab Emirates", "Emirados Árabes Unidos"),
    "ES": ("Spain", "Espanha"),
    "US": ("United States", "Estados Unidos"),
    "FI": ("Finland", "Finlândia"),
    "FR": ("France", "França"),
    "GR": ("Greece", "Grécia"),
    "NL": ("Netherlands", "Holanda (Países Baixos)"),
    "IN": ("India", "Índia"),
    "IE": ("Ireland", "Irlanda"),
    "IL": ("Israel", "Israel"),
    "IT": ("Italy", "Itália"),
    "JP": ("Japan", "Japão"),
    "MX": ("Mexico", "México"),
    "NO": ("Norway", "Noruega"),
    "NZ": ("New Zealand", "Nova Zelândia"),
    "PA": ("Panama", "Panamá"),
    "PY": ("Paraguay", "Paraguai"),
    "PE": ("Peru", "Peru"),
    "PL": ("Poland", "Polônia"),
    "PT": ("Portugal", "Portugal"),
    "GB": ("United Kingdom", "Reino Unido"),
    "RU": ("Russia", "Rússia"),
    "SG": ("Singapore", "Singapura"),
    "ZA": ("South Africa", "África do Sul"),
    "SE": ("Sweden", "Suécia"),
    "CH": ("Switzerland", "Suíça"),
    "DE": ("Germany", "Alemanha"),
    "AO": ("Angola", "Angola"),
    "MZ": ("Mozambique", "Moçambique"),
    "UY": ("Uruguay", "Uruguai"),
    "VE": ("Venezuela", "Venezuela"),
}


def country_names(language: str) -> list[tuple[str, str]]:
    """``(code, name)`` pairs sorted by name in ``language`` (``pt...`` or anything else = English)."""
    index = 1 if language.lower().startswith("pt") else 0
    return sorted(((code, names[index]) for code, names in COUNTRIES.items()), key=lambda pair: pair[1])
