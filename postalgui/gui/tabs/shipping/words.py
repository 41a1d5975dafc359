"""Shipments in the clerk's words (Portuguese by default, English on request).

The services keep the operator's codes (status ``2``, product ``03298``, format ``2``,
additional service ``001``); the Pre-postings page and the dialogs say "Pré-postado" /
"Pre-posted", "PAC", "Caixa ou pacote", "Aviso de recebimento", never a bare code. A
status and the office's own "labelled" mark (`labelled_word`, no status) are the
catalogue's words (`postalgui.services.words.shipping`), as ``postalgui ship`` says them;
a status number this version does not know reads "Unknown (9)" with the operator's word.
The rest is Qt's catalog, context ``ShippingWords``. Keys are the wire values as text.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.api.models.prepostings import PrepostingStatus
from postalgui.gui.messages import arg
from postalgui.gui.models.words import said, words_language
from postalgui.services.price.products import NATIONAL_PRODUCTS, product_name
from postalgui.services.shipping.words import status_words
from postalgui.services.words.shipping import LABELLED, STATUS

__all__ = [
    "ADDITIONAL_SERVICES",
    "FORMAT_CODES",
    "NATIONAL_SERVICES",
    "SHOWN_STATUSES",
    "additional_service_word",
    "expiry_text",
    "format_word",
    "labelled_word",
    "service_word",
    "status_word",
]

_CONTEXT = "ShippingWords"

# QT_TRANSLATE_NOOP is typed as returning object.
SHOWN_STATUSES: tuple[str, ...] = tuple(status.value for status in PrepostingStatus)
"""The operator's status numbers (REFERENCE "Pre-posting"), in a pre-posting's life order."""
EXPIRED = "4"
LABELLED_FILTER = "labelled"
UNLABELLED_FILTER = "unlabelled"
"""The status filter's two choices for the office's own mark (not operator statuses)."""

_FORMAT_WORDS: dict[str, object] = {
    "1": QT_TRANSLATE_NOOP("ShippingWords", "Envelope"),
    "2": QT_TRANSLATE_NOOP("ShippingWords", "Box or package"),
    "3": QT_TRANSLATE_NOOP("ShippingWords", "Roll or cylinder"),
}
FORMAT_CODES: tuple[str, ...] = tuple(_FORMAT_WORDS)

_SERVICE_WORDS: dict[str, object] = {
    "001": QT_TRANSLATE_NOOP("ShippingWords", "Receipt notice (AR)"),
    "002": QT_TRANSLATE_NOOP("ShippingWords", "Own hands (MP)"),
}
ADDITIONAL_SERVICES: tuple[str, ...] = tuple(_SERVICE_WORDS)
"""The additional services a clerk ticks: AR and MP (the declared value's service follows
the value typed)."""

NATIONAL_SERVICES: tuple[str, ...] = tuple(NATIONAL_PRODUCTS)
"""The national products a pre-posting may use, in the order a clerk reads them."""


def _tr(text: object) -> str:
    return QCoreApplication.translate(_CONTEXT, str(text))


def status_word(number: str, word: str = "") -> str:
    """ "Pre-posted", "Posted"...; a number this version does not know: "Unknown (9)" with
    the operator's own word (``descStatusAtual``) after it."""
    known = str(number) in STATUS
    return status_words(PrepostingStatus(number) if known else None, number, word, words_language())


def labelled_word(labelled: bool) -> str:
    """The office's own mark: "Labelled" once a label was issued here, else empty."""
    return said(LABELLED) if labelled else ""


def format_word(code: str) -> str:
    """``1`` envelope, ``2`` box or package, ``3`` roll."""
    found = _FORMAT_WORDS.get(code)
    return _tr(found) if found is not None else code


def additional_service_word(code: str) -> str:
    """ "Receipt notice (AR)"; a code without a word here is shown as it is."""
    found = _SERVICE_WORDS.get(code)
    return _tr(found) if found is not None else code


def service_word(code: str) -> str:
    """The product's name ("PAC"), its code when the name is unknown ("Product 12345")."""
    name = product_name(code)
    return name or arg(QCoreApplication.translate(_CONTEXT, "Product %1"), code)


def expiry_text(days: int | None, status: str) -> str:
    """The 7-day expiry in words: "Expires in 5 days", "Expires tomorrow", "Expires today",
    "Expired"; empty when it no longer applies (posted or cancelled)."""
    if str(status) == EXPIRED or (days is not None and days < 0):
        return QCoreApplication.translate(_CONTEXT, "Expired")
    if days is None:
        return ""
    if days == 0:
        return QCoreApplication.translate(_CONTEXT, "Expires today")
    if days == 1:
        return QCoreApplication.translate(_CONTEXT, "Expires tomorrow")
    return QCoreApplication.translate(_CONTEXT, "Expires in %Ln day(s)", "", days)
