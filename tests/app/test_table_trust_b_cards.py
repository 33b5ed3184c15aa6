"""The two jokers at a glance: the small joker is monochrome (black), the big one in colour, as
the table's image provider serves them; neither shows a stray glyph from the deck's own word
JOKER beside the large index."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QImage


def _face(ui, card: str, colours: str = "4") -> QImage:
    provider = ui.engine.imageProvider("cards")
    return provider.requestImage(f"{colours}/{card}", QSize(), QSize(169, 245))


def _coloured(img: QImage) -> int:
    """Pixels with a clear hue (red, green, blue), not white, grey or black."""
    n = 0
    for y in range(0, img.height(), 2):
        for x in range(0, img.width(), 2):
            c = QColor(img.pixel(x, y))
            if max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue()) > 60:
                n += 1
    return n


def _dark(img: QImage, x0: float, y0: float, x1: float, y1: float) -> int:
    w, h = img.width(), img.height()
    return sum(
        1
        for y in range(int(y0 * h), int(y1 * h))
        for x in range(int(x0 * w), int(x1 * w))
        if QColor(img.pixel(x, y)).lightness() < 160
    )


def test_small_joker_is_monochrome_and_the_big_one_coloured(ui) -> None:
    for colours in ("2", "4"):
        small, big = _face(ui, "SJ", colours), _face(ui, "BJ", colours)
        assert _coloured(small) == 0, "the small joker shows colour"
        assert _coloured(big) > 500, "the big joker lost its colour"
        # at a glance: the index strip the fan shows differs (black JOKER, red JOKER)
        assert _coloured(big.copy(0, 0, 45, 120)) > 20
        assert _coloured(small.copy(0, 0, 45, 120)) == 0


def test_no_stray_glyph_beside_the_joker_index(ui) -> None:
    for card in ("SJ", "BJ"):
        img = _face(ui, card)
        # right of the large index, across the top: the deck's own JOKER word was showing here
        assert _dark(img, 0.28, 0.02, 0.47, 0.11) == 0, card
        assert _dark(img, 0.02, 0.02, 0.27, 0.3) > 50, card  # the large index itself
