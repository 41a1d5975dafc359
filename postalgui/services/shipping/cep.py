"""Looking a CEP up: from this desk's cache while it is fresh, else from the operator,
whose answer (an address, or "unknown") is then kept."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from postalgui.api.cep import UnknownCepError
from postalgui.api.models.cep import CepAddress
from postalgui.api.models.prepostings import FROM_CEP
from postalgui.api.values import parse_cep
from postalgui.services.shipping.cep_cache import CachedCep

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.shipping.service import ShippingService

__all__ = ["CepLookup", "lookup_cep"]


@dataclass(frozen=True)
class CepLookup:
    """A CEP's address (``None``: the operator does not know it, ``unknown`` its words)."""

    cep: str
    address: CepAddress | None
    unknown: str = ""
    cached: bool = False
    """Read from this desk's cache, not asked now."""

    def fields(self) -> dict[str, str]:
        """What the address fills of a `Person` (`FROM_CEP`: street, district, city, state);
        all empty for an unknown CEP."""
        found = self.address
        if found is None:
            return dict.fromkeys(FROM_CEP, "")
        return {"street": found.street, "district": found.bairro, "city": found.localidade, "state": found.uf}


def lookup_cep(task: TaskControl, service: ShippingService, cep: str, *, fresh: bool = False) -> CepLookup:
    """The address of ``cep``. Raises `InvalidValue` for a malformed CEP (nothing sent) and
    `ApiError` when the operator could not be asked; ``fresh`` skips the cache."""
    digits = parse_cep(cep)
    cache = service.cep_cache()
    now = service.now()
    kept = None if fresh else cache.get(digits, now)
    if kept is not None:
        return CepLookup(digits, kept.address, kept.unknown, cached=True)
    task.raise_if_cancelled()
    try:
        address = service.cep_client().lookup(digits)
    except UnknownCepError as exc:
        cache.put(CachedCep(digits, now, unknown=str(exc)))
        return CepLookup(digits, None, str(exc))
    cache.put(CachedCep(digits, now, address))
    return CepLookup(digits, address)
