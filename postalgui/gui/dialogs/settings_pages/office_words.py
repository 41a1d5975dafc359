"""The office database's rules and failures in the user's language (context ``office_words``).

The store says them in English (`postalgui.store`); `services.office.problems` reads back
their kind and the server's own reason, and these functions word them. The server's
reason (libpq's text) stays as the server said it, like the operator's words do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.models.formatting import format_count
from postalgui.services.office.problems import NoServerError, UrlRule, office_problem

if TYPE_CHECKING:  # SQLAlchemy loads when a Test or Copy runs, not with the dialog
    from postalgui.services.office.use_cases import DatabaseReport
    from postalgui.store.copy import Copied

__all__ = ["copied_rows", "problem_text", "report_text", "url_rule_text"]

_CONTEXT = "office_words"

_URL_RULES: dict[UrlRule, object] = {
    "format": QT_TRANSLATE_NOOP(
        "office_words", "Office database URL: write it as postgresql://user@server:5432/database"
    ),
    "engine": QT_TRANSLATE_NOOP(
        "office_words", "Office database URL: only PostgreSQL is supported (postgresql://…)"
    ),
    "password": QT_TRANSLATE_NOOP(
        "office_words",
        "Office database URL: leave the password out; type it in the Password field (kept in the keyring)",
    ),
    "server": QT_TRANSLATE_NOOP(
        "office_words", "Office database URL: name the server, as postgresql://user@server:5432/database"
    ),
    "host": QT_TRANSLATE_NOOP(
        "office_words",
        "Office database URL: the server's name is letters, digits, '-' and '.', each part between dots "
        "at most 63 characters and 253 in all (a '@' or ':' of the user name or the password is written "
        "%40 or %3A)",
    ),
    "database": QT_TRANSLATE_NOOP(
        "office_words",
        "Office database URL: name the database after the server, as postgresql://user@server/postalgui",
    ),
    "port": QT_TRANSLATE_NOOP("office_words", "Office database URL: the port must be from 1 to 65535"),
}

_PROBLEMS: dict[str, object] = {
    "refused": QT_TRANSLATE_NOOP(
        "office_words", "The server refused the login: check the user name in the URL and the password (%1)."
    ),
    "missing": QT_TRANSLATE_NOOP(
        "office_words", "The server has no such database: create it, or check the URL (%1)."
    ),
    "unreachable": QT_TRANSLATE_NOOP(
        "office_words",
        "Could not connect to the server: check that it is running, its address and the network (%1).",
    ),
    "newer": QT_TRANSLATE_NOOP(
        "office_words",
        "The database was written by a newer PostalGUI: open it with that version or give another one (%1).",
    ),
    "damaged": QT_TRANSLATE_NOOP(
        "office_words",
        "The database file is damaged: restore a backup, or move it away and an empty one is started (%1).",
    ),
    "schema": QT_TRANSLATE_NOOP(
        "office_words",
        "The database lacks the tables of its schema: it was changed by hand or by another program (%1).",
    ),
    "unopenable": QT_TRANSLATE_NOOP(
        "office_words", "The database cannot be opened: check the server and the URL (%1)."
    ),
}

_TABLES: dict[str, object] = {
    "quote": QT_TRANSLATE_NOOP("office_words", "Quotes"),
    "quote_deadline": QT_TRANSLATE_NOOP("office_words", "Quote deadlines"),
    "job": QT_TRANSLATE_NOOP("office_words", "Invoice jobs"),
    "preset": QT_TRANSLATE_NOOP("office_words", "Presets"),
}


def _tr(text: object) -> str:
    return QCoreApplication.translate(_CONTEXT, str(text))


def url_rule_text(rule: UrlRule) -> str:
    """The line under the URL field: the field and the rule it breaks."""
    return _tr(_URL_RULES[rule])


def problem_text(error: BaseException) -> str:
    """One line for a failed Test or Copy, without any password: what happened in the
    user's language, then the system's own words in parentheses (libpq's, the store's)."""
    if isinstance(error, NoServerError):
        return QCoreApplication.translate(
            "office_words", "Type the office database URL first: the copy goes into that server."
        )
    problem = office_problem(str(error))
    if problem is not None:
        return arg(_tr(_PROBLEMS[problem.kind]), problem.reason)
    if isinstance(error, ValueError | RuntimeError) and str(error):
        # A store error of a kind not worded above (English): said, its words after it.
        return arg(
            QCoreApplication.translate("office_words", "The office database could not be used (%1)."), error
        )
    return describe_error(error)


def report_text(report: DatabaseReport) -> str:
    """``PostgreSQL 15.4: 1.234 quotes, 12 jobs, 1 preset`` (each count with its plural)."""
    counts = ", ".join(
        (
            QCoreApplication.translate("office_words", "%Ln quote(s)", "", report.quotes),
            QCoreApplication.translate("office_words", "%Ln job(s)", "", report.jobs),
            QCoreApplication.translate("office_words", "%Ln preset(s)", "", report.presets),
        )
    )
    return arg(QCoreApplication.translate("office_words", "%1 %2: %3"), report.engine, report.version, counts)


def table_name(table: str) -> str:
    """An office table as the user knows it ("Quotes")."""
    name = _TABLES.get(table)
    return table if name is None else _tr(name)


def copied_rows(copied: list[Copied]) -> list[str]:
    """One line per kind: ``Quotes: 1.224 copied, 10 already there``."""
    return [
        arg(
            QCoreApplication.translate("office_words", "%1: %2 copied, %3 already there"),
            table_name(each.table),
            format_count(each.copied),
            format_count(each.skipped),
        )
        for each in copied
    ]
