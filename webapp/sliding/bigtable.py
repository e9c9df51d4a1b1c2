"""Exact distance tables of the 12-cell boards, two bits a solvable position
(docs/sliding.md, "The 12-cell boards' tables", says how and why).

Only the solvable half is numbered (:func:`index`), each entry the distance
modulo 3, read by walking downhill; a tall board reads its wide twin's
table (:func:`transpose`). Built only by the C engine, on ``prepare
--large`` or :func:`get` with ``build_it``. The same code serves any board
of 4 to 12 cells, which is how the tests check it on small ones.

>>> index(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0)), tiles_at(3, 3, 8), nbytes(3, 3)
(8, (1, 2, 3, 4, 5, 6, 7, 8, 0), 45360)
"""

from __future__ import annotations

import math
import threading

from . import cachedir, table
from .native import module
from .position import inversions, rank, unrank
from .table import TableError

__all__ = ["SHAPES", "fits", "stored_shape", "entries", "nbytes", "index", "tiles_at", "transpose",
           "residue", "build", "get", "at_hand", "distance", "solve_path", "distances_after",
           "TableError"]

#: The shapes whose tables ``prepare --large`` builds and solves use.
SHAPES = ((4, 3), (3, 4), (6, 2), (2, 6))
_VERSION = 1
_loaded: dict[tuple[int, int], object] = {}
_lock = threading.Lock()


def fits(width: int, height: int) -> bool:
    """Is ``width`` x ``height`` one of the 12-cell shapes with a table?"""
    return (width, height) in SHAPES


def stored_shape(width: int, height: int) -> tuple[int, int]:
    """The shape whose table serves this one: the wide one of the two
    (sideways moves keep :func:`index`'s order, so its search is faster).

    >>> stored_shape(3, 4), stored_shape(6, 2), stored_shape(3, 3)
    ((4, 3), (6, 2), (3, 3))
    """
    return (max(width, height), min(width, height))


def entries(width: int, height: int) -> int:
    """How many positions can reach the goal: half of the orderings."""
    return math.factorial(width * height) // 2


def nbytes(width: int, height: int) -> int:
    """Bytes of the table: four entries a byte.

    >>> nbytes(4, 3), nbytes(3, 4)
    (59875200, 59875200)
    """
    return (entries(width, height) + 3) // 4


def _odd_order(width: int, height: int, hole: int) -> int:
    """1 when the other tiles' order must be odd for the hole's cell: a
    tile moving up or down passes ``width - 1`` others and changes the
    hole's row, the sum of the two parities is kept, 0 at the goal."""
    return ((width - 1) * (height - 1 - hole // width)) & 1


def index(width: int, height: int, tiles) -> int:
    """The entry of a solvable position: ``(r // 2) * n + hole``, ``r`` the
    rank of the other tiles' order (``r`` and ``r ^ 1`` differ by a swap of
    the last two tiles: one of the two is solvable).

    >>> index(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0)), index(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))
    (8, 7)
    """
    hole = list(tiles).index(0)
    return (rank([t - 1 for t in tiles if t]) >> 1) * width * height + hole


def tiles_at(width: int, height: int, i: int) -> tuple[int, ...]:
    """The position at entry ``i`` (the inverse of :func:`index`).

    >>> tiles_at(3, 3, 7)
    (1, 2, 3, 4, 5, 6, 7, 0, 8)
    """
    n = width * height
    q, hole = divmod(i, n)
    out = [t + 1 for t in unrank(n - 1, q << 1)]
    if inversions(out) & 1 != _odd_order(width, height, hole):
        out[-2], out[-1] = out[-1], out[-2]
    out.insert(hole, 0)
    return tuple(out)


def transpose(width: int, height: int, tiles) -> tuple[int, ...]:
    """The position reflected in its diagonal (on a ``height`` x ``width``
    board), each tile renumbered after its home's reflection.

    >>> transpose(3, 2, (1, 2, 3, 4, 5, 0))
    (1, 2, 3, 4, 5, 0)
    >>> transpose(3, 2, (1, 2, 3, 4, 0, 5))
    (1, 2, 3, 0, 5, 4)
    """
    def flip(cell: int) -> int:
        r, c = divmod(cell, width)
        return c * height + r

    out = [0] * (width * height)
    for cell, t in enumerate(tiles):
        out[flip(cell)] = flip(t - 1) + 1 if t else 0
    return tuple(out)


def residue(data, i: int) -> int:
    """Entry ``i`` of a table: the distance modulo 3."""
    return (data[i >> 2] >> ((i & 3) << 1)) & 3


def _reader(width: int, height: int, data):
    """The residue of a position of the shape, read from the table of its
    :func:`stored_shape` (``data``)."""
    sw, sh = stored_shape(width, height)
    if (sw, sh) == (width, height):
        return lambda tiles: residue(data, index(sw, sh, tiles))
    return lambda tiles: residue(data, index(sw, sh, transpose(width, height, tiles)))


def solve_path(width: int, height: int, tiles, data) -> list[int]:
    """A shortest solution of a solvable position read off the table of its
    stored shape (:func:`table.walk`: the residue falls by one, modulo 3)."""
    return table.walk(width, height, tiles, _reader(width, height, data), lambda r: (r - 1) % 3)


def distance(width: int, height: int, tiles, data) -> int:
    """Exact fewest moves to the goal of a solvable position."""
    return len(solve_path(width, height, tiles, data))


def distances_after(width: int, height: int, tiles, data, length: int | None = None) -> dict[int, int]:
    """``{tile: exact distance after moving it}`` for each movable tile
    (``length``: the position's own distance, when known)."""
    read = _reader(width, height, data)
    d = distance(width, height, tiles, data) if length is None else length
    down = (read(tiles) - 1) % 3
    return {t: d - 1 if r == down else d + 1
            for t, r in table.after_moves(width, height, tiles, read)}


def build(width: int, height: int, progress=None, engine: str = "auto") -> tuple[bytes, list, list]:
    """``(table, positions at each distance, indices of the farthest)`` of
    the shape, by the C engine (TableError without one)."""
    native = module(engine)
    if native is None or not hasattr(native, "half_table"):
        raise TableError("the 12-cell distance tables are built by the C engine only")
    report = None if progress is None else (lambda done, depth: progress(done, depth, "search"))
    return native.half_table(width, height, report)


def _file(width: int, height: int) -> str:
    return f"sliding-halftable-{width}x{height}-v{_VERSION}.bin"


def at_hand(width: int, height: int) -> bool:
    """Is the table for this shape in the cache (a quick look)?"""
    sw, sh = stored_shape(width, height)
    return fits(width, height) and cachedir.looks_whole(_file(sw, sh), nbytes(sw, sh))


def get(width: int, height: int, *, build_it: bool = False, progress=None, engine: str = "auto"):
    """The table of the shape's stored twin, mapped from the cache; built
    and stored first when missing and ``build_it`` (a minute); else None."""
    if not fits(width, height):
        raise TableError(f"no compact distance table for {width} x {height} (12-cell boards only)")
    key = stored_shape(width, height)
    data = _loaded.get(key)
    if data is not None:
        return data
    with _lock:
        data = _loaded.get(key)
        if data is None:
            data = cachedir.load(_file(*key), nbytes(*key))
            if data is None and build_it:
                built = build(*key, progress=progress, engine=engine)[0]
                if cachedir.store(_file(*key), built):
                    data = cachedir.load(_file(*key), nbytes(*key))  # mapped: shared by processes
                data = built if data is None else data
            if data is not None:
                _loaded[key] = data
    return data
