"""What the Prices tab remembers: origin CEP, products; and the presets' models.

Kept in ``settings.json`` under ``prices``. Saved origins and package presets are office
data now (`preset_store`, shared through the office database); the settings' lists stay
only so older files load and are imported once. Product codes vary per contract
(REFERENCE.md); the defaults are the operator's common codes, and the contracts tab
(a later issue) makes the list follow the active card's services.
"""

from __future__ import annotations

from decimal import Decimal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from postalgui.api.values import parse_cep
from postalgui.services.frozen_model import FrozenModel

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


class OriginPreset(BaseModel):
    """A named origin, such as a warehouse."""

    model_config = ConfigDict(frozen=True)

    name: str
    cep: str

    @field_validator("cep")
    @classmethod
    def _cep(cls, value: str) -> str:
        return parse_cep(value)


class PackagePreset(BaseModel):
    """A box, envelope or tube the office ships often."""

    model_config = ConfigDict(frozen=True)

    name: str
    format: str = Field(default="2", pattern="^[123]$")  # tpObjeto: 1 envelope, 2 package, 3 roll
    length: Decimal | None = None
    width: Decimal | None = None
    height: Decimal | None = None
    diameter: Decimal | None = None
    weight_g: int | None = Field(default=None, ge=1)


def default_package_presets() -> list[PackagePreset]:
    """The operator's own boxes (sizes in cm) and an envelope, as a start."""
    return [
        PackagePreset(name="Envelope A4", format="1", length=Decimal(32), width=Decimal(24), weight_g=100),
        PackagePreset(
            name="Caixa tipo 1", length=Decimal(18), width=Decimal("13.5"), height=Decimal(9), weight_g=300
        ),
        PackagePreset(
            name="Caixa tipo 2", length=Decimal(27), width=Decimal(18), height=Decimal(9), weight_g=1000
        ),
        PackagePreset(
            name="Caixa tipo 4",
            length=Decimal(27),
            width=Decimal("22.5"),
            height=Decimal("13.5"),
            weight_g=2000,
        ),
        PackagePreset(name="Tubo 60 cm", format="3", length=Decimal(60), diameter=Decimal(10), weight_g=500),
    ]


MAX_HANDLING_DAYS = 10
"""Business days an office may put between a quote and the posting (`PriceSettings.handling_days`)."""


class PriceSettings(FrozenModel):
    """The Prices tab's memory; frozen (`FrozenModel`): the form emits a new one.

    ``origin_presets`` and ``package_presets`` are no longer where presets live: they are
    read once, imported into the office database (`preset_store.PresetStore.import_settings`),
    and never again. They stay in the model so settings files that hold them still load.
    """

    origin_cep: str = ""
    origin_presets: list[OriginPreset] = Field(default_factory=list)
    package_presets: list[PackagePreset] = Field(default_factory=default_package_presets)
    products: list[str] = Field(default_factory=lambda: list(NATIONAL_PRODUCTS))
    product_names: dict[str, str] = Field(default_factory=dict)  # from the card's services
    compare_products: list[str] = Field(default_factory=list)  # empty: every product
    international_products: list[str] = Field(default_factory=lambda: list(INTERNATIONAL_PRODUCTS))
    handling_days: int = Field(default=0, ge=0, le=MAX_HANDLING_DAYS)  # business days, quote to posting

    def name_of(self, code: str) -> str:
        """The card's own name for a product, else the known one, else ``""``."""
        return self.product_names.get(code) or product_name(code)

    @field_validator("origin_cep")
    @classmethod
    def _origin(cls, value: str) -> str:
        return parse_cep(value) if value.strip() else ""
