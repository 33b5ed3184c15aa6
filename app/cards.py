"""Card faces and card words: the SVG deck rendered once per size, accessible names, colours.

The deck (resources/cards/svg-cards.svg, LGPL) draws every card as one element (``heart_10``,
``joker_red``). ``CardImageProvider`` serves ``image://cards/<colours>/<card>`` — colours ``2``
(red/black) or ``4`` (♠ black, ♥ red, ♣ green, ♦ blue) — renders the element at the requested
size, paints a large index over the deck's small one (the fan shows only a strip of each card),
and caches the result, so each face is drawn once per size.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath
from PySide6.QtQuick import QQuickImageProvider
from PySide6.QtSvg import QSvgRenderer

from app.i18n import engine_text, translate
from engine.cards import JOKERS, POINTS, SMALL_JOKER, card_name
from engine.order import Trumps

RESOURCES = Path(__file__).resolve().parent.parent / "resources"
DECK_SVG = RESOURCES / "cards" / "svg-cards.svg"
CARD_W, CARD_H = 169.075, 244.640  # the deck's card size, in its own units
ASPECT = CARD_W / CARD_H

FOUR_COLOURS = {"S": "#111111", "H": "#d01010", "C": "#118a2a", "D": "#1757d6"}
TWO_COLOURS = {"S": "#111111", "H": "#d01010", "C": "#111111", "D": "#d01010"}
SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
_ELEMENT_SUIT = {"S": "spade", "H": "heart", "C": "club", "D": "diamond"}
_ELEMENT_RANK = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_INDEX_RANK = {"T": "10"}


def suit_colour(suit: str, four: bool) -> str:
    return (FOUR_COLOURS if four else TWO_COLOURS).get(suit, "#111111")


def element_id(card: str) -> str:
    if card == "BJ":
        return "joker_red"
    if card == "SJ":
        return "joker_black"
    if card == "back":
        return "back"
    return f"{_ELEMENT_SUIT[card[1]]}_{_ELEMENT_RANK.get(card[0], card[0])}"


# what a screen reader adds to a card's name, translated in the CardNames context
_TRUMP = str(QT_TRANSLATE_NOOP("CardNames", "%1, trump"))
_POINTS = str(QT_TRANSLATE_NOOP("CardNames", "%1, %2 points"))


def accessible_name(card: str, trumps: Trumps | None, lang: str) -> str:
    """``红桃10，主牌，10分`` / ``10 of hearts, trump, 10 points``."""
    text = engine_text(card_name(card), card_name(card, "zh"), lang)
    if trumps is not None and trumps.is_trump(card):
        text = translate(lang, "CardNames", _TRUMP).replace("%1", text)
    pts = POINTS.get(card, 0)
    if pts:
        text = translate(lang, "CardNames", _POINTS).replace("%2", str(pts)).replace("%1", text)
    return text


def four_colour_svg(text: str) -> str:
    """The deck with clubs green and diamonds blue (pips and indices; court figures kept)."""
    green, blue = FOUR_COLOURS["C"], FOUR_COLOURS["D"]
    text = text.replace('<g id="club">', f'<g id="club" style="fill:{green}">', 1)
    start = text.index('<g id="diamond">')
    end = text.index("</g>", start)
    text = text[:start] + text[start:end].replace("#e6180a", blue) + text[end:]
    parts = re.split(r'(?=<g id=")', text)
    for i, part in enumerate(parts):
        if part.startswith('<g id="diamond_'):
            parts[i] = re.sub(r'(xlink:href="#n_\w+"[^>]*?)fill:#e6180a', rf"\1fill:{blue}", part)
        elif part.startswith('<g id="club_'):
            parts[i] = part.replace('xlink:href="#n_', f'style="fill:{green}" xlink:href="#n_')
    return "".join(parts)


class CardFaces:
    """Renders faces from the deck; one renderer per colour scheme, images cached by size."""

    def __init__(self) -> None:
        text = DECK_SVG.read_text(encoding="utf-8")
        self._renderers = {
            "2": QSvgRenderer(QByteArray(text.encode())),
            "4": QSvgRenderer(QByteArray(four_colour_svg(text).encode())),
        }
        self._cache: dict[tuple[str, str, int, int], QImage] = {}
        self.family = "Noto Sans SC"

    def image(self, colours: str, card: str, w: int, h: int) -> QImage:
        key = (colours, card, w, h)
        img = self._cache.get(key)
        if img is None:
            img = self._render(colours, card, w, h)
            self._cache[key] = img
        return img

    def _render(self, colours: str, card: str, w: int, h: int) -> QImage:
        renderer = self._renderers.get(colours, self._renderers["2"])
        img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        sx, sy = w / CARD_W, h / CARD_H
        eid = element_id(card)
        b = renderer.boundsOnElement(eid)
        clip = QPainterPath()
        clip.addRoundedRect(QRectF(0, 0, w, h), w * 0.05, w * 0.05)
        p.setClipPath(clip)
        p.fillRect(QRectF(0, 0, w, h), QColor("white"))
        target = QRectF(b.x() * sx, b.y() * sy, b.width() * sx, b.height() * sy)
        if card == SMALL_JOKER:
            # the small joker is the black one: the deck's figure in monochrome, so it differs
            # from the big (coloured) joker at a glance
            figure = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
            figure.fill(QColor("white"))
            q = QPainter(figure)
            q.setRenderHint(QPainter.RenderHint.Antialiasing)
            renderer.render(q, eid, target)
            q.end()
            p.drawImage(0, 0, figure.convertToFormat(QImage.Format.Format_Grayscale8))
        else:
            renderer.render(p, eid, target)
        if card != "back":
            self._paint_index(p, colours, card, w, h)
        p.setClipping(False)
        p.setPen(QColor("#555555"))
        p.drawRoundedRect(QRectF(0.5, 0.5, w - 1, h - 1), w * 0.05, w * 0.05)
        p.end()
        return img

    def _paint_index(self, p: QPainter, colours: str, card: str, w: int, h: int) -> None:
        """A large corner index, readable in the strip of each card the fan shows."""
        four = colours == "4"
        box = QRectF(w * 0.02, h * 0.015, w * 0.25, h * 0.36)
        p.fillRect(box, QColor("white"))
        font = QFont(self.family)
        font.setBold(True)
        if card in JOKERS:
            # the deck's own word JOKER across the top would show beside this index
            p.fillRect(QRectF(w * 0.02, h * 0.01, w * 0.46, h * 0.11), QColor("white"))
            big = card == "BJ"
            colour = QColor("#d01010" if big else "#111111")
            font.setPixelSize(max(6, int(h * 0.058)))
            p.setFont(font)
            p.setPen(colour)
            step = h * 0.058
            for i, ch in enumerate("JOKER"):
                r = QRectF(box.x(), box.y() + i * step, box.width(), step)
                p.drawText(r, Qt.AlignmentFlag.AlignCenter, ch)
            # Big joker: a filled star; small joker: an outlined one, distinct at a glance.
            font.setPixelSize(max(6, int(h * 0.07)))
            p.setFont(font)
            star = QRectF(box.x(), box.y() + 5 * step, box.width(), h * 0.075)
            p.drawText(star, Qt.AlignmentFlag.AlignCenter, "★" if big else "☆")
            return
        rank, suit = card[0], card[1]
        colour = QColor(suit_colour(suit, four))
        rank_text = _INDEX_RANK.get(rank, rank)
        font.setPixelSize(max(6, int(h * (0.14 if len(rank_text) == 1 else 0.12))))
        if len(rank_text) > 1:
            font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 85)
        p.setFont(font)
        p.setPen(colour)
        p.drawText(
            QRectF(box.x(), box.y(), box.width(), h * 0.16),
            Qt.AlignmentFlag.AlignCenter,
            rank_text,
        )
        sym = QRectF(box.x() + box.width() * 0.12, box.y() + h * 0.17, box.width() * 0.76, h * 0.14)
        self._paint_suit(p, suit, colour, sym)

    def _paint_suit(self, p: QPainter, suit: str, colour: QColor, rect: QRectF) -> None:
        """The deck's own suit symbol, tinted (the tint makes four colours trivial)."""
        size = QSize(max(1, int(rect.width())), max(1, int(rect.height())))
        mark = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        mark.fill(Qt.GlobalColor.transparent)
        q = QPainter(mark)
        q.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(size.width(), size.height())
        target = QRectF((size.width() - side) / 2, (size.height() - side) / 2, side, side)
        self._renderers["2"].render(q, "suit-" + _ELEMENT_SUIT[suit], target)
        q.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        q.fillRect(mark.rect(), colour)
        q.end()
        p.drawImage(rect.topLeft(), mark)


class CardImageProvider(QQuickImageProvider):
    """``image://cards/<2|4>/<card>``; ``back`` is the card back."""

    def __init__(self) -> None:
        super().__init__(QQuickImageProvider.ImageType.Image)
        self.faces = CardFaces()

    def requestImage(self, id: str, size: QSize, requested: QSize) -> QImage:
        colours, _, card = id.partition("/")
        w, h = requested.width(), requested.height()
        if w <= 0 and h <= 0:
            w, h = 104, 150
        elif w <= 0:
            w = round(h * ASPECT)
        elif h <= 0:
            h = round(w / ASPECT)
        img = self.faces.image(colours, card or "back", w, h)
        if size is not None:
            size.setWidth(img.width())
            size.setHeight(img.height())
        return img
