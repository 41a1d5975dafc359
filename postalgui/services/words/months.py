"""A month as a person reads it: ``nov/2026`` in Portuguese, ``Nov 2026`` in English, the
one way a month reads in the Claims tab, the Overview's charts, the exports, the PDFs and
the command line. Here, apart from any domain, so a reader of months loads nothing else
(the Claims words pull in the claims' models: half a second of imports for the Overview)."""

from __future__ import annotations

from collections.abc import Mapping

from postalgui.services.words import language_of

__all__ = ["month_words"]

_MONTHS: Mapping[str, tuple[str, ...]] = {
    "pt": ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"),
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
}
_MONTH_FORMS: Mapping[str, str] = {"pt": "{name}/{year}", "en": "{name} {year}"}


def month_words(month: str, language: str = "pt") -> str:
    """``"2026-11"`` as "nov/2026" (Portuguese) or "Nov 2026" (English). A value not in
    the form ``YYYY-MM`` stays as it is."""
    year, _, number = month.partition("-")
    if not (year.isdigit() and number.isdigit() and 1 <= int(number) <= 12):
        return month
    language = language_of(language)
    return _MONTH_FORMS[language].format(name=_MONTHS[language][int(number) - 1], year=year)
