"""The rotation puzzle's animation (:mod:`webapp.film`): as the page plays
it, the frame turns a quarter, then the sticks fall, each move.

The board is drawn in the frame's own coordinates (where the sticks keep
their rows and columns) and the whole picture turned, so that a turn's
tweens are one drawing turned by a few angles.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..errors import IllegalMove, Message
from ..film import Frame, Palette, tween
from .board import Board
from .physics import GRAVITY, TURNS, Position
from .svg import FLOOR_COLOUR, GAP_COLOUR, PALETTE, WALL_COLOUR, stick_colour

COLOURS = Palette((FLOOR_COLOUR, WALL_COLOUR, GAP_COLOUR, *PALETTE))
#: Tween frames of a turn, and of a fall.
TURN_TWEENS, FALL_TWEENS = 4, 3


def link_moves(text: str) -> str:
    """A link's moves (``LRL``) as the turns to play; IllegalMove otherwise."""
    if not text or set(text) - set(TURNS):
        raise IllegalMove(Message('"moves" must be a row of turns L and R, not "%(text)s"', text=text[:20]))
    return text


def _picture(board: Board, sticks, cell: int) -> Image.Image:
    """``board``'s frame with ``sticks`` (stick, row, col: rows and columns
    may be fractions mid-fall), on a square canvas so that it turns in place."""
    side = max(board.width, board.height) * cell
    image = COLOURS.canvas(side, side, FLOOR_COLOUR)
    draw = ImageDraw.Draw(image)
    dx, dy = (side - board.width * cell) // 2, (side - board.height * cell) // 2
    for r, c in board.gaps():
        draw.rectangle((dx + c * cell, dy + r * cell, dx + (c + 1) * cell - 1, dy + (r + 1) * cell - 1),
                       fill=COLOURS[GAP_COLOUR])
    for r, c in board.walls:
        draw.rectangle((dx + c * cell, dy + r * cell, dx + (c + 1) * cell - 1, dy + (r + 1) * cell - 1),
                       fill=COLOURS[WALL_COLOUR])
    inset = max(1, cell // 8)
    for stick, r, c in sticks:
        tall, wide = (stick.length, 1) if stick.vertical else (1, stick.length)
        x, y = dx + c * cell, dy + r * cell
        draw.rectangle((round(x) + inset, round(y) + inset, round(x + wide * cell) - inset - 1,
                        round(y + tall * cell) - inset - 1), fill=COLOURS[stick_colour(stick.symbol)])
    return image


def _turned(image: Image.Image, angle: float) -> Image.Image:
    return image.rotate(angle, resample=Image.Resampling.NEAREST, fillcolor=COLOURS[FLOOR_COLOUR]) \
        if angle % 360 else image


def frames(board: Board, moves: str, size: int) -> list[Frame]:
    """The film of ``moves`` played from ``board`` (settled first, as the
    page does), ``size`` pixels wide."""
    cell = max(2, size // max(board.width, board.height))
    position = Position(board).settle().position
    angle = 0.0
    out = [Frame(_picture(position.board, _at(position.board), cell), key=True)]
    for move in moves:
        step = position.turn(move)
        before = _picture(position.board, _at(position.board), cell)
        turn_to = angle - 90 * TURNS[move]
        out += [Frame(_turned(before, a)) for a in tween(angle, turn_to, TURN_TWEENS)]
        angle = turn_to
        if step.moved:
            dr, dc = GRAVITY[step.position.orientation]
            for f in tween(0, 1, FALL_TWEENS):
                sticks = [(s, r + dr * f * step.moved.get(s.symbol, 0), c + dc * f * step.moved.get(s.symbol, 0))
                          for s, r, c in _at(position.board)]
                out.append(Frame(_turned(_picture(position.board, sticks, cell), angle)))
        position = step.position
        out.append(Frame(_turned(_picture(position.board, _at(position.board), cell), angle), key=True))
    return out


def _at(board: Board):
    return [(s, s.row, s.col) for s in board.sticks]
