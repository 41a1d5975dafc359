"""`PriceView`: the Prices section read from the file without pydantic agrees with the
validated `PriceSettings` value for value, or is no view at all."""

from __future__ import annotations

from typing import Any

import pytest

from postalgui.services.price.price_settings import PriceSettings
from postalgui.services.price.price_view import PriceView

READ = (
    "origin_cep",
    "products",
    "compare_products",
    "international_products",
    "product_names",
    "handling_days",
)


def no_full() -> PriceSettings:
    raise AssertionError("the view read the validated settings")


def same_values(view: PriceView, settings: PriceSettings) -> None:
    for name in READ:
        mine, theirs = getattr(view, name), getattr(settings, name)
        assert (list(mine) if isinstance(mine, tuple) else mine) == theirs, name


def test_no_section_is_the_defaults() -> None:
    view = PriceView.read(None, no_full)
    assert view is not None
    same_values(view, PriceSettings())
    assert view.name_of("03220") == PriceSettings().name_of("03220") == "SEDEX"


@pytest.mark.parametrize(
    "section",
    [
        {},
        {"origin_cep": "01310100", "handling_days": 3},
        {"products": ["03298"], "compare_products": ["03298"], "product_names": {"03298": "PAC Contrato"}},
        {"international_products": [], "handling_days": 10, "origin_cep": ""},
        {"origin_presets": [{"name": "Loja", "cep": "not a CEP"}], "package_presets": []},  # not read here
    ],
)
def test_a_section_validation_keeps_reads_the_same(section: dict[str, Any]) -> None:
    view = PriceView.read(section, no_full)
    assert view is not None
    same_values(view, PriceSettings.model_validate({k: v for k, v in section.items() if "presets" not in k}))


def test_the_card_s_own_names_come_first() -> None:
    view = PriceView.read({"product_names": {"03220": "SEDEX CONTRATO AG"}}, no_full)
    assert view is not None
    assert view.name_of("03220") == "SEDEX CONTRATO AG"
    assert view.name_of("03298") == "PAC"
    assert view.name_of("99999") == ""


@pytest.mark.parametrize(
    "section",
    [
        [],
        {"origin_cep": "01310-100"},  # validation would make it 01310100
        {"origin_cep": "   "},  # ... and this ""
        {"origin_cep": "0131010"},
        {"origin_cep": "０１３１０１００"},  # full-width digits: refused by validation
        {"handling_days": True},
        {"handling_days": "2"},
        {"handling_days": 11},
        {"handling_days": -1},
        {"products": "03220"},
        {"products": [3220]},
        {"compare_products": None},
        {"product_names": {"03220": 1}},
        {"product_names": []},
    ],
)
def test_anything_validation_would_change_or_refuse_is_no_view(section: object) -> None:
    assert PriceView.read(section, no_full) is None


def test_a_change_goes_through_the_validated_settings() -> None:
    full = PriceSettings(origin_cep="70002900", handling_days=1)
    view = PriceView.read({"origin_cep": "70002900", "handling_days": 1}, lambda: full)
    assert view is not None
    changed = view.updated(handling_days=2)
    assert isinstance(changed, PriceSettings)
    assert (changed.origin_cep, changed.handling_days) == ("70002900", 2)
    with pytest.raises(ValueError, match="handling_days"):
        view.updated(handling_days=99)
