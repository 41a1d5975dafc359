"""Return authorizations ("logística reversa"): a pre-posting with ``logisticaReversa`` "S".

The customer sends the parcel back to the company (``remetente`` the customer, ``destinatario``
the company) on a return service, 03301 PAC Reverso or 03247 SEDEX Reverso, whose limits are
PAC's and SEDEX's. It is valid until ``dataValidadeLogReversa`` (DD/MM/YYYY, required, today or
later; at the end of that day it expires, as status 4, unless posted); ``codigoObjetoIda``, the
outbound object, must be an object code when given; ``solicitarColeta`` is S or N.

At creation it gets its object code (no label needed: the customer shows the authorization at
the counter) and an authorization code in the e-ticket's style, 10 digits (the sandbox's own
form: no operator document shows one); the list's ``eticket`` filter finds it by that code.

Whether and when the customer posts it is drawn from the object code: 7 in 10 are posted at a
branch 2 to 23 hours after creation (then the object moves through tracking from the customer's
CEP to the company's, as any tracked object), the others never are and expire.
"""

from __future__ import annotations

import zlib
from datetime import date, datetime, time, timedelta

from postalgui.sandbox.prepost import messages as m
from postalgui.sandbox.prepost.body import PrePostagem
from postalgui.sandbox.tracking.codes import valid_code

REVERSE_SERVICES = {"03301": "03298", "03247": "03220"}
"""Each return service and the product whose limits it follows (PAC Reverso, SEDEX Reverso)."""
POSTED_SHARE = 70
"""Of 100 returns (by object code), how many the customer posts."""
POSTED_HOURS = (2, 23)


def is_return(body: PrePostagem) -> bool:
    return body.logisticaReversa.strip().upper() == "S"


def valid_day(text: str) -> date | None:
    """``dataValidadeLogReversa`` as the operator writes dates, DD/MM/YYYY; ``None`` otherwise."""
    try:
        return datetime.strptime(text.strip(), "%d/%m/%Y").date() if len(text.strip()) == 10 else None
    except ValueError:
        return None


def check_return(body: PrePostagem, today: date) -> None:
    """A return's fields, or PrepostError PPN-017 naming the first bad one (a plain pre-posting
    on a return service too)."""
    flag = body.logisticaReversa.strip().upper()
    if flag not in ("S", "N"):
        raise m.field_error(m.BAD_RETURN, "logisticaReversa", "use S (logística reversa) ou N")
    service = body.codigoServico.zfill(5)
    if flag == "N":
        if service in REVERSE_SERVICES:
            rule = f"o serviço {service} é de logística reversa: informe logisticaReversa S"
            raise m.field_error(m.BAD_RETURN, "codigoServico", rule)
        return
    if service not in REVERSE_SERVICES:
        rule = "logística reversa usa 03301 (PAC Reverso) ou 03247 (SEDEX Reverso)"
        raise m.field_error(m.BAD_RETURN, "codigoServico", rule)
    name = "dataValidadeLogReversa"
    if not body.dataValidadeLogReversa.strip():
        raise m.field_error(m.BAD_RETURN, name, "obrigatório para logística reversa (DD/MM/AAAA)")
    day = valid_day(body.dataValidadeLogReversa)
    if day is None:
        raise m.field_error(m.BAD_RETURN, name, "informe a data como DD/MM/AAAA")
    if day < today:
        raise m.field_error(m.BAD_RETURN, name, f"a validade {day:%d/%m/%Y} já passou")
    outbound = body.codigoObjetoIda.strip().upper()
    if outbound and not valid_code(outbound):
        raise m.field_error(
            m.BAD_RETURN, "codigoObjetoIda", "esperado AA123456789BR com o dígito verificador correto"
        )
    if body.solicitarColeta.strip().upper() not in ("", "S", "N"):
        raise m.field_error(m.BAD_RETURN, "solicitarColeta", "use S ou N")


def valid_until(body: PrePostagem) -> datetime:
    """The last moment a return can be posted: the end of its validity day."""
    day = valid_day(body.dataValidadeLogReversa)
    if day is None:  # checked at creation: a kept one always has it
        raise ValueError("a return without its validity date")
    return datetime.combine(day, time(23, 59, 59))


def posting_delay(code: str) -> timedelta | None:
    """How long after creation the customer posts the return with this object code; ``None``: never."""
    drawn = zlib.crc32(code.encode())
    if drawn % 100 >= POSTED_SHARE:
        return None
    low, high = POSTED_HOURS
    return timedelta(hours=low + drawn // 100 % (high - low + 1))


def authorization_code(serial: int) -> str:
    """The ``serial``-th authorization a world gives: 10 digits, scattered (no count to read on)."""
    return f"{serial * 7_368_787 % 10**10:010d}"
