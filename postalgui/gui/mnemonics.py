"""Alt+letter mnemonics for the window's tab and menu titles: which letter a title holds,
and a free one for a title that has none.

Apart from `postalgui.gui.tab_navigation` (which uses Qt's namespace): the window's frame
imports these before it is shown, and Qt's namespace costs its Python enums (about 20 ms)
that the frame does not need.
"""

from __future__ import annotations

__all__ = ["mnemonic_letter", "with_mnemonic"]


def mnemonic_letter(text: str) -> str:
    """The letter after the ``&`` of ``text``, upper case; empty without one."""
    at = text.replace("&&", "").find("&")
    return text.replace("&&", "")[at + 1 : at + 2].upper() if at >= 0 else ""


def with_mnemonic(label: str, taken: set[str]) -> str:
    """``label`` with an ``&`` before a letter not in ``taken``, which then holds it too.

    Word-initial letters first, then any other; plain ASCII letters only, so Alt+letter
    can be typed on any layout. A label that has its ``&`` already keeps it, and one
    without a free letter stays as it is. Placed here, not in the translations, so the
    letters stay unique in every language and for every tab added later; the menu
    bar's letters are ``taken`` from the start.
    """
    if mnemonic_letter(label):
        taken.add(mnemonic_letter(label))
        return label
    starts = [i for i, char in enumerate(label) if i == 0 or not label[i - 1].isalnum()]
    rest = [i for i in range(len(label)) if i not in starts]
    for i in starts + rest:
        char = label[i]
        if char.isascii() and char.isalpha() and char.upper() not in taken:
            taken.add(char.upper())
            return f"{label[:i]}&{label[i:]}"
    return label
