"""A position of the sliding-tile puzzle: the tiles of a w x h frame in
reading order, ``0`` for the hole (the goal: docs/sliding.md).

>>> p = Position((1, 5, 2, 7, 0, 3, 8, 4, 6), width=3)
>>> p
Position((1, 5, 2, 7, 0, 3, 8, 4, 6), width=3)
>>> p.width, p.height, p.hole
(3, 3, 4)
>>> p.movable()
(5, 7, 3, 4)
>>> print(p.move(4).text(), end="")
1 5 2
7 4 3
8 0 6
>>> p.solvable(), p.is_goal(), Position.goal(3, 3).is_goal()
(True, False, True)

A move names the tile that slides into the hole (the rules' convention); a
direction names the way the tile goes, as arrow keys do in 15-puzzle apps:

>>> p.slide("left") == p.move(3)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import IllegalMove, Misfit, PuzzleTextError, Message

__all__ = ["MIN_SIDE", "MAX_SIDE", "DIRECTIONS", "SlidingError", "IllegalMove", "BlockedMove", "Position",
           "permutation_problem", "inversions", "parity_invariant", "solvable", "movable_cells", "replay",
           "rank", "unrank"]

#: The sides the puzzle accepts (docs/sliding.md: 2 x 2 to 8 x 8, rectangles included).
MIN_SIDE = 2
MAX_SIDE = 8

#: The direction a tile slides, and where that tile sits, seen from the hole
#: (row step, column step): "left" takes the tile right of the hole.
DIRECTIONS = {"up": (1, 0), "down": (-1, 0), "left": (0, 1), "right": (0, -1)}


class BlockedMove(Misfit, IllegalMove):
    """A tile this board has not, or one that cannot slide from here: a
    move of the right shape that this position forbids."""


class SlidingError(PuzzleTextError):
    """The sliding kind's :class:`~webapp.errors.PuzzleTextError`; an error
    about the whole board has a line and no column.

    >>> str(SlidingError("'x' is not a number", line=2, column=5))
    "line 2, column 5: 'x' is not a number"
    >>> str(SlidingError("a tile is missing", line=3))
    'line 3: a tile is missing'
    >>> SlidingError("bad").line is None
    True
    """


@dataclass(frozen=True)
class Position:
    """The tiles of a ``width`` x ``len(tiles) // width`` board in reading
    order, checked: sides 2 to 8, the tiles exactly 0 .. w*h-1.

    >>> Position((1, 2, 3, 0), width=2).height
    2
    >>> Position((1, 2, 2, 0), width=2)
    Traceback (most recent call last):
    ...
    webapp.sliding.position.SlidingError: the tiles must be 0 to 3, each once: 2 is repeated
    >>> Position((1, 0), width=2)
    Traceback (most recent call last):
    ...
    webapp.sliding.position.SlidingError: a 2 x 1 board is out of range: sides from 2 to 8
    """

    tiles: tuple[int, ...]
    width: int

    def __post_init__(self) -> None:
        tiles = tuple(self.tiles)
        object.__setattr__(self, "tiles", tiles)
        w = self.width
        if not isinstance(w, int) or w < 1 or len(tiles) % w:
            raise SlidingError(Message("%(tiles_count)s tiles do not fill rows of width %(w)s",
                                       tiles_count=len(tiles), w=w))
        h = len(tiles) // w
        if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
            raise SlidingError(Message("a %(w)s x %(h)s board is out of range: sides from %(min_side)s to %(max_side)s",
                                       w=w, h=h, min_side=MIN_SIDE, max_side=MAX_SIDE))
        problem = permutation_problem(tiles)
        if problem:
            raise SlidingError(problem)

    # -- construction --------------------------------------------------------
    @classmethod
    def goal(cls, width: int, height: int) -> Position:
        """The goal of a ``width`` x ``height`` board: 1 .. w*h-1, hole last.

        >>> Position.goal(3, 2)
        Position((1, 2, 3, 4, 5, 0), width=3)
        """
        n = width * height
        return cls(tuple(range(1, n)) + (0,), width)

    # -- queries -------------------------------------------------------------
    @property
    def height(self) -> int:
        return len(self.tiles) // self.width

    @property
    def size(self) -> str:
        """``"WxH"``, as in the gallery: ``"4x4"``."""
        return f"{self.width}x{self.height}"

    @property
    def hole(self) -> int:
        """The index of the hole's cell in reading order."""
        return self.tiles.index(0)

    def is_goal(self) -> bool:
        return self.tiles[-1] == 0 and all(t == i + 1 for i, t in enumerate(self.tiles[:-1]))

    def solvable(self) -> bool:
        """Whether the goal can be reached (permutation parity, no search).

        >>> Position((2, 1, 3, 4, 5, 6, 7, 8, 0), width=3).solvable()
        False
        >>> Position((1, 2, 3, 4, 5, 6, 8, 7, 0), width=3).solvable()
        False
        """
        return solvable(self.width, self.tiles)

    def movable(self) -> tuple[int, ...]:
        """The tiles next to the hole in the MOVE ORDER: above, left, right, below.

        >>> Position.goal(3, 3).movable()
        (6, 8)
        """
        tiles = self.tiles
        return tuple(tiles[c] for c in movable_cells(self.width, self.height, self.hole))

    # -- moves ---------------------------------------------------------------
    def move(self, tile: int) -> Position:
        """The position after ``tile`` slides into the hole.

        >>> Position.goal(2, 2).move(2)
        Position((1, 0, 3, 2), width=2)
        >>> Position.goal(2, 2).move(1)
        Traceback (most recent call last):
        ...
        webapp.sliding.position.BlockedMove: tile 1 is not next to the hole: the tiles that can move are 2 and 3
        """
        tiles = self.tiles
        hole = tiles.index(0)
        cells = movable_cells(self.width, self.height, hole)
        for cell in cells:
            if tiles[cell] == tile and tile != 0:
                return self._swapped(hole, cell)
        can = [str(tiles[c]) for c in cells]
        listed = can[0] if len(can) == 1 else Message("%(tiles)s and %(last)s", tiles=", ".join(can[:-1]), last=can[-1])
        if tile == 0 and isinstance(tile, int) and not isinstance(tile, bool):
            raise BlockedMove(Message("0 is the hole: name a tile that slides into it (%(listed)s)", listed=listed))
        if not isinstance(tile, int) or isinstance(tile, bool) or not 0 < tile < len(tiles):
            raise BlockedMove(Message("%(tile)s is not a tile of this board (tiles are 1 to %(value)s)",
                                      tile=repr(tile), value=len(tiles) - 1))
        raise BlockedMove(Message("tile %(tile)s is not next to the hole: the tiles that can move are %(listed)s",
                                  tile=tile, listed=listed))

    def slide(self, direction: str) -> Position:
        """The position after the tile that can go ``direction`` goes there.

        >>> print(Position.goal(3, 3).slide("right").text(), end="")
        1 2 3
        4 5 6
        7 0 8
        >>> Position.goal(3, 3).slide("left")
        Traceback (most recent call last):
        ...
        webapp.sliding.position.BlockedMove: no tile can slide left: the hole is on the right edge
        """
        return self.move(self.tile_for(direction))

    def tile_for(self, direction: str) -> int:
        """The tile that slides when ``direction`` is pressed (IllegalMove if none)."""
        if direction not in DIRECTIONS:
            raise IllegalMove(Message("%(direction)s is not a direction: left, right, up or down",
                                      direction=repr(direction)))
        dr, dc = DIRECTIONS[direction]
        r, c = divmod(self.hole, self.width)
        r, c = r + dr, c + dc
        if not (0 <= r < self.height and 0 <= c < self.width):
            edge = {"up": "bottom", "down": "top", "left": "right", "right": "left"}[direction]
            raise BlockedMove(Message("no tile can slide %(direction)s: the hole is on the %(edge)s edge",
                                      direction=direction, edge=edge))
        return self.tiles[r * self.width + c]

    def play(self, moves) -> Position:
        """The position after the tiles ``moves`` slide, in order.

        >>> Position((1, 2, 3, 4, 5, 6, 0, 7, 8), width=3).play([7, 8]).is_goal()
        True
        """
        return Position(replay(self.width, self.tiles, moves), self.width)

    def _swapped(self, hole: int, cell: int) -> Position:
        tiles = list(self.tiles)
        tiles[hole], tiles[cell] = tiles[cell], 0
        return Position(tuple(tiles), self.width)

    # -- text ----------------------------------------------------------------
    def text(self) -> str:
        """The canonical text: one row a line, single spaces, a final newline.

        >>> Position.goal(2, 3).text()
        '1 2\\n3 4\\n5 0\\n'
        """
        w = self.width
        return "".join(" ".join(str(t) for t in self.tiles[r * w:(r + 1) * w]) + "\n"
                       for r in range(self.height))

    def __repr__(self) -> str:
        return f"Position({self.tiles!r}, width={self.width})"


# --- plain functions on tuples (the solvers use them without building Positions) ---

def permutation_problem(tiles) -> str | None:
    """Why ``tiles`` is not 0 .. n-1 each once, or None.

    >>> permutation_problem((0, 1, 2, 3)) is None, permutation_problem((0, 1, 5, 3))
    (True, 'the tiles must be 0 to 3, each once: 5 is out of range')
    >>> permutation_problem((1, 2, 3, 4))
    'no hole: 0 is missing; the tiles must be 0 to 3, each once: 4 is out of range'
    """
    n = len(tiles)
    seen = [False] * n
    for t in tiles:
        if not isinstance(t, int) or isinstance(t, bool):
            return Message("the tiles must be whole numbers 0 to %(last)s: %(tile)s is not", last=n - 1, tile=repr(t))
    # without a 0 some tile is also out of range or repeated: the hole first
    no_hole = Message("no hole: 0 is missing; ") if 0 not in tiles else ""
    for t in tiles:
        if not 0 <= t < n:
            return Message("%(no_hole)sthe tiles must be 0 to %(last)s, each once: %(tile)s is out of range",
                           no_hole=no_hole, last=n - 1, tile=t)
        if seen[t]:
            return Message("%(no_hole)sthe tiles must be 0 to %(last)s, each once: %(tile)s is repeated",
                           no_hole=no_hole, last=n - 1, tile=t)
        seen[t] = True
    return None


def inversions(tiles) -> int:
    """Pairs of tiles (the hole left out) in the wrong order, reading row by row.

    >>> inversions((1, 2, 3, 0)), inversions((3, 1, 2, 0)), inversions((2, 1, 0, 3))
    (0, 2, 1)
    """
    seq = [t for t in tiles if t]
    # merge-count would be O(n log n); n <= 63, so the quadratic count is fine
    return sum(1 for i, a in enumerate(seq) for b in seq[i + 1:] if a > b)


def parity_invariant(width: int, tiles) -> int:
    """A parity that no move changes (0 or 1): the inversion parity, plus on
    an even width the hole row's parity (docs/sliding.md, "Which boards can
    be solved", says why).

    >>> parity_invariant(3, (1, 2, 3, 4, 5, 6, 7, 8, 0)), parity_invariant(4, tuple(range(1, 16)) + (0,))
    (0, 1)
    """
    inv = inversions(tiles)
    if width % 2:
        return inv % 2
    return (inv + tiles.index(0) // width) % 2


def solvable(width: int, tiles) -> bool:
    """Whether ``tiles`` reaches the goal: its invariant equals the goal's.
    Every position with it is reachable (tests/sliding/test_sliding_model.py
    checks it by BFS on small boards).

    >>> solvable(4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0))
    False
    >>> solvable(4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12))
    True
    """
    tiles = tuple(tiles)
    height = len(tiles) // width
    goal_invariant = (height - 1) % 2 if width % 2 == 0 else 0
    return parity_invariant(width, tiles) == goal_invariant


def movable_cells(width: int, height: int, hole: int) -> tuple[int, ...]:
    """The cells next to ``hole`` in the MOVE ORDER: above, left, right, below
    (reading order).

    >>> movable_cells(3, 3, 4), movable_cells(3, 3, 0), movable_cells(3, 3, 8)
    ((1, 3, 5, 7), (1, 3), (5, 7))
    """
    r, c = divmod(hole, width)
    cells = []
    if r > 0:
        cells.append(hole - width)
    if c > 0:
        cells.append(hole - 1)
    if c < width - 1:
        cells.append(hole + 1)
    if r < height - 1:
        cells.append(hole + width)
    return tuple(cells)


def replay(width: int, tiles, moves) -> tuple[int, ...]:
    """The tiles after ``moves`` slide in order; IllegalMove on a tile not
    next to the hole at its turn.

    >>> replay(2, (1, 2, 3, 0), [2, 1])
    (0, 1, 3, 2)
    >>> replay(2, (1, 2, 3, 0), [2, 2, 1])
    Traceback (most recent call last):
    ...
    webapp.errors.IllegalMove: move 3: tile 1 is not next to the hole
    """
    board = list(tiles)
    height = len(board) // width
    where = [0] * len(board)
    for i, t in enumerate(board):
        where[t] = i
    hole = where[0]
    for k, tile in enumerate(moves, start=1):
        cell = where[tile] if isinstance(tile, int) and 0 < tile < len(board) else -1
        if cell < 0 or cell not in movable_cells(width, height, hole):
            raise IllegalMove(Message("move %(k)s: tile %(tile)s is not next to the hole", k=k, tile=tile))
        board[hole], board[cell] = tile, 0
        where[tile], hole = hole, cell
    return tuple(board)


def rank(items, n: int | None = None) -> int:
    """The index of ``items``, distinct numbers below ``n`` (default: all of
    0 .. n-1), in mixed radix ``n, n-1, ...``: a whole permutation's
    lexicographic rank (the tables' and share codes' order), or a few tiles'
    cells' pattern database index (shared with the C engine).

    >>> rank((0, 1, 2)), rank((2, 1, 0)), rank((1, 2, 3, 4, 5, 6, 7, 8, 0))
    (0, 5, 46233)
    >>> rank((15, 14), 16)     # two tiles' cells: 15 * 15 + 14
    239
    """
    n = len(items) if n is None else n
    r = seen = 0  # the earlier items as bits
    for i, p in enumerate(items):
        r = r * (n - i) + p - (seen & ((1 << p) - 1)).bit_count()
        seen |= 1 << p
    return r


def unrank(n: int, r: int) -> tuple[int, ...]:
    """The permutation of 0 .. n-1 with lexicographic rank ``r``.

    >>> unrank(3, 5), unrank(9, rank((3, 7, 8, 5, 4, 6, 2, 0, 1)))
    ((2, 1, 0), (3, 7, 8, 5, 4, 6, 2, 0, 1))
    """
    left = list(range(n))
    out = []
    for i in range(n - 1, -1, -1):
        q, r = divmod(r, math.factorial(i))
        out.append(left.pop(q))
    return tuple(out)
