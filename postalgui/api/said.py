"""A routine error's sentence kept as its English template and values, so each front says it.

The services raise routine errors in English, for logs and for callers that show them as
they are, and the Portuguese window showed that English. A `Said` is that English sentence
(a ``str``: ``str(error)``, ``error.message`` and the logs read as before) that also keeps
its fixed ``template`` and the ``values`` that fill its ``{name}`` fields. The window says
the template through its translations (context ``said`` of
``resources/translations/postalgui_pt_BR.ts``, `gui.messages.describe_error`), the command
line through the same file read without Qt (`services.translations`, `cli.worded`), and
both fill the same values: one catalogue. A value that is itself a `Said` (a word, such as
"someone") is said in the same language.

``tests/gui/test_translations.py`` reads every ``Said("...")`` in the code and fails on a
template without its finished Portuguese, so a new sentence cannot reach the Portuguese
window in English.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Said", "said_of"]


class Said(str):
    """``template.format(**values)``, keeping ``template`` and ``values`` for a translation."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, /, **values: object) -> Said:
        said = super().__new__(cls, template.format(**values) if values else template)
        said.template = template
        said.values = values
        return said

    def said_in(self, translate: Callable[[str], str]) -> str:
        """This sentence in the language of ``translate`` (English template -> its translation);
        a value that is a `Said` is said in that language too."""
        values = {
            name: value.said_in(translate) if isinstance(value, Said) else value
            for name, value in self.values.items()
        }
        text = translate(self.template)
        return text.format(**values) if values else text

    def __reduce__(self) -> tuple[object, ...]:
        # Template and values survive pickling (worker processes, crash reports).
        return (_rebuild, (self.template, self.values))


def _rebuild(template: str, values: dict[str, object]) -> Said:
    return Said(template, **values)


def said_of(error: BaseException) -> Said | None:
    """The `Said` an error was raised with (its first argument), or None for another error."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Said) else None
