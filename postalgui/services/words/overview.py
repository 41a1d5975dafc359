"""The Overview's words: where a parcel stands against its expected day, the sections' titles,
the period kinds, and the two amounts of an invoice that are no service
(`postalgui.services.words`).

The Overview tab's charts and tables, the monthly PDF and ``postalgui report`` read these,
so they say the same words.
"""

from __future__ import annotations

from postalgui.services.overview.records import NOT_ITEMIZED, OTHER_CHARGES, Arrival, PeriodKind, Section
from postalgui.services.words import Words, catalogue, word

__all__ = [
    "ARRIVAL",
    "NOT_ITEMIZED_WORDS",
    "OTHER_CHARGES_WORDS",
    "PERIOD",
    "SECTION",
    "arrival_word",
    "period_word",
    "section_title",
    "service_word",
]

ARRIVAL = catalogue(
    Arrival,
    {
        Arrival.ON_TIME: Words("On time", "No prazo"),
        Arrival.LATE: Words("Late", "Atrasado"),
        Arrival.WAITING: Words("On its way", "A caminho"),
        Arrival.LOST: Words("Lost or stolen", "Extraviado ou roubado"),
        Arrival.OTHER: Words("Returned or other", "Devolvido ou outro"),
        Arrival.UNKNOWN: Words("No expected date", "Sem previsão"),
    },
)

SECTION = catalogue(
    Section,
    {
        Section.SPENDING: Words("Spending per month", "Gastos por mês"),
        Section.AVERAGE_PRICE: Words("Average price per parcel", "Preço médio por objeto"),
        Section.STATES: Words("Parcels per state", "Objetos por estado"),
        Section.ON_TIME_SERVICE: Words("On time per service", "Pontualidade por serviço"),
        Section.ON_TIME_WEEK: Words("On time per week", "Pontualidade por semana"),
        Section.LATE_ROUTES: Words("Routes with the most late parcels", "Rotas com mais atrasos"),
        Section.MONEY_BACK: Words("Money back", "Dinheiro de volta"),
        Section.QUOTES_CLERK: Words("Quotes per clerk and day", "Cotações por atendente e dia"),
        Section.CONVERSION: Words("Quotes that became pre-postings", "Cotações que viraram pré-postagens"),
    },
)

PERIOD = catalogue(
    PeriodKind,
    {
        PeriodKind.THIS_MONTH: Words("This month", "Este mês"),
        PeriodKind.LAST_MONTH: Words("Last month", "Mês passado"),
        PeriodKind.QUARTER: Words("This quarter", "Este trimestre"),
        PeriodKind.YEAR: Words("This year", "Este ano"),
        PeriodKind.CUSTOM: Words("Custom", "Personalizado"),
    },
)

NOT_ITEMIZED_WORDS = Words("Not itemized", "Não detalhado")
"""An invoice's amount whose analytic statement the office has not loaded."""
OTHER_CHARGES_WORDS = Words("Other charges", "Outras cobranças")
"""What an itemized invoice charges beyond its services."""


def arrival_word(arrival: Arrival, language: str) -> str:
    return word(arrival, language)


def section_title(section: Section, language: str) -> str:
    return word(section, language)


def period_word(kind: PeriodKind, language: str) -> str:
    return word(kind, language)


def service_word(code: str, name: str, language: str) -> str:
    """A stack's words: not itemized, other charges, else the product's name (else its code)."""
    if code == NOT_ITEMIZED:
        return NOT_ITEMIZED_WORDS.said(language)
    if code == OTHER_CHARGES:
        return OTHER_CHARGES_WORDS.said(language)
    return name or code
