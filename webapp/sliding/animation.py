"""The sliding puzzle's animation (:mod:`webapp.film`): each move, the tile
slides into the hole, as on the page. A tween redraws the two cells the
tile crosses; the rest of the board is the key frame before it."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..errors import IllegalMove, Message
from ..film import Frame, Palette, font, tween
from .position import Position
from .svg import FRAME_COLOUR, HOLE_COLOUR, HOME_COLOUR, NUMBER_COLOUR, TILE_COLOUR

COLOURS = Palette((FRAME_COLOUR, HOLE_COLOUR, TILE_COLOUR, HOME_COLOUR, NUMBER_COLOUR))
#: Tween frames of a slide.
SLIDE_TWEENS = 4
_BORDER = 4


def link_moves(text: str) -> list[int]:
    """A link's moves (``3-7-8``: the tiles moved) as tile numbers;
    IllegalMove otherwise (whether each can move is checked as it is played)."""
    parts = text.split("-")
    if not all(part.isdigit() and len(part) <= 2 for part in parts):
        raise IllegalMove(Message('"moves" must be tile numbers joined by "-", not "%(text)s"', text=text[:20]))
    return [int(part) for part in parts]


def _tile(draw: ImageDraw.ImageDraw, tile: int, x: float, y: float, cell: int, home: bool) -> None:
    gap = max(1, cell // 20)
    draw.rectangle((round(x) + gap, round(y) + gap, round(x) + cell - gap - 1, round(y) + cell - gap - 1),
                   fill=COLOURS[HOME_COLOUR if home else TILE_COLOUR])
    draw.text((round(x) + cell / 2, round(y) + cell / 2), str(tile), fill=COLOURS[NUMBER_COLOUR], anchor="mm",
              font=font(max(8, cell * 2 // 5)))


def _picture(position: Position, cell: int, skip: int | None = None) -> Image.Image:
    """``position`` drawn, ``skip`` (a tile mid-slide) left out."""
    w, h = position.width, position.height
    image = COLOURS.canvas(w * cell + 2 * _BORDER, h * cell + 2 * _BORDER, FRAME_COLOUR)
    draw = ImageDraw.Draw(image)
    draw.rectangle((_BORDER, _BORDER, _BORDER + w * cell - 1, _BORDER + h * cell - 1), fill=COLOURS[HOLE_COLOUR])
    for at, tile in enumerate(position.tiles):
        if tile and tile != skip:
            r, c = divmod(at, w)
            _tile(draw, tile, _BORDER + c * cell, _BORDER + r * cell, cell, tile == at + 1)
    return image


def frames(position: Position, moves: list[int], size: int) -> list[Frame]:
    """The film of ``moves`` (tiles) from ``position``, ``size`` pixels wide;
    IllegalMove for a tile that cannot slide."""
    cell = max(8, (size - 2 * _BORDER) // max(position.width, position.height))
    out = [Frame(_picture(position, cell), key=True)]
    for tile in moves:
        after = position.move(tile)
        start, end = position.tiles.index(tile), after.tiles.index(tile)
        (r0, c0), (r1, c1) = divmod(start, position.width), divmod(end, position.width)
        base = _picture(position, cell, skip=tile)
        for f in tween(0, 1, SLIDE_TWEENS):
            image = base.copy()
            _tile(ImageDraw.Draw(image), tile, _BORDER + (c0 + (c1 - c0) * f) * cell,
                  _BORDER + (r0 + (r1 - r0) * f) * cell, cell, False)
            out.append(Frame(image))
        position = after
        out.append(Frame(_picture(position, cell), key=True))
    return out
