"""`MapView`: points and clusters under the mouse and the keys, without any network."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot

from postalgui.gui.widgets.map_view import MapView
from postalgui.services.geo.mercator import project

SAO_PAULO = [(-46.63 + i * 0.0005, -23.55) for i in range(30)]
MANAUS = (-60.02, -3.10)
RIO = (-43.21, -22.91)


def make_map(qtbot: QtBot) -> MapView:
    view = MapView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    points = [*SAO_PAULO, MANAUS, RIO]
    view.set_points([p[0] for p in points], [p[1] for p in points], [0] * 30 + [1, 2])
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
