"""Object codes: the mod-11 check digit REFERENCE.md gives, and codes found in pasted text."""

from __future__ import annotations

import pytest

from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.object_codes import (
    check_digit,
    codes_in_text,
    is_valid_object_code,
    object_code_or_none,
    object_codes_or_none,
    parse_object_code,
)


def test_the_manuals_example_checks() -> None:
    assert check_digit("04918622") == 6
    assert parse_object_code(" dg049186226br ") == "DG049186226BR"


@pytest.mark.parametrize(
    ("serial", "digit"),
    [
        ("00000000", 5),  # remainder 0
        ("00000015", 5),  # remainder 0
        ("00000008", 0),  # remainder 1
        ("00000012", 0),  # remainder 1
        ("00000006", 2),  # 42 mod 11 = 9
        ("00000020", 4),  # 2*9 = 18, mod 11 = 7: 11 - 7
    ],
)
def test_remainders_0_and_1_give_5_and_0_else_11_minus_it(serial: str, digit: int) -> None:
    assert check_digit(serial) == digit


def test_a_wrong_check_digit_names_the_code_and_the_rule() -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_object_code("DG049186227BR")
    assert caught.value.rule == "object.check_digit"
    assert str(caught.value) == "Object code DG049186227BR: its check digit is 7, the rule (mod 11) gives 6"


@pytest.mark.parametrize("text", ["DG04918622BR", "D1049186226BR", "DG049186226B", "", "DG0491862266BR"])
def test_a_wrong_shape_is_refused(text: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_object_code(text)
    assert caught.value.rule == "object.format"


def test_codes_come_out_of_an_email_in_order_once_each() -> None:
    text = (
        "Bom dia! Seguem os objetos: DG049186226BR; qb123456785br,\n"
        "Pedido 4471\tDG049186226BR (repetido) e DG049186227BR e AB1234567BR.\n"
        "Telefone 11987654321 não é código; XDG049186226BRX também não."
    )
    found = codes_in_text(text)
    assert found.codes == ("DG049186226BR", "QB123456785BR")
    assert [problem.rule for problem in found.bad] == ["object.check_digit", "object.format"]
    assert "DG049186227BR" in str(found.bad[0])
    assert "AB1234567BR" in str(found.bad[1])


def test_a_spreadsheet_column_pasted_as_lines() -> None:
    found = codes_in_text("codigo\r\nDG049186226BR\r\nQB123456785BR\r\n")
    assert found.codes == ("DG049186226BR", "QB123456785BR")
    assert not found.bad
    assert codes_in_text("nothing here").empty


def test_glued_codes_are_split_into_their_codes() -> None:
    """Issue 37: a column pasted without its line breaks was silently dropped."""
    found = codes_in_text("Seguem: OB186778398BRPB186778469BR, e qb123456785brDG049186227BR")
    assert found.codes == ("OB186778398BR", "PB186778469BR", "QB123456785BR")
    (problem,) = found.bad
    assert problem.rule == "object.check_digit"  # each glued code is checked on its own
    assert "DG049186227BR" in str(problem)


@pytest.mark.parametrize(
    "glued", ["OB186778398BRPB18677846BR", "OB186778398BRPB186778469B", "OB186778398BR2024", "OB186778398BRX"]
)
def test_a_code_with_garbage_glued_to_it_is_named_not_dropped(glued: str) -> None:
    found = codes_in_text(f"objetos: {glued} e DG049186226BR")
    assert found.codes == ("DG049186226BR",)
    (problem,) = found.bad
    assert problem.rule == "object.format"
    assert glued in str(problem)


@pytest.mark.parametrize(
    "text",
    ["DG049186226BR", " dg049186226br ", "DG049186227BR", "DG04918622BR", "", "DG０４９186226BR", "12345"],
)
def test_object_code_or_none_agrees_with_parse_object_code(text: str) -> None:
    """The quick path for a text written as a code gives what `parse_object_code` gives."""
    try:
        expected: str | None = parse_object_code(text)
    except InvalidValue:
        expected = None
    assert object_code_or_none(text) == expected
    assert is_valid_object_code(text) is (expected is not None)


def test_a_column_of_codes_reads_as_each_one_does() -> None:
    """The column's quick digit check (by the serial's halves) gives what `check_digit` gives,
    for every remainder, and every other text what `object_code_or_none` makes of it."""
    serials = [f"{serial:08d}" for serial in range(0, 100_000_000, 999_983)] + ["00000000", "99999999"]
    texts = [f"DG{serial}{check_digit(serial)}BR" for serial in serials]
    texts += [f"DG{serial}{(check_digit(serial) + 1) % 10}BR" for serial in serials]  # a wrong digit
    texts += ["DG049186226BR", " dg049186226br ", "DG04918622BR", "", "DG０４９186226BR", "DG049186226BR\n"]
    assert {check_digit(serial) for serial in serials} == set(range(10))
    assert object_codes_or_none(texts) == [object_code_or_none(text) for text in texts]
