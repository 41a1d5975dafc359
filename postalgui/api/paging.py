"""Walking the pages of a list operation (spec 001, section 8), for every service that pages.

Public clients of these APIs mostly get paging wrong (REFERENCE.md): they stop at the
first page, or loop forever on a deployment that ignores ``page``. The walk reads
``page.totalPages`` and stops at the last page, at an empty or short page, and at an
answer that is not the page asked for.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from pydantic import BaseModel

from postalgui.api.models.paging import Page

__all__ = ["MAX_PAGES", "walk_pages"]

log = logging.getLogger(__name__)

MAX_PAGES = 10_000
"""A bound on page walks, so a deployment that never says "last page" cannot loop forever."""

_Model = TypeVar("_Model", bound=BaseModel)


def walk_pages(
    fetch: Callable[[int], Page[_Model]],
    *,
    progress: Callable[[int, int], None] | None = None,
) -> list[_Model]:
    """Every item of every page, from page 0 on, until the envelope says it was the last.

    Stops early on an empty page, on a page shorter than the first (a short page is the
    last, whatever ``totalPages`` says), and when the answer is not the page asked for.
    ``progress(pages_done, total_pages)`` after each page.
    """
    first = fetch(0)
    items = list(first.itens)
    total = min(first.page.totalPages, MAX_PAGES)
    full = len(first.itens)
    if progress:
        progress(1, max(total, 1))
    current, number = first, 0
    while not current.last and len(current.itens) >= full > 0 and number + 1 < total:
        number += 1
        current = fetch(number)
        if current.page.number != number:
            log.warning(
                "asked for page %d, the operator answered page %d; stopping", number, current.page.number
            )
            break
        items.extend(current.itens)
        if progress:
            progress(number + 1, total)
    return items
