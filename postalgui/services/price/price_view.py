"""The Prices section as the quote form reads it (`PriceChoices`), and a plain view of it
read straight from the settings file (`PriceView`) for the window's first paint.

The form reads six values and asks for a changed copy; `PriceSettings` (pydantic) does
both, but loading it means pydantic and the whole settings model, which the first paint
no longer waits for (issue 40). `PriceView.read` takes the section's JSON only when every
value it holds is one validation keeps as it is (so the view and the model agree value
for value: tests/unit/test_price_view.py); anything else is no view, and the settings are
read in full at once. A change always goes through the full settings (`updated`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from postalgui.services.price.products import (
    INTERNATIONAL_PRODUCTS,
    MAX_HANDLING_DAYS,
    NATIONAL_PRODUCTS,
    name_in,
)

if TYPE_CHECKING:
    from postalgui.services.price.price_settings import PriceSettings

__all__ = ["PriceChoices", "PriceView"]

_CODES = ("products", "compare_products", "international_products")


class PriceChoices(Protocol):
    """What the quote form reads of the Prices section, and how it asks for a change."""

    @property
    def origin_cep(self) -> str: ...
    @property
    def products(self) -> Sequence[str]: ...
    @property
    def compare_products(self) -> Sequence[str]: ...
    @property
    def international_products(self) -> Sequence[str]: ...
    @property
    def product_names(self) -> Mapping[str, str]: ...
    @property
    def handling_days(self) -> int: ...

    def name_of(self, code: str) -> str:
        """The card's own name for a product, else the known one, else ``""``."""
        ...

    def updated(self, **changes: Any) -> PriceSettings:
        """The section with ``changes``, validated."""
        ...


@dataclass(frozen=True)
class PriceView:
    """The Prices section's values as the file holds them; ``full`` gives the validated section."""

    full: Callable[[], PriceSettings] = field(repr=False, compare=False)
    origin_cep: str = ""
    products: tuple[str, ...] = tuple(NATIONAL_PRODUCTS)
    compare_products: tuple[str, ...] = ()
    international_products: tuple[str, ...] = tuple(INTERNATIONAL_PRODUCTS)
    product_names: Mapping[str, str] = field(default_factory=dict)
    handling_days: int = 0

    @classmethod
    def read(cls, section: object, full: Callable[[], PriceSettings]) -> PriceView | None:
        """The view of a ``prices`` JSON object (absent: the defaults); None when any value
        it reads is not one validation would keep unchanged."""
        if section is None:
            return cls(full)
        if not isinstance(section, dict):
            return None
        values: dict[str, Any] = {}
        for name in _CODES:
            if name in section:
                codes = section[name]
                if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
                    return None
                values[name] = tuple(codes)
        names = section.get("product_names", {})
        if not isinstance(names, dict) or not all(isinstance(text, str) for text in names.values()):
            return None
        days = section.get("handling_days", 0)
        if type(days) is not int or not 0 <= days <= MAX_HANDLING_DAYS:
            return None
        origin = section.get("origin_cep", "")
        if not isinstance(origin, str) or not (origin == "" or _bare_cep(origin)):
            return None
        return cls(full, origin_cep=origin, product_names=dict(names), handling_days=days, **values)

    def name_of(self, code: str) -> str:
        """The card's own name for a product, else the known one, else ``""``."""
        return name_in(self.product_names, code)

    def updated(self, **changes: Any) -> PriceSettings:
        """The validated section with ``changes``: the settings are read in full by now
        (a change comes from the clerk, after the first paint)."""
        return self.full().updated(**changes)


def _bare_cep(text: str) -> bool:
    """The 8 digits `parse_cep` returns as they are."""
    return len(text) == 8 and text.isascii() and text.isdigit()
