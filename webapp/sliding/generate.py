"""Random sliding positions: a uniformly random solvable one, or (up to 9
cells) one exactly N moves from the goal; a seed gives the same again.

>>> import random
>>> p = shuffle(4, 4, random.Random(7))
>>> p == shuffle(4, 4, random.Random(7)), p.solvable(), p.is_goal()
(True, True, False)
>>> q = at_distance(3, 3, 20, random.Random(1))
>>> q.solvable(), q.width
(True, 3)
"""

from __future__ import annotations

from ..errors import FieldError, FieldMisfit, Message
from . import table
from .position import MAX_SIDE, MIN_SIDE, Position

__all__ = ["shuffle", "at_distance", "MAX_TABLE_CELLS"]

#: Boards up to this many cells get positions a given distance away (webapp.sliding.table
#: has tables up to 10 cells; the page's range of distances stops at 9 for now).
MAX_TABLE_CELLS = 9


def _check_size(width: int, height: int) -> None:
    for name, value in (("width", width), ("height", height)):
        if not isinstance(value, int) or isinstance(value, bool) or not MIN_SIDE <= value <= MAX_SIDE:
            raise FieldError(Message("%(name)s %(value)s is out of range: sides from %(min_side)s to %(max_side)s",
                                     name=name, value=repr(value), min_side=MIN_SIDE, max_side=MAX_SIDE))


def shuffle(width: int, height: int, rng) -> Position:
    """A position drawn uniformly among the solvable ones other than the goal.

    An unsolvable ordering is made solvable by swapping the first two tiles
    that are not the hole: that swap pairs every unsolvable ordering with one
    solvable one, so the result stays uniform.

    >>> import random
    >>> shuffle(2, 2, random.Random(0)).solvable()
    True
    """
    _check_size(width, height)
    n = width * height
    while True:
        tiles = list(range(n))
        rng.shuffle(tiles)
        p = Position(tuple(tiles), width)
        if not p.solvable():
            a, b = [i for i, t in enumerate(tiles) if t][:2]
            tiles[a], tiles[b] = tiles[b], tiles[a]
            p = Position(tuple(tiles), width)
        if not p.is_goal():
            return p


def at_distance(width: int, height: int, moves: int, rng) -> Position:
    """A position exactly ``moves`` from the goal, uniformly among them, from
    the exact distance table (up to 9 cells; 3 x 3: 0 to 31 moves)."""
    _check_size(width, height)
    if width * height > MAX_TABLE_CELLS:
        raise FieldMisfit(
            Message("a position a given number of moves from the goal needs an exact table: boards of up to "
                    "%(max_table_cells)s cells (3 x 3, 2 x 4, ...), not %(width)s x %(height)s",
                    max_table_cells=MAX_TABLE_CELLS, width=width, height=height))
    if not isinstance(moves, int) or isinstance(moves, bool) or moves < 0:
        raise FieldError(Message("the distance must be a whole number of moves, 0 or more, not %(moves)s",
                                 moves=repr(moves)))
    try:
        tiles = table.random_at_distance(width, height, moves, rng)
    except ValueError as exc:  # table.TableError: no position is that far
        raise FieldMisfit(exc.args[0]) from None  # its Message, to be said in the reader's language
    return Position(tuple(tiles), width)
