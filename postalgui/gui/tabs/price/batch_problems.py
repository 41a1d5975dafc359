"""The Batch page's list of a file's row problems, each in the clerk's words.

Apart from the file row that reads the file: the problems are one job (turn a
`RowProblem`'s rule back into a translated sentence, the value read back from its
English message) and the file row another (read, say how many rows, Run). A row with a
problem is skipped and the others are sent; each problem names the row as the results
table numbers it and the file's line, and `rows_text` says what was left out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget

from postalgui.api.values import InvalidValue
from postalgui.api.values.errors import MESSAGES
from postalgui.gui.messages import arg, rule_message
from postalgui.services.price.service_choice import declared_limits

if TYPE_CHECKING:
    from postalgui.services.price.batch_csv import RowProblem
from postalgui.api.values import format_brl

__all__ = ["BatchProblemsView", "rows_text"]

LINES_SHOWN = 5
"""Lines of skipped rows named in one sentence; more are an ellipsis (the list has them all)."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("BatchProblemsView", text)


def rows_text(sent: int, skipped_lines: Sequence[int], *, done: bool) -> str:
    """``4 of 5 rows sent; 1 with a problem, line 6`` (``to send`` before the run)."""
    total = QLocale().toString(sent + len(skipped_lines))
    count = QLocale().toString(sent)
    shown = ", ".join(str(line) for line in skipped_lines[:LINES_SHOWN])
    if len(skipped_lines) > LINES_SHOWN:
        shown += ", …"
    if len(skipped_lines) == 1:
        skipped = arg(_tr("1 with a problem, line %1"), shown)
    else:
        skipped = arg(_tr("%1 with problems, lines %2"), QLocale().toString(len(skipped_lines)), shown)
    sentence = _tr("%1 of %2 rows sent; %3") if done else _tr("%1 of %2 rows to send; %3")
    return arg(sentence, count, total, skipped)


class BatchProblemsView(QWidget):
    """How many rows have problems, and each problem on its own line; hidden when none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.problems_label = QLabel(self)
        self.problems_label.setWordWrap(True)
        self.problems_list = QListWidget(self)
        self.problems_list.setAccessibleName(self.tr("Problems in the file"))
        self.problems_list.setMaximumHeight(140)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.problems_label)
        layout.addWidget(self.problems_list)
        self.problems_label.hide()
        self.problems_list.hide()

    def show_problems(self, problems: Sequence[RowProblem]) -> None:
        self.problems_list.clear()
        if not problems:
            self.problems_label.hide()
            self.problems_list.hide()
            return
        self.problems_list.addItems([self.problem_text(problem) for problem in problems])
        rows = len({problem.line for problem in problems})
        if rows == 1:
            text = self.tr("1 row has a problem and is skipped; the other rows are sent.")
        else:
            text = arg(
                self.tr("%1 rows have problems and are skipped; the other rows are sent."),
                QLocale().toString(rows),
            )
        self.problems_label.setText(text)
        self.problems_label.show()
        self.problems_list.show()

    def texts(self) -> list[str]:
        return [self.problems_list.item(row).text() for row in range(self.problems_list.count())]

    def problem_text(self, problem: RowProblem) -> str:
        """``Row 2 (line 3), column Peso (g): Weight must be a whole number of grams (got 'abc')``:
        the row as the results table numbers it, and the file's line."""
        text = self._problem_reason(problem)
        if problem.row and problem.column:
            return arg(
                self.tr("Row %1 (line %2), column %3: %4"), problem.row, problem.line, problem.column, text
            )
        if problem.row:
            return arg(self.tr("Row %1 (line %2): %3"), problem.row, problem.line, text)
        if problem.column:
            return arg(self.tr("Line %1, column %2: %3"), problem.line, problem.column, text)
        return arg(self.tr("Line %1: %2"), problem.line, text)

    def _problem_reason(self, problem: RowProblem) -> str:
        if problem.rule == "price.required":
            return self.tr("Required for pricing")
        if problem.rule == "csv.extra_cells":
            return self.tr("The row has more cells than the header (check the delimiter and quotes).")
        refusal = self._refusal_reason(problem)
        if refusal is not None:
            return refusal
        error = _invalid_value(problem)
        if error is None:
            return problem.message
        translated = rule_message(error)
        # A rule the GUI has no translation for comes back as a generic sentence; the
        # English message names the problem better then.
        return problem.message if translated == _generic(error.value) else translated

    def _refusal_reason(self, problem: RowProblem) -> str | None:
        """The declared-value rule's refusals (`service_choice.Refusal`), translated."""

        params = problem.params
        product = str(params.get("product", ""))
        if problem.rule == "no_declared_value":
            return arg(
                self.tr("Product %1 has no declared-value service, so the declared value cannot be priced."),
                product,
            )
        if problem.rule == "service_not_offered":
            return arg(
                self.tr("Product %1 does not offer additional service %2."),
                product,
                params.get("service", ""),
            )
        if problem.rule == "declared_out_of_limits":
            limits = declared_limits(params)
            if limits is not None:
                value, low, high = limits
                return arg(
                    self.tr("Declared value %1 is outside the limits of product %2 (%3 to %4)."),
                    format_brl(value),
                    product,
                    format_brl(low),
                    format_brl(high),
                )
            return problem.message
        return None


def _generic(value: str) -> str:
    """messages.rule_message's sentence for a rule it does not know."""
    return arg(QCoreApplication.translate("messages", "Invalid value: '%1'"), value)


def _invalid_value(problem: RowProblem) -> InvalidValue | None:
    """The `InvalidValue` behind a problem, rebuilt from its English message, if it can be.

    `RowProblem` keeps the rule and the English text, not the offending value; the
    value is read back from the text through the rule's own template.
    """
    if not problem.rule:
        return None
    template = MESSAGES.get(problem.rule)
    if template is None:
        return None
    pattern = re.escape(template)
    names: list[str] = []

    def group(match: re.Match[str]) -> str:
        name = match[1]
        if name in names:
            return f"(?P={name})"
        names.append(name)
        return f"(?P<{name}>.*?)"

    pattern = re.sub(r"\\\{(\w+)\\\}", group, pattern)
    found = re.fullmatch(pattern, problem.message, flags=re.DOTALL)
    if found is None:
        return None
    params = found.groupdict()
    value = params.pop("value", "")
    return InvalidValue(problem.rule, value, **params)
