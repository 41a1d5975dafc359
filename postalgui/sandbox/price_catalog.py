"""The price service's data: products, additional services, tariff tables, corridors, contracts.

Plain frozen records read by `price_engine`; wire names appear only in the engine.
Everything is the sandbox's own invention shaped like the operator's public facts
(REFERENCE.md, "Price service"): the national product codes are the common ones, the
international codes (45110, 45128, 45209) and every price are made up.

Prices
    A tariff table gives each product family a base price (``pcBase``) per corridor
    column, and each family a weight-band table of factors (``pcFaixa = fator * pcBase``)
    plus a factor per kilo above its top band. Products of a family scale its base
    prices (SEDEX 10 costs 2.40 SEDEX). The 2026 table is the current one (open-ended);
    the 2025 table is the 2026 one times 0.955, so ``dtEvento`` changes prices. Dates
    before 2025 have no table.

Corridors
    A CEP's UF comes from the real national CEP ranges (00000-00999 and 78900-78999 are
    left unassigned: "CEP inexistente"). The corridor category is LOCAL (both CEPs in
    the same capital's range, or the same 5-digit sector), ESTADUAL (same UF), REGIONAL
    (same region), NACIONAL 1 (neighbouring regions) or NACIONAL 2 (distant regions);
    the column also depends on whether the destination is the capital or the interior.

Reproducing REFERENCE's examples (current table, contract 9912345678 or none):
    03220 SEDEX 300 g 20x20x20 from 01310100 to 05311900 (LOCAL CAPITAL): pcBase 10,68.
    03298 PAC 19600 g from 01310100 to 20040020 (REGIONAL CAPITAL): pcBase 15,45.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum

CENT = Decimal("0.01")


def round2(amount: Decimal) -> Decimal:
    """Money rounding: 2 places, half up (what Brazilian invoices do)."""
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


# -- CEP ranges, UFs and regions ------------------------------------------------------


@dataclass(frozen=True)
class CepRange:
    """A range of 5-digit CEP prefixes (inclusive) belonging to one UF."""

    first: int
    last: int
    uf: str

    def __contains__(self, prefix: object) -> bool:
        return isinstance(prefix, int) and self.first <= prefix <= self.last


UF_RANGES: tuple[CepRange, ...] = (
    CepRange(1000, 19999, "SP"),
    CepRange(20000, 28999, "RJ"),
    CepRange(29000, 29999, "ES"),
    CepRange(30000, 39999, "MG"),
    CepRange(40000, 48999, "BA"),
    CepRange(49000, 49999, "SE"),
    CepRange(50000, 56999, "PE"),
    CepRange(57000, 57999, "AL"),
    CepRange(58000, 58999, "PB"),
    CepRange(59000, 59999, "RN"),
    CepRange(60000, 63999, "CE"),
    CepRange(64000, 64999, "PI"),
    CepRange(65000, 65999, "MA"),
    CepRange(66000, 68899, "PA"),
    CepRange(68900, 68999, "AP"),
    CepRange(69000, 69299, "AM"),
    CepRange(69300, 69399, "RR"),
    CepRange(69400, 69899, "AM"),
    CepRange(69900, 69999, "AC"),
    CepRange(70000, 72799, "DF"),
    CepRange(72800, 72999, "GO"),
    CepRange(73000, 73699, "DF"),
    CepRange(73700, 76799, "GO"),
    CepRange(76800, 76999, "RO"),
    CepRange(77000, 77999, "TO"),
    CepRange(78000, 78899, "MT"),
    CepRange(79000, 79999, "MS"),
    CepRange(80000, 87999, "PR"),
    CepRange(88000, 89999, "SC"),
    CepRange(90000, 99999, "RS"),
)
"""Real CEP ranges by UF, as 5-digit prefixes; anything else does not exist."""

CAPITAL_RANGES: tuple[CepRange, ...] = (
    CepRange(69900, 69923, "AC"),
    CepRange(57000, 57099, "AL"),
    CepRange(69000, 69099, "AM"),
    CepRange(68900, 68911, "AP"),
    CepRange(40000, 42599, "BA"),
    CepRange(60000, 61599, "CE"),
    CepRange(70000, 72799, "DF"),
    CepRange(73000, 73699, "DF"),
    CepRange(29000, 29099, "ES"),
    CepRange(74000, 74899, "GO"),
    CepRange(65000, 65109, "MA"),
    CepRange(30000, 31999, "MG"),
    CepRange(79000, 79129, "MS"),
    CepRange(78000, 78109, "MT"),
    CepRange(66000, 66999, "PA"),
    CepRange(58000, 58099, "PB"),
    CepRange(50000, 52999, "PE"),
    CepRange(64000, 64099, "PI"),
    CepRange(80000, 82999, "PR"),
    CepRange(20000, 23799, "RJ"),
    CepRange(59000, 59099, "RN"),
    CepRange(76800, 76834, "RO"),
    CepRange(69300, 69339, "RR"),
    CepRange(90000, 91999, "RS"),
    CepRange(88000, 88099, "SC"),
    CepRange(49000, 49099, "SE"),
    CepRange(1000, 5999, "SP"),
    CepRange(8000, 8499, "SP"),
    CepRange(77000, 77270, "TO"),
)
"""Approximate CEP ranges of each state capital (the capital/interior column)."""

UF_REGION: Mapping[str, str] = {
    **dict.fromkeys(("AC", "AM", "AP", "PA", "RO", "RR", "TO"), "N"),
    **dict.fromkeys(("AL", "BA", "CE", "MA", "PB", "PE", "PI", "RN", "SE"), "NE"),
    **dict.fromkeys(("DF", "GO", "MS", "MT"), "CO"),
    **dict.fromkeys(("ES", "MG", "RJ", "SP"), "SE"),
    **dict.fromkeys(("PR", "RS", "SC"), "S"),
}
"""The five regions: Norte, Nordeste, Centro-Oeste, Sudeste, Sul."""

NEIGHBOUR_REGIONS: frozenset[frozenset[str]] = frozenset(
    frozenset(pair)
    for pair in (("N", "NE"), ("N", "CO"), ("NE", "CO"), ("NE", "SE"), ("CO", "SE"), ("CO", "S"), ("SE", "S"))
)
"""Region pairs that share a border (NACIONAL 1); the rest are NACIONAL 2."""

REMOTE_UFS = frozenset({"AC", "AM", "AP", "RR"})
"""Destinations in these UFs' interior carry the remote-area extra fee."""

UFS: tuple[str, ...] = tuple(sorted(UF_REGION))


def cep_prefix(cep: str) -> int:
    """The 5-digit sector of an 8-digit CEP, as a number."""
    return int(cep[:5])


def uf_of(cep: str) -> str | None:
    """The UF of an 8-digit CEP, or None when its range does not exist."""
    prefix = cep_prefix(cep)
    return next((r.uf for r in UF_RANGES if prefix in r), None)


def capital_of(cep: str) -> str | None:
    """The UF whose capital range holds this CEP, if any."""
    prefix = cep_prefix(cep)
    return next((r.uf for r in CAPITAL_RANGES if prefix in r), None)


class Category(Enum):
    """Corridor categories, cheapest first; the value is the column pair number."""

    LOCAL = 1
    ESTADUAL = 2
    REGIONAL = 3
    NACIONAL_1 = 4
    NACIONAL_2 = 5

    @property
    def label(self) -> str:
        return self.name.replace("_", " ")


@dataclass(frozen=True)
class Corridor:
    """Where a parcel goes: the UFs, the category and the tariff column."""

    origin_uf: str
    destination_uf: str
    origin_capital: bool
    destination_capital: bool
    category: Category

    @property
    def column(self) -> int:
        """Tariff column: two per category, capital first."""
        return self.category.value * 2 - (1 if self.destination_capital else 0)

    @property
    def column_name(self) -> str:
        return f"{self.category.label} {'CAPITAL' if self.destination_capital else 'INTERIOR'}"

    @property
    def origin_number(self) -> int:
        return corridor_number(self.origin_uf, capital=self.origin_capital)

    @property
    def destination_number(self) -> int:
        return corridor_number(self.destination_uf, capital=self.destination_capital)

    @property
    def remote(self) -> bool:
        return self.destination_uf in REMOTE_UFS and not self.destination_capital


def corridor_number(uf: str, *, capital: bool) -> int:
    """The operator-style number of a corridor end: UF index and capital/interior."""
    return (UFS.index(uf) + 1) * 10 + (1 if capital else 2)


@functools.lru_cache(maxsize=4096)
def corridor(origin: str, destination: str) -> Corridor:
    """The corridor between two existing 8-digit CEPs (ValueError if one does not exist).

    Remembered per pair (a frozen record of fixed tables): a batch asks the same few."""
    origin_uf, destination_uf = uf_of(origin), uf_of(destination)
    if origin_uf is None or destination_uf is None:
        raise ValueError("CEP inexistente")
    origin_capital = capital_of(origin) == origin_uf
    destination_capital = capital_of(destination) == destination_uf
    same_city = (origin_capital and destination_capital and origin_uf == destination_uf) or (
        cep_prefix(origin) == cep_prefix(destination)
    )
    if same_city:
        category = Category.LOCAL
    elif origin_uf == destination_uf:
        category = Category.ESTADUAL
    elif UF_REGION[origin_uf] == UF_REGION[destination_uf]:
        category = Category.REGIONAL
    elif frozenset((UF_REGION[origin_uf], UF_REGION[destination_uf])) in NEIGHBOUR_REGIONS:
        category = Category.NACIONAL_1
    else:
        category = Category.NACIONAL_2
    return Corridor(origin_uf, destination_uf, origin_capital, destination_capital, category)


# -- tariff tables --------------------------------------------------------------------


@dataclass(frozen=True)
class TariffTable:
    """A price table in force between two dates; `scale` multiplies the current prices."""

    year: int
    valid_from: date
    valid_until: date
    scale: Decimal

    def covers(self, day: date) -> bool:
        return self.valid_from <= day <= self.valid_until


TARIFF_TABLES: tuple[TariffTable, ...] = (
    TariffTable(2025, date(2025, 1, 1), date(2025, 12, 31), Decimal("0.9550")),
    TariffTable(2026, date(2026, 1, 1), date(2099, 12, 31), Decimal("1")),
)
"""2026 is current and open-ended; 2025 prices are 4.5 % lower."""


def tariff_for(day: date) -> TariffTable | None:
    """The table in force on a day, if any."""
    return next((table for table in TARIFF_TABLES if table.covers(day)), None)


def scaled(amount: Decimal, table: TariffTable) -> Decimal:
    """A current price as it reads in an older table (rounded to cents)."""
    return amount if table.scale == 1 else round2(amount * table.scale)


@dataclass(frozen=True)
class Band:
    """A weight band: up to `limit_g` grams (inclusive) the price is `factor` * pcBase."""

    limit_g: int
    factor: Decimal


@dataclass(frozen=True)
class BandTable:
    """The weight bands of a product family and the factor of each kilo above the top band."""

    number: int
    bands: tuple[Band, ...]
    additional: Decimal

    @property
    def top_g(self) -> int:
        return self.bands[-1].limit_g

    def band_for(self, grams: int) -> tuple[int, Band]:
        """The 1-based line and band of a charged weight (the top band above it)."""
        for line, band in enumerate(self.bands, start=1):
            if grams <= band.limit_g:
                return line, band
        return len(self.bands), self.bands[-1]


def _bands(number: int, additional: str, *pairs: tuple[int, str]) -> BandTable:
    return BandTable(number, tuple(Band(g, Decimal(f)) for g, f in pairs), Decimal(additional))


SEDEX_BANDS = _bands(
    1,
    "0.4830",
    (100, "1.0000"),
    (300, "1.0421"),
    (500, "1.1187"),
    (1000, "1.3264"),
    (2000, "1.6530"),
    (3000, "1.9732"),
    (4000, "2.2610"),
    (5000, "2.5379"),
    (6000, "2.8120"),
    (7000, "3.0840"),
    (8000, "3.3535"),
    (9000, "3.6215"),
    (10000, "3.8880"),
)
PAC_BANDS = _bands(
    2,
    "0.3806",
    (100, "1.0000"),
    (300, "1.0287"),
    (500, "1.0950"),
    (1000, "1.2480"),
    (2000, "1.5200"),
    (3000, "1.7500"),
    (4000, "1.9600"),
    (5000, "2.1500"),
    (6000, "2.3300"),
    (7000, "2.5100"),
    (8000, "2.6900"),
    (9000, "2.8800"),
    (10000, "3.0712"),
)
MINI_BANDS = _bands(3, "0.0000", (100, "1.0000"), (200, "1.0550"), (300, "1.1100"))
INTERNATIONAL_BANDS = _bands(
    4, "0.5400", (250, "1.0000"), (500, "1.1800"), (1000, "1.4600"), (1500, "1.7200"), (2000, "1.9800")
)


def _columns(*pairs: tuple[str, str]) -> tuple[Decimal, ...]:
    """Base prices by column (capital, interior per category, cheapest category first)."""
    return tuple(Decimal(price) for pair in pairs for price in pair)


FAMILY_BASE: Mapping[str, tuple[Decimal, ...]] = {
    "SEDEX": _columns(
        ("10.68", "11.94"), ("12.45", "13.90"), ("18.40", "20.35"), ("24.90", "27.60"), ("31.75", "35.10")
    ),
    "PAC": _columns(
        ("9.15", "10.20"), ("10.85", "12.05"), ("15.45", "17.10"), ("19.80", "21.95"), ("25.30", "28.05")
    ),
    "MINI": _columns(
        ("6.35", "6.90"), ("7.10", "7.75"), ("8.45", "9.20"), ("9.60", "10.45"), ("10.90", "11.80")
    ),
}
"""Current (2026) base prices of each national family, by corridor column 1..10."""


# -- physical limits ------------------------------------------------------------------


class Format(Enum):
    """tpObjeto: the object's format."""

    ENVELOPE = "1"
    PACOTE = "2"
    ROLO = "3"


@dataclass(frozen=True)
class Range:
    """An inclusive range of centimetres, with the operator's words for the measure."""

    label: str
    low: Decimal
    high: Decimal

    def __contains__(self, value: object) -> bool:
        return isinstance(value, Decimal) and self.low <= value <= self.high


def _range(label: str, low: str, high: str) -> Range:
    return Range(label, Decimal(low), Decimal(high))


@dataclass(frozen=True)
class FormatLimits:
    """Limits of one format: measures by request field, an optional sum rule, a weight cap."""

    fields: Mapping[str, Range]
    total: Range | None = None
    total_fields: tuple[tuple[str, int], ...] = ()
    max_weight_g: int | None = None


ENVELOPE = FormatLimits(
    {
        "comprimento": _range("Comprimento", "16", "60"),
        "largura": _range("Largura", "11", "60"),
        "altura": _range("Espessura do envelope", "0", "2"),
    },
    max_weight_g=500,
)


def _box(side: str, total: str) -> FormatLimits:
    """A package: each side from its minimum up to ``side`` cm, the three together up to ``total``."""
    return FormatLimits(
        {
            "comprimento": _range("Comprimento", "15", side),
            "largura": _range("Largura", "10", side),
            "altura": _range("Altura", "1", side),
        },
        total=_range("Soma das dimensões (C+L+A)", "26", total),
        total_fields=(("comprimento", 1), ("largura", 1), ("altura", 1)),
    )


PACKAGE = _box("100", "200")
LARGE_PACKAGE = _box("150", "300")
ROLL = FormatLimits(
    {"comprimento": _range("Comprimento", "18", "100"), "diametro": _range("Diâmetro", "5", "91")},
    total=_range("Comprimento + 2x diâmetro", "28", "200"),
    total_fields=(("comprimento", 1), ("diametro", 2)),
)
MINI_ENVELOPE = FormatLimits(
    {
        "comprimento": _range("Comprimento", "16", "24"),
        "largura": _range("Largura", "11", "16"),
        "altura": _range("Espessura do envelope", "0", "2"),
    }
)
MINI_PACKAGE = FormatLimits(
    {
        "comprimento": _range("Comprimento", "16", "24"),
        "largura": _range("Largura", "11", "16"),
        "altura": _range("Altura", "1", "4"),
    }
)

STANDARD_FORMATS: Mapping[Format, FormatLimits] = {
    Format.ENVELOPE: ENVELOPE,
    Format.PACOTE: PACKAGE,
    Format.ROLO: ROLL,
}
LARGE_FORMATS: Mapping[Format, FormatLimits] = {Format.PACOTE: LARGE_PACKAGE, Format.ROLO: ROLL}
MINI_FORMATS: Mapping[Format, FormatLimits] = {Format.ENVELOPE: MINI_ENVELOPE, Format.PACOTE: MINI_PACKAGE}
INTERNATIONAL_FORMATS: Mapping[Format, FormatLimits] = {Format.ENVELOPE: ENVELOPE, Format.PACOTE: PACKAGE}

CUBIC_DIVISOR = Decimal(6000)
"""Cubic weight in kg = L x W x H / 6000 (cm)."""

CUBIC_THRESHOLD_G = 10_000
"""Cubic weight is charged only above 10 kg (and above the real weight)."""


# -- additional services --------------------------------------------------------------


@dataclass(frozen=True)
class DeclaredValue:
    """A product's declared-value rule: which service, limits, insurance, ad valorem rate."""

    service: str
    minimum: Decimal
    maximum: Decimal
    automatic_insurance: Decimal
    ad_valorem: Decimal

    def price(self, declared: Decimal) -> Decimal:
        """Ad valorem on what exceeds the automatic insurance (never negative)."""
        return round2(max(declared - self.automatic_insurance, Decimal(0)) * self.ad_valorem)


@dataclass(frozen=True)
class Requirement:
    """A service another needs, or its substitute."""

    service: str
    substitute: str | None = None


@dataclass(frozen=True)
class ServiceSpec:
    """An additional service. `price` is None for declared-value services (ad valorem)."""

    code: str
    name: str
    sigla: str
    indicator: tuple[str, str, str]
    price: Decimal | None
    valid_from: date
    valid_until: date = date(2099, 12, 31)
    requires: tuple[Requirement, ...] = ()
    excludes: tuple[str, ...] = ()
    note: str = ""

    @property
    def kind(self) -> str:
        """tpServAdicional: V (declared value) or A (accessory)."""
        return "V" if self.price is None else "A"

    def covers(self, day: date) -> bool:
        return self.valid_from <= day <= self.valid_until


_VD = ("1", "Valor declarado", "VD")
_PROOF = ("2", "Comprovante de entrega", "CE")
_DELIVERY = ("3", "Entrega", "EN")
_REGISTRY = ("4", "Registro", "RG")
_SINCE_2020 = date(2020, 1, 1)

SERVICES: Mapping[str, ServiceSpec] = {
    spec.code: spec
    for spec in (
        ServiceSpec(
            "001", "Aviso de Recebimento", "AR", _PROOF, Decimal("7.00"), _SINCE_2020, excludes=("021",)
        ),
        ServiceSpec(
            "002",
            "Mão Própria",
            "MP",
            _DELIVERY,
            Decimal("8.20"),
            _SINCE_2020,
            requires=(Requirement("001", "021"),),
        ),
        ServiceSpec("019", "Valor Declarado Nacional", "VD", _VD, None, _SINCE_2020, excludes=("064", "065")),
        ServiceSpec(
            "021",
            "Aviso de Recebimento Eletrônico",
            "ARE",
            _PROOF,
            Decimal("4.30"),
            date(2025, 7, 1),
            excludes=("001",),
        ),
        ServiceSpec(
            "025",
            "Registro Nacional",
            "RN",
            _REGISTRY,
            Decimal("0.00"),
            _SINCE_2020,
            note="Incluído no preço do produto",
        ),
        ServiceSpec("064", "Valor Declarado PAC", "VD", _VD, None, _SINCE_2020, excludes=("019", "065")),
        ServiceSpec(
            "065", "Valor Declarado Mini Envios", "VD", _VD, None, _SINCE_2020, excludes=("019", "064")
        ),
    )
}
"""Prices are the current (2026) ones; older tables scale them like product prices."""


# -- products -------------------------------------------------------------------------


class Scope(Enum):
    NACIONAL = "N"
    INTERNACIONAL = "I"


@dataclass(frozen=True)
class Product:
    """A priceable product with everything the engine checks and prices."""

    code: str
    name: str
    scope: Scope
    family: str
    bands: BandTable
    multiplier: Decimal
    max_weight_g: int
    formats: Mapping[Format, FormatLimits]
    services: tuple[str, ...]
    declared: DeclaredValue | None
    valid_from: date
    valid_until: date = date(2099, 12, 31)
    local_only: bool = False
    countries: frozenset[str] = field(default_factory=frozenset)

    def covers(self, day: date) -> bool:
        return self.valid_from <= day <= self.valid_until

    def serves(self, route: Corridor) -> bool:
        """Whether the product carries parcels on this corridor: the one rule both the
        price and the delivery-time engines apply, so a priced route always has a deadline."""
        return not self.local_only or route.category is Category.LOCAL


_MIN_DECLARED = Decimal("25.50")
SEDEX_DECLARED = DeclaredValue("019", _MIN_DECLARED, Decimal("10000.00"), Decimal("21.00"), Decimal("0.0100"))
PAC_DECLARED = DeclaredValue("064", _MIN_DECLARED, Decimal("3000.00"), Decimal("24.50"), Decimal("0.0100"))
MINI_DECLARED = DeclaredValue("065", _MIN_DECLARED, Decimal("100.00"), Decimal("12.25"), Decimal("0.0150"))

SEDEX_SERVICES = ("001", "002", "019", "021", "025")
PAC_SERVICES = ("001", "002", "021", "025", "064")
MINI_SERVICES = ("001", "021", "025", "065")
INTERNATIONAL_SERVICES = ("001",)


def _national(
    code: str,
    name: str,
    family: str,
    multiplier: str,
    max_g: int,
    *,
    formats: Mapping[Format, FormatLimits] = STANDARD_FORMATS,
    since: date = _SINCE_2020,
    local_only: bool = False,
) -> Product:
    bands = {"SEDEX": SEDEX_BANDS, "PAC": PAC_BANDS, "MINI": MINI_BANDS}[family]
    services = {"SEDEX": SEDEX_SERVICES, "PAC": PAC_SERVICES, "MINI": MINI_SERVICES}[family]
    declared = {"SEDEX": SEDEX_DECLARED, "PAC": PAC_DECLARED, "MINI": MINI_DECLARED}[family]
    return Product(
        code,
        name,
        Scope.NACIONAL,
        family,
        bands,
        Decimal(multiplier),
        max_g,
        formats,
        services,
        declared,
        since,
        local_only=local_only,
    )


NATIONAL_PRODUCTS: tuple[Product, ...] = (
    _national("03220", "SEDEX", "SEDEX", "1", 30_000),
    _national("03298", "PAC", "PAC", "1", 30_000),
    _national("04227", "Mini Envios", "MINI", "1", 300, formats=MINI_FORMATS),
    _national("03158", "SEDEX 10", "SEDEX", "2.40", 10_000),
    _national("03140", "SEDEX 12", "SEDEX", "1.85", 10_000),
    _national("03204", "SEDEX Hoje", "SEDEX", "2.10", 10_000, local_only=True),
    _national(
        "03212",
        "SEDEX Grandes Formatos",
        "SEDEX",
        "1.60",
        50_000,
        formats=LARGE_FORMATS,
        since=date(2023, 5, 1),
    ),
    _national(
        "03328", "PAC Grandes Formatos", "PAC", "1.50", 50_000, formats=LARGE_FORMATS, since=date(2023, 5, 1)
    ),
    _national("04014", "SEDEX à vista (balcão)", "SEDEX", "1.35", 30_000),
    _national("04510", "PAC à vista (balcão)", "PAC", "1.30", 30_000),
)


@dataclass(frozen=True)
class Country:
    code: str
    name: str
    zone: int


COUNTRIES: Mapping[str, Country] = {
    country.code: country
    for country in (
        # Zone 1: South America
        Country("AR", "Argentina", 1),
        Country("BO", "Bolívia", 1),
        Country("CL", "Chile", 1),
        Country("CO", "Colômbia", 1),
        Country("EC", "Equador", 1),
        Country("PE", "Peru", 1),
        Country("PY", "Paraguai", 1),
        Country("UY", "Uruguai", 1),
        Country("VE", "Venezuela", 1),
        # Zone 2: North and Central America
        Country("CA", "Canadá", 2),
        Country("CR", "Costa Rica", 2),
        Country("MX", "México", 2),
        Country("PA", "Panamá", 2),
        Country("US", "Estados Unidos", 2),
        # Zone 3: Europe
        Country("BE", "Bélgica", 3),
        Country("CH", "Suíça", 3),
        Country("DE", "Alemanha", 3),
        Country("ES", "Espanha", 3),
        Country("FR", "França", 3),
        Country("GB", "Reino Unido", 3),
        Country("IE", "Irlanda", 3),
        Country("IT", "Itália", 3),
        Country("NL", "Países Baixos", 3),
        Country("PT", "Portugal", 3),
        # Zone 4: Asia, Africa, Oceania
        Country("AE", "Emirados Árabes Unidos", 4),
        Country("AO", "Angola", 4),
        Country("AU", "Austrália", 4),
        Country("CN", "China", 4),
        Country("IL", "Israel", 4),
        Country("IN", "Índia", 4),
        Country("JP", "Japão", 4),
        Country("KR", "Coreia do Sul", 4),
        Country("MZ", "Moçambique", 4),
        Country("NZ", "Nova Zelândia", 4),
        Country("SG", "Singapura", 4),
        Country("ZA", "África do Sul", 4),
    )
}
"""Destinations of the international products, in four price zones."""

ZONE_NAMES: Mapping[int, str] = {
    1: "AMERICA DO SUL",
    2: "AMERICA DO NORTE E CENTRAL",
    3: "EUROPA",
    4: "ASIA AFRICA OCEANIA",
}

INTERNATIONAL_BASE: Mapping[str, tuple[Decimal, ...]] = {
    "45209": _columns(("52.40", "74.80"), ("79.30", "96.10")),
    "45110": _columns(("68.90", "98.60"), ("104.20", "126.50")),
    "45128": _columns(("96.50", "139.90"), ("148.70", "181.40")),
}
"""Current base prices of each international product by zone 1..4."""


def _international(code: str, name: str, max_kg: int, countries: frozenset[str]) -> Product:
    return Product(
        code,
        name,
        Scope.INTERNACIONAL,
        "INTERNACIONAL",
        INTERNATIONAL_BANDS,
        Decimal(1),
        max_kg * 1000,
        INTERNATIONAL_FORMATS,
        INTERNATIONAL_SERVICES,
        None,
        _SINCE_2020,
        countries=countries,
    )


_ALL_COUNTRIES = frozenset(COUNTRIES)
INTERNATIONAL_PRODUCTS: tuple[Product, ...] = (
    _international("45209", "EXPORTA FÁCIL ECONÔMICO", 2, _ALL_COUNTRIES - {"AO", "MZ", "VE"}),
    _international("45110", "EXPORTA FÁCIL STANDARD", 20, _ALL_COUNTRIES - {"VE"}),
    _international("45128", "EXPORTA FÁCIL PREMIUM", 30, _ALL_COUNTRIES),
)

PRODUCTS: Mapping[str, Product] = {p.code: p for p in (*NATIONAL_PRODUCTS, *INTERNATIONAL_PRODUCTS)}


def national_base(product: Product, column: int, table: TariffTable) -> Decimal:
    """pcBase of a national product in a corridor column under a table."""
    current = round2(FAMILY_BASE[product.family][column - 1] * product.multiplier)
    return scaled(current, table)


def international_base(product: Product, zone: int, table: TariffTable) -> Decimal:
    """pcBase of an international product to a price zone under a table."""
    return scaled(INTERNATIONAL_BASE[product.code][zone - 1], table)


REMOTE_AREA_FEE = Decimal("4.50")
"""The remote-area extra fee (informational, see `price_engine`)."""


# -- contracts ------------------------------------------------------------------------


@dataclass(frozen=True)
class Criterion:
    """A functional-discount criterion: met when the request lists its number."""

    number: str
    name: str
    negotiated: Decimal


@dataclass(frozen=True)
class BenefitPackage:
    """A benefit of a contract on some products."""

    code: str
    kind: str
    kind_text: str
    scope: str
    package: str
    package_name: str
    unconditional: bool
    products: frozenset[str]
    percent: Decimal = Decimal(0)
    criteria: tuple[Criterion, ...] = ()


@dataclass(frozen=True)
class ContractTerms:
    """What a contract changes in prices and batches."""

    max_batch: int = 5
    combo: str | None = None
    variation_number: str | None = None
    variations: Mapping[str, Decimal] = field(default_factory=dict)
    benefits: tuple[BenefitPackage, ...] = ()

    def variation(self, product: str) -> Decimal:
        return self.variations.get(product, Decimal("0.0000"))

    def benefits_for(self, product: str) -> tuple[BenefitPackage, ...]:
        return tuple(b for b in self.benefits if product in b.products)


FUNCTIONAL_PACKAGE = BenefitPackage(
    code="12",
    kind="DF",
    kind_text="Desconto funcional - negociação",
    scope="N",
    package="DF-0107",
    package_name="Pacote funcional e-commerce",
    unconditional=False,
    products=frozenset({"03220", "03298"}),
    criteria=(
        Criterion("101", "Postagem com pré-postagem eletrônica", Decimal("0.0300")),
        Criterion("102", "Objetos em embalagem padronizada", Decimal("0.0200")),
        Criterion("103", "Postagem em unidade de tratamento", Decimal("0.0500")),
    ),
)
MINI_OFFER = BenefitPackage(
    code="21",
    kind="DP",
    kind_text="Desconto promocional - oferta",
    scope="O",
    package="OF-2026-04",
    package_name="Oferta Mini Envios e-commerce",
    unconditional=True,
    products=frozenset({"04227"}),
    percent=Decimal("0.1000"),
)

DEFAULT_TERMS = ContractTerms()
"""Terms without a contract, or for a contract with nothing negotiated."""

CONTRACT_TERMS: Mapping[str, ContractTerms] = {
    "9912345678": ContractTerms(
        max_batch=5,
        combo="1052",
        variation_number="3",
        variations={
            "03158": Decimal("0.0300"),
            "03140": Decimal("0.0300"),
            "04227": Decimal("0.0200"),
            "03328": Decimal("0.0500"),
        },
        benefits=(FUNCTIONAL_PACKAGE, MINI_OFFER),
    ),
    "9912345679": ContractTerms(max_batch=3),
}
"""The demo contract has a combo variation on four products, a functional discount on
SEDEX and PAC (criteria from the request) and an offer on Mini Envios; the suspended
contract accepts batches of at most 3 (REFERENCE: "some contracts reject more than 3")."""


def terms_of(contract: str | None) -> ContractTerms:
    return CONTRACT_TERMS.get(contract or "", DEFAULT_TERMS)
