"""The settings that make a posting card the one the app quotes with: Qt-free and
network-free, shared by the Contracts tab's "Use this card" and ``contracts usar-cartao``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from postalgui.services.price.products import ACCESS_SERVICES
from postalgui.services.settings import Profile, Settings

if TYPE_CHECKING:
    from postalgui.api.environments import Environment
    from postalgui.api.models.contracts import Contract, PostingCard, Service

__all__ = ["settings_for_card"]


def settings_for_card(
    settings: Settings,
    environment: Environment,
    contract: Contract,
    card: PostingCard,
    services: list[Service],
) -> Settings:
    """``settings`` with ``card`` (of ``contract``) active in ``environment`` and its services as products.

    The profile takes the card, its contract and DR; ``prices.products`` becomes the
    card's service codes (in the operator's order, once each) with their descriptions
    in ``prices.product_names``; services that only open an API (`ACCESS_SERVICES`) are
    no products. A card with no services leaves the products as they
    were. Products chosen for comparison stay chosen when the card has them. New
    objects throughout: the settings models are never changed in place.
    """
    base = settings.profile(environment)
    dr = card.nuSe if card.nuSe is not None else contract.nuSe
    profile = Profile.model_validate(
        base.model_dump()
        | {
            "contract": card.nuContrato or contract.nuContrato,
            "card": card.nuCartaoPostagem,
            "dr": dr if dr is not None else base.dr,
        }
    )
    updated = settings.with_profile(environment, profile)
    products = [s for s in services if s.codigo not in ACCESS_SERVICES]
    codes = list(dict.fromkeys(s.codigo for s in products))
    if not codes:
        return updated
    names = {s.codigo: s.descricao.strip() for s in products if s.descricao and s.descricao.strip()}
    prices = settings.prices
    compared = [code for code in prices.compare_products if code in codes]
    return updated.model_copy(
        update={
            "prices": prices.model_copy(
                update={"products": codes, "product_names": names, "compare_products": compared}
            )
        }
    )


# --------------------------------------------------------------------------- the token
