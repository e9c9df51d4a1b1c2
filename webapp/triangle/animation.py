"""The triangle puzzle's animation (:mod:`webapp.film`): each move, a piece
drops into its slot (or leaves it), as on the page. Each edge's figure is
a disc of its colour near the edge (dark: a knob, light: a socket), so
that matching edges can be seen to meet."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from ..errors import Message
from ..film import Frame, Palette, tween
from . import geometry, play
from .figures import figure_colour
from .puzzle import TriangleError
from .svg import OUTLINE, SLOT_COLOUR, SLOT_LINE

PIECE_COLOUR = "#efe6cf"
#: Tween frames of a drop.
DROP_TWEENS = 4
_MOVE = ("slot", "piece", "e0", "e1", "e2")


def link_moves(text: str) -> list[dict]:
    """A link's moves (``slot.piece.e0.e1.e2`` or ``slot.x``, joined by
    ``_``) as moves :func:`webapp.triangle.play.place` takes."""
    moves = []
    for i, part in enumerate(text.split("_")):
        fields = part.split(".")
        try:
            if len(fields) == 2 and fields[1] == "x":
                moves.append({"slot": int(fields[0]), "piece": None})
                continue
            if len(fields) != 5:
                raise ValueError(part)
            slot, piece, *edges = (int(f) for f in fields)
        except ValueError:
            raise TriangleError(Message('move %(value)s of "moves", "%(part)s", is not a piece put in a slot or taken '
                                        'out',
                                        value=i + 1, part=part[:20])) from None
        moves.append({"slot": slot, "piece": piece, "edges": edges})
    return moves


def solution_moves(answer: dict) -> list[dict]:
    """A solve's first solution as moves: each slot filled in turn."""
    solutions = answer.get("solutions") or []
    return [{"slot": slot, **item} for slot, item in enumerate(solutions[0])] if solutions else []


def palette(puzzle) -> Palette:
    figures = sorted({abs(v) for piece in puzzle.pieces for v in piece} - {0})
    return Palette((SLOT_COLOUR, SLOT_LINE, OUTLINE, PIECE_COLOUR,
                    *(figure_colour(f, light) for f in figures for light in (False, True))))


class _Drawing:
    def __init__(self, puzzle, size: int) -> None:
        self.n, self.colours = puzzle.n, palette(puzzle)
        self.pad = max(4, size // 40)
        self.side = (size - 2 * self.pad) / puzzle.n
        self.size = (size, math.ceil(puzzle.n * self.side * math.sqrt(3) / 2 + 2 * self.pad))

    def corners(self, slot: int, drop: float = 0.0):
        return [(self.pad + x * self.side, self.pad + (y - drop) * self.side)
                for x, y in geometry.corners(self.n, slot)]

    def board(self, placement, skip: int | None = None) -> Image.Image:
        image = self.colours.canvas(*self.size)
        draw = ImageDraw.Draw(image)
        for slot, item in enumerate(placement):
            draw.polygon(self.corners(slot), fill=self.colours[SLOT_COLOUR], outline=self.colours[SLOT_LINE])
            if item is not None and slot != skip:
                self.piece(draw, slot, item[1])
        return image

    def piece(self, draw: ImageDraw.ImageDraw, slot: int, edges, drop: float = 0.0) -> None:
        points = self.corners(slot, drop)
        draw.polygon(points, fill=self.colours[PIECE_COLOUR], outline=self.colours[OUTLINE])
        cx, cy = sum(x for x, _ in points) / 3, sum(y for _, y in points) / 3
        radius = self.side * 0.11
        for i, value in enumerate(edges):
            if not value:
                continue
            (ax, ay), (bx, by) = points[i], points[(i + 1) % 3]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            x, y = mx + (cx - mx) * 0.45, my + (cy - my) * 0.45
            draw.ellipse((x - radius, y - radius, x + radius, y + radius),
                         fill=self.colours[figure_colour(abs(value), light=value < 0)],
                         outline=self.colours[figure_colour(abs(value))])


def frames(puzzle, moves: list[dict], size: int) -> list[Frame]:
    """The film of ``moves`` from the empty triangle, ``size`` pixels wide;
    the kind's errors for a move that cannot be made."""
    drawing = _Drawing(puzzle, size)
    placement = play.from_json(puzzle, None)
    out = [Frame(drawing.board(placement), key=True)]
    for move in moves:
        after, slot = play.place(puzzle, placement, move)
        coming = after[slot]
        if coming is not None:
            base = drawing.board(after, skip=slot)  # a piece moved leaves its old slot at once
            for drop in tween(1.0, 0.0, DROP_TWEENS):
                image = base.copy()
                drawing.piece(ImageDraw.Draw(image), slot, coming[1], drop)
                out.append(Frame(image))
        placement = after
        out.append(Frame(drawing.board(placement), key=True))
    return out
