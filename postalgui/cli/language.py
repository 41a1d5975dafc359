"""The language the command line speaks, and its sentences in Brazilian Portuguese.

`main` picks it once per run: ``--lang``, else Settings' language, else the system locale's,
by the window's rule (`services.language`; Portuguese unless the locale names another
language). Messages, table titles and the words and numbers of text output go through
`say`, `count` and `number`: ``1.500 g`` in Portuguese, ``1,500 g`` in English. JSON stays
machine-neutral (dot decimals, ISO 8601 times, the same keys in both languages); option
names, the operator's own texts and money (always ``R$ 1.234,56``) read the same in both.

No Qt: the CLI runs where Qt is not installed, so its catalogue is a dict (`cli.portuguese`),
keyed by the English sentence as Qt's is, and a test walks the CLI's calls of `say` and
`count` and fails on one without its Portuguese. ``--help`` texts stay in English. What the
window says too (the value rules, the services' `Said` sentences) is not copied here:
`translate` reads it from the window's own ``.ts`` (`services.translations`).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path

from postalgui.api.values import format_number
from postalgui.cli.output import visible
from postalgui.cli.portuguese import SENTENCES
from postalgui.services.language import ENGLISH, PORTUGUESE, saved_language, spoken_language
from postalgui.services.translations import translated

__all__ = [
    "ENGLISH",
    "LANG_CHOICES",
    "PORTUGUESE",
    "count",
    "number",
    "pick",
    "say",
    "speak",
    "spoken",
    "translate",
]

LANG_CHOICES = {"pt": PORTUGUESE, "en": ENGLISH}
"""What ``--lang`` takes, and the language each names."""

_spoken = {"language": ENGLISH}
"""The run's language; English (the source) until `main` picks one, as helpers called alone read it."""


def pick(flag: str | None, settings_file: Path, environ: Mapping[str, str] | None = None) -> str:
    """``--lang``'s language, else Settings', else the locale's (``"pt_BR"`` or ``"en"``)."""
    if flag is not None:
        return LANG_CHOICES[flag]
    return spoken_language(saved_language(settings_file), environ)


def speak(language: str) -> None:
    """Speak ``language`` (``"pt_BR"`` or ``"en"``) from now on."""
    _spoken["language"] = PORTUGUESE if language == PORTUGUESE else ENGLISH


def spoken() -> str:
    """The language spoken now: ``"pt_BR"`` or ``"en"`` (what the services' word catalogues take)."""
    return _spoken["language"]


def say(english: str, /, *, neutral: bool = False, **values: object) -> str:
    """``english`` in the spoken language, its ``{name}`` fields filled from ``values``.

    ``neutral``: in English whatever is spoken, for a sentence JSON carries (machine-neutral,
    the same in both languages) that text output says in the spoken language. A value that
    is not a number is shown `visible`: a file's header or an operator's text may hold a
    terminal's control characters or a line break, and a message says them, never obeys them.
    """
    translated = spoken() == PORTUGUESE and not neutral
    template = SENTENCES.get(english, english) if translated else english
    if not values:
        return template
    return template.format(**{name: _shown(value) for name, value in values.items()})


def _shown(value: object) -> object:
    return value if isinstance(value, int | float | Decimal) else visible(value)


def translate(context: str, english: str) -> str:
    """``english`` of the window's ``context`` (``rules``, ``said``) in the spoken language."""
    return translated(spoken(), context, english)


def number(value: int | Decimal, *, places: int | None = None, trim: bool = False) -> str:
    """``1.234,5`` / ``1,234.5``: grouped with the spoken language's marks."""
    return format_number(value, spoken(), places=places, trim=trim)


def count(amount: int, one: str, many: str) -> str:
    """``1 objeto`` / ``1.500 objetos`` (``1 object`` / ``1,500 objects``)."""
    return f"{number(amount)} {say(one if amount == 1 else many)}"
