"""The branch-search service (spec 001, `/agencia/v1`): units, one unit, types, statuses,
localities.

How the query travels (the spec leaves it open; REFERENCE.md shows the real one):

- list parameters (``id``, ``status``, ``cep``, ``codigoSro``, ``codigoTipoUnidade``)
  repeat their key: ``status=2&status=5``;
- ``nome``, ``municipio`` and ``bairro`` go without accents, whatever the user typed
  (``São Paulo`` travels as ``Sao Paulo``);
- ``dhAlteracaoInicial``/``Final`` are ``YYYY-MM-DDThh:mm:ss`` on the operator's clock;
- ``page`` is 0-based, at most 50 units come per page, ``sort`` is ``field,direction``.

The token is the contract's (spec 5.7). A 403 because the contract lacks the
branch-search service (86711, spec 5.6) becomes `BranchSearchNotContractedError`, which
says exactly that beside the operator's own message.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any
from urllib.parse import quote

from pydantic import ValidationError

from postalgui.api.cancel import Cancelled, CancelToken, cancel_scope
from postalgui.api.cancel import current as current_cancel_token
from postalgui.api.client import OperatorClient
from postalgui.api.errors import InvalidResponseError, PermissionDeniedError
from postalgui.api.models.branches import Locality, Unit, UnitPage, UnitStatus, UnitType
from postalgui.api.paging import MAX_PAGES, walk_pages
from postalgui.api.records import one_record, record_list
from postalgui.api.tokens import TokenScope
from postalgui.api.values import InvalidValue, format_timestamp, parse_cep
from postalgui.api.values.states import STATES
from postalgui.api.values.text import strip_accents, trimmed

__all__ = [
    "BRANCH_SEARCH_SERVICE",
    "MAX_PAGE_SIZE",
    "STATES",
    "BranchClient",
    "BranchSearchNotContractedError",
    "UnitQuery",
    "parse_mcu",
    "parse_sort",
    "parse_uf",
]

BRANCH_SEARCH_SERVICE = "86711"
"""The contract service that enables the branch search (spec 5.6)."""

MAX_PAGE_SIZE = 50
"""The most units the operator sends per page (REFERENCE.md: public clients report 50)."""


_MCU = re.compile(r"\d{8}", flags=re.ASCII)
_TYPE = re.compile(r"\d{1,2}", flags=re.ASCII)
_SORT = re.compile(r"[A-Za-z][A-Za-z0-9.]*,(asc|desc)", flags=re.ASCII | re.IGNORECASE)


class BranchSearchNotContractedError(PermissionDeniedError):
    """403: the token's contract does not include the branch-search service (86711)."""

    def __str__(self) -> str:
        return (
            f"{super().__str__()}. The contract does not include the branch-search service "
            f"({BRANCH_SEARCH_SERVICE}): ask the operator to add it, or pick a contract that has it."
        )


def parse_mcu(value: str | int) -> str:
    """A unit identifier (MCU): exactly 8 digits; rule ``branches.mcu``."""
    text = str(value).strip()
    if isinstance(value, bool) or not _MCU.fullmatch(text):
        raise InvalidValue("branches.mcu", value)
    return text


def parse_uf(value: str) -> str:
    """A state abbreviation, upper case; rule ``branches.uf``."""
    text = value.strip().upper() if isinstance(value, str) else ""
    if text not in STATES:
        raise InvalidValue("branches.uf", value)
    return text


def parse_sort(value: str) -> str:
    """A sort as the self link writes it, ``field,direction`` (``nome,asc``); rule ``branches.sort``."""
    text = value.strip() if isinstance(value, str) else ""
    if not _SORT.fullmatch(text):
        raise InvalidValue("branches.sort", value)
    return text


def _status(value: str) -> str:
    text = str(value).strip()
    if text not in {"1", "2", "3", "4", "5", "6"}:
        raise InvalidValue("branches.status", value)
    return text


def _type_code(value: str) -> str:
    text = str(value).strip()
    if not _TYPE.fullmatch(text):
        raise InvalidValue("branches.type", value)
    return text.zfill(2)


def _name(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    return " ".join(strip_accents(value).split())


def _each(values: Iterable[str], parse: Callable[[str], str]) -> tuple[str, ...]:
    """Parsed, without repeats, in a stable order (so equal queries have equal keys)."""
    return tuple(sorted({parse(value) for value in values}))


@dataclass(frozen=True)
class UnitQuery:
    """The server filters of ``GET /v1/unidades``, checked on construction.

    Raises `InvalidValue` naming the rule (``branches.mcu``, ``branches.uf``, ``cep.*``,
    ``text.control``...) so nothing malformed is ever sent. Names keep what the user typed; `params`
    sends them without accents.
    """

    ids: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    ceps: tuple[str, ...] = ()
    sro_codes: tuple[str, ...] = ()
    type_codes: tuple[str, ...] = ()
    nome: str | None = None
    municipio: str | None = None
    bairro: str | None = None
    uf: str | None = None
    changed_from: datetime | None = None
    changed_to: datetime | None = None

    def __post_init__(self) -> None:
        fix = object.__setattr__
        fix(self, "ids", _each(self.ids, parse_mcu))
        fix(self, "statuses", _each(self.statuses, _status))
        fix(self, "ceps", _each(self.ceps, parse_cep))
        fix(self, "sro_codes", _each(self.sro_codes, lambda code: trimmed(code, "codigoSro")))
        fix(self, "type_codes", _each(self.type_codes, _type_code))
        fix(self, "uf", parse_uf(self.uf) if self.uf and self.uf.strip() else None)
        for name in ("nome", "municipio", "bairro"):
            value = getattr(self, name)
            fix(self, name, " ".join(trimmed(value, name).split()) if value and value.strip() else None)

    def params(self) -> list[tuple[str, str]]:
        """The query string's pairs: list parameters repeated, names without accents."""
        pairs: list[tuple[str, str]] = []
        for key, values in (
            ("id", self.ids),
            ("status", self.statuses),
            ("cep", self.ceps),
            ("codigoSro", self.sro_codes),
            ("codigoTipoUnidade", self.type_codes),
        ):
            pairs.extend((key, value) for value in values)
        for key in ("nome", "municipio", "bairro"):
            text = _name(getattr(self, key))
            if text:
                pairs.append((key, text))
        if self.uf:
            pairs.append(("uf", self.uf))
        if self.changed_from:
            pairs.append(("dhAlteracaoInicial", format_timestamp(self.changed_from)))
        if self.changed_to:
            pairs.append(("dhAlteracaoFinal", format_timestamp(self.changed_to)))
        return pairs

    def key(self) -> str:
        """A stable text naming the server filters (the change period left out): a cache key.

        Names count without accents and case, as the operator compares them.
        """
        pairs = [(name, value.upper()) for name, value in self.without_changes().params()]
        return "&".join(f"{name}={quote(value, safe='')}" for name, value in pairs)

    @property
    def is_everything(self) -> bool:
        """No server filter at all: the whole country."""
        return not self.without_changes().params()

    def without_changes(self) -> UnitQuery:
        return replace(self, changed_from=None, changed_to=None)

    def with_changes(self, changed_from: datetime | None, changed_to: datetime | None = None) -> UnitQuery:
        """The same filters, for units created or changed in that period."""
        return replace(self, changed_from=changed_from, changed_to=changed_to)


class BranchClient:
    """Verb-named calls of the branch-search service, with the contract's token."""

    BASE = "/agencia/v1"
    DEFAULT_PAGE_SIZE = MAX_PAGE_SIZE

    def __init__(self, client: OperatorClient, scope: TokenScope | None = None) -> None:
        self.client = client
        self.scope = scope

    def units(
        self,
        query: UnitQuery | None = None,
        *,
        page: int | None = None,
        size: int | None = None,
        sort: str | None = None,
    ) -> UnitPage:
        """One page of units (``GET /v1/unidades``), with its ``links``."""
        pairs = list((query or UnitQuery()).params())
        if page is not None:
            if isinstance(page, bool) or page < 0:
                raise ValueError(f"page numbers start at 0 (got {page!r})")
            pairs.append(("page", str(page)))
        if size is not None:
            if isinstance(size, bool) or not 1 <= size <= MAX_PAGE_SIZE:
                raise ValueError(f"page size must be 1 to {MAX_PAGE_SIZE} (got {size!r})")
            pairs.append(("size", str(size)))
        if sort is not None:
            pairs.append(("sort", parse_sort(sort)))
        return _unit_page(self._get("/unidades", pairs))

    def all_units(
        self,
        query: UnitQuery | None = None,
        *,
        size: int = MAX_PAGE_SIZE,
        sort: str | None = None,
        concurrency: int = 1,
        progress: Callable[[int, int], None] | None = None,
    ) -> list[Unit]:
        """Every unit of the query; ``progress(pages_done, total_pages)`` after each page.

        With ``concurrency`` 1 the pages come one after the other (`walk_pages`: the walk
        stops at a short or empty page). Above 1, page 0 says how many pages there are and
        the rest are fetched by that many threads at once, each carrying the caller's
        cancel token (cancelling stops new requests at once and ends the waits of those in
        flight); the units come back in page order. A deployment that ignores ``page``
        is caught: an answer for another page than the one asked raises
        `InvalidResponseError` instead of mixing pages.
        """
        if concurrency <= 1:
            return walk_pages(
                lambda number: self.units(query, page=number, size=size, sort=sort), progress=progress
            )
        first = self.units(query, page=0, size=size, sort=sort)
        total = min(first.page.totalPages, MAX_PAGES)
        if progress:
            progress(1, max(total, 1))
        if total <= 1 or not first.itens:
            return list(first.itens)
        return list(first.itens) + self._pages_at_once(
            query, size, sort, range(1, total), concurrency, progress
        )

    def _pages_at_once(
        self,
        query: UnitQuery | None,
        size: int,
        sort: str | None,
        numbers: range,
        concurrency: int,
        progress: Callable[[int, int], None] | None,
    ) -> list[Unit]:
        caller = current_cancel_token()
        token = CancelToken()  # the workers': cancelled with the caller's, or when one fails
        withdraw = caller.on_cancel(token.cancel)
        pages: dict[int, list[Unit]] = {}
        lock = threading.Lock()

        def fetch(number: int) -> None:
            with cancel_scope(token):
                token.raise_if_cancelled()
                page = self.units(query, page=number, size=size, sort=sort)
            if page.page.number != number:
                answered = page.page.number
                raise InvalidResponseError(
                    f"Invalid response from the operator: asked for page {number}, got page {answered}"
                )
            with lock:
                pages[number] = list(page.itens)
                done = len(pages) + 1
            if progress:
                progress(done, numbers.stop)

        executor = ThreadPoolExecutor(
            max_workers=min(concurrency, len(numbers)), thread_name_prefix="postalgui-units"
        )
        try:
            futures = [executor.submit(fetch, number) for number in numbers]
            for future in as_completed(futures):
                error = future.exception()
                if error is not None:
                    raise error if not caller.cancelled else Cancelled()
            caller.raise_if_cancelled()
        finally:
            token.cancel()  # a no-op after success; otherwise queued pages never start
            withdraw()
            executor.shutdown(wait=True, cancel_futures=True)
        return [unit for number in numbers for unit in pages.get(number, ())]

    def unit(self, mcu: str | int) -> Unit:
        """One unit (``GET /v1/unidades/{id}``); an unknown MCU raises `NotFoundError`."""
        return one_record(self._get(f"/unidades/{parse_mcu(mcu)}"), Unit, "unit")

    def types(self) -> list[UnitType]:
        """Unit types (``GET /v1/tipos``): ``09`` branch, ``24`` sales point, ``46`` locker, ..."""
        return record_list(self._get("/tipos"), UnitType, "unit type")

    def statuses(self) -> list[UnitStatus]:
        """Unit statuses (``GET /v1/status``), codes 1 to 6."""
        return record_list(self._get("/status"), UnitStatus, "unit status")

    def localities(
        self,
        uf: str,
        *,
        municipio: str | None = None,
        type_codes: Sequence[str] = (),
        status: str | None = None,
    ) -> list[Locality]:
        """Localities of a state's units (``GET /v1/localidades``); unknown fields are kept."""
        pairs = [("uf", parse_uf(uf))]
        city = _name(municipio)
        if city:
            pairs.append(("municipio", city))
        pairs.extend(("codigoTipoUnidade", code) for code in _each(type_codes, _type_code))
        if status is not None:
            pairs.append(("status", _status(status)))
        return record_list(self._get("/localidades", pairs), Locality, "locality")

    def _get(self, path: str, params: list[tuple[str, str]] | None = None) -> Any:
        try:
            return self.client.call_json("GET", f"{self.BASE}{path}", params=params or None, scope=self.scope)
        except PermissionDeniedError as exc:
            # The service is authorized by contract and asks only for 86711 (spec 5.6, 5.7):
            # whatever words the gateway uses, a 403 here means the contract lacks it.
            raise BranchSearchNotContractedError(
                exc.messages, status=exc.status or 403, cause=exc.cause, path=exc.path
            ) from exc


def _unit_page(data: object) -> UnitPage:
    if isinstance(data, list):
        items = record_list(data, Unit, "unit")
        count = len(items)
        return UnitPage.model_validate(
            {"itens": items, "page": {"size": count, "totalElements": count, "totalPages": 1 if count else 0}}
        )
    if not isinstance(data, dict):
        raise InvalidResponseError("Invalid response from the operator: expected a page of unit records")
    try:
        return UnitPage.model_validate(data)
    except ValidationError as exc:
        raise InvalidResponseError(
            f"Invalid unit record from the operator: {exc.error_count()} problem(s)"
        ) from exc
