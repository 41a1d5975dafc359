"""Map geometry without Qt: Web Mercator, tiles, clusters, the states' outlines, tile fetching."""

from __future__ import annotations

from pathlib import Path

import pytest
import requests
import responses

from postalgui.services.geo.clusters import CELL_PX, ClusterIndex
from postalgui.services.geo.mercator import WORLD, lonlat, project, tile_range
from postalgui.services.geo.outlines import state_outlines
from postalgui.services.geo.tiles import MIN_FRESH, TILE_URL, USER_AGENT, TileFetcher, TileUnavailable

CAPITALS = {"SP": (-46.63, -23.55), "AM": (-60.02, -3.10), "RS": (-51.23, -30.03), "DF": (-47.93, -15.78)}


def test_projection_round_trips_and_matches_the_tile_grid() -> None:
    x, y = project(-46.633, -23.55)
    assert lonlat(x, y) == pytest.approx((-46.633, -23.55), abs=1e-9)
    assert project(0, 0) == pytest.approx((WORLD / 2, WORLD / 2))
    assert project(-180, 85.0511287798) == pytest.approx((0, 0), abs=1e-6)
    # São Paulo is in tile 6/23/36 of OpenStreetMap's grid.
    assert (int(x * 64 / WORLD), int(y * 64 / WORLD)) == (23, 36)
    assert tile_range(x - 0.1, y - 0.1, x + 0.1, y + 0.1, 6) == [(23, 36)]


def test_every_state_has_its_outline_around_its_capital() -> None:
    states = {state.uf: state for state in state_outlines()}
    assert len(states) == 27
    for uf, (lon, lat) in CAPITALS.items():
        point = project(lon, lat)
        assert any(_inside(point, ring) for ring in states[uf].rings), uf


def _inside(point: tuple[float, float], ring: tuple[tuple[float, float], ...]) -> bool:
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            result = not result
    return result


def test_clusters_keep_every_point_once_and_split_as_the_zoom_grows() -> None:
    points = [project(-46.6 + i * 0.001, -23.5) for i in range(50)] + [project(-60.0, -3.1)]
    index = ClusterIndex([p[0] for p in points], [p[1] for p in points])
    far = index.clusters(4)
    assert sorted(len(c.members) for c in far) == [1, 50]
    assert sorted(row for c in far for row in c.members) == list(range(51))
    near = index.clusters(16)
    assert len(near) > len(far)
    assert sorted(row for c in near for row in c.members) == list(range(51))
    big = max(far, key=lambda c: c.count)
    assert big.x == pytest.approx(sum(p[0] for p in points[:50]) / 50)


def test_clusters_of_a_filtered_set_and_of_an_area() -> None:
    points = [project(-46.6, -23.5), project(-43.2, -22.9), project(-60.0, -3.1)]
    index = ClusterIndex([p[0] for p in points], [p[1] for p in points])
    assert [c.members for c in index.clusters(12, [2], generation=1)] == [(2,)]
    x, y = points[0]
    assert [c.members for c in index.clusters(12, None, generation=0, area=(x - 1, y - 1, x + 1, y + 1))] == [
        (0,)
    ]


def test_neighbour_cells_whose_discs_would_overlap_are_drawn_as_one() -> None:
    size = CELL_PX / 2**5
    xs, ys = [size * 10 - 0.01, size * 10 + 0.01], [size * 10, size * 10]  # two sides of a cell border
    assert [c.count for c in ClusterIndex(xs, ys).clusters(5)] == [2]


@responses.activate
def test_tiles_are_fetched_with_our_user_agent_and_kept_for_a_week(tmp_path: Path) -> None:
    url = TILE_URL.format(z=6, x=23, y=36)
    responses.get(url, body=b"\x89PNG tile", headers={"Cache-Control": "max-age=60", "ETag": '"abc"'})
    now = [1_000_000.0]
    fetcher = TileFetcher(tmp_path, clock=lambda: now[0])
    assert fetcher.fetch(6, 23, 36) == b"\x89PNG tile"
    assert responses.calls[0].request.headers["User-Agent"] == USER_AGENT
    assert USER_AGENT.startswith("PostalGUI/")
    now[0] += MIN_FRESH - 1
    assert fetcher.fetch(6, 23, 36) == b"\x89PNG tile"
    assert len(responses.calls) == 1  # fresh on disk: not asked again
    now[0] += 2
    responses.replace(responses.GET, url, status=304)
    assert fetcher.fetch(6, 23, 36) == b"\x89PNG tile"
    assert responses.calls[1].request.headers["If-None-Match"] == '"abc"'


@responses.activate
def test_offline_a_tile_is_unavailable_but_the_one_on_disk_stays(tmp_path: Path) -> None:
    url = TILE_URL.format(z=3, x=2, y=4)
    responses.get(url, body=requests.ConnectionError("no network"))
    fetcher = TileFetcher(tmp_path)
    with pytest.raises(TileUnavailable):
        fetcher.fetch(3, 2, 4)
    assert fetcher.cached(3, 2, 4) is None
    with pytest.raises(TileUnavailable):
        fetcher.fetch(20, 0, 0)  # beyond the policy's zoom: never asked
    assert len(responses.calls) == 1
