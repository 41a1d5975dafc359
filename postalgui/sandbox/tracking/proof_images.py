"""The sandbox's proof-of-delivery pictures, drawn with Pillow from the object's code.

Three pictures stand in for the operator's: the AR digital (the signed delivery receipt:
the code, the receiver's name and document, the delivery time and a signature scribble,
PNG), a facade photo stand-in (a house front with its number, JPEG) and the receiver's
signature alone (PNG). Every stroke, colour and number is drawn from a generator seeded by
the code, with reportlab's Vera font and fixed encoder settings, so the bytes are the same
on every run and every machine with the same Pillow and reportlab (a test holds them to a
digest).
"""

from __future__ import annotations

import io
import random
from datetime import datetime
from functools import lru_cache
from importlib.resources import files

from PIL import Image, ImageDraw, ImageFont

__all__ = ["ar_receipt_png", "facade_jpeg", "signature_png"]

_INK = (20, 40, 110)
_PAPER = (250, 248, 240)


_VERA = files("reportlab") / "fonts" / "Vera.ttf"
"""Bitstream Vera, which reportlab ships (and the frozen app carries with its data): Pillow's
own default font has no accented letters, and a receiver named Otávio read "Ot?vio"."""


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(io.BytesIO(_VERA.read_bytes()), size)
    except OSError:  # a reportlab without its fonts: Pillow's own, unaccented letters and all
        return ImageFont.load_default(size=size)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def _scribble(draw: ImageDraw.ImageDraw, rng: random.Random, box: tuple[int, int, int, int]) -> None:
    """A signature: a few looping strokes across ``box`` (left, top, right, bottom)."""
    left, top, right, bottom = box
    middle = (top + bottom) // 2
    x, y = left, middle
    points = [(x, y)]
    while x < right:
        x += rng.randint(6, 18)
        y = max(top, min(bottom, middle + rng.randint(-(bottom - top) // 2, (bottom - top) // 2)))
        points.append((min(x, right), y))
    draw.line(points, fill=_INK, width=3, joint="curve")
    draw.line([(left + 10, bottom - 4), (right - 20, bottom - 8)], fill=_INK, width=2)


@lru_cache(maxsize=256)
def ar_receipt_png(code: str, receiver: str, document: str, delivered: datetime) -> bytes:
    """The AR digital: a delivery receipt with the receiver's name, document and signature."""
    rng = random.Random(f"ar-image/{code}")
    image = Image.new("RGB", (640, 420), _PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((8, 8, 631, 411), outline=(60, 60, 60), width=2)
    draw.rectangle((8, 8, 631, 58), fill=(250, 210, 40))
    draw.text((24, 20), "AVISO DE RECEBIMENTO - AR DIGITAL", fill=(0, 0, 0), font=_font(22))
    rows = (
        ("Objeto", code),
        ("Recebedor", receiver),
        ("Documento", document),
        ("Entregue em", delivered.strftime("%d/%m/%Y %H:%M")),
    )
    for number, (label, value) in enumerate(rows):
        y = 80 + number * 42
        draw.text((24, y), f"{label}:", fill=(80, 80, 80), font=_font(16))
        draw.text((170, y), value, fill=(0, 0, 0), font=_font(20))
    draw.text((24, 272), "Assinatura do recebedor:", fill=(80, 80, 80), font=_font(16))
    _scribble(draw, rng, (200, 300, 560, 380))
    draw.line([(190, 392), (600, 392)], fill=(120, 120, 120), width=1)
    return _png(image)


@lru_cache(maxsize=256)
def signature_png(code: str, receiver: str) -> bytes:
    """The receiver's signature, as the carrier's device took it."""
    rng = random.Random(f"signature/{code}")
    image = Image.new("RGB", (480, 200), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    _scribble(draw, rng, (30, 40, 450, 150))
    draw.text((30, 165), receiver, fill=(90, 90, 90), font=_font(16))
    return _png(image)


@lru_cache(maxsize=256)
def facade_jpeg(code: str) -> bytes:
    """A stand-in for the photo of the delivery address's facade: a house front."""
    rng = random.Random(f"facade/{code}")
    wall = (rng.randint(170, 240), rng.randint(150, 230), rng.randint(120, 210))
    image = Image.new("RGB", (640, 480), (150, 200, 235))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 400, 639, 479), fill=(110, 110, 110))
    draw.rectangle((80, 170, 560, 400), fill=wall, outline=(70, 60, 50), width=3)
    draw.polygon([(60, 175), (320, 60), (580, 175)], fill=(150, 60, 40))
    door = rng.randint(250, 330)
    draw.rectangle((door, 270, door + 70, 400), fill=(100, 60, 30))
    for left in (120, 420):
        draw.rectangle((left, 220, left + 90, 300), fill=(200, 230, 250), outline=(255, 255, 255), width=4)
    draw.rectangle((door - 10, 230, door + 80, 258), fill=(255, 255, 255))
    draw.text((door, 232), f"{rng.randint(1, 2999)}", fill=(0, 0, 0), font=_font(20))
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=80, optimize=False, progressive=False)
    return buffer.getvalue()
