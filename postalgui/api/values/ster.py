"""Values of the counter registration system (spec 002): protocols, ticket text, sizes.

A protocol is 14 digits: year (2) + contractor (2) + sequence (10) (spec 2.2). Ticket
text is lines of at most 50 characters joined by ``+``, 4,000 characters in all (2.4).
Text a person typed is wrapped to those lines (`ticket_from_text`); lines given as
printed lines (`join_ticket`) and a wire form (`check_ticket`) are checked, never cut.
None of them, nor the operator code or the client key, carries a control character
(`values.text`: rule ``text.control``; a typed ticket's line breaks are what make its lines).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass

from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.text import one_line, plain_text, trimmed

__all__ = [
    "CODE_MAX",
    "CODE_MIN",
    "Protocol",
    "check_client_key",
    "check_operator_code",
    "check_quantity",
    "check_ticket",
    "join_ticket",
    "parse_protocol",
    "parse_ster_contract",
    "split_ticket",
    "ticket_from_text",
    "wrap_ticket_line",
]

CODE_MIN = 300
CODE_MAX = 700
TICKET_LINE = 50
TICKET_MAX = 4000
CLIENT_KEY_MAX = 30
CONTRACT_LENGTH = 12
_PROTOCOL = re.compile(r"\d{14}", flags=re.ASCII)
_QUANTITY = re.compile(r"[1-9]\d{0,2}", flags=re.ASCII)
_CONTRACT = re.compile(r"[0-9A-Za-z]{12}", flags=re.ASCII)


@dataclass(frozen=True, order=True)
class Protocol:
    """One attendance's protocol number, with its three parts."""

    digits: str

    @property
    def year(self) -> int:
        """The four-digit year (the protocol carries its last two digits)."""
        return 2000 + int(self.digits[:2])

    @property
    def contractor(self) -> str:
        return self.digits[2:4]

    @property
    def sequence(self) -> int:
        return int(self.digits[4:])

    def __str__(self) -> str:
        return self.digits


def parse_protocol(text: object) -> Protocol:
    """A protocol from its 14 digits (a JSON number is accepted: the spec types it N)."""
    value = str(text).strip() if isinstance(text, str | int) and not isinstance(text, bool) else None
    if value is None or not _PROTOCOL.fullmatch(value):
        raise InvalidValue("protocol.format", text)
    return Protocol(value)


def parse_ster_contract(text: str) -> str:
    """The registration system's contract number: 12 characters (spec 4.1)."""
    value = text.strip() if isinstance(text, str) else ""
    if not _CONTRACT.fullmatch(value):
        raise InvalidValue("ster.contract", text)
    return value


def check_operator_code(code: str) -> str:
    """The operator code as received (300 to 700 characters), stripped of surrounding blanks."""
    value = trimmed(code, "codigoOperador") if isinstance(code, str) else ""
    if not CODE_MIN <= len(value) <= CODE_MAX:
        raise InvalidValue("ster.code_length", code, count=len(value))
    return value


def check_quantity(value: object) -> str:
    """Quantity of services as the wire takes it: 1 to 3 digits, at least 1."""
    text = str(value).strip() if isinstance(value, str | int) and not isinstance(value, bool) else ""
    if not _QUANTITY.fullmatch(text):
        raise InvalidValue("ster.quantity", value)
    return text


def check_client_key(value: str) -> str:
    """The partner's own record key (order, title, proposal): at most 30 characters."""
    text = trimmed(value, "chaveCliente")
    if len(text) > CLIENT_KEY_MAX:
        raise InvalidValue("ster.client_key", text, count=len(text))
    return text


def ticket_from_text(text: str) -> str:
    """The wire form of a ticket typed or read from a file: each text line wrapped into
    printed lines of at most 50 characters (`wrap_ticket_line`), then joined and checked."""
    lines = _trimmed(plain_text(text, "textoTicket").split("\n"))
    for number, line in enumerate(lines, start=1):
        if "+" in line:
            raise InvalidValue("ster.ticket_plus", line, line=number)
    return join_ticket(printed for line in lines for printed in wrap_ticket_line(line))


def wrap_ticket_line(line: str) -> list[str]:
    """One typed line as the printed lines of at most 50 characters it becomes.

    Broken at the last blank that fits, as a printer's word wrap does; a word longer
    than a line is cut. A line that fits (an empty one too) stays as it is.
    """
    text = line.rstrip()
    if len(text) <= TICKET_LINE:
        return [text]
    return textwrap.wrap(
        text, TICKET_LINE, expand_tabs=False, replace_whitespace=False, break_on_hyphens=False
    )


def join_ticket(lines: Iterable[str]) -> str:
    """Printed ticket lines joined by ``+`` after checking each line and the whole (spec 2.4)."""
    checked = _trimmed(lines)
    for number, text in enumerate(checked, start=1):
        one_line(text, "textoTicket")
        if "+" in text:
            raise InvalidValue("ster.ticket_plus", text, line=number)
        if len(text) > TICKET_LINE:
            raise InvalidValue("ster.ticket_line", text, line=number, count=len(text))
    joined = "+".join(checked)
    if len(joined) > TICKET_MAX:
        raise InvalidValue("ster.ticket_length", len(joined), count=len(joined))
    return joined


def check_ticket(wire: str) -> str:
    """A ticket in its wire form (lines joined by ``+``) that keeps the spec's rules (2.4):
    at most 4,000 characters, at most 50 in each line. Returned as given."""
    if len(wire) > TICKET_MAX:
        raise InvalidValue("ster.ticket_length", len(wire), count=len(wire))
    one_line(wire, "textoTicket")
    for number, text in enumerate(split_ticket(wire), start=1):
        if len(text) > TICKET_LINE:
            raise InvalidValue("ster.ticket_line", text, line=number, count=len(text))
    return wire


def _trimmed(lines: Iterable[str]) -> list[str]:
    """Lines without trailing blanks, and without the empty lines at the end."""
    kept = [line.rstrip() for line in lines]
    while kept and not kept[-1]:
        kept.pop()
    return kept


def split_ticket(text: str) -> list[str]:
    """The lines of a ticket as the wire carries it (``+`` separates them)."""
    return text.split("+") if text else []
