"""`MapView`: points and clusters under the mouse and the keys, without any network."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot

from postalgui.gui.widgets.map_view import MapView
from postalgui.services.geo.mercator import project

SAO_PAULO = [(-46.63 + i * 0.0005, -23.55) for i in range(30)]
MANAUS = (-60.02, -3.10)
RIO = (-43.21, -22.91)


def make_map(qtbot: QtBot, points: list[tuple[float, float]] | None = None) -> MapView:
    """An 800x600 map fitted to ``points`` (default: a crowd in São Paulo, Manaus and Rio)."""
    view = MapView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    if points is None:
        points = [*SAO_PAULO, MANAUS, RIO]
        view.set_points([p[0] for p in points], [p[1] for p in points], [0] * 30 + [1, 2])
    else:
        view.set_points([p[0] for p in points], [p[1] for p in points])
    view.fit_all()
    return view


def screen(view: MapView, lon: float, lat: float) -> QPoint:
    x, y = project(lon, lat)
    return view.mapFromScene(QPointF(x, y))


def test_clicking_a_point_selects_it_and_a_double_click_activates_it(qtbot: QtBot) -> None:
    view = make_map(qtbot)
    view.viewport().repaint()
    with qtbot.waitSignal(view.selectionChanged) as selected:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=screen(view, *MANAUS))
    assert selected.args == [30]
    with qtbot.waitSignal(view.pointActivated) as activated:
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=screen(view, *MANAUS))
    assert activated.args == [30]
    with qtbot.waitSignal(view.pointActivated) as entered:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert entered.args == [30]


def test_clicking_a_cluster_zooms_to_its_points(qtbot: QtBot) -> None:
    view = make_map(qtbot)
    view.viewport().repaint()
    before = view.zoom()
    with qtbot.waitSignal(view.zoomChanged):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=screen(view, *SAO_PAULO[15]))
    assert view.zoom() > before + 5
    assert view.selected() == -1


def test_keys_zoom_and_home_shows_every_point_again(qtbot: QtBot) -> None:
    view = make_map(qtbot)
    start = view.zoom()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.zoom() > start
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert view.zoom() < start
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert abs(view.zoom() - start) < 1e-6


def test_pick_mode_gives_the_place_clicked_once(qtbot: QtBot) -> None:
    view = make_map(qtbot)
    view.set_pick_mode(True)
    with qtbot.waitSignal(view.placePicked) as picked:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=screen(view, *RIO))
    lon, lat = picked.args
    assert abs(lon - RIO[0]) < 0.5
    assert abs(lat - RIO[1]) < 0.5
    with qtbot.assertNotEmitted(view.placePicked):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=screen(view, *RIO))


def test_hidden_points_are_neither_drawn_nor_clicked(qtbot: QtBot) -> None:
    view = make_map(qtbot)
    view.set_visible_indices([31])
    view.fit_all()
    view.viewport().repaint()
    with qtbot.assertNotEmitted(view.selectionChanged):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=screen(view, *MANAUS))
    with qtbot.waitSignal(view.selectionChanged) as selected:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=screen(view, *RIO))
    assert selected.args == [31]


def test_a_fit_leaves_room_for_the_clusters_on_its_edges(qtbot: QtBot) -> None:
    # Two crowds of 6,000 at the ends of the country: their discs are the widest drawn.
    view = make_map(qtbot, [(-67.81, -9.97)] * 6000 + [(-34.88, -7.12)] * 6000)
    shown = view._on_screen()
    assert [cluster.count for *_, cluster in shown] == [6000, 6000]
    width, height = view.viewport().width(), view.viewport().height()
    for sx, sy, radius, _cluster in shown:
        assert radius >= 26
        assert sx - radius >= 0  # every disc whole, its count readable
        assert sx + radius <= width
        assert sy - radius >= 0
        assert sy + radius <= height


def test_the_selection_ring_goes_around_a_cluster_not_over_its_count(qtbot: QtBot) -> None:
    view = make_map(qtbot)
    shown = view._on_screen()
    [(sx, sy, radius, crowd)] = [entry for entry in shown if entry[3].count == 30]
    before = view.viewport().grab().toImage()
    view.select(crowd.members[7], center=False)
    after = view.viewport().grab().toImage()
    ratio = before.devicePixelRatio()
    inside = int((radius - 2) / 1.5)
    for dx in range(-inside, inside + 1):
        for dy in range(-inside, inside + 1):
            x, y = int((sx + dx) * ratio), int((sy + dy) * ratio)
            assert after.pixel(x, y) == before.pixel(x, y), "the disc and its count are drawn as before"
    ring = view.selection_ring()
    assert ring is not None
    rx, ry, ring_radius, clustered = ring
    assert clustered
    assert (rx, ry) == (sx, sy)
    assert ring_radius > radius
    view.select(30, center=False)  # Manaus, alone: a ring around the point itself
    alone = view.selection_ring()
    assert alone is not None
    assert alone[3] is False
