"""A triangle puzzle: the figure count and n x n pieces (``n`` = 1..8), each
its three edge numbers in clockwise order (docs/triangle.md).

>>> p = Puzzle(2, ((1, -1, 2), (-2, 1, 0), (0, 0, 0), (2, 2, 2)))
>>> p
Puzzle(figures=2, pieces=((1, -1, 2), (-2, 1, 0), (0, 0, 0), (2, 2, 2)))
>>> p.n
2
>>> turnings((1, -1, 2))
((1, -1, 2), (-1, 2, 1), (2, 1, -1))
>>> turnings((2, 2, 2))
((2, 2, 2),)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import Misfit, PuzzleTextError, Message

__all__ = ["MAX_SIDE", "TriangleError", "TriangleMisfit", "Puzzle", "turnings", "canonical"]

#: The largest side: 8 x 8 = 64 pieces (the spec's range).
MAX_SIDE = 8


class TriangleError(PuzzleTextError):
    """The triangle kind's :class:`~webapp.errors.PuzzleTextError`.

    >>> str(TriangleError("'x' is not an integer", line=3, column=4))
    "line 3, column 4: 'x' is not an integer"
    >>> str(TriangleError("the piece count is missing", line=2))
    'line 2: the piece count is missing'
    >>> TriangleError("bad").column is None
    True
    """


class TriangleMisfit(Misfit, TriangleError):
    """Fields that do not fit this puzzle (a slot or piece it has not, a
    placement over another number of slots) or each other (a unique puzzle
    of a size with too few figure kinds)."""


def turnings(piece) -> tuple[tuple[int, int, int], ...]:
    """The piece's distinct turnings in the order (x,y,z), (y,z,x), (z,x,y):
    one for (a, a, a), else three (a triple equal to one of its turnings has
    all three numbers equal).

    >>> turnings((0, 0, 0))
    ((0, 0, 0),)
    >>> turnings((3, 3, -3))
    ((3, 3, -3), (3, -3, 3), (-3, 3, 3))
    """
    x, y, z = piece
    if x == y == z:
        return ((x, y, z),)
    return ((x, y, z), (y, z, x), (z, x, y))


def canonical(piece) -> tuple[int, int, int]:
    """The least of the piece's turnings: equal for pieces equal up to turning.

    >>> canonical((2, -1, 0)) == canonical((0, 2, -1)) == (-1, 0, 2)
    True
    """
    return min(turnings(piece))


@dataclass(frozen=True, init=False)
class Puzzle:
    """The figure count and the pieces (checked on creation).

    >>> Puzzle(3, [(1, 2, 3)] * 3)
    Traceback (most recent call last):
    ...
    webapp.triangle.puzzle.TriangleError: 3 pieces is not a square number: a triangle of side n takes n x n pieces (1, 4, 9, ..., 64)
    """

    figures: int
    pieces: tuple[tuple[int, int, int], ...]

    def __init__(self, figures: int, pieces) -> None:
        if isinstance(figures, bool) or not isinstance(figures, int) or figures < 0:
            raise TriangleError(Message("the figure count must be a non-negative integer, not %(figures)s",
                                        figures=repr(figures)))
        try:
            pieces = tuple(tuple(p) for p in pieces)
        except TypeError:
            raise TriangleError(Message("the pieces must be triples of integers")) from None
        for number, piece in enumerate(pieces):
            if len(piece) != 3 or any(isinstance(v, bool) or not isinstance(v, int) for v in piece):
                raise TriangleError(Message("piece %(number)s must be three integers, not %(piece)s",
                                            number=number, piece=repr(piece)))
        count = len(pieces)
        side = math.isqrt(count)
        if count == 0 or side * side != count:
            raise TriangleError(Message("%(count)s pieces is not a square number: a triangle of side n takes n x n "
                                        "pieces (1, 4, 9, ..., %(value)s)",
                                        count=count, value=MAX_SIDE * MAX_SIDE))
        if side > MAX_SIDE:
            raise TriangleError(Message("%(count)s pieces is too many: at most %(value)s (side %(max_side)s)",
                                        count=count, value=MAX_SIDE * MAX_SIDE, max_side=MAX_SIDE))
        object.__setattr__(self, "figures", figures)
        object.__setattr__(self, "pieces", pieces)

    @property
    def n(self) -> int:
        """The side of the big triangle."""
        return math.isqrt(len(self.pieces))
