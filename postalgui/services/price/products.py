"""The operator's product codes and their names: plain data, no models.

Product codes vary per contract (REFERENCE.md); these are the operator's common codes,
the Prices tab's defaults until the contracts tab makes the list follow the active card's
services. The Prices section of the settings, and the presets' models, are in
`price_settings` (pydantic), which the window's first paint does not load.
"""

from __future__ import annotations

from collections.abc import Mapping

NATIONAL_PRODUCTS: dict[str, str] = {
    "03220": "SEDEX",
    "03298": "PAC",
    "04227": "Mini Envios",
    "03158": "SEDEX 10",
    "03140": "SEDEX 12",
    "03204": "SEDEX Hoje",
    "03212": "SEDEX Grandes Formatos",
    "03328": "PAC Grandes Formatos",
}
"""Contract products of REFERENCE.md, in the order a clerk reads them."""

COUNTER_PRODUCTS: dict[str, str] = {
    "04014": "SEDEX (balcão)",
    "04510": "PAC (balcão)",
    "03247": "SEDEX Reverso",
    "03301": "PAC Reverso",
}
"""Over-the-counter and reverse-logistics codes: known by name, not compared by default."""

INTERNATIONAL_PRODUCTS: dict[str, str] = {
    "45110": "Exporta Fácil Standard",
    "45128": "Exporta Fácil Premium",
    "45209": "Exporta Fácil Econômico",
}
"""International products the sandbox offers; a real contract lists its own."""

ACCESS_SERVICES: dict[str, str] = {
    "38210": "API PRAZOS",
    "86711": "BUSCA AGENCIA",
}
"""Contract services that open an API (delivery time, branch search), listed among a
card's services but nothing to post: never offered as products to quote."""


def product_name(code: str) -> str:
    """The known name of a product code, or ``""``."""
    return NATIONAL_PRODUCTS.get(code) or COUNTER_PRODUCTS.get(code) or INTERNATIONAL_PRODUCTS.get(code) or ""


def product_names(own: Mapping[str, str]) -> dict[str, str]:
    """Every known product's name by code, the card's own names (``own``) over the known ones."""
    return {**INTERNATIONAL_PRODUCTS, **COUNTER_PRODUCTS, **NATIONAL_PRODUCTS, **own}


def name_in(names: Mapping[str, str], code: str) -> str:
    """The card's own name for a product (``names``), else the known one, else ``""``."""
    return names.get(code) or product_name(code)


MAX_HANDLING_DAYS = 10
"""Business days an office may put between a quote and the posting (`PriceSettings.handling_days`)."""
