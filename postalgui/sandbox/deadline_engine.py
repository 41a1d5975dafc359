"""Delivery time (`/prazo`): request fields in, the operator's deadline records out.

Pure functions of the request and the day; no FastAPI. Routes turn a `DeadlineError`
into a 400 MessageResponse (validation on a GET), an item ``txErro`` (batch), or, for
a route the product does not serve (PRZ-008), an item ``txErro`` on a GET too.

Corridor model
    The corridor is the price catalog's (`price_catalog.corridor`: UFs, regions,
    capital or interior, category LOCAL..NACIONAL 2), and whether a product serves it is
    the catalog's `Product.serves`, the same rule the price engine applies: a product
    priced for a route has a deadline for it, a refused one gets PRZ-008. Business days::

        SEDEX     base[category] (1, 1, 1, 1, 2) + 1 origin interior + 1 destination
                  interior + 1 remote destination                       -> 1..5
        PAC       base[category] (3, 4, 5, 5, 7) + 1 origin interior + 2 destination
                  interior + 2 remote destination                       -> 3..12
        Mini      PAC + 1;  large formats (03212, 03328) family + 1
        SEDEX Hoje  0 (same day; LOCAL only)
        SEDEX 10/12 the SEDEX days; the hour promise (10h, 12h) holds only between
                  capitals up to NACIONAL 1, elsewhere `msgPrazo` says so.

    REFERENCE's manual example (posted Friday 18/03/2022, 05311900 -> 70002900, capitals
    of SP and DF, NACIONAL 1) gives SEDEX 1 (Monday 21/03) and PAC 5 (Friday 25/03).
    04162 and 04669 (the manual's contract SEDEX and PAC codes) are read as 03220 and
    03298; the price catalog does not list them, so the price engine refuses them.

Days count **business days**: no weekends, no national holidays (fixed ones, and
Carnival Monday and Tuesday, Good Friday and Corpus Christi from Easter). The count
starts the day after `dtEvento`; 0 days means `dtEvento` itself, or the next business
day when it is not one.

Saturday delivery is the express products' (SEDEX 10, 12, Hoje): the manual's example
answers ``entregaSabado "N"`` for contract SEDEX. Home delivery is "N" in a few interior
CEP ranges of AM, PA, RR and AP (the parcel waits at a branch).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Any

from postalgui.sandbox import price_catalog as cat

PRZ_NOT_SERVED = "PRZ-008"
NOT_SERVED_TEXT = "Serviço indisponível para o trecho informado"
PRZ_BATCH_TOO_LARGE = "PRZ-101"
MAX_BATCH = 5
"""Items per batch, as the manual says for prices and deadlines alike."""
MAX_DAYS = 99
"""The most days `data-prevista` adds: beyond any product's deadline."""
FIRST_YEAR, LAST_YEAR = 2000, 2099
"""Dates the service accepts (older or later ones are typing mistakes)."""

_CEP = re.compile(r"\d{8}", flags=re.ASCII)
_DATE = re.compile(r"(\d{2})([-/])(\d{2})\2(\d{4})", flags=re.ASCII)
_DIGITS = re.compile(r"\d+", flags=re.ASCII)
_COUNTRY = re.compile(r"[A-Za-z]{2}", flags=re.ASCII)
_SHOWN_CHARS = 20


class DeadlineError(Exception):
    """A refusal with the operator's code; `not_served` marks PRZ-008 (a route, not a typo)."""

    def __init__(self, code: str, text: str) -> None:
        self.code = code
        self.text = text
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return f"{self.code}: {self.text}"

    @property
    def not_served(self) -> bool:
        return self.code == PRZ_NOT_SERVED


def _shown(text: str) -> str:
    """Client text echoed in a message, cut short when absurdly long."""
    return text if len(text) <= _SHOWN_CHARS else f"{text[:_SHOWN_CHARS]}…"


# -- calendar ---------------------------------------------------------------------------------

FIXED_HOLIDAYS: tuple[tuple[int, int], ...] = (
    (1, 1),  # Confraternização Universal
    (4, 21),  # Tiradentes
    (5, 1),  # Dia do Trabalho
    (9, 7),  # Independência
    (10, 12),  # Nossa Senhora Aparecida
    (11, 2),  # Finados
    (11, 15),  # Proclamação da República
    (12, 25),  # Natal
)
BLACK_CONSCIOUSNESS_SINCE = 2024
"""20 November became a national holiday by Law 14.759/2023."""


def easter(year: int) -> date:
    """Gregorian Easter Sunday (the anonymous Meeus/Jones/Butcher algorithm): no dependency."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month, day = divmod(h + l_ - 7 * m + 114, 31)
    return date(year, month, day + 1)


@lru_cache(maxsize=256)
def national_holidays(year: int) -> frozenset[date]:
    """Days the operator does not deliver nationwide: fixed holidays and those from Easter."""
    sunday = easter(year)
    movable = (
        sunday - timedelta(days=48),  # Carnival Monday
        sunday - timedelta(days=47),  # Carnival Tuesday
        sunday - timedelta(days=2),  # Good Friday
        sunday + timedelta(days=60),  # Corpus Christi
    )
    fixed = [date(year, month, day) for month, day in FIXED_HOLIDAYS]
    if year >= BLACK_CONSCIOUSNESS_SINCE:
        fixed.append(date(year, 11, 20))
    return frozenset((*fixed, *movable))


def is_business_day(day: date) -> bool:
    return day.weekday() < 5 and day not in national_holidays(day.year)


def add_business_days(start: date, days: int) -> date:
    """The `days`-th business day after `start` (0: `start`, or the next business day)."""
    day = start
    while not is_business_day(day):
        day += timedelta(days=1)
    for _ in range(days):
        day += timedelta(days=1)
        while not is_business_day(day):
            day += timedelta(days=1)
    return day


def wire_timestamp(day: date) -> str:
    """The operator's deadline timestamp: the last minute that still counts (``T23:58:00``)."""
    return f"{day.isoformat()}T23:58:00"


# -- request parsing --------------------------------------------------------------------------


def text_field(raw: Mapping[str, Any], name: str) -> str | None:
    """A scalar field as stripped text (numbers tolerated); None when absent or empty."""
    value = raw.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise DeadlineError("PRZ-009", f"Campo '{name}' com tipo inválido: informe texto")
    try:
        text = str(value).strip()
    except ValueError:  # an int past Python's digit limit for str()
        raise DeadlineError("PRZ-009", f"Campo '{name}' inválido: número longo demais") from None
    return text or None


def parse_date(text: str | None, name: str, today: date) -> date:
    """DD-MM-YYYY (GET) or DD/MM/YYYY (the manual's batch example); None means today."""
    if text is None:
        return today
    match = _DATE.fullmatch(text)
    try:
        if match is None or not FIRST_YEAR <= int(match[4]) <= LAST_YEAR:
            raise ValueError(text)
        return date(int(match[4]), int(match[3]), int(match[1]))
    except ValueError:
        raise DeadlineError(
            "PRZ-005", f"Data inválida no campo '{name}': use o formato DD-MM-AAAA ({_shown(text)})"
        ) from None


_CEP_ERRORS: Mapping[str, tuple[str, str]] = {
    "cepOrigem": ("PRZ-010", "CEP de origem"),
    "cepDestino": ("PRZ-011", "CEP de destino"),
}


def check_cep(text: str | None, name: str) -> str:
    """An existing 8-digit CEP (the price catalog's UF ranges)."""
    if text is None:
        raise DeadlineError("PRZ-004", f"Campo '{name}' obrigatório")
    if not _CEP.fullmatch(text):
        code, label = _CEP_ERRORS.get(name, ("PRZ-011", "CEP"))
        raise DeadlineError(code, f"{label} inválido: {_shown(text)}")
    if cat.uf_of(text) is None:
        raise DeadlineError("PRZ-012", f"CEP {text} inexistente")
    return text


ALIASES: Mapping[str, str] = {"04162": "03220", "04669": "03298"}
"""Contract product codes of the operator's manual, read as the catalog's SEDEX and PAC."""


def national_product(code: str) -> cat.Product:
    """The catalog's national product for a code (or the manual's aliases)."""
    product = cat.PRODUCTS.get(ALIASES.get(code, code))
    if product is None or product.scope is not cat.Scope.NACIONAL:
        raise DeadlineError("PRZ-001", f"Produto {_shown(code)} não encontrado entre os produtos nacionais")
    return product


def product_code(raw: Mapping[str, Any]) -> str:
    code = text_field(raw, "coProduto")
    if code is None:
        raise DeadlineError("PRZ-004", "Campo 'coProduto' obrigatório")
    return code.zfill(5) if _DIGITS.fullmatch(code) else code


# -- the model --------------------------------------------------------------------------------

SEDEX_BASE: Mapping[cat.Category, int] = dict(zip(cat.Category, (1, 1, 1, 1, 2), strict=True))
PAC_BASE: Mapping[cat.Category, int] = dict(zip(cat.Category, (3, 4, 5, 5, 7), strict=True))
LARGE_FORMATS = frozenset({"03212", "03328"})
SATURDAY_PRODUCTS = frozenset({"03158", "03140", "03204"})
HOUR_PROMISE: Mapping[str, str] = {"03158": "10h", "03140": "12h"}
NEAR = frozenset({cat.Category.LOCAL, cat.Category.ESTADUAL, cat.Category.REGIONAL, cat.Category.NACIONAL_1})

PICKUP_ONLY: tuple[cat.CepRange, ...] = (
    cat.CepRange(69750, 69899, "AM"),
    cat.CepRange(68250, 68299, "PA"),
    cat.CepRange(69370, 69399, "RR"),
    cat.CepRange(68950, 68999, "AP"),
)
"""Interior CEP ranges without home delivery: the parcel waits at the branch."""


def home_delivery(cep: str) -> bool:
    prefix = cat.cep_prefix(cep)
    return not any(prefix in r for r in PICKUP_ONLY)


@dataclass(frozen=True)
class Deadline:
    """A national deadline: business days, the last day, and how the parcel is handed over."""

    days: int
    due: date
    home: bool
    saturday: bool
    message: str | None


def business_days(product: cat.Product, route: cat.Corridor) -> int:
    """The corridor model's days for a product that serves the route (module docstring)."""
    if product.local_only:
        return 0
    origin_interior = 0 if route.origin_capital else 1
    destination_interior = 0 if route.destination_capital else 1
    remote = 1 if route.remote else 0
    if product.family == "SEDEX":
        days = SEDEX_BASE[route.category] + origin_interior + destination_interior + remote
    else:
        days = PAC_BASE[route.category] + origin_interior + 2 * destination_interior + 2 * remote
        days += 1 if product.family == "MINI" else 0
    return days + (1 if product.code in LARGE_FORMATS else 0)


def _message(product: cat.Product, route: cat.Corridor, home: bool) -> str | None:
    notes = []
    hour = HOUR_PROMISE.get(product.code)
    if hour is not None:
        in_reach = route.origin_capital and route.destination_capital and route.category in NEAR
        notes.append(
            f"Entrega até as {hour} do dia previsto"
            if in_reach
            else f"Trecho fora da área de entrega até as {hour}: prazo do SEDEX"
        )
    if not home:
        notes.append("Localidade sem entrega domiciliar: retirada na agência de destino")
    return "; ".join(notes) or None


def national_deadline(code: str, origin: str | None, destination: str | None, posted: date) -> Deadline:
    """The deadline of one product on one route from a posting day (DeadlineError if none)."""
    product = national_product(code)
    origin_cep, destination_cep = check_cep(origin, "cepOrigem"), check_cep(destination, "cepDestino")
    route = cat.corridor(origin_cep, destination_cep)
    if not product.covers(posted):
        raise DeadlineError("PRZ-002", f"Produto {code} não vigente em {posted:%d-%m-%Y}")
    if not product.serves(route):
        raise DeadlineError(PRZ_NOT_SERVED, NOT_SERVED_TEXT)
    days = business_days(product, route)
    home = home_delivery(destination_cep)
    return Deadline(
        days,
        add_business_days(posted, days),
        home,
        product.code in SATURDAY_PRODUCTS,
        _message(product, route, home),
    )


def _yes_no(flag: bool) -> str:
    return "S" if flag else "N"


def deadline_record(raw: Mapping[str, Any], today: date) -> dict[str, Any]:
    """One PrazoNacional answer for wire fields; raises DeadlineError."""
    code = product_code(raw)
    posted = parse_date(text_field(raw, "dtEvento"), "dtEvento", today)
    deadline = national_deadline(code, text_field(raw, "cepOrigem"), text_field(raw, "cepDestino"), posted)
    record = {
        "coProduto": code,
        "nuRequisicao": text_field(raw, "nuRequisicao"),
        "prazoEntrega": deadline.days,
        "dataMaxima": wire_timestamp(deadline.due),
        "entregaDomiciliar": _yes_no(deadline.home),
        "entregaSabado": _yes_no(deadline.saturday),
        "entregaDomingo": "N",
        "msgPrazo": deadline.message,
    }
    return _present(record)


def _present(record: dict[str, Any]) -> dict[str, Any]:
    """The keys that have a value: the manual's answers leave out what is not there
    (no ``txErro`` on a success, no ``nuRequisicao`` when none was sent), never null."""
    return {key: value for key, value in record.items() if value is not None}


def deadline_item(raw: Mapping[str, Any], today: date) -> tuple[dict[str, Any], bool]:
    """One batch item: its record and True, or only coProduto, nuRequisicao, txErro and False."""
    try:
        return deadline_record(raw, today), True
    except DeadlineError as error:
        ids = [raw.get(name) for name in ("coProduto", "nuRequisicao")]
        shown = [str(v) if isinstance(v, str | int) and not isinstance(v, bool) else None for v in ids]
        return _present({"coProduto": shown[0], "nuRequisicao": shown[1], "txErro": error.message}), False


def batch_too_large(count: int) -> str:
    """The batch-level message when a batch holds more than five items."""
    return f"{PRZ_BATCH_TOO_LARGE}: O lote aceita no máximo {MAX_BATCH} itens (recebidos {count})"


def batch_status(outcomes: Sequence[bool]) -> int:
    """200 when every item has a deadline (or there are none), 206 when some do, 400 when none do:
    REFERENCE's "a mixed batch may come back 206" and the issue's "400 with per-item results"."""
    if all(outcomes):
        return 200
    return 206 if any(outcomes) else 400


# -- expected date, pick-up, international ----------------------------------------------------


def expected_date(raw: Mapping[str, Any], today: date) -> date:
    """`data-prevista`: `prazo` business days after `dtPostagem` (the CEPs are checked, not used:
    the sandbox has no municipal holidays)."""
    check_cep(text_field(raw, "cepOrigem"), "cepOrigem")
    check_cep(text_field(raw, "cepDestino"), "cepDestino")
    text = text_field(raw, "prazo")
    if text is None:
        raise DeadlineError("PRZ-004", "Campo 'prazo' obrigatório")
    if not _DIGITS.fullmatch(text) or len(text) > 3 or int(text) > MAX_DAYS:
        raise DeadlineError("PRZ-006", f"Prazo inválido: informe de 0 a {MAX_DAYS} dias ({_shown(text)})")
    posted = parse_date(text_field(raw, "dtPostagem"), "dtPostagem", today)
    return add_business_days(posted, int(text))


def pickup_days(cep: str) -> int:
    """Business days until a pick-up (coleta): capitals 1, interior 2, remote interior 3,
    localities without home delivery 5."""
    uf, capital = cat.uf_of(check_cep(cep, "cep")), cat.capital_of(cep)
    if not home_delivery(cep):
        return 5
    if capital is not None and capital == uf:
        return 1
    return 3 if uf in cat.REMOTE_UFS else 2


INTERNATIONAL_DAYS: Mapping[str, tuple[tuple[int, int], ...]] = {
    "45128": ((3, 5), (4, 6), (4, 7), (5, 9)),
    "45110": ((6, 10), (7, 12), (8, 14), (10, 18)),
    "45209": ((10, 20), (12, 25), (15, 30), (20, 40)),
}
"""Business days (minimum, maximum) of each export product by price zone 1..4."""


def international_deadline(code: str, country: str | None, posted: date) -> dict[str, Any]:
    """An export product's window to a country it serves (the price catalog's countries)."""
    product = cat.PRODUCTS.get(code)
    if product is None or product.scope is not cat.Scope.INTERNACIONAL:
        raise DeadlineError(
            "PRZ-001", f"Produto {_shown(code)} não encontrado entre os produtos internacionais"
        )
    if country is None:
        raise DeadlineError("PRZ-004", "Campo 'sgPaisDestino' obrigatório")
    if not _COUNTRY.fullmatch(country):
        raise DeadlineError("PRZ-061", f"País de destino inválido: {_shown(country)} (sigla ISO de 2 letras)")
    destination = cat.COUNTRIES.get(country.upper())
    if destination is None or destination.code not in product.countries:
        raise DeadlineError(PRZ_NOT_SERVED, f"{NOT_SERVED_TEXT} (país {country.upper()})")
    low, high = INTERNATIONAL_DAYS[product.code][destination.zone - 1]
    return {
        "coProduto": product.code,
        "sgPaisDestino": destination.code,
        "prazoMinimo": low,
        "prazoMaximo": high,
        "dataMinEntrega": wire_timestamp(add_business_days(posted, low)),
        "dataMaxEntrega": wire_timestamp(add_business_days(posted, high)),
    }
