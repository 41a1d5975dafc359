"""The window icon: every size rendered and committed, found from a checkout and a frozen build."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon, QImage
from PySide6.QtWidgets import QApplication

from postalgui.gui import app_icon as app_icon_module
from postalgui.gui import i18n
from postalgui.gui.app_icon import app_icon, icon_files
from postalgui.gui.resources import PROJECT_RESOURCES, resource_dirs

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def test_every_size_is_rendered_at_its_size(qapp: QApplication) -> None:
    assert sorted(path.name for path in ICONS.glob("postalgui-*.png")) == sorted(
        f"postalgui-{size}.png" for size in SIZES
    )
    for size in SIZES:
        image = QImage(str(ICONS / f"postalgui-{size}.png"))
        assert image.size() == QSize(size, size), size
        assert image.hasAlphaChannel(), size  # a rounded tile: transparent corners
        assert image.pixelColor(0, 0).alpha() == 0, size
        assert image.pixelColor(size // 2, size // 2).alpha() == 255, size


def test_the_packaging_icons_are_committed() -> None:
    for name in ("postalgui.svg", "postalgui.ico", "postalgui.icns"):
        assert (ROOT / "packaging" / "icons" / name).stat().st_size > 0, name


def test_app_icon_has_every_size(qapp: QApplication) -> None:
    icon = app_icon()
    assert not icon.isNull()
    assert sorted(size.width() for size in icon.availableSizes()) == list(SIZES)
    assert all(size.width() == size.height() for size in icon.availableSizes())
    assert icon.pixmap(QSize(16, 16)).size() == QSize(16, 16)


def test_a_frozen_build_reads_its_own_resources(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PyInstaller unpacks data under sys._MEIPASS: that copy comes before the checkout's."""
    bundle = tmp_path / "_internal"
    frozen_icons, frozen_translations = bundle / "resources" / "icons", bundle / "resources" / "translations"
    shutil.copytree(ICONS, frozen_icons)
    frozen_translations.mkdir()
    shutil.copy(ROOT / "resources" / "translations" / "postalgui_pt_BR.qm", frozen_translations)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)

    assert resource_dirs("icons")[0] == frozen_icons
    assert set(icon_files().values()) == {frozen_icons / f"postalgui-{size}.png" for size in SIZES}
    assert not app_icon().isNull()
    assert i18n.catalog_path() == frozen_translations / "postalgui_pt_BR.qm"


def test_not_frozen_reads_the_checkout() -> None:
    assert not getattr(sys, "frozen", False)
    assert resource_dirs("icons")[0] == PROJECT_RESOURCES / "icons" == ICONS


@pytest.fixture
def theme_folder(tmp_path: Path) -> Iterator[Path]:
    """An icon-theme search path of the test's own, in place of the user's and the system's,
    with hicolor as the theme (offscreen Qt names none; a desktop names its own)."""
    paths, theme = QIcon.themeSearchPaths(), QIcon.themeName()
    folder = tmp_path / "icons"
    folder.mkdir()
    QIcon.setThemeSearchPaths([str(folder)])
    QIcon.setThemeName("hicolor")
    yield folder
    QIcon.setThemeName(theme)
    QIcon.setThemeSearchPaths(paths)


def test_without_the_files_the_installed_theme_icon_is_used(
    qapp: QApplication, tmp_path: Path, theme_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build without the PNGs still shows the icon the Linux installer put in hicolor."""
    monkeypatch.setattr(app_icon_module, "resource_dirs", lambda kind: (tmp_path / kind,))
    apps = theme_folder / "hicolor" / "48x48" / "apps"
    apps.mkdir(parents=True)
    shutil.copy(ICONS / "postalgui-48.png", apps / "postalgui.png")
    (theme_folder / "hicolor" / "index.theme").write_text(
        "[Icon Theme]\nName=Hicolor\nDirectories=48x48/apps\n\n[48x48/apps]\nSize=48\nType=Fixed\n"
    )
    assert icon_files() == {}
    assert not app_icon().isNull()


def test_without_files_or_theme_icon_a_warning_not_an_error(
    qapp: QApplication,
    tmp_path: Path,
    theme_folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(app_icon_module, "resource_dirs", lambda kind: (tmp_path / kind,))
    assert app_icon().isNull()
    assert "No application icon" in caplog.text
