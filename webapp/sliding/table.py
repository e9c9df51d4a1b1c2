"""Exact distance tables for the boards of at most 10 cells
(docs/sliding.md, "The distance table").

One breadth-first search from the goal gives every position's distance,
stored at the lexicographic rank of its tiles (``n!`` bytes; 255 for the
half that cannot reach the goal). Built once (C: about a second for 10
cells; Python: some seconds) and kept in the cache directory, so answers
and hints are lookups.

>>> distance(3, 3, (1, 5, 2, 7, 0, 3, 8, 4, 6))
8
>>> distance(3, 3, (3, 7, 8, 5, 4, 6, 2, 0, 1))
27
>>> distance(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0)) is None   # unsolvable
True
>>> solve_path(3, 3, (1, 5, 2, 7, 0, 3, 8, 4, 6))
[4, 8, 7, 4, 5, 2, 3, 6]
"""

from __future__ import annotations

import math
import threading

from ..errors import Message
from . import cachedir
from .native import module
from .position import movable_cells, rank, unrank

__all__ = ["SHAPES", "UNREACHABLE", "fits", "rank", "unrank", "build", "get", "distance",
           "random_at_distance", "solve_path", "distances_after", "nbytes", "TableError",
           "walk", "after_moves"]

#: Every shape (width, height) that gets a table.
SHAPES = ((2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2))
#: The table entry of a position that cannot reach the goal.
UNREACHABLE = 255
_VERSION = 1
_tables: dict[tuple[int, int], bytes] = {}
_lock = threading.Lock()


class TableError(ValueError):
    """A shape without a table, a distance no position has, or (a 12-cell
    table, :mod:`bigtable`) no C engine to build it."""


def fits(width: int, height: int) -> bool:
    """Does ``width`` x ``height`` get a table?"""
    return (width, height) in SHAPES


def nbytes(width: int, height: int) -> int:
    """Memory the table of the shape takes: one byte a permutation."""
    return math.factorial(width * height)


def _build_python(width: int, height: int) -> bytes:
    """Breadth-first search from the goal, a layer at a time."""
    n = width * height
    dist = bytearray(b"\xff") * math.factorial(n)
    goal = tuple(range(1, n)) + (0,)
    dist[rank(goal)] = 0
    nbrs = [movable_cells(width, height, c) for c in range(n)]
    layer, d = [goal], 0
    while layer:
        d += 1
        nxt = []
        for board in layer:
            hole = board.index(0)
            for cell in nbrs[hole]:
                b = list(board)
                b[hole], b[cell] = b[cell], 0
                r = rank(b)
                if dist[r] == UNREACHABLE:
                    dist[r] = d
                    nxt.append(tuple(b))
        layer = nxt
    return bytes(dist)


def build(width: int, height: int, engine: str = "auto") -> bytes:
    """Compute the table of a shape (no cache): C when built, else Python."""
    if not fits(width, height):
        raise TableError(f"no distance table for {width} x {height} (only up to 10 cells)")
    native = module(engine)
    if native is not None:
        return bytes(native.bfs_table(width, height))
    return _build_python(width, height)


def _file(width: int, height: int) -> str:
    return f"sliding-table-{width}x{height}-v{_VERSION}.bin"


def get(width: int, height: int, engine: str = "auto"):
    """The table of a shape: from memory, else the cache file, else built and
    stored; indexed by :func:`rank`."""
    key = (width, height)
    table = _tables.get(key)
    if table is not None:
        return table
    with _lock:
        table = _tables.get(key)
        if table is None:
            if not fits(width, height):
                raise TableError(f"no distance table for {width} x {height} (only up to 10 cells)")
            table = cachedir.load(_file(width, height), nbytes(width, height))
            if table is None:
                table = build(width, height, engine)
                cachedir.store(_file(width, height), table)
            _tables[key] = table
    return table


def distance(width: int, height: int, tiles) -> int | None:
    """Exact fewest moves to the goal, or None when it cannot be reached."""
    d = get(width, height)[rank(tiles)]
    return None if d == UNREACHABLE else d


def random_at_distance(width: int, height: int, n: int, rng) -> tuple[int, ...]:
    """A position exactly ``n`` moves from the goal, uniformly among them
    (``rng``: a :class:`random.Random`). TableError when none is that far.

    >>> import random
    >>> p = random_at_distance(3, 3, 31, random.Random(1))
    >>> distance(3, 3, p)
    31
    """
    table = bytes(get(width, height))
    count = table.count(n) if 0 <= n < UNREACHABLE else 0
    if not count:
        far = max(set(table) - {UNREACHABLE})
        raise TableError(Message("no %(width)s x %(height)s position is %(moves)s moves from the goal (0 to %(far)s)",
                                 width=width, height=height, moves=n, far=far))
    at = -1
    for _ in range(rng.randrange(count) + 1):  # the chosen one of them, in rank order
        at = table.find(n, at + 1)
    return unrank(width * height, at)


def walk(width: int, height: int, tiles, read, nearer) -> list[int]:
    """A shortest solution read off a table (``read(board)``: its entry;
    ``nearer(entry)``: the entry one move nearer): at each step the first
    tile in MOVE ORDER whose move leads there."""
    board = list(tiles)
    goal = list(range(1, width * height)) + [0]
    here = read(board)
    path = []
    while board != goal:
        hole = board.index(0)
        here = nearer(here)
        for cell in movable_cells(width, height, hole):
            t = board[cell]
            board[hole], board[cell] = t, 0
            if read(board) == here:
                break
            board[hole], board[cell] = 0, t
        else:
            raise TableError("distance table is inconsistent (or the position unsolvable)")
        path.append(t)
    return path


def after_moves(width: int, height: int, tiles, read) -> list[tuple[int, int]]:
    """(tile, table entry after moving it) for each movable tile, in MOVE ORDER."""
    board = list(tiles)
    hole = board.index(0)
    out = []
    for cell in movable_cells(width, height, hole):
        t = board[cell]
        board[hole], board[cell] = t, 0
        out.append((t, read(board)))
        board[hole], board[cell] = 0, t
    return out


def _reader(width: int, height: int):
    table = get(width, height)
    return lambda board: table[rank(board)]


def distances_after(width: int, height: int, tiles) -> dict[int, int]:
    """``{tile: moves left}`` after each possible move (empty for a position
    that cannot reach the goal).

    >>> distances_after(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))
    {5: 2, 7: 2, 8: 0}
    """
    if distance(width, height, tiles) is None:
        return {}
    return dict(after_moves(width, height, tiles, _reader(width, height)))


def solve_path(width: int, height: int, tiles) -> list[int] | None:
    """A shortest solution read off the table (:func:`walk`); None when unsolvable."""
    if distance(width, height, tiles) is None:
        return None
    return walk(width, height, tiles, _reader(width, height), lambda d: d - 1)
