"""Shipments in the clerk's words (Portuguese by default, English on request).

The services keep the operator's codes (status ``2``, product ``03298``, format ``2``,
additional service ``001``); the Pre-postings page and the dialogs say "Pré-postado" /
"Pre-posted", "PAC", "Caixa ou pacote", "Aviso de recebimento", never a bare code,
through Qt's catalog. Context ``ShippingWords`` for every string here. Keys are the wire
values as text, so a `PrepostingStatus` (a `StrEnum`) finds its word as the string does.
A status number this version does not know reads "Unknown (9)" with the operator's word;
the office's own "labelled" mark (`labelled_word`) is no status.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.gui.messages import arg
from postalgui.services.price.products import NATIONAL_PRODUCTS, product_name

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
_STATUS_WORDS: dict[str, object] = {
    "1": QT_TRANSLATE_NOOP("ShippingWords", "Pre-attended"),
    "2": QT_TRANSLATE_NOOP("ShippingWords", "Pre-posted"),
    "3": QT_TRANSLATE_NOOP("ShippingWords", "Posted"),
    "4": QT_TRANSLATE_NOOP("ShippingWords", "Expired"),
    "5": QT_TRANSLATE_NOOP("ShippingWords", "Cancelled"),
    "6": QT_TRANSLATE_NOOP("ShippingWords", "Reversed"),
    "7": QT_TRANSLATE_NOOP("ShippingWords", "Pending"),
}
SHOWN_STATUSES: tuple[str, ...] = tuple(_STATUS_WORDS)
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
    found = _STATUS_WORDS.get(str(number))
    if found is not None:
        return _tr(found)
    if not number:
        return QCoreApplication.translate(_CONTEXT, "No status")
    unknown = arg(QCoreApplication.translate(_CONTEXT, "Unknown (%1)"), number)
    return f"{unknown}: {word}" if word else unknown


def labelled_word(labelled: bool) -> str:
    """The office's own mark: "Labelled" once a label was issued here, else empty."""
    return QCoreApplication.translate(_CONTEXT, "Labelled") if labelled else ""


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
