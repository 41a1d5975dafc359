"""The values load without pydantic (the window's first paint needs them, not pydantic),
and their pydantic field types are still there by name, imported on first use."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal

import pytest
from pydantic import BaseModel

import postalgui.api.values as values
from postalgui.api.values import Money, fields

_PROBE = """
import postalgui.api.values, postalgui.api.scopes, postalgui.api.values.cep, postalgui.api.values.text
import postalgui.api.values.money, postalgui.api.values.dates, postalgui.api.values.cnpj
import sys
print('pydantic' in sys.modules)
"""


def test_the_values_and_the_scopes_import_without_pydantic() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_money_from_the_values_package_still_reads_operator_text_in_a_model() -> None:
    class Charge(BaseModel):
        valor: Money

    assert Charge(valor="1.234,56").valor == Decimal("1234.56")


FIELD_TYPES = ["Cep", "Cnpj", "DateDMY", "DateISO", "Money", "OneLine", "Percent", "PlainText"]


@pytest.mark.parametrize("name", FIELD_TYPES)
def test_each_field_type_is_offered_by_the_values_package(name: str) -> None:
    assert name in values.__all__
    assert getattr(values, name) is getattr(fields, name)


def test_a_name_the_values_do_not_have_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="Centavos"):
        _ = values.Centavos
