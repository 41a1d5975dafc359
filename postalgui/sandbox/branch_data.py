"""The sandbox's operator units (spec 001, 2.3): about 12,000 branches, franchises,
community branches, sales points, lockers and back-office units over the 27 states.

Every unit is in a real municipality (`resources/geo/municipios.csv`: IBGE code, name,
coordinates; see `resources/geo/CREDITS.md`), every municipality has at least one unit,
and the big ones many more: capitals get a share that grows with their size, and a
seeded long tail of other cities gets the rest. Types, statuses, hours, phones, e-mails
and change times follow the shapes the real service sends (REFERENCE.md, Branch
search), missing fields included: ``numero`` "SN", ``horarios`` with only some keys,
no ``emails``/``telefones`` on some units, ``dhAlteracao`` with two or three decimals.

The records are built once per process, on the first branch request (about 0.3 s;
`build_units`), not at the sandbox's start, and are the same on every run (a seeded
generator), so tests and screenshots can name units.

Names follow the operator's habit: upper case without accents in ``nome``,
``municipio``, ``bairro`` and ``logradouro``; ``localidade`` is the municipality's
name as written (accents kept).
"""

from __future__ import annotations

import csv
import random
import threading
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from postalgui.sandbox.price_catalog import UF_RANGES

__all__ = [
    "STATUSES",
    "TYPES",
    "Municipality",
    "UnitType",
    "all_units",
    "build_units",
    "fold",
    "load_municipalities",
]

MUNICIPIOS_CSV = Path(__file__).resolve().parents[2] / "resources" / "geo" / "municipios.csv"

SEED = 20261124
TARGET_UNITS = 12_000


@dataclass(frozen=True)
class UnitType:
    """A unit type of ``GET /v1/tipos`` and the letter (``tipo``) its units carry."""

    codigo: str
    descricao: str
    sigla: str
    letter: str

    def record(self) -> dict[str, str]:
        return {"codigo": self.codigo, "descricao": self.descricao, "sigla": self.sigla}


TYPES: tuple[UnitType, ...] = (
    UnitType("09", "AGENCIA CORREIO", "AC -TCO", "A"),
    UnitType("12", "AGENCIA CORREIO COMUNITARIA", "AGC", "A"),
    UnitType("15", "AGENCIA CORREIO FRANQUEADA", "AGF", "A"),
    UnitType("16", "CENTRO DE DISTRIBUICAO DOMICILIARIA", "CDD", "C"),
    UnitType("18", "CENTRO DE ENTREGA DE ENCOMENDAS", "CEE", "C"),
    UnitType("20", "CENTRO DE TRATAMENTO DE CARTAS E ENCOMENDAS", "CTCE", "C"),
    UnitType("21", "CENTRO DE LOGISTICA INTEGRADA", "CLI", "C"),
    UnitType("24", "PONTO DE VENDA DE PRODUTOS", "PVP", "P"),
    UnitType("25", "AGENCIA CORREIO SATELITE", "ACS", "A"),
    UnitType("27", "CAIXA POSTAL COMUNITARIA", "CPC", "P"),
    UnitType("43", "CENTRAL DE ATENDIMENTO CORPORATIVO", "CAC", "C"),
    UnitType("46", "LOCKER", "LOCKER", "L"),
)
"""The twelve type codes of the spec's list; 09 branch, 24 sales point, 46 locker."""

_TYPE = {unit_type.codigo: unit_type for unit_type in TYPES}

STATUSES: tuple[tuple[str, str], ...] = (
    ("1", "NÃO INSTALADO"),
    ("2", "INSTALADO"),
    ("3", "FECHADO PROVISORIAMENTE"),
    ("4", "EXTINTO"),
    ("5", "EM EXTINÇÃO"),
    ("6", "OUTROS"),
)
_STATUS_TEXT = dict(STATUSES)
_STATUS_WEIGHTS = (1, 92, 2, 2, 2, 1)

REGIONS = {
    "NORTE": ("AC", "AM", "AP", "PA", "RO", "RR", "TO"),
    "NORDESTE": ("AL", "BA", "CE", "MA", "PB", "PE", "PI", "RN", "SE"),
    "CENTRO-OESTE": ("DF", "GO", "MS", "MT"),
    "SUDESTE": ("ES", "MG", "RJ", "SP"),
    "SUL": ("PR", "RS", "SC"),
}
_REGION = {uf: region for region, ufs in REGIONS.items() for uf in ufs}

_ZONE = dict.fromkeys(("AM", "MT", "MS", "RO", "RR"), "UTC-04:00") | {"AC": "UTC-05:00"}
NORONHA_IBGE = "2605459"
"""Fernando de Noronha (PE), the one municipality on UTC-02:00."""


def _ranges_by_uf() -> dict[str, tuple[tuple[int, int], ...]]:
    spans: dict[str, list[tuple[int, int]]] = {}
    for cep_range in UF_RANGES:
        spans.setdefault(cep_range.uf, []).append((cep_range.first, cep_range.last))
    return {uf: tuple(sorted(found)) for uf, found in spans.items()}


CEP_RANGES = _ranges_by_uf()
"""Public CEP ranges per state (first five digits; REFERENCE.md, Geographic data), lowest first:
the pricing catalogue's `UF_RANGES` grouped by state."""

AREA_CODES = {
    "SP": "11",
    "RJ": "21",
    "ES": "27",
    "MG": "31",
    "BA": "71",
    "SE": "79",
    "PE": "81",
    "AL": "82",
    "PB": "83",
    "RN": "84",
    "CE": "85",
    "PI": "86",
    "MA": "98",
    "PA": "91",
    "AP": "96",
    "AM": "92",
    "RR": "95",
    "AC": "68",
    "DF": "61",
    "GO": "62",
    "TO": "63",
    "MT": "65",
    "RO": "69",
    "MS": "67",
    "PR": "41",
    "SC": "48",
    "RS": "51",
}

CAPITALS = {
    "AC": "1200401",
    "AL": "2704302",
    "AM": "1302603",
    "AP": "1600303",
    "BA": "2927408",
    "CE": "2304400",
    "DF": "5300108",
    "ES": "3205309",
    "GO": "5208707",
    "MA": "2111300",
    "MG": "3106200",
    "MS": "5002704",
    "MT": "5103403",
    "PA": "1501402",
    "PB": "2507507",
    "PE": "2611606",
    "PI": "2211001",
    "PR": "4106902",
    "RJ": "3304557",
    "RN": "2408102",
    "RO": "1100205",
    "RR": "1400100",
    "RS": "4314902",
    "SC": "4205407",
    "SE": "2800308",
    "SP": "3550308",
    "TO": "1721000",
}
"""IBGE codes of the state capitals."""

_CAPITAL_UNITS = {
    "SP": 420,
    "RJ": 260,
    "DF": 160,
    "MG": 150,
    "BA": 130,
    "CE": 120,
    "PR": 110,
    "RS": 110,
    "PE": 110,
    "AM": 90,
    "PA": 90,
    "GO": 90,
}
"""Units in the biggest capitals; the other capitals get 50."""

_STREETS = (
    "RUA QUINZE DE NOVEMBRO",
    "AVENIDA BRASIL",
    "RUA SETE DE SETEMBRO",
    "RUA TIRADENTES",
    "AVENIDA GETULIO VARGAS",
    "RUA DA CONCEICAO",
    "PRACA DA MATRIZ",
    "RUA SAO JOSE",
    "AVENIDA PRESIDENTE VARGAS",
    "RUA BARAO DO RIO BRANCO",
    "RUA DUQUE DE CAXIAS",
    "AVENIDA JUSCELINO KUBITSCHEK",
    "RUA MARECHAL DEODORO",
    "RUA DOM PEDRO II",
    "AVENIDA SANTOS DUMONT",
    "RUA RUI BARBOSA",
    "RUA FLORIANO PEIXOTO",
    "RUA JOSE BONIFACIO",
    "AVENIDA INDEPENDENCIA",
    "RUA CORONEL JOAQUIM",
    "RUA PRINCESA ISABEL",
    "AVENIDA CENTRAL",
)
_BAIRROS = (
    "CENTRO",
    "VILA NOVA",
    "JARDIM AMERICA",
    "SAO JOSE",
    "SANTA MONICA",
    "BOA VISTA",
    "JARDIM EUROPA",
    "VILA MARIANA",
    "PLANALTO",
    "INDUSTRIAL",
    "ALTO DA BOA VISTA",
    "SANTO ANTONIO",
    "CIDADE NOVA",
    "JARDIM PAULISTA",
    "BELA VISTA",
    "NOSSA SENHORA APARECIDA",
    "PARQUE DAS NACOES",
    "SAO CRISTOVAO",
    "VILA OPERARIA",
    "AEROPORTO",
)
_PLACES = ("SHOPPING", "RODOVIARIA", "AEROPORTO", "MERCADO", "ESTACAO", "CAMPUS", "PRACA")
_COMPLEMENTS = ("LOJA 12", "TERREO", "SALA 3", "BOX 7", "PISO L1", "ANEXO")


@dataclass(frozen=True)
class Municipality:
    """A row of ``municipios.csv``."""

    ibge: str
    uf: str
    name: str
    lat: float
    lon: float

    @property
    def upper(self) -> str:
        """The name the operator's records use: upper case, no accents."""
        return fold(self.name).upper()


def fold(text: str) -> str:
    """``text`` without accents, for names and for comparing filters (``São`` -> ``Sao``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def load_municipalities(path: Path = MUNICIPIOS_CSV) -> list[Municipality]:
    with path.open(encoding="utf-8", newline="") as handle:
        return [
            Municipality(
                row["codigo_ibge"], row["uf"], row["nome"], float(row["latitude"]), float(row["longitude"])
            )
            for row in csv.DictReader(handle)
        ]


# --------------------------------------------------------------------------- hours


def _hours(rng: random.Random, type_code: str, capital: bool) -> dict[str, str]:
    """``horarios`` as the operator sends them: only the keys the unit has."""
    if type_code == "46":
        return {
            "funcionamento": "TODOS OS DIAS, 24 HORAS",
            "iniExpediente": "00:00",
            "fimExpediente": "23:59",
            "iniSabado": "00:00",
            "fimSabado": "23:59",
            "iniDomingo": "00:00",
            "fimDomingo": "23:59",
        }
    if type_code in {"16", "18", "20", "21", "43"}:
        return {"funcionamento": "SEGUNDA A SEXTA", "iniExpediente": "08:00", "fimExpediente": "17:00"}
    start, end = rng.choice(
        (("09:00", "17:00"), ("08:00", "17:00"), ("09:00", "18:00"), ("10:00", "16:00"))
        if capital
        else (("09:00", "17:00"), ("08:00", "12:00"), ("09:00", "16:00"))
    )
    if type_code == "24":
        start, end = rng.choice((("08:00", "18:00"), ("07:30", "19:00"), ("09:00", "20:00")))
    hours = {"funcionamento": "SEGUNDA A SEXTA", "iniExpediente": start, "fimExpediente": end}
    shape = rng.random()
    if shape < 0.25:
        return hours | {"limitePostagemSemana": _minus_hour(end)}  # the REFERENCE's example shape
    if not capital and end >= "16:00" and rng.random() < 0.5:
        hours |= {"iniAlmoco": "12:00", "fimAlmoco": "13:00"}
    hours["limitePostagemSemana"] = _minus_hour(end)
    saturday = 0.5 if capital else 0.15
    if type_code == "24":
        saturday = 0.7
    if rng.random() < saturday:
        hours |= {"funcionamento": "SEGUNDA A SABADO", "iniSabado": "09:00", "fimSabado": "13:00"}
        if capital and rng.random() < 0.08:
            hours |= {
                "funcionamento": "TODOS OS DIAS",
                "iniSabado": "10:00",
                "fimSabado": "22:00",
                "iniDomingo": "14:00",
                "fimDomingo": "20:00",
            }
    return hours


def _minus_hour(hhmm: str) -> str:
    hour, minute = hhmm.split(":")
    return f"{max(int(hour) - 1, 0):02d}:{minute}"


# --------------------------------------------------------------------------- units


def _plan(rng: random.Random, municipalities: list[Municipality]) -> list[tuple[Municipality, int]]:
    """How many units each municipality gets: one everywhere, many in capitals, a long tail."""
    counts = {city.ibge: 1 for city in municipalities}
    by_code = {city.ibge: city for city in municipalities}
    for uf, code in CAPITALS.items():
        counts[code] = _CAPITAL_UNITS.get(uf, 50)
    rest = TARGET_UNITS - sum(counts.values())
    others = [city for city in municipalities if city.ibge not in CAPITALS.values()]
    weights = [rng.paretovariate(1.1) for _ in others]
    for city in rng.choices(others, weights=weights, k=rest):
        counts[city.ibge] += 1
    return [(by_code[code], count) for code, count in counts.items()]


def _type_for(rng: random.Random, index: int, count: int, capital: bool) -> str:
    """The first unit of a municipality is its branch; the others follow the big-city mix."""
    if index == 0:
        return "09" if count > 1 or rng.random() < 0.8 else "12"
    codes: tuple[str, ...]
    weights: tuple[float, ...]
    if capital:
        codes = ("09", "15", "24", "16", "25", "27", "18", "46", "20", "21", "43", "12")
        weights = (30, 22, 20, 10, 4, 3, 3, 3, 1.5, 0.5, 1, 2)
    else:
        codes = ("09", "12", "15", "24", "16", "27", "25", "18", "20")
        weights = (22, 18, 14, 24, 10, 6, 3, 2, 1)
    return rng.choices(codes, weights=weights)[0]


def _name(rng: random.Random, unit_type: UnitType, city: Municipality, bairro: str, index: int) -> str:
    town = city.upper
    match unit_type.codigo:
        case "09":
            return f"AC {town}" if index == 0 else f"AC {bairro}"
        case "46":
            return f"LOCKER {rng.choice(_PLACES)} {bairro}"
        case "24":
            return f"PVP {rng.choice(('PAPELARIA', 'BANCA', 'DROGARIA', 'MERCADO'))} {bairro}"
        case "27":
            return f"CPC {bairro}"
        case _:
            prefix = unit_type.sigla.split()[0]
            return f"{prefix} {bairro}" if index else f"{prefix} {town}"


def _cep(rng: random.Random, uf: str, capital: bool) -> str:
    ranges = CEP_RANGES[uf]
    low, high = ranges[0] if capital else rng.choice(ranges)
    if capital:
        high = low + max((high - low) // 4, 1)
    return f"{rng.randint(low, high):05d}{rng.randint(0, 999):03d}"


def _changed_at(rng: random.Random) -> str:
    """A change time between 2016 and late 2026, written with two or three decimals."""
    moment = datetime(2016, 1, 1) + timedelta(seconds=rng.randint(0, 340_000_000))
    millis = rng.randint(0, 999)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    return f"{text}.{millis:03d}" if rng.random() < 0.5 else f"{text}.{millis // 10:02d}"


def _unit(rng: random.Random, mcu: int, city: Municipality, index: int, count: int) -> dict[str, Any]:
    capital = CAPITALS[city.uf] == city.ibge
    unit_type = _TYPE[_type_for(rng, index, count, capital)]
    bairro = "CENTRO" if index == 0 else rng.choice(_BAIRROS[1:] if count > 3 else _BAIRROS)
    status = rng.choices([code for code, _ in STATUSES], weights=_STATUS_WEIGHTS)[0]
    if unit_type.codigo == "46":
        status = "2" if rng.random() < 0.9 else "3"
    spread = 0.06 if capital else 0.015
    cep = _cep(rng, city.uf, capital)
    address: dict[str, Any] = {
        "cep": cep,
        "uf": city.uf,
        "localidade": city.name,
        "municipio": city.upper,
        "logradouro": rng.choice(_STREETS),
        "bairro": bairro,
        "numero": "SN" if rng.random() < 0.08 else str(rng.randint(1, 3999)),
        "codigoIbge": city.ibge,
        "regiao": _REGION[city.uf],
        "longitude": f"{city.lon + rng.uniform(-spread, spread):.6f}",
        "latitude": f"{city.lat + rng.uniform(-spread, spread):.6f}",
        "fuso": "UTC-02:00" if city.ibge == NORONHA_IBGE else _ZONE.get(city.uf, "UTC-03:00"),
    }
    address["fusoVerao"] = address["fuso"]
    if rng.random() < 0.2:
        address["complemento"] = rng.choice(_COMPLEMENTS)
    record: dict[str, Any] = {
        "id": f"{mcu:08d}",
        "codigoAntigo": f"{rng.randint(10000, 99999)}",
        "codigoCadastroGeral": rng.randint(100000, 999999),
        "nome": _name(rng, unit_type, city, bairro, index),
        "ativa": status in {"2", "3", "5"},
        "status": status,
        "descStatus": _STATUS_TEXT[status],
        "tipo": unit_type.letter,
        "tipoUnidade": unit_type.record(),
        "endereco": address,
        "horarios": _hours(rng, unit_type.codigo, capital),
        "codigoSro": [f"{cep[:5]}{rng.randint(0, 999):03d}" for _ in range(rng.choice((1, 1, 2)))],
        "inOperadorAtende": "N"
        if unit_type.codigo in {"46", "27"}
        else ("S" if rng.random() < 0.85 else "N"),
        "inCliqueRetire": "S" if unit_type.codigo in {"09", "15", "46"} and rng.random() < 0.6 else "N",
        "dhAlteracao": _changed_at(rng),
    }
    if unit_type.codigo != "46" and rng.random() < 0.75:
        area = AREA_CODES[city.uf]
        record["telefones"] = [
            f"({area}) 3{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"
            for _ in range(rng.choice((1, 1, 2)))
        ]
    if unit_type.codigo in {"09", "15", "16", "43"} and rng.random() < 0.6:
        slug = fold(record["nome"]).lower().replace(" ", "")[:24]
        record["emails"] = [f"{slug}@correios.com.br"]
    return record


def build_units(municipalities: list[Municipality] | None = None, seed: int = SEED) -> list[dict[str, Any]]:
    """Every unit, as the operator's records, ordered by MCU."""
    rng = random.Random(seed)
    cities = municipalities if municipalities is not None else load_municipalities()
    plan = _plan(rng, cities)
    mcus = iter(sorted(rng.sample(range(10_000, 99_999_999), sum(count for _, count in plan))))
    return [_unit(rng, next(mcus), city, index, count) for city, count in plan for index in range(count)]


_lock = threading.Lock()
_units: list[dict[str, Any]] | None = None


def all_units() -> list[dict[str, Any]]:
    """The units of this process, built on first use (shared, never modified: copy to change)."""
    global _units
    with _lock:
        if _units is None:
            _units = build_units()
        return _units


def iter_types() -> Iterator[dict[str, str]]:
    return (unit_type.record() for unit_type in TYPES)
