"""Exact distance tables for the boards of at most 10 cells.

For 2 x 2, 2 x 3, 3 x 2, 2 x 4, 4 x 2, 3 x 3, 2 x 5 and 5 x 2 one
breadth-first search from the goal gives the exact distance of every
position, stored at the lexicographic rank of its tile tuple (``n!`` bytes;
255 marks the half that cannot reach the goal). 3 x 3: 362,880 entries,
181,440 of them solvable, none farther than 31 moves; 2 x 5: 3,628,800
entries, none farther than 55. A table is built once (by the C engine when
it is built, about a second for 10 cells, else by numpy a whole layer at a
time), kept in memory and stored in the cache directory (``cachedir``), so
answers and hints are lookups. The 12-cell boards have tables of their own
layout (:mod:`bigtable`), built ahead of time only.

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

import numpy as np

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
_tables: dict[tuple[int, int], np.ndarray] = {}
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


def _permutations(n: int) -> np.ndarray:
    """Every permutation of 0..n-1 in lexicographic order, one a row."""
    perms = np.zeros((1, 0), dtype=np.uint8)
    for k in range(1, n + 1):
        # the permutations of k items: each first item, then those of the rest
        rest = perms
        blocks = []
        for first in range(k):
            others = np.array([e for e in range(k) if e != first], dtype=np.uint8)
            block = np.empty((len(rest), k), dtype=np.uint8)
            block[:, 0] = first
            block[:, 1:] = others[rest] if k > 1 else rest
            blocks.append(block)
        perms = np.concatenate(blocks)
    return perms


def _ranks(perms: np.ndarray) -> np.ndarray:
    """Lexicographic ranks of the rows of ``perms``, vectorised."""
    count, n = perms.shape
    r = np.zeros(count, dtype=np.int64)
    for i in range(n - 1):
        smaller = (perms[:, i + 1:] < perms[:, i:i + 1]).sum(axis=1)
        r = r * (n - i) + smaller
    return r


def _build_numpy(width: int, height: int) -> bytes:
    """Breadth-first search over all ``n!`` ranks, a layer at a time."""
    n = width * height
    perms = _permutations(n)
    total = len(perms)
    holes = np.argmax(perms == 0, axis=1)
    rows, cols = holes // width, holes % width
    moves = []  # neighbour ranks (or -1) for each of the 4 directions
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        ok = (rows + dr >= 0) & (rows + dr < height) & (cols + dc >= 0) & (cols + dc < width)
        idx = np.flatnonzero(ok)
        swapped = perms[idx].copy()
        h = holes[idx]
        other = h + dr * width + dc
        line = np.arange(len(idx))
        swapped[line, h] = swapped[line, other]
        swapped[line, other] = 0
        nb = np.full(total, -1, dtype=np.int64)
        nb[idx] = _ranks(swapped)
        moves.append(nb)
    del perms
    nbrs = np.stack(moves, axis=1)
    dist = np.full(total, UNREACHABLE, dtype=np.uint8)
    goal = rank(tuple(range(1, n)) + (0,))
    dist[goal] = 0
    frontier = np.array([goal], dtype=np.int64)
    d = 0
    while len(frontier):
        nxt = nbrs[frontier].ravel()
        nxt = nxt[nxt >= 0]
        nxt = nxt[dist[nxt] == UNREACHABLE]
        nxt = np.unique(nxt)
        d += 1
        dist[nxt] = d
        frontier = nxt
    return dist.tobytes()


def build(width: int, height: int, engine: str = "auto") -> bytes:
    """Compute the table of a shape (no cache): C when built, else numpy."""
    if not fits(width, height):
        raise TableError(f"no distance table for {width} x {height} (only up to 10 cells)")
    native = module(engine)
    if native is not None:
        return bytes(native.bfs_table(width, height))
    return _build_numpy(width, height)


def _file(width: int, height: int) -> str:
    return f"sliding-table-{width}x{height}-v{_VERSION}.bin"


def get(width: int, height: int, engine: str = "auto") -> np.ndarray:
    """The table of a shape: from memory, else the cache file, else built
    (and stored). Read-only uint8 array indexed by :func:`rank`."""
    key = (width, height)
    table = _tables.get(key)
    if table is not None:
        return table
    with _lock:
        table = _tables.get(key)
        if table is None:
            if not fits(width, height):
                raise TableError(f"no distance table for {width} x {height} (only up to 10 cells)")
            size = nbytes(width, height)
            data = cachedir.load(_file(width, height), size)
            if data is None:
                data = build(width, height, engine)
                cachedir.store(_file(width, height), data)
            table = np.frombuffer(data, dtype=np.uint8)
            _tables[key] = table
    return table


def distance(width: int, height: int, tiles) -> int | None:
    """Exact fewest moves to the goal, or None when it cannot be reached."""
    d = int(get(width, height)[rank(tiles)])
    return None if d == UNREACHABLE else d


def random_at_distance(width: int, height: int, n: int, rng) -> tuple[int, ...]:
    """A position exactly ``n`` moves from the goal, uniformly among them
    (``rng``: a :class:`random.Random`). TableError when none is that far.

    >>> import random
    >>> p = random_at_distance(3, 3, 31, random.Random(1))
    >>> distance(3, 3, p)
    31
    """
    table = get(width, height)
    ranks = np.flatnonzero(table == n) if 0 <= n < UNREACHABLE else np.empty(0)
    if not len(ranks):
        far = int(table[table != UNREACHABLE].max())
        raise TableError(f"no {width} x {height} position is {n} moves from the goal "
                         f"(0 to {far})")
    return unrank(width * height, int(ranks[rng.randrange(len(ranks))]))


def walk(width: int, height: int, tiles, read, nearer) -> list[int]:
    """A shortest solution read off a table (``read(board)``: its entry;
    ``nearer(entry)``: the entry one move nearer the goal): at each step the
    first tile in MOVE ORDER whose move leads there."""
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
    return lambda board: int(table[rank(board)])


def distances_after(width: int, height: int, tiles) -> dict[int, int]:
    """Exact distance after each possible move: ``{tile: moves left}``
    (empty for a position that cannot reach the goal).

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
