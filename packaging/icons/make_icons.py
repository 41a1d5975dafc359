"""Render ``postalgui.svg`` into the app's PNGs, a Windows ``.ico`` and a macOS ``.icns``.

Run after editing the SVG, and commit what it writes::

    uv run --group packaging python packaging/icons/make_icons.py

Qt draws the SVG (``QSvgRenderer`` into a ``QImage``, offscreen), so the PNGs look the
way the app's own SVG support would draw them; Pillow only packs them into the two
container formats, each size from its own rendering rather than scaled from a big one
(a scaled 512 px image is blurred at 16 px, a rendering of the vector at 16 px is not).
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PIL import Image  # imported after the platform is chosen (ruff allows it)
from PySide6.QtCore import QBuffer, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SVG = HERE / "postalgui.svg"
PNG_DIR = ROOT / "resources" / "icons"
ICO = HERE / "postalgui.ico"
ICNS = HERE / "postalgui.icns"

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # 256 px is the largest an .ico entry can be
ICNS_BASE = 1024  # the largest .icns entry (512 px @2x); the other sizes come from SIZES


def render(renderer: QSvgRenderer, size: int) -> Image.Image:
    """The SVG drawn at ``size`` x ``size`` pixels on transparency, as a Pillow RGBA image."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"Qt could not encode the {size} px rendering as PNG")
    return Image.open(io.BytesIO(bytes(buffer.data().data()))).convert("RGBA")


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # QPainter needs one
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"{SVG} is not an SVG Qt can draw", file=sys.stderr)  # noqa: T201  # a script's report
        return 1
    images = {size: render(renderer, size) for size in SIZES}
    PNG_DIR.mkdir(parents=True, exist_ok=True)
    for stale in PNG_DIR.glob("postalgui-*.png"):
        stale.unlink()
    for size, image in images.items():
        image.save(PNG_DIR / f"postalgui-{size}.png", optimize=True)
    largest_ico = images[max(ICO_SIZES)]
    largest_ico.save(
        ICO,
        format="ICO",
        sizes=[(size, size) for size in ICO_SIZES],
        append_images=[images[size] for size in ICO_SIZES if size != max(ICO_SIZES)],
    )
    render(renderer, ICNS_BASE).save(ICNS, format="ICNS", append_images=list(images.values()))
    del app
    written = [*(PNG_DIR / f"postalgui-{size}.png" for size in SIZES), ICO, ICNS]
    for path in written:
        print(path.relative_to(ROOT))  # noqa: T201  # a script's report
    return 0


if __name__ == "__main__":
    sys.exit(main())
