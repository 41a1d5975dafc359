"""This desk's CEP cache: an address kept 30 days, an unknown CEP one day, a file written
whole and read back by the next session, a damaged file set aside."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from postalgui.api.models.cep import CepAddress
from postalgui.services.shipping.cep_cache import KEEP, KEEP_UNKNOWN, CachedCep, CepCache

NOW = datetime(2026, 11, 25, 15, 0, tzinfo=UTC)
PAULISTA = CepAddress(
    cep="01310100", uf="SP", localidade="São Paulo", logradouro="Avenida Paulista", bairro="Bela Vista"
)


def test_an_address_is_kept_thirty_days_and_read_by_the_next_session(tmp_path: Path) -> None:
    CepCache(tmp_path / "cep-sandbox.json").put(CachedCep("01310100", NOW, PAULISTA))
    later = CepCache(tmp_path / "cep-sandbox.json")  # the next session reads the file
    kept = later.get("01310100", NOW + KEEP - timedelta(minutes=1))
    assert kept is not None
    assert kept.address == PAULISTA
    assert kept.address.street == "Avenida Paulista"
    assert later.get("01310100", NOW + KEEP) is None  # asked again after 30 days
    assert later.get("70002900", NOW) is None


def test_an_unknown_cep_is_kept_a_day_with_the_operators_words(tmp_path: Path) -> None:
    cache = CepCache(tmp_path / "cep-sandbox.json")
    cache.put(CachedCep("99999999", NOW, unknown="CEP 99999-999 não encontrado"))
    kept = cache.get("99999999", NOW + KEEP_UNKNOWN - timedelta(minutes=1))
    assert kept is not None
    assert (kept.address, kept.unknown) == (None, "CEP 99999-999 não encontrado")
    assert cache.get("99999999", NOW + KEEP_UNKNOWN) is None


def test_a_damaged_file_is_set_aside_and_the_cache_starts_empty(tmp_path: Path) -> None:
    path = tmp_path / "cep-sandbox.json"
    path.write_text("{not json", encoding="utf-8")
    cache = CepCache(path)
    assert cache.get("01310100", NOW) is None
    assert [p.name.startswith("cep-sandbox.json.bad-") for p in tmp_path.iterdir()] == [True]
    cache.put(CachedCep("01310100", NOW, PAULISTA))
    assert CepCache(path).get("01310100", NOW) is not None
