"""What the Prices tab remembers (origin CEP, products compared, handling days) and the
presets' models: pydantic, loaded after the window's first paint.

Kept in ``settings.json`` under ``prices``. Saved origins and package presets are office
data now (`preset_store`, shared through the office database); the settings' lists stay
only so older files load and are imported once. Until the settings are read in full, the
tab reads this section through a plain view of the file (`price_view.PriceView`).
"""

from __future__ import annotations

from decimal import Decimal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from postalgui.api.values import parse_cep
from postalgui.services.frozen_model import FrozenModel
from postalgui.services.price.products import (
    INTERNATIONAL_PRODUCTS,
    MAX_HANDLING_DAYS,
    NATIONAL_PRODUCTS,
    name_in,
)

__all__ = ["OriginPreset", "PackagePreset", "PriceSettings", "default_package_presets"]


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
        return name_in(self.product_names, code)

    @field_validator("origin_cep")
    @classmethod
    def _origin(cls, value: str) -> str:
        return parse_cep(value) if value.strip() else ""
