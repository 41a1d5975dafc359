"""The sandbox's answer for a CEP (`GET /cep/v2/enderecos/{cep}`, API 41).

Believable, not real: the state from the public CEP ranges (`price_catalog.uf_of`), the
city from the nearest branch unit (`places`), then a street type and name, a district and
a number range drawn from a generator seeded with the CEP, so the same CEP answers the
same, always. Every answer carries ``"dadosEmulados": true``.

Shares decided by the CEP's last three digits: ``999`` does not exist (so a user sees
"CEP not found" inside a valid range); ``900``-``989`` are post offices (``tipoCEP`` 4,
with ``nome``, ``siglaUnidade`` and ``caixasPostais``); the rest are street CEPs
(``tipoCEP`` 2). ``tipoCEP`` follows the DNE's kinds: 1 locality, 2 street, 3 large user,
4 operational unit, 5 community post-office box.
"""

from __future__ import annotations

import random
import re
from typing import Any

from postalgui.sandbox.cep import names
from postalgui.sandbox.cep.places import Place, place_index
from postalgui.sandbox.price_catalog import uf_of

STREET_CEP = 2
POST_OFFICE_CEP = 4
_SHOWN_CHARS = 40
_SEPARATORS = re.compile(r"[-.]")


class CepError(Exception):
    """A CEP the service refuses: the operator-style message names it."""

    def __init__(self, message: str, causa: str) -> None:
        super().__init__(message)
        self.message = message
        self.causa = causa


def _shown(text: str) -> str:
    return text if len(text) <= _SHOWN_CHARS else f"{text[:_SHOWN_CHARS]}…"


def normalized(text: str) -> str:
    """The 8 digits of a CEP written with or without ``-``/``.``; CepError otherwise."""
    digits = _SEPARATORS.sub("", text.strip())
    if len(digits) != 8 or not digits.isascii() or not digits.isdigit():
        raise CepError(f"CEP-001: CEP {_shown(text)} inválido: informe 8 dígitos", "CEP malformado")
    return digits


def lookup(text: str) -> dict[str, Any]:
    """The address record of a CEP; CepError when malformed or unknown."""
    cep = normalized(text)
    uf = uf_of(cep)
    if uf is None or cep.endswith("999"):
        raise CepError(f"CEP-002: CEP {cep} não encontrado", "CEP inexistente")
    place = place_index().place(cep, uf)
    if 900 <= int(cep[5:]) <= 989:
        return _post_office(cep, place)
    return _street(cep, place)


def _district(cep: str) -> str:
    """Neighbouring CEPs (same first six digits) share a district."""
    return random.Random(f"bairro:{cep[:6]}").choice(names.DISTRICTS)


def _street_name(rng: random.Random) -> tuple[str, str, str]:
    """(type, name, abbreviation) of a street."""
    kind, short, _ = rng.choices(names.STREET_TYPES, weights=[w for _, _, w in names.STREET_TYPES])[0]
    name = rng.choice(rng.choice((names.PEOPLE, names.PEOPLE, names.DATES, names.TREES)))
    return kind, name, f"{short} {name}"


def _common(cep: str, place: Place, rng: random.Random) -> dict[str, Any]:
    kind, name, short = _street_name(rng)
    return {
        "cep": cep,
        "uf": place.uf,
        "localidade": place.city,
        "logradouro": f"{kind} {name}",
        "tipoLogradouro": kind,
        "nomeLogradouro": name,
        "complemento": "",
        "abreviatura": short,
        "bairro": _district(cep),
        "numeroLocalidade": place.city_number,
        "tipoCEP": STREET_CEP,
        "cepUnidadeOperacional": place.unit_cep,
        "lado": "",
        "numeroInicial": 0,
        "numeroFinal": 0,
    }


def _street(cep: str, place: Place) -> dict[str, Any]:
    rng = random.Random(f"cep:{cep}")
    record = _common(cep, place, rng)
    shape = rng.choice(("whole", "whole", "up_to", "side", "side"))
    if shape == "up_to":
        last = rng.randrange(200, 2000, 100)
        record |= {"numeroInicial": 1, "numeroFinal": last, "complemento": f"até {last - 1}/{last}"}
    elif shape == "side":
        even = rng.random() < 0.5
        first = rng.randrange(0, 3000, 100) + (2 if even else 1)
        last = first + rng.randrange(198, 1200, 100)
        record |= {
            "numeroInicial": first,
            "numeroFinal": last,
            "lado": "P" if even else "I",
            "complemento": f"de {first} a {last} - lado {'par' if even else 'ímpar'}",
        }
    return record | {"dadosEmulados": True}


def _post_office(cep: str, place: Place) -> dict[str, Any]:
    rng = random.Random(f"agencia:{cep}")
    record = _common(cep, place, rng)
    sigla, title = rng.choice(names.UNIT_KINDS)
    number = rng.randint(1, 2500)
    first_box = rng.randrange(1, 9000, 500)
    boxes = [{"nuInicial": first_box, "nuFinal": first_box + 499}]
    if rng.random() < 0.4:
        boxes.append({"nuInicial": first_box + 5000, "nuFinal": first_box + 5199})
    return record | {
        "tipoCEP": POST_OFFICE_CEP,
        "cepUnidadeOperacional": cep,
        "numeroInicial": number,
        "numeroFinal": number,
        "nome": f"{title} {record['bairro']}",
        "siglaUnidade": sigla,
        "caixasPostais": boxes,
        "dadosEmulados": True,
    }
