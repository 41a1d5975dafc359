"""What the branch search's codes mean, in the interface's words.

The operator answers in codes and capitals (``09``, ``AGENCIA CORREIO``, status ``3``,
``inCliqueRetire`` ``S``); a clerk expects "Branch", "Temporarily closed" and "Yes".
Known codes have translated words; a code the spec does not list is shown with the
operator's own description, never bare. Opening states read as the office says them
("Open now, closes at 18:00", "Closed, opens tomorrow at 09:00"), in the unit's own
time zone: the times come from `postalgui.services.branches.hours` already on the
unit's clock.

Shared by the Branches tab and the Tracking detail (the branch a parcel waits at): tabs
never import each other, so the words live here, beside the other shared models.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.api.models.branches import Unit, UnitStatusCode
from postalgui.api.values import InvalidValue, format_cep
from postalgui.gui.messages import arg
from postalgui.services.branches.hours import OpeningState

__all__ = [
    "TYPE_CODES",
    "address_lines",
    "cep_text",
    "opening_text",
    "place_text",
    "status_meaning",
    "status_word",
    "type_word",
    "weekday_name",
    "yes_no",
]

_CONTEXT = "BranchWords"

# Spec 001, 2.3: the unit types the operator lists (QT_TRANSLATE_NOOP is typed as returning object).
_TYPE_WORDS: dict[str, object] = {
    "09": QT_TRANSLATE_NOOP("BranchWords", "Branch"),
    "12": QT_TRANSLATE_NOOP("BranchWords", "Community branch"),
    "15": QT_TRANSLATE_NOOP("BranchWords", "Franchised branch"),
    "16": QT_TRANSLATE_NOOP("BranchWords", "Home delivery centre"),
    "18": QT_TRANSLATE_NOOP("BranchWords", "Parcel delivery centre"),
    "20": QT_TRANSLATE_NOOP("BranchWords", "Letter and parcel sorting centre"),
    "21": QT_TRANSLATE_NOOP("BranchWords", "Integrated logistics centre"),
    "24": QT_TRANSLATE_NOOP("BranchWords", "Sales point"),
    "25": QT_TRANSLATE_NOOP("BranchWords", "Satellite branch"),
    "27": QT_TRANSLATE_NOOP("BranchWords", "Community post box"),
    "43": QT_TRANSLATE_NOOP("BranchWords", "Corporate service centre"),
    "46": QT_TRANSLATE_NOOP("BranchWords", "Locker"),
}
TYPE_CODES = tuple(_TYPE_WORDS)
"""The type codes of spec 2.3, in the spec's order."""

_STATUS_WORDS: dict[UnitStatusCode, object] = {
    UnitStatusCode.NAO_INSTALADO: QT_TRANSLATE_NOOP("BranchWords", "Not installed"),
    UnitStatusCode.INSTALADO: QT_TRANSLATE_NOOP("BranchWords", "Installed"),
    UnitStatusCode.FECHADO_PROVISORIAMENTE: QT_TRANSLATE_NOOP("BranchWords", "Temporarily closed"),
    UnitStatusCode.EXTINTO: QT_TRANSLATE_NOOP("BranchWords", "Closed down"),
    UnitStatusCode.EM_EXTINCAO: QT_TRANSLATE_NOOP("BranchWords", "Closing down"),
    UnitStatusCode.OUTROS: QT_TRANSLATE_NOOP("BranchWords", "Other"),
}

_STATUS_MEANINGS: dict[UnitStatusCode, object] = {
    UnitStatusCode.NAO_INSTALADO: QT_TRANSLATE_NOOP(
        "BranchWords", "registered but not yet open to the public"
    ),
    UnitStatusCode.INSTALADO: QT_TRANSLATE_NOOP("BranchWords", "working normally"),
    UnitStatusCode.FECHADO_PROVISORIAMENTE: QT_TRANSLATE_NOOP(
        "BranchWords", "closed for now; expected to reopen"
    ),
    UnitStatusCode.EXTINTO: QT_TRANSLATE_NOOP("BranchWords", "closed for good; do not send anyone there"),
    UnitStatusCode.EM_EXTINCAO: QT_TRANSLATE_NOOP("BranchWords", "about to close for good"),
    UnitStatusCode.OUTROS: QT_TRANSLATE_NOOP("BranchWords", "another situation; ask the operator"),
}

_WEEKDAYS: tuple[object, ...] = (
    QT_TRANSLATE_NOOP("BranchWords", "Monday"),
    QT_TRANSLATE_NOOP("BranchWords", "Tuesday"),
    QT_TRANSLATE_NOOP("BranchWords", "Wednesday"),
    QT_TRANSLATE_NOOP("BranchWords", "Thursday"),
    QT_TRANSLATE_NOOP("BranchWords", "Friday"),
    QT_TRANSLATE_NOOP("BranchWords", "Saturday"),
    QT_TRANSLATE_NOOP("BranchWords", "Sunday"),
)


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _operator_words(text: str | None) -> str:
    """``AGENCIA CORREIO`` as ``Agencia correio``: the operator's words, not shouted."""
    cleaned = " ".join((text or "").split())
    return cleaned[:1].upper() + cleaned[1:].lower() if cleaned.isupper() else cleaned


def type_word(unit_or_code: Unit | str | None) -> str:
    """The unit's type in words ("Branch", "Locker"); an unlisted code by the operator's description."""
    if isinstance(unit_or_code, Unit):
        code = unit_or_code.type_code
        described = unit_or_code.tipoUnidade.descricao if unit_or_code.tipoUnidade else ""
    else:
        code, described = unit_or_code, ""
    known = _TYPE_WORDS.get((code or "").zfill(2)) if code else None
    if known is not None:
        return _tr(str(known))
    if described:
        return _operator_words(described)
    if code:
        return arg(QCoreApplication.translate("BranchWords", "Type %1"), code)
    return QCoreApplication.translate("BranchWords", "Unknown type")


def status_word(status: str | None) -> str:
    """A unit status code in words ("Installed"); an unknown code says so."""
    try:
        known = UnitStatusCode((status or "").strip())
    except ValueError:
        return (
            arg(QCoreApplication.translate("BranchWords", "Status %1"), status)
            if status
            else QCoreApplication.translate("BranchWords", "Unknown status")
        )
    return _tr(str(_STATUS_WORDS[known]))


def status_meaning(status: str | None) -> str:
    """What a status means for someone who wants to go there; empty for an unknown code."""
    try:
        known = UnitStatusCode((status or "").strip())
    except ValueError:
        return ""
    return _tr(str(_STATUS_MEANINGS[known]))


def yes_no(value: bool) -> str:
    return (
        QCoreApplication.translate("BranchWords", "Yes")
        if value
        else QCoreApplication.translate("BranchWords", "No")
    )


def weekday_name(weekday: int) -> str:
    """0 is Monday."""
    return _tr(str(_WEEKDAYS[weekday % 7]))


def cep_text(cep: str | None) -> str:
    """``01310-100``; a CEP that is not 8 digits is shown as sent."""
    if not cep:
        return ""
    try:
        return format_cep(cep)
    except InvalidValue:
        return cep


def place_text(unit: Unit) -> str:
    """``São Paulo/SP``: the list's municipality column (``localidade``, the name as
    people write it, before the operator's upper-case ``municipio``)."""
    address = unit.endereco
    city = address.localidade or address.municipio or ""
    if city and address.uf:
        return f"{city}/{address.uf}"
    return city or address.uf or ""


def address_lines(unit: Unit) -> list[str]:
    """The address as written on an envelope: street and number, neighbourhood, city/UF, CEP."""
    address = unit.endereco
    street = address.logradouro or ""
    number = address.numero or ""
    if number.strip().upper() in {"SN", "S/N", "S N"}:
        number = QCoreApplication.translate("BranchWords", "no number")
    first = ", ".join(part for part in (street, number) if part)
    if address.complemento:
        first = f"{first} – {address.complemento}" if first else address.complemento
    city = place_text(unit)
    lines = [first, address.bairro or "", city.replace("/", " – ") if city else ""]
    cep = cep_text(address.cep)
    if cep:
        lines.append(arg(QCoreApplication.translate("BranchWords", "CEP %1"), cep))
    return [line for line in lines if line]


def _clock(moment: datetime) -> str:
    return moment.strftime("%H:%M")


def _when(moment: datetime, now_local: datetime) -> str:
    """``today at 09:00``, ``tomorrow at 09:00``, ``Monday at 09:00`` (within a week)."""
    days = (moment.date() - now_local.date()).days
    if days <= 0:
        return arg(QCoreApplication.translate("BranchWords", "today at %1"), _clock(moment))
    if days == 1:
        return arg(QCoreApplication.translate("BranchWords", "tomorrow at %1"), _clock(moment))
    return arg(
        QCoreApplication.translate("BranchWords", "%1 at %2"),
        weekday_name(moment.weekday()).lower(),
        _clock(moment),
    )


def opening_text(state: OpeningState, now: datetime) -> str:
    """ "Open now, closes at 18:00" / "Closed, opens tomorrow at 09:00" / "Open 24 hours" /
    "Closed: Temporarily closed" (a unit whose status keeps it shut, whatever its hours).

    ``now`` is any aware moment; "tomorrow" is counted on the unit's clock (the zone of
    the state's own times).
    """
    if state.status is not None:
        return arg(QCoreApplication.translate("BranchWords", "Closed: %1"), status_word(state.status))
    if not state.known:
        return QCoreApplication.translate("BranchWords", "Opening hours not given")
    if state.open:
        if state.always_open or state.closes_at is None:
            return QCoreApplication.translate("BranchWords", "Open 24 hours")
        local = now.astimezone(state.closes_at.tzinfo)
        if state.closes_at.date() != local.date():
            return arg(
                QCoreApplication.translate("BranchWords", "Open now, closes %1"),
                _when(state.closes_at, local),
            )
        return arg(
            QCoreApplication.translate("BranchWords", "Open now, closes at %1"), _clock(state.closes_at)
        )
    if state.opens_at is None:
        return QCoreApplication.translate("BranchWords", "Closed")
    local = now.astimezone(state.opens_at.tzinfo)
    opens = _when(state.opens_at, local)
    if state.on_lunch:
        return arg(QCoreApplication.translate("BranchWords", "Closed for lunch, opens %1"), opens)
    return arg(QCoreApplication.translate("BranchWords", "Closed, opens %1"), opens)
