"""Reading rendered PDFs back in tests: pages as images (poppler's ``pdftoppm``), the
barcodes on them (zxing-cpp) and the words with their boxes (``pdftotext -bbox``)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import zxingcpp
from PIL import Image

PDFTOPPM, PDFTOTEXT = shutil.which("pdftoppm") or "pdftoppm", shutil.which("pdftotext") or "pdftotext"
"""poppler-utils: CI installs it (.ci/run)."""


def pages(pdf: bytes, dpi: int = 300) -> Iterator[Image.Image]:
    """Each page of ``pdf`` as a greyscale image."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "labels.pdf"
        source.write_bytes(pdf)
        subprocess.run([PDFTOPPM, "-r", str(dpi), "-gray", "-png", source, Path(folder) / "page"], check=True)
        for path in sorted(Path(folder).glob("page-*.png")):
            with Image.open(path) as image:
                yield image.copy()


@dataclass(frozen=True)
class Word:
    text: str
    x_min: float
    y_min: float
    x_max: float
    y_max: float


def words(pdf: bytes) -> list[list[Word]]:
    """The words of each page with their boxes in points (``pdftotext -bbox``)."""
    html = subprocess.run([PDFTOTEXT, "-bbox", "-", "-"], input=pdf, capture_output=True, check=True).stdout
    found: list[list[Word]] = []
    for page in html.decode().split("<page ")[1:]:
        found.append(
            [
                Word(unescape(text), float(x1), float(y1), float(x2), float(y2))
                for x1, y1, x2, y2, text in re.findall(
                    r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', page
                )
            ]
        )
    return found


def read(image: Image.Image) -> dict[str, set[str]]:
    """The texts of the barcodes on ``image``, by format name."""
    read_back: dict[str, set[str]] = {}
    for barcode in zxingcpp.read_barcodes(image):
        read_back.setdefault(barcode.format.name, set()).add(barcode.text)
    return read_back


def text(pdf: bytes) -> str:
    """The PDF's text in reading order (``pdftotext -layout``), runs of spaces made one."""
    out = subprocess.run([PDFTOTEXT, "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout
    return re.sub(r"[ \t]+", " ", out.decode())
